/**
 * The replication of each synced collection over the HTTP protocol of schemas/sync-protocol.ts
 * (docs/architecture.md#sync): checkpointed pulls for every collection, live through the shared
 * change stream, and pushes for the rider's own collections. The public catalogues are pulled
 * only; the server answers them with or without a token.
 */
import { filter } from 'rxjs';
import { LOCAL_USER_ID } from '../../schemas/identity.ts';
import {
  isTempId,
  pulledCatalogueCollections,
  replicationBasePath,
  syncLimits,
  type PullResponse,
  type PulledCatalogueCollection,
  type PushResponse,
  type ReplicatedCollection,
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
 * Rows per RxDB push batch and documents per pull. Each batch costs the device a read of the
 * collection's changes (two index ranges, src/db/changes-since-storage.ts), a checkpoint write
 * and its share of RxDB's bookkeeping, so batches are large and cut into requests the server
 * takes (encodePushRequests: 500 rows, 8 MiB). Pulls ask for the server's most, 500, except
 * track chunks: up to ~40 KB each, 20 per push and 200 per pull keep each request and answer
 * near 8 MiB.
 */
const pushBatchSizes: Partial<Record<ReplicatedCollection, number>> = { trackChunks: 20 };
const defaultPushBatchSize = 4 * syncLimits.maxPushRows;
const pullBatchSizes: Partial<Record<ReplicatedCollection, number>> = { trackChunks: 200 };
const defaultPullBatchSize = syncLimits.maxPullBatch;
const pushRequestLimits = {
  maxRows: syncLimits.maxPushRows,
  maxBodyBytes: syncLimits.maxPushBodyBytes,
};

const catalogueSet = new Set<string>(pulledCatalogueCollections);

/** True for a public catalogue (pulled by everyone, never pushed). */
export function isCatalogueCollection(
  collection: ReplicatedCollection,
): collection is PulledCatalogueCollection {
  return catalogueSet.has(collection);
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
  identifier: (collection: ReplicatedCollection) => string;
}

/** The part of the status a collection's outcomes belong to. */
function partOf(collection: ReplicatedCollection): SyncPart {
  return isCatalogueCollection(collection) ? { catalogue: collection } : { rider: true };
}

/**
 * Starts replicating `collection` at once: a checkpointed pull (and the stream's changes), plus
 * pushes for a rider collection that skip temp- documents until they are promoted. Never
 * throws; outcomes go to the reporter, which sets the retry delay.
 */
export function startSyncedCollection(
  setup: ReplicationSetup,
  collection: ReplicatedCollection,
): CollectionReplication {
  const { transport, reporter, stream } = setup;
  const base = replicationBasePath(collection);
  const part = partOf(collection);
  // RxDB begins every replication with a checkpointed pull. A stream that opened before that
  // pull was sent misses nothing the pull will not read (the server reads after the stream
  // listens), so its RESYNC would only repeat the pull: a second round of requests for every
  // collection once the first answers were stored.
  let pullAsked = false;
  const stream$ = stream?.of(collection).pipe(filter((item) => item !== 'RESYNC' || pullAsked));
  return startCollectionReplication(setup.db, collection, {
    identifier: setup.identifier(collection),
    retryDelayMs: retryBaseDelayMs,
    pull: {
      batchSize: pullBatchSizes[collection] ?? defaultPullBatchSize,
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
    ...(isCatalogueCollection(collection)
      ? {}
      : {
          push: {
            batchSize: pushBatchSizes[collection] ?? defaultPushBatchSize,
            // temp- documents wait for promotion; a signed-out rider's records and achievement
            // progress wait for adoptAnonymousRecords on sign-in.
            shouldPush: (document: WireDocument) =>
              !isTempId(document.id) &&
              !(
                (collection === 'records' || collection === 'userAchievements') &&
                document.userId === LOCAL_USER_ID
              ),
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
