/**
 * React bindings of src/db/garage.ts: the rider's garage (vehicles, maintenance log, current
 * vehicle, trip miles) for the garage pages. The hooks subscribe to the repository's reads through
 * useObservable and call its writes; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { type GarageState, observeGarage } from '../db/garage.ts';

const emptyGarage: GarageState = { vehicles: [], entries: [] };

/** The garage of `userId` (signed-in rider or 'anonymous'); empty while loading. */
export function useGarage(userId: string): { garage: GarageState; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeGarage(db, userId), [db, userId]);
  const { value, isLoading } = useObservable(source);
  return { garage: value ?? emptyGarage, isLoading };
}
