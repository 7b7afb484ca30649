/**
 * Device settings kept as RxDB local documents (docs/architecture.md#data: outdoor, haptic, emergency,
 * theme and campground preferences; requirements §core-4 "Outdoor settings": saved on each change
 * and restored on load). Each setting lives in the local document `setting:<key>` as
 * `{ value }`, so primitives and objects are stored alike and settings never collide with the
 * app's own local documents.
 */
import { useCallback, useMemo } from 'react';
import { map, NEVER } from 'rxjs';
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';
import { useOptionalDatabase } from './provider.tsx';
import { localDocumentData } from './local-document-data.ts';
import { useObservable } from './use-observable.ts';

type StoredSetting<T> = { value: T };

/** Id of the local document holding setting `key` (watchers observe it with getLocal$). */
export function settingDocumentId(key: string): string {
  return `setting:${key}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stored values are laid over the defaults, so a setting added in a later release gets its
 * default on devices that saved the older shape.
 */
function withDefaults<T>(stored: T | undefined, defaults: T): T {
  if (stored === undefined || stored === null) return defaults;
  if (isPlainObject(defaults) && isPlainObject(stored)) return { ...defaults, ...stored } as T;
  return stored;
}

/**
 * The setting under `key`, laid over `defaults` (shallow merge for objects); `defaults` when
 * it was never written. Rejects only if the database is closed.
 */
export async function readLocalSetting<T>(db: AppDatabase, key: string, defaults: T): Promise<T> {
  const document = await db.getLocal<StoredSetting<T>>(settingDocumentId(key));
  return withDefaults(localDocumentData(document)?.value, defaults);
}

/**
 * Writes the setting under `key`. Objects are shallow-merged into the stored object, so two
 * screens writing different fields of one setting do not undo each other; other values replace
 * the stored one. Writes are queued per setting, so concurrent writes are not lost.
 */
export async function writeLocalSetting<T>(db: AppDatabase, key: string, value: T): Promise<void> {
  const id = settingDocumentId(key);
  const merge = (stored: T | undefined): T =>
    isPlainObject(stored) && isPlainObject(value) ? ({ ...stored, ...value } as T) : value;
  await modifyLocalDocument<StoredSetting<T>>(db, id, (current) => ({
    value: merge(current?.value),
  }));
}

/** The browser's database the deferred provider is opening (the same singleton, opened once). */
async function openingDatabase(): Promise<AppDatabase> {
  const { getAppDatabase } = await import('./database.ts');
  return getAppDatabase();
}

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
    () =>
      openDb
        ? openDb
            .getLocal$<StoredSetting<T>>(settingDocumentId(key))
            .pipe(map((document) => localDocumentData(document)?.value))
        : NEVER,
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
      const update = next as (prev: T) => T;
      await modifyLocalDocument<StoredSetting<T>>(db, settingDocumentId(key), (current) => ({
        value: update(withDefaults(current?.value, defaults)),
      }));
    },
    // `defaults` is usually an inline literal; a new object each render must not churn setValue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [openDb, key],
  );
  return { value, isLoading, setValue };
}
