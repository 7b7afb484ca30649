/**
 * Starts RxDB's replication of one collection with handlers the sync layer supplies
 * (docs/architecture.md#sync: `replicateRxCollection` with our own fetch handlers). This is the only
 * place that touches RxDB's replication plugin; src/sync builds the handlers and drives the
 * returned handle through plain rxjs observables.
 */
import type { Observable } from 'rxjs';
import {
  awaitRxStorageReplicationFirstInSync,
  awaitRxStorageReplicationInSync,
  ensureNotFalsy,
} from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { SyncCheckpoint, WireDocument } from '../../schemas/sync-protocol.ts';
import type { AppDatabase } from './database.ts';
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
    batchSize: number;
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
  };
  /** First retry delay after a failed request, ms; adjustable later with `setRetryDelay`. */
  retryDelayMs: number;
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
      handler: (checkpoint, batchSize) => options.pull.handler(checkpoint, batchSize),
      ...(options.pull.stream$ ? { stream$: options.pull.stream$ } : {}),
      batchSize: options.pull.batchSize,
    },
    ...(push
      ? {
          push: {
            batchSize: push.batchSize,
            modifier: (document: Record<string, unknown>) => {
              const wire = toWireDocument(document);
              return push.shouldPush(wire) ? wire : null;
            },
            handler: async (rows) =>
              push.handler(
                rows.map((row) => ({
                  ...(row.assumedMasterState
                    ? { assumedMasterState: row.assumedMasterState as WireDocument }
                    : {}),
                  newDocumentState: row.newDocumentState as WireDocument,
                })),
              ) as never,
          },
        }
      : {}),
  });
  const replication: CollectionReplication = {
    error$: state.error$ as Observable<Error>,
    active$: state.active$,
    awaitInSync: () => awaitReplicationsInSync(db, [replication]),
    reSync: () => state.reSync(),
    setRetryDelay(ms) {
      state.retryTime = ms;
    },
    async cancel() {
      await state.cancel();
    },
  };
  replicationStates.set(replication, state);
  return replication;
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
