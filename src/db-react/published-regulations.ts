/**
 * React bindings of src/db/published-regulations.ts: the duck seasons the operator published, kept
 * on the device, for the duck page. The hooks subscribe to the repository's reads through
 * useObservable and call its writes; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import {
  type PublishedDuckSeason,
  observePublishedDuckSeasons,
} from '../db/published-regulations.ts';

/** The duck seasons this installation published, by label, as kept on the device. */
export function usePublishedDuckSeasons(): Map<string, PublishedDuckSeason> {
  const db = useDatabase();
  const source = useMemo(() => observePublishedDuckSeasons(db), [db]);
  return useObservable(source).value ?? new Map();
}
