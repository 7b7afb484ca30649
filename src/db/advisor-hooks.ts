/**
 * Reactive reads the intelligent advisor needs: one trip plan by id from the
 * rider's tripPlans collection.
 */
import { useMemo } from 'react';
import type { Observable } from 'rxjs';
import { map, of } from 'rxjs';
import type { TripPlan } from '../../schemas/trip-plans.ts';
import type { AppDatabase } from './database.ts';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';

/** The trip plan `id` on this device, or null when there is none (or `id` is null). */
export function observeTripPlan(db: AppDatabase, id: string | null): Observable<TripPlan | null> {
  if (!id) return of(null);
  return db.tripPlans
    .findOne(id)
    .$.pipe(map((document) => (document ? (document.toJSON() as TripPlan) : null)));
}

/** One trip plan by id; `plan` is null while loading and when this device holds no such plan. */
export function useTripPlan(id: string | null): { plan: TripPlan | null; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeTripPlan(db, id), [db, id]);
  const { value, isLoading } = useObservable(source);
  return { plan: value ?? null, isLoading };
}
