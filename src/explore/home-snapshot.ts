/**
 * The catalogue figures the home page shows before the device database answers: the build
 * computes them from the catalogue it ships (the pre-rendered home page carries them as JSON,
 * src/app/prerender/), and the page shows them until the device's own catalogue has trails
 * (requirements §voice-2.2: the counts and featured locations are above the fold, so they must
 * not jump when the database opens). Only types and the page's copy live here, so the entry that
 * sets it stays small; home-catalogue.ts makes and reads it.
 */
import type { Trail } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import type { HomeStats } from './featured-locations.ts';
import type { FeaturedTrail } from './home-sections.tsx';

/** The home page's catalogue figures at build time. */
export interface HomeCatalogueSnapshot {
  /** Counts of the whole catalogue, as `computeHomeStats` makes them. */
  stats: HomeStats;
  /** What the featured locations' cards show of the catalogue trails they name. */
  featuredTrails: FeaturedTrail[];
}

/** What the device's catalogue has answered so far (`useTrails`, `useWmas`, `useCatalogueStatus`). */
export interface DeviceCatalogue {
  trails: readonly Trail[];
  trailsLoading: boolean;
  wmas: readonly Wma[];
  areasLoading: boolean;
  /**
   * Whether the device has stored the whole catalogue at least once (the catalogue status's
   * `lastSyncedAt`). During a first visit's pull it holds only the slices stored so far.
   */
  catalogueStored: boolean;
}

/** The trails, counts and loading flags the home page shows. */
export interface HomeCatalogueView {
  trails: readonly FeaturedTrail[];
  trailsLoading: boolean;
  areasLoading: boolean;
  stats: HomeStats;
  /** Whose catalogue the trail counts and featured trails are: the build's snapshot or the device's. */
  trailsFrom: 'build' | 'device';
}

let current: HomeCatalogueSnapshot | null = null;

/** Sets the snapshot the home page starts from (the pre-render, or the page's own JSON). */
export function setHomeSnapshot(snapshot: HomeCatalogueSnapshot | null): void {
  current = snapshot;
}

/** The snapshot the home page starts from, null when the page was not pre-rendered. */
export function getHomeSnapshot(): HomeCatalogueSnapshot | null {
  return current;
}
