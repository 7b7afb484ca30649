/**
 * React bindings of src/db/settings.ts: a device setting kept as a local document, as React state
 * with its setter. The hooks subscribe to the repository's reads through useObservable and call
 * its writes; the storage rules live in the repository module.
 */
import { useCallback, useMemo } from 'react';
import { NEVER } from 'rxjs';
import { useOptionalDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import {
  withDefaults,
  writeLocalSetting,
  observeLocalSetting,
  updateLocalSetting,
  openingDatabase,
} from '../db/settings.ts';

/**
 * A device setting as React state backed by its local document: `value` follows every write,
 * from any component or tab; `isLoading` is true until the stored value has been read (value is
 * `defaults` meanwhile, also while a deferred provider is still opening the database).
 * `setValue` accepts a value or an updater of the current value and resolves once stored; a
 * change made before the database is open waits for it (the theme picker works from first paint).
 */
export function useLocalSetting<T>(
  key: string,
  defaults: T,
): { value: T; isLoading: boolean; setValue: (next: T | ((prev: T) => T)) => Promise<void> } {
  const openDb = useOptionalDatabase();
  const source = useMemo(
    () => (openDb ? observeLocalSetting<T>(openDb, key) : NEVER),
    [openDb, key],
  );
  const { value: stored, isLoading } = useObservable(source);
  // Callers pass inline literals as defaults; keying on their JSON keeps `value` the same object
  // between renders until the stored setting changes, so effects depending on it do not loop.
  const defaultsKey = JSON.stringify(defaults);
  const value = useMemo(
    () => withDefaults(stored, defaults),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stored, defaultsKey],
  );
  const setValue = useCallback(
    async (next: T | ((prev: T) => T)) => {
      const db = openDb ?? (await openingDatabase());
      if (typeof next !== 'function') {
        await writeLocalSetting(db, key, next);
        return;
      }
      // The updater runs inside the write queue on the stored value, so quick successive
      // updates (a slider, a toggle tapped twice) each see the previous one.
      await updateLocalSetting(db, key, next as (prev: T) => T, defaults);
    },
    // `defaults` is usually an inline literal; a new object each render must not churn setValue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [openDb, key],
  );
  return { value, isLoading, setValue };
}
