/**
 * React bindings of src/db/trip-plans.ts: one saved trip plan, for the pages that show it. The
 * hooks subscribe to the repository's reads through useObservable and call its writes; the storage
 * rules live in the repository module.
 */
import { useMemo } from 'react';
import type { TripPlan } from '../../schemas/trip-plans.ts';
import { useDatabase } from '../db/provider.tsx';
import { useObservable } from '../db/use-observable.ts';
import { observeTripPlan } from '../db/trip-plans.ts';

/** One trip plan; null while loading and when it does not exist on this device. */
export function useTripPlan(id: string): { plan: TripPlan | null; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeTripPlan(db, id), [db, id]);
  const { value, isLoading } = useObservable(source);
  return { plan: value ?? null, isLoading };
}
