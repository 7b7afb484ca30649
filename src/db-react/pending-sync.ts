/**
 * React bindings of src/db/pending-sync.ts: the count of what waits to reach the server, for the
 * sync status. The hooks subscribe to the repository's reads through useObservable and call its
 * writes; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import { NEVER } from 'rxjs';
import { useOptionalDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { observePendingSyncCount } from '../db/pending-sync.ts';

/**
 * Trips, trip plans and rider waypoints waiting to sync; `count` is 0 while loading, which
 * includes the moments before a deferred provider has opened the database (the header shows it).
 */
export function usePendingSyncCount(): { count: number; isLoading: boolean } {
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observePendingSyncCount(db) : NEVER), [db]);
  const { value, isLoading } = useObservable(source);
  return { count: value ?? 0, isLoading };
}
