/**
 * GPS fixtures made by walking real geometry: straight lines between real trailheads of
 * data/places/trails.geojson (the Petit Jean State Park cluster by default), sampled at 1 Hz with
 * seeded Gaussian noise, optional dropouts, stops and a speed spike. Elevations are synthetic
 * (a smooth wave), since the shipped data has no terrain model; they exercise smoothing only.
 */
import { readFileSync } from 'node:fs';
import type { Fix } from '../../../src/lib/geo/track-stats.ts';
import { positionAlong, prepareRoute, type LonLat } from '../../../src/lib/geo/route-geometry.ts';
import { seededRandom } from '../../support/seeded-random.ts';

const trailsPath = new URL('../../../data/places/trails.geojson', import.meta.url);

/** Petit Jean State Park trailheads, in walking order (each a real point of the dataset). */
export const petitJeanTrailheads = [
  'cedar-falls-trail',
  'petit-jean-rim-trail',
  'bear-cave-trail',
  'seven-hollows-trail',
];

/** The trailhead points [lon, lat] of the given trail ids, from data/places/trails.geojson. */
export function trailheadRoute(ids: readonly string[] = petitJeanTrailheads): LonLat[] {
  const collection = JSON.parse(readFileSync(trailsPath, 'utf8')) as {
    features: { properties: { id: string }; geometry: { coordinates: [number, number] } }[];
  };
  return ids.map((id) => {
    const feature = collection.features.find((candidate) => candidate.properties.id === id);
    if (!feature) throw new Error(`trail ${id} not in data/places/trails.geojson`);
    return [feature.geometry.coordinates[0], feature.geometry.coordinates[1]];
  });
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Options of `walkRoute`. Times ms, distances metres, speed m/s. */
export interface WalkOptions {
  speedMps: number;
  startTime: number;
  seed: number;
  noiseMeters: number;
  accuracyMeters?: number;
  /** Seconds (from the start) during which no fix arrives. */
  dropouts?: { fromSecond: number; toSecond: number }[];
  /** Stops: standing still at `atSecond` for `seconds`. */
  stops?: { atSecond: number; seconds: number }[];
  /** Seconds at which a fix is thrown 2 km off (a multipath spike). */
  spikes?: number[];
  /** Seconds at which a fix has 200 m accuracy (a poor fix to drop). */
  poorFixes?: number[];
  /** Stop after this many metres (default: the whole route). */
  maxMeters?: number;
}

/** Synthetic elevation in metres along the walk (a smooth 20 m wave over 400 m). */
export function syntheticElevation(alongMeters: number): number {
  return 250 + 20 * Math.sin(alongMeters / 400);
}

/**
 * Walks `route` at a constant speed, one fix per second, returning the fixes a phone would
 * report (noisy positions, accuracy, synthetic elevation), with the requested defects.
 */
export function walkRoute(route: readonly LonLat[], options: WalkOptions): Fix[] {
  const prepared = prepareRoute(route);
  const random = seededRandom(options.seed);
  const total = Math.min(options.maxMeters ?? prepared.totalMeters, prepared.totalMeters);
  const fixes: Fix[] = [];
  let along = 0;
  let second = 0;
  const metresPerDegreeLatitude = 111_320;
  while (along <= total) {
    const stop = options.stops?.find(
      (candidate) =>
        second >= candidate.atSecond && second < candidate.atSecond + candidate.seconds,
    );
    const [longitude, latitude] = positionAlong(prepared, along);
    const inDropout = options.dropouts?.some(
      (dropout) => second >= dropout.fromSecond && second < dropout.toSecond,
    );
    if (!inDropout) {
      const north = gaussian(random) * options.noiseMeters;
      const east = gaussian(random) * options.noiseMeters;
      const spike = options.spikes?.includes(second) ? 2000 : 0;
      fixes.push({
        longitude:
          longitude +
          (east + spike) / (metresPerDegreeLatitude * Math.cos((latitude * Math.PI) / 180)),
        latitude: latitude + north / metresPerDegreeLatitude,
        elevation: syntheticElevation(along) + gaussian(random) * 2,
        time: options.startTime + second * 1000,
        accuracy: options.poorFixes?.includes(second) ? 200 : (options.accuracyMeters ?? 5),
        speed: null,
        heading: null,
      });
    }
    if (!stop) along += options.speedMps;
    second += 1;
  }
  return fixes;
}
