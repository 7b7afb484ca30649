/**
 * React access to the trip context (requirements §core-3, §core-4 "Trip context"): the in-memory
 * context of this tab's persister (src/db/trip-context.ts), which follows the stored document
 * and shows the rider's changes at once, before they are written 1 s later.
 */
import { useMemo } from 'react';
import type { TripContext } from '../../schemas/trip-context.ts';
import { useDatabase } from './provider.tsx';
import { getTripContextPersister, type TripContextWriteError } from '../db/trip-context.ts';
import { useObservable } from './use-observable.ts';

/**
 * The trip context (`context` is null until the stored document has been read) and the last
 * failure to store it (`saveError`, null when the last write succeeded; with
 * `quotaExceeded` true when the device's storage is full and changes live in memory only).
 */
export function useTripContext(): {
  context: TripContext | null;
  isLoading: boolean;
  saveError: TripContextWriteError | null;
} {
  const db = useDatabase();
  const persister = useMemo(() => getTripContextPersister(db), [db]);
  const { value, isLoading } = useObservable(persister.context$);
  const { value: saveError } = useObservable(persister.error$);
  return { context: value ?? null, isLoading, saveError: saveError ?? null };
}
