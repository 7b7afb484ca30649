/**
 * Reads of stored trips (schemas/trips.ts), their track points (schemas/track-chunks.ts) and the
 * waypoints imported with them, once (`read…`) or as observables that follow every change
 * (`observe…`, for the hooks of src/db-react/trip-hooks.ts): the one place that turns trip
 * documents into plain objects, for the recording store, the trip writes, the trips pages and
 * trail submissions.
 */
import { map, Observable } from 'rxjs';
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

/** Every trip on this device, newest first. */
export function observeTrips(db: AppDatabase): Observable<Trip[]> {
  return db.trips
    .find({ sort: [{ startedAt: 'desc' }] })
    .$.pipe(map((documents) => documents.map((document) => document.toJSON() as Trip)));
}

/** One trip, null when absent. */
export function observeTripById(db: AppDatabase, tripId: string): Observable<Trip | null> {
  return db.trips
    .findOne(tripId)
    .$.pipe(map((document) => (document ? (document.toJSON() as Trip) : null)));
}

/** A trip's points in order: [lon, lat, elevation m|null, time ms|null, accuracy m|null]. */
export function observeTrackPoints(db: AppDatabase, tripId: string): Observable<TrackPoint[]> {
  return db.trackChunks
    .find({ selector: { tripId }, sort: [{ sequence: 'asc' }] })
    .$.pipe(
      map((chunks) =>
        chunks.flatMap((chunk) => (chunk.toJSON() as TrackChunk).points as TrackPoint[]),
      ),
    );
}

/** Waypoints linked to a trip. */
export function observeTripWaypoints(db: AppDatabase, tripId: string): Observable<Waypoint[]> {
  return db.waypoints
    .find({ selector: { tripId } })
    .$.pipe(map((documents) => documents.map((document) => document.toJSON() as Waypoint)));
}

/** A trip with every point of its track, for drawing the rider's tracks on the map. */
export interface TripTrack {
  trip: Trip;
  points: TrackPoint[];
}

/**
 * Every trip with its track points, newest first, following every change. A trip's points are
 * read again only when its document or one of its chunks changes, so a recording in progress
 * does not make every other trip's track be read again with each flush.
 */
export function observeTripTracks(db: AppDatabase): Observable<TripTrack[]> {
  return new Observable<TripTrack[]>((subscriber) => {
    const points = new Map<string, Promise<TrackPoint[]>>();
    const seenUpdates = new Map<string, number>();
    let trips: Trip[] | null = null;
    let latest = 0;
    const publish = async () => {
      if (!trips) return;
      const run = ++latest;
      const list = trips;
      for (const trip of list) {
        if (seenUpdates.get(trip.id) !== trip.updatedAt) points.delete(trip.id);
        seenUpdates.set(trip.id, trip.updatedAt);
        if (!points.has(trip.id)) points.set(trip.id, readTrackPoints(db, trip.id));
      }
      const tracks = await Promise.all(
        list.map(async (trip) => ({ trip, points: await points.get(trip.id)! })),
      );
      // A newer change started another read meanwhile: only the newest result is published.
      if (run === latest) subscriber.next(tracks);
    };
    const republish = () => {
      publish().catch((error: unknown) => subscriber.error(error));
    };
    const tripsSubscription = observeTrips(db).subscribe({
      next: (next) => {
        trips = next;
        republish();
      },
      error: (error: unknown) => subscriber.error(error),
    });
    const chunksSubscription = db.trackChunks.$.subscribe((event) => {
      const tripId = (event.documentData ?? event.previousDocumentData)?.tripId;
      if (!tripId) return;
      points.delete(tripId);
      republish();
    });
    return () => {
      tripsSubscription.unsubscribe();
      chunksSubscription.unsubscribe();
    };
  });
}
