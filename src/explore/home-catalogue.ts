/**
 * Makes the home page's catalogue snapshot at build time and decides what the page shows before
 * and after the device database answers (src/explore/home-snapshot.ts holds the snapshot).
 */
import type { Trail } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { computeHomeStats, featuredLocations } from './featured-locations.ts';
import type { DeviceCatalogue, HomeCatalogueSnapshot, HomeCatalogueView } from './home-snapshot.ts';

/** The snapshot of `trails` and `wmas`: the home counts and the featured locations' trails. */
export function homeSnapshotFromCatalogue(
  trails: readonly Trail[],
  wmas: readonly Wma[],
): HomeCatalogueSnapshot {
  const featuredIds = new Set(featuredLocations.map((location) => location.trailId));
  return {
    stats: computeHomeStats(trails, wmas),
    featuredTrails: trails
      .filter((trail) => featuredIds.has(trail.id))
      .map(({ id, kind, county, region }) => ({ id, kind, county, region })),
  };
}

/**
 * What the home page shows: the device's catalogue once it has stored a whole one and has trails
 * (WMAs), the `snapshot` before that, loading without either. The device answers with an empty
 * catalogue before its first pull, and with part of it while that pull is stored in slices: the
 * snapshot stays rather than showing zeros, or counts that drop and climb back.
 */
export function homeCatalogueView(
  device: DeviceCatalogue,
  snapshot: HomeCatalogueSnapshot | null,
): HomeCatalogueView {
  const { trails, trailsLoading, wmas, areasLoading, catalogueStored } = device;
  const deviceStats = computeHomeStats(trails, wmas);
  if (!snapshot) {
    return { trails, trailsLoading, areasLoading, stats: deviceStats, trailsFrom: 'device' };
  }
  const trailsFromDevice = catalogueStored && !trailsLoading && trails.length > 0;
  const areasFromDevice = catalogueStored && !areasLoading && wmas.length > 0;
  const trailStats = trailsFromDevice ? deviceStats : snapshot.stats;
  const areaStats = areasFromDevice ? deviceStats : snapshot.stats;
  return {
    trails: trailsFromDevice ? trails : snapshot.featuredTrails,
    trailsFrom: trailsFromDevice ? 'device' : 'build',
    trailsLoading: false,
    areasLoading: false,
    stats: {
      ...trailStats,
      wmaCount: areaStats.wmaCount,
      waterfowlWmaCount: areaStats.waterfowlWmaCount,
    },
  };
}
