/**
 * React bindings of src/db/trip-plans.ts: one saved trip plan, for the trip pages and the intelligent advisor. The
 * hooks subscribe to the repository's reads through useObservable and call its writes; the storage
 * rules live in the repository module.
 */
import { useMemo } from 'react';
import { of } from 'rxjs';
import type { TripPlan } from '../../schemas/trip-plans.ts';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { observeTripPlan } from '../db/trip-plans.ts';

/**
 * One trip plan by id (the trip pages, the intelligent advisor); `plan` is null while loading,
 * when this device holds no such plan, and when `id` is null or empty.
 */
export function useTripPlan(id: string | null): { plan: TripPlan | null; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => (id ? observeTripPlan(db, id) : of(null)), [db, id]);
  const { value, isLoading } = useObservable(source);
  return { plan: value ?? null, isLoading };
}
