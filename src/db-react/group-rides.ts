/**
 * React bindings of src/db/group-rides.ts: the device's copies of the rider's group rides, for the
 * group-ride pages with no signal. The hooks subscribe to the repository's reads through
 * useObservable and call its writes; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import { NEVER } from 'rxjs';
import { useOptionalDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { type StoredGroupRide, observeStoredGroupRides } from '../db/group-rides.ts';

/** The stored copies of `owner` (empty for another owner's document); `isLoading` until read. */
export function useStoredGroupRides(owner: string | null): {
  rides: StoredGroupRide[];
  isLoading: boolean;
} {
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observeStoredGroupRides(db) : NEVER), [db]);
  const { value, isLoading } = useObservable(source);
  const rides = value && owner !== null && value.owner === owner ? value.rides : [];
  return { rides, isLoading };
}
