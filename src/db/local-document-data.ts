/**
 * Reading RxDB local documents (device-only settings, kept answers, the recording session): the
 * repository's own helper, beside `local-document-write.ts`, so reads of a local document need
 * neither React nor the bindings in src/db-react.
 */
import type { RxLocalDocument } from 'rxdb';

/** The data of a local document, or null when it does not exist or was deleted. */
export function localDocumentData<T>(document: RxLocalDocument<unknown, T> | null): T | null {
  if (!document || document.deleted) return null;
  return (document.toJSON() as unknown as { data: T }).data;
}
