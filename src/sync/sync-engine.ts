/**
 * The sync engine (issue 4; docs/architecture.md#sync): while a rider is signed in it replicates their
 * collections both ways and pulls the public catalogues, promotes temp- documents, listens to
 * the server's change stream, and reports its state to a SyncStatusStore. It never blocks the
 * UI: everything runs in the background and failures only change the status. After a failure
 * every retry waits longer (1 s doubling, capped 30 s; core-platform §9), and "Sync now" or the
 * browser coming back online retries at once.
 */
import { combineLatest, debounceTime, merge, type Subscription } from 'rxjs';
import {
  isTempId,
  pulledCatalogueCollections,
  replicationBasePath,
  userSyncedCollections,
  type PullResponse,
  type PushResponse,
  type ReplicatedCollection,
  type WireDocument,
} from '../../schemas/sync-protocol.ts';
import type { AppDatabase } from '../db/database.ts';
import { adoptAnonymousRecords } from '../db/records.ts';
import { startCollectionReplication, type CollectionReplication } from '../db/replication.ts';
import { LOCAL_USER_ID } from '../db/trips.ts';
import { serverMessageOf } from '../lib/auth/auth-errors.ts';
import { retryBaseDelayMs, retryDelayMs } from '../lib/http/backoff.ts';
import { HttpError } from '../lib/http/request.ts';
import { createSyncStream } from './replication-stream.ts';
import { createSyncStatusStore, type SyncStatusStore } from './sync-status.ts';
import type { SyncTransport } from './sync-transport.ts';
import { promoteTempDocuments } from './temp-id-promotion.ts';

export interface SyncEngineOptions {
  db: AppDatabase;
  transport: SyncTransport;
  /** The signed-in rider; part of the stored checkpoints' names so riders never share them. */
  userId: string;
  /** Names the server (its origin) in the stored checkpoints. */
  serverIdentity: string;
  /** Where the status goes; a new store when absent. */
  status?: SyncStatusStore;
  /** Listen to the server's change stream (default true); tests of the pull alone turn it off. */
  live?: boolean;
  /** Whether the device has a network (default: `navigator.onLine`, true outside browsers). */
  isOnline?: () => boolean;
  now?: () => number;
}

export interface SyncEngine {
  readonly status: SyncStatusStore;
  /** Retries everything now: promotions, pushes and a checkpointed pull of every collection. */
  syncNow(): void;
  /** Resolves once every temp- document is promoted and every collection is in sync. */
  awaitInSync(): Promise<void>;
  /** Stops all replication and listening; local data and checkpoints stay. */
  stop(): Promise<void>;
}

/** Track chunks are up to ~40 KB each; 20 keep a push well under the server's 8 MiB limit. */
const pushBatchSizes: Partial<Record<ReplicatedCollection, number>> = { trackChunks: 20 };
const defaultPushBatchSize = 100;
const pullBatchSize = 200;
/** Wait this long after trips, plans or waypoints change before promoting, ms (a burst is one run). */
const promotionDebounceMs = 500;

/** A sync failure in words a rider can act on. */
export function describeSyncError(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 401) return 'Your session has expired. Sign in again to sync.';
    if (error.status >= 500) {
      return `The server had a problem (${error.status}). Sync will try again.`;
    }
    return serverMessageOf(error) ?? `The server refused the sync (${error.status}).`;
  }
  if (error instanceof TypeError) return 'Cannot reach the server. Sync will try again.';
  if (error instanceof Error && error.name === 'QuotaExceededError') {
    return 'This device is out of storage space. Free some space so sync can save what it receives.';
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Starts syncing for `options.userId` at once and returns the running engine. Never throws;
 * every failure is reported through the status and retried with backoff.
 */
export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, transport } = options;
  const status = options.status ?? createSyncStatusStore();
  const now = options.now ?? (() => Date.now());
  const isOnline =
    options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const subscriptions: Subscription[] = [];
  let stopped = false;
  let failures = 0;
  let lastOutcomeOk = true;

  const onFailure = (error: unknown) => {
    if (stopped) return;
    failures += 1;
    lastOutcomeOk = false;
    const delay = retryDelayMs(failures - 1);
    for (const replication of replications) replication.setRetryDelay(delay);
    status.update({
      phase: isOnline() ? 'error' : 'offline',
      lastError: describeSyncError(error),
      nextRetryAt: now() + delay,
    });
  };
  const onSuccess = () => {
    lastOutcomeOk = true;
    if (failures > 0) {
      failures = 0;
      for (const replication of replications) replication.setRetryDelay(retryBaseDelayMs);
    }
  };
  /** Wraps a request so its outcome feeds the status and the backoff. */
  const reported = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      const result = await work();
      onSuccess();
      return result;
    } catch (error) {
      onFailure(error);
      throw error;
    }
  };

  const identifier = (collection: ReplicatedCollection) =>
    `${collection}|${options.serverIdentity}|${options.userId}`;
  const stream =
    options.live === false
      ? null
      : createSyncStream(
          transport,
          [...userSyncedCollections, ...pulledCatalogueCollections],
          onFailure,
        );

  const replications: CollectionReplication[] = [];
  for (const collection of [...userSyncedCollections, ...pulledCatalogueCollections]) {
    const base = replicationBasePath(collection);
    const isUserCollection = (userSyncedCollections as readonly string[]).includes(collection);
    replications.push(
      startCollectionReplication(db, collection, {
        identifier: identifier(collection),
        retryDelayMs: retryBaseDelayMs,
        pull: {
          batchSize: pullBatchSize,
          ...(stream ? { stream$: stream.of(collection) } : {}),
          handler: (checkpoint, batchSize) =>
            reported(async () => {
              const query = new URLSearchParams({ limit: String(batchSize) });
              if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
              const answer = await transport.request<PullResponse>('GET', `${base}/pull?${query}`);
              return { documents: answer.documents, checkpoint: answer.checkpoint ?? undefined };
            }),
        },
        ...(isUserCollection
          ? {
              push: {
                batchSize: pushBatchSizes[collection] ?? defaultPushBatchSize,
                // temp- documents wait for promotion; public waypoints belong to the catalogue;
                // a signed-out rider's records wait for adoptAnonymousRecords.
                shouldPush: (document: WireDocument) =>
                  !isTempId(document.id) &&
                  !(collection === 'waypoints' && document.ownerId === null) &&
                  !(
                    (collection === 'records' || collection === 'userAchievements') &&
                    document.userId === LOCAL_USER_ID
                  ),
                handler: (rows) =>
                  reported(async () => {
                    const answer = await transport.request<PushResponse>('POST', `${base}/push`, {
                      rows,
                    });
                    return answer.conflicts;
                  }),
              },
            }
          : {}),
      }),
    );
  }

  // Promotion runs one at a time; a request during a run schedules one more run after it.
  let promotion: Promise<void> = Promise.resolve();
  let promotionQueued = false;
  let promotionActive = false;
  let promotionRetry: ReturnType<typeof setTimeout> | undefined;
  const promotionController = new AbortController();
  const runPromotion = (): Promise<void> => {
    if (promotionQueued) return promotion;
    promotionQueued = true;
    promotion = promotion.then(async () => {
      promotionQueued = false;
      if (stopped) return;
      promotionActive = true;
      refreshPhase();
      try {
        await reported(() => promoteTempDocuments(db, transport, promotionController.signal));
      } catch {
        if (!stopped) {
          clearTimeout(promotionRetry);
          promotionRetry = setTimeout(() => void runPromotion(), retryDelayMs(failures - 1));
        }
      } finally {
        promotionActive = false;
        refreshPhase();
      }
    });
    return promotion;
  };

  let replicationsActive = false;
  const refreshPhase = () => {
    if (stopped) return;
    if (replicationsActive || promotionActive) {
      status.update({ phase: isOnline() ? 'syncing' : 'offline' });
    } else if (lastOutcomeOk) {
      status.update({ phase: 'idle', lastSyncedAt: now(), lastError: null, nextRetryAt: null });
    } else {
      status.update({ phase: isOnline() ? 'error' : 'offline' });
    }
  };

  subscriptions.push(
    combineLatest(replications.map((replication) => replication.active$)).subscribe((active) => {
      replicationsActive = active.some(Boolean);
      refreshPhase();
    }),
    merge(db.trips.$, db.tripPlans.$, db.waypoints.$)
      .pipe(debounceTime(promotionDebounceMs))
      .subscribe(() => void runPromotion()),
  );

  const onOnline = () => engine.syncNow();
  const onOffline = () => status.update({ phase: 'offline' });
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }
  status.update({ phase: isOnline() ? 'syncing' : 'offline' });
  void runPromotion();
  // What the rider learned while signed out becomes theirs; the push then sends it.
  adoptAnonymousRecords(db, options.userId, now()).catch(onFailure);

  const engine: SyncEngine = {
    status,
    syncNow() {
      if (stopped) return;
      failures = 0;
      for (const replication of replications) {
        replication.setRetryDelay(retryBaseDelayMs);
        replication.reSync();
      }
      void runPromotion();
    },
    async awaitInSync() {
      await runPromotion();
      await Promise.all(replications.map((replication) => replication.awaitInSync()));
      // Pushing may have finished a trip's promotion prerequisites; settle once more.
      await runPromotion();
      await Promise.all(replications.map((replication) => replication.awaitInSync()));
    },
    async stop() {
      stopped = true;
      clearTimeout(promotionRetry);
      promotionController.abort();
      for (const subscription of subscriptions) subscription.unsubscribe();
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      }
      await Promise.all(replications.map((replication) => replication.cancel()));
      await promotion.catch(() => undefined);
    },
  };
  return engine;
}
