import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMiles, parkNearbyRadiusMiles, withinRadius } from '../../../src/local/nearby.ts';
import { founderArticles } from '../../../src/local/founder-articles.ts';

interface Feature {
  properties: { id: string; name: string };
  geometry: { coordinates: [number, number] };
}
const read = (path: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../../data/places/${path}`, import.meta.url), 'utf8')) as {
      features: Feature[];
    }
  ).features;
const locate = (feature: Feature) => ({
  longitude: feature.geometry.coordinates[0],
  latitude: feature.geometry.coordinates[1],
});

describe('places near a park page (src/local/nearby.ts)', () => {
  const trails = read('trails.geojson');
  const brockCreek = trails.find((trail) => trail.properties.id === 'brock-creek-ohv-trail')!;

  it('lists what lies within 15 miles, nearest first, in straight-line miles', () => {
    const center = locate(brockCreek);
    const near = withinRadius(center, trails, locate);
    expect(near[0]?.item.properties.id).toBe('brock-creek-ohv-trail');
    expect(near[0]?.distanceMiles).toBe(0);
    const miles = near.map((entry) => entry.distanceMiles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(Math.max(...miles)).toBeLessThanOrEqual(parkNearbyRadiusMiles);
    const far = trails.filter((trail) => !near.some((entry) => entry.item === trail));
    expect(far.length).toBeGreaterThan(0);
  });

  it('measures a known distance: one degree of latitude is about 69 miles', () => {
    const points = [
      { latitude: 35, longitude: -92 },
      { latitude: 36, longitude: -92 },
    ];
    const near = withinRadius({ latitude: 35, longitude: -92 }, points, (point) => point, 70);
    expect(near).toHaveLength(2);
    expect(near[1]!.distanceMiles).toBeCloseTo(69.1, 0);
    expect(
      withinRadius({ latitude: 35, longitude: -92 }, points, (point) => point, 60),
    ).toHaveLength(1);
  });

  it('skips items with no location and refuses a bad radius', () => {
    const items = [{ at: null }, { at: { latitude: 35, longitude: -92 } }];
    expect(withinRadius({ latitude: 35, longitude: -92 }, items, (item) => item.at)).toHaveLength(
      1,
    );
    expect(() =>
      withinRadius({ latitude: 35, longitude: -92 }, items, (item) => item.at, -1),
    ).toThrow(RangeError);
  });

  it('writes distances as riders read them', () => {
    expect(formatMiles(0.44)).toBe('0.4 mi');
    expect(formatMiles(12.6)).toBe('13 mi');
  });
});

describe("founder's story articles", () => {
  it('has two or three articles with unique anchors and no invented biography', () => {
    expect(founderArticles.length).toBeGreaterThanOrEqual(2);
    expect(founderArticles.length).toBeLessThanOrEqual(3);
    const slugs = founderArticles.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const text = JSON.stringify(founderArticles);
    expect(text).toContain('built and maintained by one person');
  });
});
