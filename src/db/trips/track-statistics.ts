/**
 * Conversions between a stored track point and a GPS fix, and the trip fields that follow from
 * a track's statistics (lib/geo/track-stats.ts). Shared by the recording store, which keeps the
 * running totals of a trip being recorded, and the GPX import, which replays a file's points as
 * if recorded, so both store the same statistics for the same points.
 */
import type { TrackPoint } from '../../../schemas/track-chunks.ts';
import type { Trip } from '../../../schemas/trips.ts';
import {
  addFixToStats,
  emptyTrackStats,
  toTripStatistics,
  type Fix,
  type TrackStatsState,
} from '../../lib/geo/track-stats.ts';

/** A stored point from a fix. */
export function fixToPoint(fix: Fix): TrackPoint {
  return [fix.longitude, fix.latitude, fix.elevation, fix.time, fix.accuracy];
}

/** A fix from a stored point (time 0 when the point has none). */
export function pointToFix(point: TrackPoint): Fix {
  return {
    longitude: point[0],
    latitude: point[1],
    elevation: point[2],
    time: point[3] ?? 0,
    accuracy: point[4],
  };
}

/** The trip fields that follow from the statistics (miles, mph, feet, ms). */
export function tripStatisticsFields(
  stats: TrackStatsState,
  elapsedTimeMs: number,
): Pick<
  Trip,
  | 'distanceMiles'
  | 'movingTimeMs'
  | 'elapsedTimeMs'
  | 'averageSpeedMph'
  | 'maxSpeedMph'
  | 'elevationGainFeet'
  | 'elevationLossFeet'
  | 'trackPointCount'
> {
  const statistics = toTripStatistics(stats);
  return {
    distanceMiles: statistics.distanceMiles,
    movingTimeMs: Math.round(statistics.movingTimeMs),
    elapsedTimeMs: Math.max(0, Math.round(elapsedTimeMs)),
    averageSpeedMph: statistics.averageSpeedMph,
    maxSpeedMph: statistics.maxSpeedMph,
    elevationGainFeet: statistics.elevationGainFeet,
    elevationLossFeet: statistics.elevationLossFeet,
    trackPointCount: statistics.pointCount,
  };
}

/** Statistics of a point list, replayed as if recorded (time-less routes get distance only). */
export function statisticsOfPoints(points: readonly TrackPoint[]): TrackStatsState {
  let stats = emptyTrackStats();
  const timed = points.every((point) => point[3] !== null);
  points.forEach((point, index) => {
    // Routes have no times: spacing them 1 s apart at a walking pace would invent speeds, so
    // distance is measured with a time that always reads as moving and speed is reset below.
    const fix = pointToFix(point);
    stats = addFixToStats(stats, timed ? fix : { ...fix, time: index * 1000, speed: 1 });
  });
  if (!timed) stats = { ...stats, movingTimeMs: 0, maxSpeedMps: 0, currentSpeedMps: 0 };
  return stats;
}
