/**
 * React bindings of src/db/rider-waypoints.ts: the waypoints the rider marked by hand, for the
 * scouting guide. The hooks subscribe to the repository's reads through useObservable and call its
 * writes; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import type { Waypoint } from '../../schemas/waypoints.ts';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { observeRiderWaypoints } from '../db/rider-waypoints.ts';

/** Reactive list of `observeRiderWaypoints`. */
export function useRiderWaypoints(): { waypoints: Waypoint[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeRiderWaypoints(db), [db]);
  const { value, isLoading } = useObservable(source);
  return { waypoints: value ?? [], isLoading };
}
