/**
 * React bindings of src/db/gauge-readings.ts: the last kept reading of each USGS gauge, for the
 * waterway pages offline. The hooks subscribe to the repository's reads through useObservable and
 * call its writes; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import { NEVER } from 'rxjs';
import type { StoredGaugeReadings } from '../lib/hunting/gauge-readings.ts';
import { useOptionalDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { observeKeptGaugeReadings } from '../db/gauge-readings.ts';

const noReadings: StoredGaugeReadings = {};

/** The kept readings (empty until read or when none are kept); `isLoading` until read. */
export function useKeptGaugeReadings(): { readings: StoredGaugeReadings; isLoading: boolean } {
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observeKeptGaugeReadings(db) : NEVER), [db]);
  const { value, isLoading } = useObservable(source);
  return { readings: value?.readings ?? noReadings, isLoading };
}
