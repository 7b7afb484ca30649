/**
 * Max speed beside the average (issue 11 defect 6): a ride with less moving time than one speed
 * window (8 s) used to report "Max speed 0.0 mph" next to a real average, e.g. 21.4 mph.
 */
import { describe, expect, it } from 'vitest';
import type { TrackPoint } from '../../../schemas/track-chunks.ts';
import {
  statisticsOfPoints,
  tripStatisticsFields,
} from '../../../src/db/trips/track-statistics.ts';
import { MPS_PER_MPH } from '../../../src/lib/geo/track-stats.ts';

/** A straight timed track north from a Petit Jean trailhead at `mph`, one point every `seconds`. */
function timedTrack(mph: number, seconds: number, count: number): TrackPoint[] {
  const start: [number, number] = [-92.9, 35.12];
  const metresPerPoint = mph * MPS_PER_MPH * seconds;
  return Array.from({ length: count }, (_, index) => {
    // Due north: one degree of latitude is about 111.2 km on the haversine sphere.
    const latitude = start[1] + (metresPerPoint * index) / 111_195;
    return [start[0], latitude, 150, Date.UTC(2026, 10, 20, 14) + index * seconds * 1000, 5];
  });
}

describe('trip max speed', () => {
  it('is never below the average on a ride shorter than one speed window', () => {
    // Three fixes 3 s apart: 6 s of riding at 21.4 mph.
    const fields = tripStatisticsFields(statisticsOfPoints(timedTrack(21.4, 3, 3)), 6000);
    expect(fields.averageSpeedMph).toBeCloseTo(21.4, 0);
    expect(fields.maxSpeedMph).toBeGreaterThanOrEqual(fields.averageSpeedMph);
  });

  it('still reads the fastest full window on a longer ride', () => {
    const slow = timedTrack(10, 2, 30);
    const last = slow[slow.length - 1]!;
    const fast = timedTrack(30, 2, 30).map(
      ([longitude, latitude, elevation, time, accuracy]): TrackPoint => [
        longitude + (last[0] - -92.9),
        latitude + (last[1] - 35.12),
        elevation,
        (time ?? 0) + 60_000,
        accuracy,
      ],
    );
    const fields = tripStatisticsFields(statisticsOfPoints([...slow, ...fast.slice(1)]), 120_000);
    expect(fields.maxSpeedMph).toBeGreaterThan(28);
    expect(fields.maxSpeedMph).toBeLessThan(32);
    expect(fields.averageSpeedMph).toBeLessThan(fields.maxSpeedMph);
  });
});
