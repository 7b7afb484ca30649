/**
 * Reactive reads of trips and their tracks for the ride pages (schemas/trips.ts,
 * schemas/track-chunks.ts). Each hook follows every change: a recording adding chunks, an
 * import, the sync engine promoting a temp- id.
 */
import { useMemo } from 'react';
import { map, Observable, of } from 'rxjs';
import { isTempId } from '../../schemas/sync-protocol.ts';
import type { TrackChunk, TrackPoint } from '../../schemas/track-chunks.ts';
import type { Trip } from '../../schemas/trips.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import type { AppDatabase } from './database.ts';
import { observePromotedId } from './promotion.ts';
import { useDatabase } from './provider.tsx';
import { readTrackPoints } from './trips/trip-reads.ts';
import { useObservable } from './use-observable.ts';

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

/** Every trip with its track points, newest first (see `observeTripTracks`). */
export function useTripTracks(): { tracks: TripTrack[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeTripTracks(db), [db]);
  const { value, isLoading } = useObservable(source);
  return { tracks: value ?? [], isLoading };
}

/** Every trip, newest first. */
export function useTrips(): { trips: Trip[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeTrips(db), [db]);
  const { value, isLoading } = useObservable(source);
  return { trips: value ?? [], isLoading };
}

/** One trip; null while loading and when it does not exist. */
export function useTrip(tripId: string): { trip: Trip | null; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeTripById(db, tripId), [db, tripId]);
  const { value, isLoading } = useObservable(source);
  return { trip: value ?? null, isLoading };
}

/** A trip's track points in order. */
export function useTrackPoints(tripId: string): { points: TrackPoint[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeTrackPoints(db, tripId), [db, tripId]);
  const { value, isLoading } = useObservable(source);
  return { points: value ?? [], isLoading };
}

/** Waypoints linked to a trip (imported with it). */
export function useTripWaypoints(tripId: string): { waypoints: Waypoint[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeTripWaypoints(db, tripId), [db, tripId]);
  const { value, isLoading } = useObservable(source);
  return { waypoints: value ?? [], isLoading };
}

/**
 * The server id the document known here as `id` was promoted to, live: null for ids
 * that are not temp- ids and for temp- ids this device never promoted; the server id as soon as
 * the promotion is recorded, so a page holding a temp- id can follow its document.
 */
export function usePromotedId(id: string): { promotedId: string | null; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => (isTempId(id) ? observePromotedId(db, id) : of(null)), [db, id]);
  const { value, isLoading } = useObservable(source);
  return { promotedId: value ?? null, isLoading };
}
