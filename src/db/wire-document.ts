/**
 * A document as it leaves RxDB for sync or conflict handling: the schema fields and `_deleted`,
 * without RxDB's own bookkeeping (`_meta`, `_rev`, `_attachments`), which the server must never
 * store and the conflict merge must never compare.
 */
import type { WireDocument } from '../../schemas/sync-protocol.ts';

/** `document` without RxDB's bookkeeping, `_deleted` as a boolean. Does not modify `document`. */
export function toWireDocument(document: Record<string, unknown>): WireDocument {
  const { _meta, _rev, _attachments, ...rest } = document;
  void _meta;
  void _rev;
  void _attachments;
  return { ...rest, _deleted: Boolean(rest._deleted) } as WireDocument;
}
