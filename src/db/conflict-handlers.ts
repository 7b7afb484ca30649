/**
 * RxDB conflict handler of a collection riders push (rider and shared scopes): RxDB's own equality check, and the pure merge of
 * src/lib/sync/conflict-resolution.ts, by the rules of the collection's descriptor, for
 * resolving. Catalogues and device-only collections keep RxDB's default (the server wins).
 */
import { defaultConflictHandler, type RxConflictHandler } from 'rxdb';
import {
  isPushedByRiders,
  type CollectionDescriptor,
} from '../../schemas/collections/descriptor.ts';
import { resolveConflict } from '../lib/sync/conflict-resolution.ts';
import { toWireDocument } from './wire-document.ts';

/** The conflict handler of `descriptor`'s collection, or undefined for RxDB's default. */
export function conflictHandlerFor(
  descriptor: CollectionDescriptor,
): RxConflictHandler<unknown> | undefined {
  if (!isPushedByRiders(descriptor)) return undefined;
  return {
    isEqual: (a, b, context) => defaultConflictHandler.isEqual(a, b, context),
    async resolve(input) {
      const resolved = resolveConflict(descriptor, {
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
