import { describe, expect, it } from 'vitest';
import {
  computeHomeStats,
  featuredLocations,
  pluralise,
} from '../../../src/explore/featured-locations.ts';
import { loadTrails, loadWildlifeAreas } from './catalogue-fixture.ts';

const trails = loadTrails();
const wmas = loadWildlifeAreas();

describe('featured locations (voice §2.2)', () => {
  it('lists the nine spec locations in order', () => {
    expect(featuredLocations.map((location) => location.name)).toEqual([
      'Mill Creek OHV',
      'Hot Springs Off-Road Park',
      "Byrd's Adventure Center",
      'Wolf Pen Gap',
      'Buckhorn OHV',
      'Grand Prairie duck trails',
      'Brock Creek Loop',
      "Carter's Beginner Loop",
      'Hillarosa ATV Park',
    ]);
  });

  it('links identified locations to trails that exist in the shipped data', () => {
    const ids = new Set(trails.map((trail) => trail.id));
    for (const location of featuredLocations.filter((candidate) => candidate.trailId)) {
      expect(ids.has(location.trailId!), location.name).toBe(true);
      expect(location.locationVerified).toBe(true);
    }
  });

  it('gives no location to the places no source identified (data README)', () => {
    const unverified = featuredLocations.filter((location) => !location.locationVerified);
    expect(unverified.map((location) => location.key)).toEqual([
      'grand-prairie',
      'carters',
      'hillarosa',
    ]);
    expect(unverified.every((location) => location.trailId === null)).toBe(true);
  });

  it('carries the §9 card facts, agreeing with the data where the data has them', () => {
    const facts = Object.fromEntries(
      featuredLocations.map((location) => [location.key, location.listingFacts]),
    );
    expect(facts['mill-creek']).toEqual(['$3/day fee', '50 miles']);
    expect(facts['hot-springs']).toEqual(['1,242 acres', '75+ miles']);
    expect(facts['carters']).toEqual(['3.8 miles']);
    expect(facts['hillarosa']).toEqual(['8.3 miles']);
    const millCreek = trails.find((trail) => trail.id === 'mill-creek-ohv-trail')!;
    expect(millCreek.fee).toBe('$3/day');
    expect(millCreek.lengthMiles).toBe(50);
    expect(trails.find((trail) => trail.id === 'buckhorn-ohv-trail')!.lengthMiles).toBe(42);
  });
});

describe('home page counts', () => {
  it('are computed from the catalogue, not the spec marketing figures', () => {
    expect(computeHomeStats(trails, wmas)).toEqual({
      trailCount: 103,
      trailheadCount: 70,
      lineCount: 0,
      exactCount: 15 + 70,
      approximateCount: 88,
      wmaCount: 33,
      waterfowlWmaCount: 24,
    });
  });

  it('pluralises counts', () => {
    expect(pluralise(103, 'Trail')).toBe('103 Trails');
    expect(pluralise(1, 'Trail')).toBe('1 Trail');
    expect(pluralise(1242, 'acre')).toBe('1.2K acres');
  });
});
