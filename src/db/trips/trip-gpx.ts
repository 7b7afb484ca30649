/**
 * A stored trip as GPX 1.1 text: its track points (trackChunks, in order) and the waypoints
 * stored with it, written by src/lib/gpx/gpx-export.ts. Shared by the single-trip download and
 * the rider's data archive (account-data.ts), so both write the same file.
 */
import type { TrackPoint } from '../../../schemas/track-chunks.ts';
import type { Trip } from '../../../schemas/trips.ts';
import type { Waypoint } from '../../../schemas/waypoints.ts';
import { buildGpx, gpxFileName } from '../../lib/gpx/gpx-export.ts';
import type { AppDatabase } from '../database.ts';
import { readTrackPoints, readTripWaypoints } from './trip-reads.ts';

/**
 * The GPX document of `trip` from its `points` (in order) and `waypoints`, and the file name to
 * save it under (`gpxFileName`).
 */
export function tripGpx(
  trip: Trip,
  points: readonly TrackPoint[],
  waypoints: readonly Waypoint[],
): { fileName: string; xml: string } {
  const xml = buildGpx({
    name: trip.name,
    description: trip.notes,
    type: trip.vehicleType,
    startedAt: trip.source === 'recorded' ? trip.startedAt : (points[0]?.[3] ?? null),
    positions: points,
    waypoints: waypoints.map((waypoint) => ({
      name: waypoint.name,
      description: waypoint.description,
      longitude: waypoint.longitude,
      latitude: waypoint.latitude,
      elevation: waypoint.elevationMetres ?? null,
    })),
  });
  return { fileName: gpxFileName(trip.name, trip.startedAt), xml };
}

/** The stored trip's GPX document and file name (`tripGpx` of what the device holds). */
export async function buildTripGpx(
  db: AppDatabase,
  trip: Trip,
): Promise<{ fileName: string; xml: string }> {
  const [points, waypoints] = await Promise.all([
    readTrackPoints(db, trip.id),
    readTripWaypoints(db, trip.id),
  ]);
  return tripGpx(trip, points, waypoints);
}
