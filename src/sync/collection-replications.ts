/**
 * The replication of each synced collection over the HTTP protocol of schemas/sync-protocol.ts
 * (docs/architecture.md#sync): checkpointed pulls for every collection, live through the shared
 * change stream, and pushes for the rider's own collections. The public catalogues are pulled
 * only; the server answers them with or without a token. A shared collection is pulled by
 * everyone and pushed, once signed in, with the rider's own documents only.
 */
import { filter } from 'rxjs';
import {
  isCatalogue,
  isPulledByEveryone,
  isPushedByRiders,
  type CollectionDescriptor,
} from '../../schemas/collections/descriptor.ts';
import { LOCAL_USER_ID } from '../../schemas/identity.ts';
import {
  isTempId,
  replicationBasePath,
  syncLimits,
  type PullResponse,
  type PushResponse,
  type WireDocument,
} from '../../schemas/sync-protocol.ts';
import type { AppDatabase } from '../db/database.ts';
import { startCollectionReplication, type CollectionReplication } from '../db/replication.ts';
import { retryBaseDelayMs } from '../lib/http/backoff.ts';
import { encodePushRequests } from '../lib/sync/push-batches.ts';
import type { SyncStream } from './replication-stream.ts';
import type { SyncPart, SyncReporter } from './sync-reporting.ts';
import type { SyncTransport } from './sync-transport.ts';

/**
 * Each push batch costs the device a read of the collection's changes (two index ranges,
 * src/db/changes-since-storage.ts), a checkpoint write and its share of RxDB's bookkeeping, so
 * batches (each descriptor's `batch.push`) are large and cut into requests the server takes.
 */
const pushRequestLimits = {
  maxRows: syncLimits.maxPushRows,
  maxBodyBytes: syncLimits.maxPushBodyBytes,
};

/**
 * True for a document only this device holds for now: a temp- id waits for its promotion, a
 * signed-out rider's document of a collection held until adoption waits for sign-in.
 */
export function isOnlyOnDevice(collection: CollectionDescriptor, document: WireDocument): boolean {
  return (
    isTempId(document.id) ||
    (collection.heldUntilAdopted &&
      collection.ownerField !== null &&
      document[collection.ownerField] === LOCAL_USER_ID)
  );
}

/**
 * False for a document that stays on the device for now (`isOnlyOnDevice`). Never true for
 * another rider's document of a collection everyone pulls (`userId`: the signed-in rider): the
 * server would refuse the whole push.
 */
export function isReadyToPush(
  collection: CollectionDescriptor,
  document: WireDocument,
  userId: string | null = null,
): boolean {
  if (isOnlyOnDevice(collection, document)) return false;
  return !(
    isPulledByEveryone(collection) &&
    collection.ownerField !== null &&
    document[collection.ownerField] !== userId
  );
}

export interface ReplicationSetup {
  db: AppDatabase;
  transport: SyncTransport;
  reporter: SyncReporter;
  stream: SyncStream | null;
  /**
   * Resolves once the stream's first connection attempt has ended (or the engine stopped
   * waiting for it); every pull waits for it, so the first pulls go after the stream opened.
   */
  streamAttempted: Promise<void>;
  /**
   * Names each collection's stored checkpoint: catalogues are the same for every visitor of a
   * server, a rider's collections are that rider's alone.
   */
  identifier: (collection: CollectionDescriptor) => string;
  /** The signed-in rider, or null: a guest pulls, and pushes nothing. */
  userId: string | null;
}

/**
 * The part of the status a collection's outcomes belong to: a shared collection is the rider's
 * part once signed in, public data like a catalogue for a guest.
 */
function partOf(collection: CollectionDescriptor, userId: string | null): SyncPart {
  return isCatalogue(collection) || (isPulledByEveryone(collection) && userId === null)
    ? { catalogue: collection.name }
    : { rider: true };
}

/**
 * Starts replicating `collection` at once: a checkpointed pull (and the stream's changes), plus
 * pushes for a rider collection that skip temp- documents until they are promoted. Never
 * throws; outcomes go to the reporter, which sets the retry delay.
 */
export function startSyncedCollection(
  setup: ReplicationSetup,
  collection: CollectionDescriptor,
): CollectionReplication {
  const { transport, reporter, stream } = setup;
  const base = replicationBasePath(collection.name, collection.schema.version);
  const part = partOf(collection, setup.userId);
  // RxDB begins every replication with a checkpointed pull. A stream that opened before that
  // pull was sent misses nothing the pull will not read (the server reads after the stream
  // listens), so its RESYNC would only repeat the pull: a second round of requests for every
  // collection once the first answers were stored.
  let pullAsked = false;
  const stream$ = stream
    ?.of(collection.name)
    .pipe(filter((item) => item !== 'RESYNC' || pullAsked));
  return startCollectionReplication(setup.db, collection.name, {
    identifier: setup.identifier(collection),
    retryDelayMs: retryBaseDelayMs,
    pull: {
      batchSize: collection.batch.pull,
      ...(stream$ ? { stream$ } : {}),
      handler: (checkpoint, batchSize) =>
        reporter.reported(part, async () => {
          await setup.streamAttempted;
          pullAsked = true;
          const query = new URLSearchParams({ limit: String(batchSize) });
          if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
          const answer = await transport.request<PullResponse>('GET', `${base}/pull?${query}`);
          return { documents: answer.documents, checkpoint: answer.checkpoint ?? undefined };
        }),
    },
    ...(!isPushedByRiders(collection) || setup.userId === null
      ? {}
      : {
          push: {
            batchSize: collection.batch.push,
            shouldPush: (document: WireDocument) =>
              isReadyToPush(collection, document, setup.userId),
            hasServerCopy: (document: WireDocument) => !isOnlyOnDevice(collection, document),
            // One request per group that fits the body limit, in order; a failure makes RxDB
            // retry the whole batch, and the server answers rows it already stored as repeats.
            handler: (rows) =>
              reporter.reported(part, async () => {
                const conflicts: WireDocument[] = [];
                for (const body of encodePushRequests(rows, pushRequestLimits)) {
                  const answer = await transport.request<PushResponse>(
                    'POST',
                    `${base}/push`,
                    body,
                  );
                  conflicts.push(...answer.conflicts);
                }
                return conflicts;
              }),
          },
        }),
  });
}
