/**
 * The emergency place sentence over the shipped data: the town it names is the nearest of the
 * 220 gazetteer towns everywhere in Arkansas (checked against a brute-force nearest computed
 * here, with its own haversine), the county is the one whose polygon holds the position, a named
 * trail, trailhead or campground is added only when close, and the emergency text and the
 * dispatcher script carry the same sentence.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import gazetteer from '../../../data/places/arkansas-places.json';
import {
  describePlace,
  NAMED_FEATURE_RADIUS_MILES,
  namedFeaturesOf,
  nearestFeature,
} from '../../../src/lib/geo/place-description.ts';
import {
  buildEmergencyMessage,
  dispatcherScript,
} from '../../../src/lib/outdoor/emergency-message.ts';
import {
  countyAt,
  parseCounties,
  parseGazetteerTowns,
} from '../../../src/lib/outdoor/place-lookup.ts';
import { loadSeedDocuments } from '../../../sync-server/seed/seed-cache.ts';
import { seedContentHash } from '../../../sync-server/seed/seed-documents.ts';

const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));
const towns = parseGazetteerTowns(gazetteer.towns);
const counties = parseCounties(
  JSON.parse(
    readFileSync(`${dataDir}/basemap/arkansas-counties.geojson`, 'utf8'),
  ) as FeatureCollection,
);
// The catalogues as the server seeds them, which is what a device stores.
const seed = loadSeedDocuments(dataDir, seedContentHash(dataDir), 0);
const features = namedFeaturesOf(seed.trails, seed.campgrounds);

/** Great-circle miles by the haversine formula (mean Earth radius 6,371.0088 km). */
function haversineMiles([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const radians = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * radians) / 2) ** 2 +
    Math.cos(lat1 * radians) *
      Math.cos(lat2 * radians) *
      Math.sin(((lon2 - lon1) * radians) / 2) ** 2;
  return (2 * 6371.0088 * Math.asin(Math.sqrt(a))) / 1.609344;
}

/** The town at the least haversine distance, by trying all 220. */
function bruteForceNearest(point: [number, number]) {
  return towns.reduce((best, town) =>
    haversineMiles(point, town.coordinates) < haversineMiles(point, best.coordinates) ? town : best,
  );
}

/** Points every 0.15° of longitude and 0.1° of latitude over Arkansas' bounding box. */
function arkansasGrid(): [number, number][] {
  const points: [number, number][] = [];
  for (let longitude = -94.6; longitude <= -89.6; longitude += 0.15) {
    for (let latitude = 33.0; latitude <= 36.5; latitude += 0.1) points.push([longitude, latitude]);
  }
  return points;
}

describe('emergency place description', () => {
  it('names Mena, not Hot Springs, about 8 miles east of Mena (34.59, -94.10)', () => {
    const parts = describePlace([-94.1, 34.59], { towns, counties, features });
    expect(parts.town?.town).toMatchObject({ name: 'Mena', county: 'Polk' });
    expect(parts.county).toBe('Polk');
    expect(parts.sentence).toMatch(/^7\.9 miles E of Mena \(Polk County\)/);
    expect(parts.sentence).not.toContain('Hot Springs');
  });

  it('names the nearest of the 220 gazetteer towns at every point of a grid over Arkansas', () => {
    expect(towns).toHaveLength(220);
    const grid = arkansasGrid();
    expect(grid.length).toBeGreaterThan(1000);
    for (const point of grid) {
      const parts = describePlace(point, { towns, counties, features: [] });
      const expected = bruteForceNearest(point);
      const named = parts.town!.town;
      // Equal distances may name either town; a farther one never.
      expect(
        haversineMiles(point, named.coordinates),
        `${point.join(', ')}: ${named.name}, not ${expected.name}`,
      ).toBeLessThanOrEqual(haversineMiles(point, expected.coordinates) + 1e-9);
      expect(parts.town!.distanceMiles).toBeCloseTo(haversineMiles(point, named.coordinates), 3);
      expect(parts.sentence).toContain(named.name);
      // The position's own county, where the polygons know it and it is not the town's.
      const county = countyAt(point, counties)?.name ?? null;
      expect(parts.county).toBe(county);
      if (county && county !== named.county)
        expect(parts.sentence).toContain(`in ${county} County`);
      if (!county) expect(parts.sentence).not.toContain(', in ');
    }
  });

  it('adds the nearest exact named place within the radius, and nothing farther', () => {
    // 0.3 miles north of the Wolf Pen Gap East trailhead (USFS), where the trail complex's
    // catalogue point is.
    const parts = describePlace([-94.027, 34.457], { towns, counties, features });
    expect(parts.feature?.feature.name).toBe('Wolf Pen Gap Trail Complex');
    expect(parts.sentence).toBe(
      `${parts.town!.distanceMiles.toFixed(1)} miles SE of Mena (Polk County), 0.3 miles from Wolf Pen Gap Trail Complex`,
    );
    // Over the state line in the Oklahoma woods, far from anything the catalogues name.
    const far: [number, number] = [-94.9, 34.3];
    expect(nearestFeature(far, features)).toBeNull();
    expect(describePlace(far, { towns, counties, features }).sentence).not.toContain('from');
    for (const feature of features) {
      if (feature.kind !== 'campground' && !feature.line) {
        const trail = seed.trails.find((candidate) => candidate.name === feature.name);
        expect(trail?.locationConfidence).toBe('exact');
      }
    }
    expect(NAMED_FEATURE_RADIUS_MILES).toBe(5);
  });

  it('measures a trail line from its nearest point', () => {
    // Between the vertices of a USFS Wolf Pen Gap line: closer to the line than to any vertex.
    const line = features.find((feature) => feature.line && feature.name.startsWith('Wolf Pen'));
    const [a, b] = [line!.line![0]!, line!.line![1]!];
    const middle: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const nearest = nearestFeature(middle, [line!]);
    expect(nearest?.distanceMiles).toBeLessThan(0.01);
  });

  it('puts the same sentence in the emergency text and the dispatcher script', () => {
    const fix = { latitude: 34.59, longitude: -94.1, accuracy: 8, timestamp: Date.UTC(2026, 4, 2) };
    const { sentence, county } = describePlace([fix.longitude, fix.latitude], {
      towns,
      counties,
      features,
    });
    const text = buildEmergencyMessage({
      fix,
      now: fix.timestamp,
      precision: 'exact',
      lowSignal: false,
      placeDescription: sentence,
      updateIntervalS: 30,
    });
    const script = dispatcherScript({
      fix,
      now: fix.timestamp,
      placeDescription: sentence,
      countyName: county,
    });
    expect(text).toContain(`Near: ${sentence}`);
    expect(script).toContain(`I am ${sentence}.`);
    expect(script).toContain('This is in Polk County, Arkansas.');
    expect(`${text}\n${script.join('\n')}`).not.toContain('Hot Springs');
  });
});
