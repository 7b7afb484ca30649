// Realistic synced documents for the sync suites: a finished ride in the Ozarks with a short
// track, built deterministically so two runs produce identical content (and hashes).
import { trackChunkId, type TrackChunk, type TrackPoint } from '../../../schemas/track-chunks.ts';
import type { TrailReport } from '../../../schemas/trail-reports.ts';
import type { TripPlan } from '../../../schemas/trip-plans.ts';
import type { Trip } from '../../../schemas/trips.ts';

const rideStart = Date.UTC(2026, 9, 3, 14, 0, 0);

/** A finished recorded trip (miles, ms) with id `id`; `overrides` replace any field. */
export function makeTrip(id: string, overrides: Partial<Trip> = {}): Trip {
  return {
    id,
    userId: 'anonymous',
    name: `Ride ${id}`,
    trailId: null,
    vehicleType: 'atv',
    source: 'recorded',
    recordingState: 'finished',
    status: 'pending',
    startedAt: rideStart,
    endedAt: rideStart + 3_600_000,
    distanceMiles: 12.4,
    movingTimeMs: 3_000_000,
    elapsedTimeMs: 3_600_000,
    averageSpeedMph: 14.9,
    maxSpeedMph: 31.2,
    elevationGainFeet: 820,
    elevationLossFeet: 790,
    trackPointCount: 0,
    bbox: null,
    notes: null,
    createdAt: rideStart,
    updatedAt: rideStart + 3_600_000,
    ...overrides,
  };
}

/**
 * Chunk `sequence` of trip `tripId`: `count` fixes one second apart heading north-east from
 * near the Wolf Pen Gap trailhead (lon/lat degrees, elevation metres, accuracy metres).
 */
export function makeTrackChunk(tripId: string, sequence: number, count = 20): TrackChunk {
  const points: TrackPoint[] = Array.from({ length: count }, (_, index) => {
    const step = sequence * count + index;
    return [
      -93.9 + step * 0.0001,
      34.6 + step * 0.00008,
      300 + (step % 17),
      rideStart + step * 1000,
      5,
    ];
  });
  return {
    id: trackChunkId(tripId, sequence),
    tripId,
    sequence,
    points,
    updatedAt: rideStart + sequence,
  };
}

/** A weekend trip plan (minutes, miles, US dollars) with id `id`. */
export function makeTripPlan(id: string, overrides: Partial<TripPlan> = {}): TripPlan {
  return {
    id,
    userId: 'anonymous',
    name: 'Ouachita weekend loop',
    description: 'Two days on the Wolf Pen Gap trail system',
    planData: { days: 2, trails: ['wolf-pen-gap'] },
    totalDuration: 600,
    totalDistance: 48,
    difficulty: 5,
    estimatedCost: 120,
    status: 'pending',
    aiConfidence: 0.8,
    createdAt: rideStart,
    updatedAt: rideStart,
    ...overrides,
  };
}

/** When the fixture trail reports were observed (ms since the epoch). */
export const reportObservedAt = Date.UTC(2026, 10, 20, 15, 0);

/** A closed-trail report on Wolf Pen Gap by `userId` with id `id`; `overrides` replace any field. */
export function makeTrailReport(
  id: string,
  userId: string,
  overrides: Partial<TrailReport> = {},
): TrailReport {
  return {
    id,
    userId,
    trailId: 'wolf-pen-gap',
    position: { lon: -93.94, lat: 34.61 },
    status: 'closed',
    condition: 'muddy',
    observations: ['downed-tree'],
    crowding: null,
    expectedReopening: '2026-12-01',
    note: 'Tree across the trail past the second switchback.',
    photos: [],
    observedAt: reportObservedAt,
    confirmations: 0,
    clears: 0,
    flags: 0,
    hidden: false,
    reporterLabel: '',
    createdAt: reportObservedAt,
    updatedAt: reportObservedAt,
    ...overrides,
  };
}
