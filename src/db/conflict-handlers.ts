/**
 * RxDB conflict handlers of the synced collections: RxDB's own equality check, and the pure
 * merge of src/lib/sync/conflict-resolution.ts for resolving.
 */
import { defaultConflictHandler, type RxConflictHandler } from 'rxdb';
import { userSyncedCollections, type UserSyncedCollection } from '../../schemas/sync-protocol.ts';
import { resolveConflict } from '../lib/sync/conflict-resolution.ts';
import { toWireDocument } from './wire-document.ts';

function handlerFor(collection: UserSyncedCollection): RxConflictHandler<unknown> {
  return {
    isEqual: (a, b, context) => defaultConflictHandler.isEqual(a, b, context),
    async resolve(input) {
      const resolved = resolveConflict(collection, {
        base: input.assumedMasterState
          ? toWireDocument(input.assumedMasterState as Record<string, unknown>)
          : undefined,
        master: toWireDocument(input.realMasterState as Record<string, unknown>),
        local: toWireDocument(input.newDocumentState as Record<string, unknown>),
      });
      return resolved as never;
    },
  };
}

/** A conflict handler per synced collection; catalogues keep RxDB's default (server wins). */
export const conflictHandlers = Object.fromEntries(
  userSyncedCollections.map((collection) => [collection, handlerFor(collection)]),
) as Record<UserSyncedCollection, RxConflictHandler<unknown>>;
