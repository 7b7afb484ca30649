/**
 * A document as it leaves RxDB for sync or conflict handling: the schema fields and `_deleted`,
 * without RxDB's own bookkeeping (`_meta`, `_rev`, `_attachments`), which the server must never
 * store and the conflict merge must never compare.
 */
import type { WireDocument } from '../../schemas/sync-protocol.ts';

/**
 * `document` without RxDB's bookkeeping, `_deleted` as a boolean. Does not modify `document`.
 * One plain copy loop: object rest and spread (`{ _meta, ...rest }`) cost ten times as much and
 * this runs for every pushed document and every compared conflict.
 */
export function toWireDocument(document: Record<string, unknown>): WireDocument {
  const wire: Record<string, unknown> = {};
  for (const key in document) {
    if (key === '_meta' || key === '_rev' || key === '_attachments') continue;
    if (Object.hasOwn(document, key)) wire[key] = document[key];
  }
  // Where it was (or last), as a boolean: the same keys in the same order as before.
  wire._deleted = Boolean(document._deleted);
  return wire as WireDocument;
}
