/**
 * Reactive reads of trips and their tracks for the ride pages (schemas/trips.ts,
 * schemas/track-chunks.ts). Each hook subscribes to the repository's read
 * (src/db/trips/trip-reads.ts) and follows every change: a recording adding chunks, an import,
 * the sync engine promoting a temp- id.
 */
import { useMemo } from 'react';
import { of } from 'rxjs';
import { isTempId } from '../../schemas/identity.ts';
import type { TrackPoint } from '../../schemas/track-chunks.ts';
import type { Trip } from '../../schemas/trips.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import { observePromotedId } from '../db/promotion.ts';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import {
  observeTrips,
  observeTripById,
  observeTrackPoints,
  observeTripWaypoints,
  observeTripTracks,
  type TripTrack,
} from '../db/trips/trip-reads.ts';

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
