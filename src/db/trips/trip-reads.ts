/**
 * Reads of stored trips (schemas/trips.ts), their track points (schemas/track-chunks.ts) and the
 * waypoints imported with them: the one place that turns trip documents into plain objects, for
 * the recording store, the trip writes, the trips pages and trail submissions.
 */
import type { TrackChunk, TrackPoint } from '../../../schemas/track-chunks.ts';
import type { Trip } from '../../../schemas/trips.ts';
import type { Waypoint } from '../../../schemas/waypoints.ts';
import type { AppDatabase } from '../database.ts';

/** A trip document as the plain stored trip. */
export function plainTrip(document: { toJSON(): unknown }): Trip {
  return document.toJSON() as Trip;
}

/** Every stored point of a trip in order (chunks by sequence). */
export async function readTrackPoints(db: AppDatabase, tripId: string): Promise<TrackPoint[]> {
  const chunks = await db.trackChunks
    .find({ selector: { tripId }, sort: [{ sequence: 'asc' }] })
    .exec();
  return chunks.flatMap((chunk) => (chunk.toJSON() as TrackChunk).points as TrackPoint[]);
}

/** A trip by id, or null. */
export async function readTrip(db: AppDatabase, tripId: string): Promise<Trip | null> {
  const document = await db.trips.findOne(tripId).exec();
  return document ? plainTrip(document) : null;
}

/** Waypoints stored with a trip (imported with it), by name. */
export async function readTripWaypoints(db: AppDatabase, tripId: string): Promise<Waypoint[]> {
  const documents = await db.waypoints.find({ selector: { tripId } }).exec();
  return documents
    .map((document) => document.toJSON() as Waypoint)
    .sort((a, b) => a.name.localeCompare(b.name));
}
