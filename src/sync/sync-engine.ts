/**
 * The sync engine (docs/architecture.md#sync), the one pipeline between the
 * device and the server. For every visitor it pulls the public catalogues (trails, WMAs,
 * campgrounds, achievements) into RxDB; while a rider is signed in it also replicates their
 * collections both ways and promotes temp- documents. One change stream carries both, and one
 * status store reports both (the catalogue part is also kept in the 'catalogue-status' local
 * document, so it survives a reload). It never blocks the UI: failures only change the status
 * and are retried with backoff (1 s doubling, capped 30 s; requirements §core-9); "Sync now" or the
 * browser coming back online retries at once.
 */
import {
  combineLatest,
  debounceTime,
  distinctUntilChanged,
  map,
  merge,
  type Subscription,
} from 'rxjs';
import { allCollections, type CollectionName } from '../../schemas/collections/index.ts';
import type { PromotableCollection } from '../../schemas/sync-protocol.ts';
import {
  inPromotionOrder,
  isCatalogue,
  isPulledByEveryone,
  isPushedByRiders,
  type CollectionDescriptor,
} from '../../schemas/collections/descriptor.ts';
import {
  readCatalogueStatus,
  writeCatalogueStatus,
  type CatalogueStatus,
} from '../db/catalogue-status.ts';
import type { AppDatabase } from '../db/database.ts';
import { awaitReplicationsInSync, type CollectionReplication } from '../db/replication.ts';
import { startSyncedCollection } from './collection-replications.ts';
import { createPromotionRunner, type PromotionRunner } from './promotion-runner.ts';
import { followPublishedRegulations } from './published-regulations-refresh.ts';
import { adoptAnonymousRecords } from '../db/records.ts';
import { clearDeletedAccount, watchAccountDeletion } from './account-deleted-watch.ts';
import { createSyncStream, type SyncStream } from './replication-stream.ts';
import { createSyncReporter, type SyncReporter } from './sync-reporting.ts';
import { createSyncStatusStore, type SyncStatusStore } from './sync-status.ts';
import type { SyncTransport } from './sync-transport.ts';

export { describeSyncError } from './sync-reporting.ts';

export interface SyncEngineOptions {
  db: AppDatabase;
  transport: SyncTransport;
  /**
   * The signed-in rider, or null for a guest (catalogues only). Part of the stored checkpoints'
   * names of the rider's collections, so riders never share them.
   */
  userId: string | null;
  /** Names the server (its origin) in the stored checkpoints. */
  serverIdentity: string;
  /** Where the status goes; a new store when absent. */
  status?: SyncStatusStore;
  /** Listen to the server's change stream (default true); tests of the pull alone turn it off. */
  live?: boolean;
  /** Whether the device has a network (default: `navigator.onLine`, true outside browsers). */
  isOnline?: () => boolean;
  now?: () => number;
  /** Longest wait of the first pulls for the change stream to open, ms (default 2,000). */
  streamWaitMs?: number;
  /**
   * The collections of `db`, as descriptors (default: the app's). The engine pulls the
   * catalogues among them for everyone and syncs the rider's while `userId` is set.
   */
  collections?: readonly CollectionDescriptor[];
  /**
   * Called once the server answered 410 `account-deleted` for the rider, after the engine
   * stopped and removed the rider's documents from this device (the app then signs out).
   */
  onAccountDeleted?: () => void;
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

/** Wait this long after trips, plans or waypoints change before promoting, ms (a burst is one run). */
const promotionDebounceMs = 500;

/**
 * How long the first pulls wait for the change stream to open, ms. A pull sent after the stream
 * opened needs no second round for the stream's RESYNC (4 more requests for a guest, 12 for a
 * signed-in rider, at every start where the stream opened late); a stream slower than this
 * does not hold the pulls back, and its RESYNC then runs the second round as before.
 */
const defaultStreamWaitMs = 2000;

/**
 * Opens `stream` now, before the first pulls, and holds it until `release`. `attempted`
 * resolves once its first attempt has opened or failed, or after `waitMs` at most; at once
 * without a stream.
 */
function holdStream(
  stream: SyncStream | null,
  waitMs: number,
): { attempted: Promise<void>; release(): void } {
  if (!stream) return { attempted: Promise.resolve(), release: () => undefined };
  const held = stream.hold();
  const attempted = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    void held.attempted.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { attempted, release: held.release };
}

/**
 * The promotion runner of the promotable collections among `collections` (in promotion order),
 * or null for a guest or when there are none. Only those this engine syncs: a database opened
 * with fewer collections (a test's own) has no others to read.
 */
function promotionRunnerOf(
  userId: string | null,
  collections: readonly CollectionDescriptor[],
  db: AppDatabase,
  transport: SyncTransport,
  reporter: SyncReporter,
  onActivity: () => void,
): PromotionRunner | null {
  const promotable = inPromotionOrder(collections).map(
    (collection) => collection.name as PromotableCollection,
  );
  if (!userId || promotable.length === 0) return null;
  return createPromotionRunner(db, transport, reporter, onActivity, promotable);
}

/**
 * Starts syncing at once (catalogues for everyone, the rider's collections when `userId` is
 * set) and returns the running engine. Never throws; every failure is reported through the
 * status and retried with backoff, except the server's 410 `account-deleted`, on which the
 * engine stops and clears the rider's data (account-deleted-watch.ts).
 */
export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, userId, onAccountDeleted } = options;
  let engine: SyncEngine | null = null;
  const transport = watchAccountDeletion(options.transport, () =>
    clearDeletedAccount(engine!, db, userId, onAccountDeleted),
  );
  engine = startEngine({ ...options, transport });
  return engine;
}

/** `startSyncEngine` without the watch for a deleted account. */
function startEngine(options: SyncEngineOptions): SyncEngine {
  const { db, transport, userId } = options;
  const status = options.status ?? createSyncStatusStore();
  const isOnline =
    options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const collections = (options.collections ?? allCollections).filter(
    (collection) => isPulledByEveryone(collection) || (userId && isPushedByRiders(collection)),
  );
  const replications: CollectionReplication[] = [];
  const reporter = createSyncReporter({
    status,
    isOnline,
    now: options.now ?? (() => Date.now()),
    onRetryDelay: (delay) =>
      replications.forEach((replication) => replication.setRetryDelay(delay)),
  });
  const stream =
    options.live === false
      ? null
      : createSyncStream(transport, collections, (error) =>
          reporter.fail(userId ? { rider: true } : null, error),
        );
  const identifier = (collection: CollectionDescriptor) =>
    `${collection.name}|${options.serverIdentity}|${isCatalogue(collection) ? 'public' : (userId ?? 'public')}`;
  const heldStream = holdStream(stream, options.streamWaitMs ?? defaultStreamWaitMs);
  const streamAttempted = heldStream.attempted;
  for (const collection of collections) {
    replications.push(
      startSyncedCollection(
        { db, transport, reporter, stream, streamAttempted, identifier, userId: userId ?? null },
        collection,
      ),
    );
  }
  if (userId) status.update({ phase: isOnline() ? 'syncing' : 'offline' });
  const promotion = promotionRunnerOf(userId, collections, db, transport, reporter, () => settle());
  let activity = { rider: false, catalogue: false };
  const settle = () =>
    reporter.settle({
      rider: activity.rider || Boolean(promotion?.active),
      catalogue: activity.catalogue,
    });
  const subscriptions = watchActivity(db, collections, replications, promotion, userId, (next) => {
    activity = next;
    settle();
  });
  const persistence = persistCatalogueStatus(db, status);
  subscriptions.push(followPublishedRegulations(db, transport, status));
  const detach = listenToNetwork(status, () => engine.syncNow(), Boolean(userId));
  void promotion?.run();
  // What the rider learned signed out becomes theirs (when this engine syncs such collections).
  if (userId && collections.some((collection) => collection.heldUntilAdopted))
    adoptAnonymousRecords(db, userId, Date.now()).catch((error: unknown) =>
      reporter.fail({ rider: true }, error),
    );

  const engine: SyncEngine = {
    status,
    syncNow() {
      reporter.resetBackoff();
      stream?.retryNow();
      for (const replication of replications) replication.reSync();
      void promotion?.run();
    },
    async awaitInSync() {
      // A lost answer fails a run; what it left under temp- ids waits for a retry's promotion.
      await promotion?.runUntilPromoted();
      await awaitReplicationsInSync(db, replications);
      // Pushing may have finished a trip's promotion prerequisites; settle once more.
      await promotion?.runUntilPromoted();
      await awaitReplicationsInSync(db, replications);
    },
    async stop() {
      reporter.close();
      for (const subscription of subscriptions) subscription.unsubscribe();
      detach();
      await Promise.all(replications.map((replication) => replication.cancel()));
      heldStream.release();
      await promotion?.stop();
      await persistence.stop();
    },
  };
  return engine;
}

/**
 * True when a collection's outcomes are the public (catalogue) part of the status: the
 * catalogues, and for a guest the shared collections, which they only pull.
 */
function isPublicPart(collection: CollectionDescriptor, userId: string | null | undefined) {
  return isCatalogue(collection) || (!userId && isPulledByEveryone(collection));
}

/**
 * Follows which part is busy (rider replications or promotion, catalogue pulls) and runs a
 * promotion after trips, plans or waypoints change (debounced, so a burst is one run).
 */
function watchActivity(
  db: AppDatabase,
  collections: readonly CollectionDescriptor[],
  replications: readonly CollectionReplication[],
  promotion: PromotionRunner | null,
  userId: string | null | undefined,
  onActivity: (activity: { rider: boolean; catalogue: boolean }) => void,
): Subscription[] {
  const subscriptions = [
    combineLatest(replications.map((replication) => replication.active$)).subscribe((active) =>
      onActivity({
        rider: active.some((busy, index) => busy && !isPublicPart(collections[index]!, userId)),
        catalogue: active.some((busy, index) => busy && isPublicPart(collections[index]!, userId)),
      }),
    ),
  ];
  const promotable = collections.filter((collection) => collection.idRule.kind === 'promoted');
  if (promotion && promotable.length > 0) {
    subscriptions.push(
      merge(...promotable.map((collection) => db.collections[collection.name as CollectionName].$))
        .pipe(debounceTime(promotionDebounceMs))
        .subscribe(() => void promotion.run()),
    );
  }
  return subscriptions;
}

/**
 * Starts the status's catalogue part from the stored 'catalogue-status' document (the last
 * pull's time survives a reload) and stores every later change of it, so screens reading
 * `useCatalogueStatus` in any tab see what the engine sees. The returned `stop` ends the
 * storing and resolves once the last write has finished.
 */
function persistCatalogueStatus(
  db: AppDatabase,
  status: SyncStatusStore,
): { stop(): Promise<void> } {
  let loaded = false;
  let stopped = false;
  let writing: Promise<void> = Promise.resolve();
  const store = (catalogue: CatalogueStatus) => {
    if (stopped) return;
    const patch = { ...catalogue, refreshStartedAt: catalogue.isRefreshing ? Date.now() : null };
    writing = writing
      .then(() => writeCatalogueStatus(db, patch))
      .catch((error: unknown) => console.error('Could not store the catalogue status', error));
  };
  const reading = readCatalogueStatus(db)
    .then((stored) => {
      const current = status.get().catalogue;
      status.update({
        catalogue: { ...current, lastSyncedAt: current.lastSyncedAt ?? stored.lastSyncedAt },
      });
    })
    .catch((error: unknown) => console.error('Could not read the catalogue status', error))
    .finally(() => {
      loaded = true;
      store(status.get().catalogue);
    });
  const subscription = status.status$
    .pipe(
      map((value) => value.catalogue),
      distinctUntilChanged(
        (a, b) =>
          a.lastSyncedAt === b.lastSyncedAt &&
          a.error === b.error &&
          a.isRefreshing === b.isRefreshing,
      ),
    )
    .subscribe((catalogue) => {
      if (loaded) store(catalogue);
    });
  return {
    async stop() {
      subscription.unsubscribe();
      await reading;
      stopped = true;
      await writing;
    },
  };
}

/** Retries at once when the browser comes back online; returns the function that stops it. */
function listenToNetwork(
  status: SyncStatusStore,
  onOnline: () => void,
  signedIn: boolean,
): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onOffline = () => {
    if (signedIn) status.update({ phase: 'offline' });
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
