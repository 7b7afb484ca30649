/**
 * Geometry helpers: fix filtering, jitter-proof distance, elevation smoothing, route projection
 * and turn cues on the real Petit Jean trailhead line.
 */
import { describe, expect, it } from 'vitest';
import {
  prepareRoute,
  projectOntoRoute,
  turnCues,
  positionAlong,
} from '../../../src/lib/geo/route-geometry.ts';
import {
  addFixToStats,
  emptyTrackStats,
  rejectFix,
  toTripStatistics,
  type Fix,
} from '../../../src/lib/geo/track-stats.ts';
import { seededRandom } from '../../support/seeded-random.ts';
import { trailheadRoute } from '../recording/gps-walk.ts';

const [longitude, latitude] = trailheadRoute(['cedar-falls-trail'])[0]!;
const fix = (overrides: Partial<Fix>): Fix => ({
  longitude,
  latitude,
  elevation: null,
  time: 0,
  accuracy: 5,
  ...overrides,
});

describe('track statistics', () => {
  it('drops inaccurate fixes, spikes and stale repeats', () => {
    const last = fix({ time: 1000 });
    expect(rejectFix(last, fix({ time: 2000, accuracy: 80 }))).toBe('inaccurate');
    expect(rejectFix(last, fix({ time: 2000, latitude: latitude + 0.01 }))).toBe('spike');
    expect(rejectFix(last, fix({ time: 1000 }))).toBe('stale');
    expect(rejectFix(last, fix({ time: 2000, latitude: latitude + 0.0001 }))).toBeNull();
  });

  it('counts no distance while standing still in 3 m of GPS noise for ten minutes', () => {
    const random = seededRandom(9);
    let stats = emptyTrackStats();
    for (let second = 0; second < 600; second += 1) {
      stats = addFixToStats(
        stats,
        fix({
          time: second * 1000,
          longitude: longitude + ((random() - 0.5) * 6) / 90_000,
          latitude: latitude + ((random() - 0.5) * 6) / 111_000,
          elevation: 250 + (random() - 0.5) * 4,
        }),
      );
    }
    const result = toTripStatistics(stats);
    expect(result.distanceMiles).toBe(0);
    expect(result.movingTimeMs).toBe(0);
    // Elevation noise of ±2 m is smoothed away, not summed into climbing.
    expect(result.elevationGainFeet).toBeLessThan(10);
  });

  it('sums a steady climb as gain in feet', () => {
    let stats = emptyTrackStats();
    for (let second = 0; second <= 100; second += 1) {
      stats = addFixToStats(
        stats,
        fix({
          time: second * 1000,
          latitude: latitude + second * 0.00005,
          elevation: 200 + second,
        }),
      );
    }
    const result = toTripStatistics(stats);
    expect(result.elevationGainFeet).toBeGreaterThan(90 * 3.28);
    expect(result.elevationGainFeet).toBeLessThan(101 * 3.29);
    expect(result.elevationLossFeet).toBe(0);
  });
});

describe('route geometry', () => {
  const route = prepareRoute(trailheadRoute());

  it('projects positions to their distance along the route', () => {
    const projection = projectOntoRoute(route, positionAlong(route, 1234));
    expect(projection.alongMeters).toBeCloseTo(1234, 0);
    expect(projection.offRouteMeters).toBeLessThan(1);
  });

  it('finds the bends at the trailheads and none on straight legs', () => {
    const cues = turnCues(route);
    expect(cues.length).toBeGreaterThanOrEqual(1);
    for (const cue of cues) {
      const nearVertex = route.cumulativeMeters
        .slice(1, -1)
        .some((meters) => Math.abs(meters - cue.alongMeters) < 1);
      expect(nearVertex).toBe(true);
    }
  });

  it('refuses a one-point route', () => {
    expect(() => prepareRoute([[longitude, latitude]])).toThrow(/at least two/);
  });
});
