/**
 * RxDB conflict handlers of the synced collections: RxDB's own equality check, and the pure
 * merge of src/lib/sync/conflict-resolution.ts for resolving (issue 4).
 */
import { defaultConflictHandler, type RxConflictHandler } from 'rxdb';
import { userSyncedCollections, type UserSyncedCollection } from '../../schemas/sync-protocol.ts';
import { resolveConflict, type SyncedDocument } from '../lib/sync/conflict-resolution.ts';

/** The schema fields and `_deleted` of a document RxDB hands over (without its bookkeeping). */
function plain(document: Record<string, unknown> | undefined): SyncedDocument | undefined {
  if (!document) return undefined;
  const { _meta, _rev, _attachments, ...rest } = document;
  void _meta;
  void _rev;
  void _attachments;
  return { ...rest, _deleted: Boolean(rest._deleted) } as SyncedDocument;
}

function handlerFor(collection: UserSyncedCollection): RxConflictHandler<unknown> {
  return {
    isEqual: (a, b, context) => defaultConflictHandler.isEqual(a, b, context),
    async resolve(input) {
      const resolved = resolveConflict(collection, {
        base: plain(input.assumedMasterState as Record<string, unknown> | undefined),
        master: plain(input.realMasterState as Record<string, unknown>)!,
        local: plain(input.newDocumentState as Record<string, unknown>)!,
      });
      return resolved as never;
    },
  };
}

/** A conflict handler per synced collection; catalogues keep RxDB's default (server wins). */
export const conflictHandlers = Object.fromEntries(
  userSyncedCollections.map((collection) => [collection, handlerFor(collection)]),
) as Record<UserSyncedCollection, RxConflictHandler<unknown>>;
