import { describe, expect, it } from 'vitest';
import { computeHomeStats, featuredLocations } from '../../../src/explore/featured-locations.ts';
import {
  homeCatalogueView,
  homeSnapshotFromCatalogue,
} from '../../../src/explore/home-catalogue.ts';
import {
  prerenderDataElementId,
  serializePrerenderData,
} from '../../../src/app/prerender/prerender-data.ts';
import { loadTrails, loadWildlifeAreas } from './catalogue-fixture.ts';

const trails = loadTrails();
const wmas = loadWildlifeAreas();
const snapshot = homeSnapshotFromCatalogue(trails, wmas);
/** A device whose database has not answered yet. */
const loading = {
  trails: [],
  trailsLoading: true,
  wmas: [],
  areasLoading: true,
  catalogueStored: false,
};

describe('the home page before the device database answers (pre-rendered first screen)', () => {
  it('snapshots the catalogue’s counts and what the featured locations’ cards show of their trails', () => {
    expect(snapshot.stats).toEqual(computeHomeStats(trails, wmas));
    const featuredIds = featuredLocations.flatMap((location) =>
      location.trailId ? [location.trailId] : [],
    );
    expect(snapshot.featuredTrails.map((trail) => trail.id).sort()).toEqual(
      [...new Set(featuredIds)].sort(),
    );
    for (const trail of snapshot.featuredTrails) {
      expect(Object.keys(trail).sort()).toEqual(['county', 'id', 'kind', 'region']);
    }
  });

  it('shows the snapshot while the device is loading or has no catalogue yet, then the device’s', () => {
    expect(homeCatalogueView(loading, snapshot)).toEqual({
      trails: snapshot.featuredTrails,
      trailsLoading: false,
      areasLoading: false,
      stats: snapshot.stats,
      trailsFrom: 'build',
    });
    // Before its first pull the device answers with an empty catalogue: no zeros shown.
    const empty = { ...loading, trailsLoading: false, areasLoading: false };
    expect(homeCatalogueView(empty, snapshot).stats).toEqual(snapshot.stats);
    // While the first pull is stored in slices, the counts do not drop to what arrived so far.
    const firstSlice = { ...empty, trails: trails.slice(0, 27), wmas: wmas.slice(0, 4) };
    expect(homeCatalogueView(firstSlice, snapshot)).toEqual(homeCatalogueView(empty, snapshot));
    // The device's own catalogue, once it stored a whole one, even if it differs from the build's.
    const fewer = { ...empty, trails: trails.slice(0, 3), wmas, catalogueStored: true };
    const shown = homeCatalogueView(fewer, snapshot);
    expect(shown.trails).toBe(fewer.trails);
    expect(shown.stats).toEqual(computeHomeStats(fewer.trails, wmas));
    expect(shown.trailsFrom).toBe('device');
  });

  it('without a snapshot (a page rendered in the browser) is loading until the device answers', () => {
    const shown = homeCatalogueView(loading, null);
    expect(shown.trailsLoading).toBe(true);
    expect(shown.areasLoading).toBe(true);
  });

  it('carries the snapshot in the page as JSON that cannot close its script element', () => {
    const text = serializePrerenderData({ renderedAt: 5, home: snapshot });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ renderedAt: 5, home: snapshot });
    expect(prerenderDataElementId).toBe('prerender-data');
  });
});
