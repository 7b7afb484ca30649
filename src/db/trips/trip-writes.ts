/**
 * Writes to a stored trip after it was recorded or imported: finishing a recording with its
 * final statistics, renaming, its photos, and deleting (with its track chunks, imported waypoints and, when it
 * is the one in progress, the recording session). requirements §core-3 "Trip".
 */
import { ownDocumentMaxPhotos, type PhotoReference } from '../../../schemas/photos.ts';
import type { Trip } from '../../../schemas/trips.ts';
import { boundingBox, type TrackStatsState } from '../../lib/geo/track-stats.ts';
import type { AppDatabase } from '../database.ts';
import { recordFeatureUse } from '../usage-queue.ts';
import { clearRecordingSession, readRecordingSession } from './recording-session.ts';
import { tripStatisticsFields } from './track-statistics.ts';
import { plainTrip, readTrackPoints } from './trip-reads.ts';

/**
 * Marks a trip finished with its final statistics, end time and bounding box, and clears the
 * recording session. Resolves to the stored trip; throws when the trip does not exist.
 */
export async function finishRecordedTrip(
  db: AppDatabase,
  tripId: string,
  stats: TrackStatsState,
  endedAt: number,
): Promise<Trip> {
  const document = await db.trips.findOne(tripId).exec();
  if (!document) throw new Error(`Trip ${tripId} no longer exists on this device`);
  const points = await readTrackPoints(db, tripId);
  const trip = plainTrip(document);
  const updated = await document.incrementalPatch({
    ...tripStatisticsFields(stats, endedAt - trip.startedAt),
    trackPointCount: points.length,
    recordingState: 'finished',
    endedAt,
    bbox: boundingBox(points),
    updatedAt: Date.now(),
  });
  await clearRecordingSession(db);
  recordFeatureUse(db, 'trip-recorded');
  return plainTrip(updated);
}

/** Deletes a trip, its track chunks and the waypoints imported with it. */
export async function deleteTrip(db: AppDatabase, tripId: string): Promise<void> {
  await db.trackChunks.find({ selector: { tripId } }).remove();
  await db.waypoints.find({ selector: { tripId } }).remove();
  await db.trips.findOne(tripId).remove();
  const session = await readRecordingSession(db);
  if (session?.tripId === tripId) await clearRecordingSession(db);
}

/** Renames a trip (trimmed, 1–200 characters). Throws on an empty name. */
export async function renameTrip(db: AppDatabase, tripId: string, name: string): Promise<void> {
  const trimmed = name.trim().slice(0, 200);
  if (!trimmed) throw new Error('A trip needs a name');
  const document = await db.trips.findOne(tripId).exec();
  await document?.incrementalPatch({ name: trimmed, updatedAt: Date.now() });
}

/**
 * Replaces the photos of trip `tripId` (offline too; the sync engine sends the change) and
 * resolves to the stored trip. Throws a RangeError for more than 4 photos and an Error when the
 * trip is not on this device.
 */
export async function setTripPhotos(
  db: AppDatabase,
  tripId: string,
  photos: readonly PhotoReference[],
  now: number = Date.now(),
): Promise<Trip> {
  if (photos.length > ownDocumentMaxPhotos) {
    throw new RangeError(`A trip holds at most ${ownDocumentMaxPhotos} photos`);
  }
  const document = await db.trips.findOne(tripId).exec();
  if (!document) throw new Error(`Trip ${tripId} is not on this device`);
  return plainTrip(await document.incrementalPatch({ photos: [...photos], updatedAt: now }));
}
