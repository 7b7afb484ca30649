/**
 * Device settings kept as RxDB local documents (docs/architecture.md#data: outdoor, haptic, emergency,
 * theme and campground preferences; requirements §core-4 "Outdoor settings": saved on each change
 * and restored on load). Each setting lives in the local document `setting:<key>` as
 * `{ value }`, so primitives and objects are stored alike and settings never collide with the
 * app's own local documents.
 */
import { map, type Observable } from 'rxjs';
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';
import { localDocumentData } from './local-document-write.ts';

type StoredSetting<T> = { value: T };

/** Id of the local document holding setting `key` (watchers observe it with getLocal$). */
export function settingDocumentId(key: string): string {
  return `setting:${key}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stored values are laid over the defaults (shallow merge for objects), so a setting added in a
 * later release gets its default on devices that saved the older shape.
 */
export function withDefaults<T>(stored: T | undefined, defaults: T): T {
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

/**
 * The stored value of setting `key` on every change, from any component or tab; undefined while
 * it was never written (lay it over the defaults with `withDefaults`).
 */
export function observeLocalSetting<T>(db: AppDatabase, key: string): Observable<T | undefined> {
  return db
    .getLocal$<StoredSetting<T>>(settingDocumentId(key))
    .pipe(map((document) => localDocumentData(document)?.value));
}

/**
 * Writes setting `key` as `update` of its current value (laid over `defaults`). The update runs
 * inside the setting's write queue, so quick successive updates each see the one before.
 */
export async function updateLocalSetting<T>(
  db: AppDatabase,
  key: string,
  update: (previous: T) => T,
  defaults: T,
): Promise<void> {
  await modifyLocalDocument<StoredSetting<T>>(db, settingDocumentId(key), (current) => ({
    value: update(withDefaults(current?.value, defaults)),
  }));
}

/** The browser's database the deferred provider is opening (the same singleton, opened once). */
export async function openingDatabase(): Promise<AppDatabase> {
  const { getAppDatabase } = await import('./database.ts');
  return getAppDatabase();
}
