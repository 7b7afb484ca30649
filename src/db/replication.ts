/**
 * Starts RxDB's replication of one collection with handlers the sync layer supplies
 * (docs/architecture.md#sync: `replicateRxCollection` with our own fetch handlers). This is the only
 * place that touches RxDB's replication plugin; src/sync builds the handlers and drives the
 * returned handle through plain rxjs observables.
 */
import { EMPTY, merge, tap, type Observable, type Subscription } from 'rxjs';
import {
  awaitRxStorageReplicationFirstInSync,
  awaitRxStorageReplicationInSync,
  ensureNotFalsy,
} from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { SyncCheckpoint, WireDocument } from '../../schemas/sync-protocol.ts';
import { yieldToMain } from '../lib/scheduling/yield-to-main.ts';
import { slicedPull } from '../lib/sync/pull-slices.ts';
import type { AppDatabase } from './database.ts';
import { repairPullBookkeepingOnStart } from './pull-bookkeeping-repair.ts';
import { createSettlingPushEcho, type SettlingPushEcho } from './settling-push-echo.ts';
import { toWireDocument } from './wire-document.ts';

/** What the sync layer provides for one collection. */
export interface CollectionReplicationOptions {
  /** Names the stored checkpoints: include the server and the user so each resumes its own. */
  identifier: string;
  pull: {
    handler(
      checkpoint: SyncCheckpoint | undefined,
      batchSize: number,
    ): Promise<{
      documents: WireDocument[];
      checkpoint: SyncCheckpoint | undefined;
    }>;
    /** Changes the server streams, and 'RESYNC' after each (re)connection. */
    stream$?: Observable<{ documents: WireDocument[]; checkpoint: SyncCheckpoint } | 'RESYNC'>;
    /** Documents per request to the server. */
    batchSize: number;
    /**
     * Most approximate JSON characters stored in one write (default `defaultPullSliceChars`):
     * a page is stored in slices of about this size, the main thread free between them.
     */
    sliceChars?: number;
  };
  /** Absent for pull-only catalogues. */
  push?: {
    /** Answers the server's state of every conflicting row. */
    handler(
      rows: { assumedMasterState?: WireDocument; newDocumentState: WireDocument }[],
    ): Promise<WireDocument[]>;
    batchSize: number;
    /** Return false to keep a document on the device (temp- ids, public documents). */
    shouldPush(document: WireDocument): boolean;
    /**
     * False for a document only this device holds (a temp- id before promotion, a signed-out
     * rider's document held until adoption): it can never have come from a pull, so the
     * repair of lost pull bookkeeping (pull-bookkeeping-repair.ts) leaves it alone.
     */
    hasServerCopy(document: WireDocument): boolean;
  };
  /** First retry delay after a failed request, ms; adjustable later with `setRetryDelay`. */
  retryDelayMs: number;
}

/**
 * Approximate JSON characters of the first slice of a pull stored in one write; later slices
 * are sized so that storing one takes about `pullSliceTargetMs`. About 64 KB keeps a first
 * slice's tasks (the storage's reads and writes, RxDB's change events, the queries and screens
 * they update) under 100 ms on a mid-range phone (CPU 4x slower than a desktop).
 */
export const defaultPullSliceChars = 64 * 1024;

/**
 * How long storing one slice should take, ms. Below the 50 ms of a long task, so a phone
 * stores the trail catalogue in many short writes, while a desktop, which stores a slice in a
 * few milliseconds, grows its slices and is not slowed by waiting between a dozen of them.
 */
export const pullSliceTargetMs = 40;

/**
 * The checkpoint the server understands from what RxDB hands the pull handler: RxDB merges the
 * checkpoints it stores into one object, and an empty one (the slices of a first page) means
 * none yet.
 */
function protocolCheckpoint(checkpoint: SyncCheckpoint | undefined): SyncCheckpoint | undefined {
  return checkpoint && typeof checkpoint.id === 'string'
    ? { id: checkpoint.id, serverTime: checkpoint.serverTime }
    : undefined;
}

/** A running replication, in terms the sync layer can use without RxDB types. */
export interface CollectionReplication {
  /** Every failed pull or push, as RxDB reports it (it retries by itself). */
  readonly error$: Observable<Error>;
  /** True while a pull or push runs. */
  readonly active$: Observable<boolean>;
  /**
   * Resolves once everything local is pushed and the server's changes are pulled. To await
   * several, use `awaitReplicationsInSync`.
   */
  awaitInSync(): Promise<void>;
  /** Runs a checkpointed pull now (after a reconnect or a "Sync now"). */
  reSync(): void;
  /** Sets the delay before the next retry of a failed request, ms. */
  setRetryDelay(ms: number): void;
  /** Stops the replication; stored checkpoints stay for the next start. */
  cancel(): Promise<void>;
}

/**
 * Starts replicating `collection` of `db` right away (no leader election: the app runs the sync
 * engine in one tab at a time itself). Never throws; failures arrive on `error$`.
 */
export function startCollectionReplication(
  db: AppDatabase,
  collection: string,
  options: CollectionReplicationOptions,
): CollectionReplication {
  const push = options.push;
  // The pull-only public catalogues (the first visit's megabyte) are stored in slices
  // (src/lib/sync/pull-slices.ts): the next waits until the previous is stored and the main
  // thread was yielded, so RxDB cannot merge them. A rider's own and shared collections arrive
  // a few documents at a time and keep RxDB's own pull, whose order with the server's stream
  // of changes the sync tests prove.
  const sliced = !push;
  const echo = push ? createSettlingPushEcho() : null;
  const storedSlices = watchStoredDocuments();
  const pullSlices = slicedPull<WireDocument, SyncCheckpoint>({
    fetchPage: (checkpoint, limit) => options.pull.handler(checkpoint, limit),
    pageSize: options.pull.batchSize,
    maxSliceChars: options.pull.sliceChars ?? defaultPullSliceChars,
    targetSliceMs: pullSliceTargetMs,
    normalizeCheckpoint: protocolCheckpoint,
    afterSlice: async (slice) => {
      await storedSlices.stored(slice, () => db.requestIdlePromise());
      await yieldToMain();
    },
  });
  const state: RxReplicationState<Record<string, unknown>, SyncCheckpoint> = replicateRxCollection<
    Record<string, unknown>,
    SyncCheckpoint
  >({
    replicationIdentifier: options.identifier,
    collection: db.collections[collection as keyof AppDatabase['collections']] as never,
    live: true,
    retryTime: options.retryDelayMs,
    waitForLeadership: false,
    autoStart: true,
    pull: {
      ...(sliced
        ? {
            handler: (checkpoint: SyncCheckpoint | undefined) => pullSlices(checkpoint),
            // RxDB stops a pull at an answer smaller than this; slices of any size must not
            // stop it.
            batchSize: 1,
          }
        : {
            handler: async (checkpoint: SyncCheckpoint | undefined, batchSize: number) => {
              const answer = await options.pull.handler(checkpoint, batchSize);
              echo?.seen(answer.documents, answer.checkpoint);
              return answer;
            },
            batchSize: options.pull.batchSize,
          }),
      ...pullStream(options.pull.stream$, echo),
    },
    ...(push && echo ? { push: rxdbPushOptions(push, echo, () => state) } : {}),
  });
  if (sliced) storedSlices.follow(state.received$ as Observable<{ id?: unknown }>);
  const replication: CollectionReplication = {
    error$: merge(
      state.error$ as Observable<Error>,
      push ? repairPullBookkeepingOnStart(state, push.hasServerCopy) : EMPTY,
    ),
    active$: state.active$,
    awaitInSync: () => awaitReplicationsInSync(db, [replication]),
    reSync: () => state.reSync(),
    setRetryDelay(ms) {
      state.retryTime = ms;
    },
    async cancel() {
      storedSlices.stop();
      await state.cancel();
    },
  };
  replicationStates.set(replication, state);
  return replication;
}

/**
 * The pull stream RxDB reads: the server's stream (noted by `echo`, when the collection pushes)
 * and the echo's repeated batches; none for a collection without either.
 */
function pullStream(
  stream$: CollectionReplicationOptions['pull']['stream$'],
  echo: SettlingPushEcho | null,
): { stream$?: NonNullable<CollectionReplicationOptions['pull']['stream$']> } {
  if (!echo) return stream$ ? { stream$ } : {};
  const noted = stream$?.pipe(
    tap((item) => {
      if (item !== 'RESYNC') echo.seen(item.documents, item.checkpoint);
    }),
  );
  return { stream$: noted ? merge(noted, echo.echo$) : echo.echo$ };
}

/**
 * RxDB's push options for `push`: documents leave as wire documents, unless kept on the device.
 * Each request runs through `echo`, settled once RxDB's upstream queue (which stores the push's
 * bookkeeping right after the answer) has moved on.
 */
function rxdbPushOptions(
  push: NonNullable<CollectionReplicationOptions['push']>,
  echo: SettlingPushEcho,
  replicationState: () => RxReplicationState<Record<string, unknown>, SyncCheckpoint>,
) {
  return {
    batchSize: push.batchSize,
    modifier: (document: Record<string, unknown>) => {
      const wire = toWireDocument(document);
      return push.shouldPush(wire) ? wire : null;
    },
    handler: async (
      rows: { assumedMasterState?: unknown; newDocumentState: unknown }[],
    ): Promise<never> =>
      echo.pushing(
        () =>
          push.handler(
            rows.map((row) => ({
              ...(row.assumedMasterState
                ? { assumedMasterState: row.assumedMasterState as WireDocument }
                : {}),
              newDocumentState: row.newDocumentState as WireDocument,
            })),
          ),
        // Read now, inside the upstream's running task: the queue's tail then ends after it.
        () => replicationState().internalReplicationState?.streamQueue.up ?? Promise.resolve(),
      ) as never,
  };
}

/**
 * Tells when the documents of a pulled slice are stored: RxDB's replication reports each
 * document it wrote to the collection (`received$`). A document equal to the stored one is not
 * written and never reported (a pull repeated after an interruption), so the wait also ends once
 * the database is idle (`idle`), which a busy first visit reaches only much later.
 */
function watchStoredDocuments() {
  let waiting: { ids: Set<unknown>; done: () => void } | null = null;
  let subscription: Subscription | null = null;
  return {
    follow(received$: Observable<{ id?: unknown }>) {
      subscription = received$.subscribe((document) => {
        if (!waiting) return;
        waiting.ids.delete(document.id);
        if (waiting.ids.size === 0) waiting.done();
      });
    },
    stored(slice: readonly WireDocument[], idle: () => Promise<unknown>): Promise<void> {
      const stored = new Promise<void>((resolve) => {
        const done = () => {
          waiting = null;
          resolve();
        };
        waiting = { ids: new Set(slice.map((document) => document.id)), done };
      });
      return Promise.race([stored, idle().then(() => undefined)]);
    },
    stop() {
      subscription?.unsubscribe();
      waiting?.done();
    },
  };
}

/** The RxDB state behind each handle `startCollectionReplication` returned. */
const replicationStates = new WeakMap<
  CollectionReplication,
  RxReplicationState<Record<string, unknown>, SyncCheckpoint>
>();

/**
 * Resolves once every one of `replications` (all replicating collections of `db`) has pushed
 * everything local and pulled the server's changes. This is RxDB's `awaitInSync` for each
 * (first sync done, then twice: database idle, both directions' queues drained), except that
 * the idle waits are shared. The database grants idle waits one at a time, two timer ticks
 * each, so RxDB's own call on a dozen collections spent ~130 ms (Node; more with a browser's
 * 4 ms timer clamp) waiting on timers after the work was done.
 */
export async function awaitReplicationsInSync(
  db: AppDatabase,
  replications: readonly CollectionReplication[],
): Promise<void> {
  const states = replications.map((replication) => {
    const state = replicationStates.get(replication);
    if (!state) throw new Error('not a replication started by startCollectionReplication');
    return state;
  });
  await Promise.all(
    states.map(async (state) => {
      await state.startPromise;
      await awaitRxStorageReplicationFirstInSync(ensureNotFalsy(state.internalReplicationState));
    }),
  );
  // Twice, as RxDB does: a change the stream delivers while the queues drain is caught too.
  for (let round = 0; round < 2; round += 1) {
    // A write still in flight has not reached the upstream yet; the idle wait outlasts it.
    await db.requestIdlePromise();
    await Promise.all(
      states.map((state) =>
        awaitRxStorageReplicationInSync(ensureNotFalsy(state.internalReplicationState)),
      ),
    );
  }
}
