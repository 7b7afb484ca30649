/**
 * Repairs documents whose pull RxDB stored without its bookkeeping, which would otherwise never
 * change again on this device (docs/architecture.md#sync, "Lost pull bookkeeping").
 *
 * RxDB's downstream stores a pulled document, then, in a second write, the server state it now
 * assumes (a row of the replication's meta storage). The first write of a new document drops
 * the origin marker (`_meta.o`) RxDB relies on to recognise its own writes, so when the page
 * goes away between the two writes (a rider closing the app as a report arrives), the document
 * is left at revision 1 without an assumed server state. From then on RxDB takes it for a local
 * change not yet pushed and skips every later server state of it; the upstream, which ignored
 * the pull's write, never pushes it, and for another rider's report nothing would be pushed
 * anyway. The document is frozen until the server changes it again, and stays frozen then.
 *
 * The repair runs once the replication's first sync is done, inside RxDB's own downstream queue
 * so no pull writes meanwhile: every document at revision 1 that the upstream has already
 * passed and that has a server copy but no assumed server state gets its stored state recorded
 * as the assumed one (true: it came from the server, and was never changed here). If any did,
 * the pull starts again from the beginning, so the server states skipped meanwhile arrive.
 * Each document is checked once: a watermark stored beside RxDB's checkpoints remembers how far
 * the check went.
 */
import { Subject, type Observable } from 'rxjs';
import {
  awaitRxStorageReplicationFirstInSync,
  ensureNotFalsy,
  getAssumedMasterState,
  getChangedDocumentsSince,
  getHeightOfRevision,
  getLastCheckpointDoc,
  getMetaWriteRow,
  setCheckpoint,
  writeDocToDocState,
  type RxStorageInstanceReplicationState,
} from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { SyncCheckpoint, WireDocument } from '../../schemas/sync-protocol.ts';

/** Where a scan of the device's documents stands: RxDB's change order, by write time then id. */
interface ChangeCheckpoint {
  id: string;
  lwt: number;
}

/**
 * The name of the watermark among the replication's checkpoints ('up' and 'down' are RxDB's).
 * RxDB keeps checkpoints per direction in the meta storage; a third name is stored the same way.
 */
const watermarkName = 'pull-bookkeeping-checked' as 'down';

/** Documents read per step of the scan. */
const scanBatchSize = 200;

/** The pull checkpoint that asks the server for every document of the collection. */
const fromTheBeginning: SyncCheckpoint = { id: '', serverTime: 0 };

/** True when `position` (write time, primary key) comes after `checkpoint` in RxDB's change order. */
function isAfter(position: ChangeCheckpoint, checkpoint: ChangeCheckpoint) {
  return (
    position.lwt > checkpoint.lwt ||
    (position.lwt === checkpoint.lwt && position.id > checkpoint.id)
  );
}

/**
 * Records the stored state as the assumed server state of every document of `state`'s fork
 * that lost it (see the module comment), scanning from the stored watermark up to the
 * upstream's checkpoint. `hasServerCopy` is false for documents only this device holds (a
 * temp- id before promotion, a signed-out rider's document held until adoption), which must
 * never be taken for pulled ones. Returns how many were repaired; the caller restarts the pull
 * when that is more than zero. Call it inside the downstream queue (`queuePullBookkeepingRepair`).
 */
async function repairLostPullBookkeeping(
  state: RxStorageInstanceReplicationState<Record<string, unknown>>,
  hasServerCopy: (document: WireDocument) => boolean,
): Promise<number> {
  const upstreamPassed = state.lastCheckpointDoc.up?.checkpointData as ChangeCheckpoint | undefined;
  // With no upstream checkpoint the upstream's first run reads every document and records it.
  if (!upstreamPassed) return 0;
  const fork = state.input.forkInstance;
  let cursor = (await getLastCheckpointDoc(state, watermarkName)) as ChangeCheckpoint | undefined;
  const keyOf = (document: Record<string, unknown>) => String(document[state.primaryPath]);
  let repaired = 0;
  for (;;) {
    const { documents } = await getChangedDocumentsSince(fork, scanBatchSize, cursor);
    const passed = documents.filter(
      (document) => !isAfter({ id: keyOf(document), lwt: document._meta.lwt }, upstreamPassed),
    );
    const candidates = passed.filter(
      (document) =>
        getHeightOfRevision(document._rev) === 1 &&
        hasServerCopy(writeDocToDocState(document, false, false) as unknown as WireDocument),
    );
    if (candidates.length > 0) {
      const assumed = await getAssumedMasterState(state, candidates.map(keyOf));
      const lost = candidates.filter((document) => !assumed[keyOf(document)]);
      if (lost.length > 0) {
        const rows = await Promise.all(
          lost.map((document) =>
            getMetaWriteRow(state, writeDocToDocState(document, false, false), undefined),
          ),
        );
        const result = await state.input.metaInstance.bulkWrite(rows, 'pull-bookkeeping-repair');
        // A row written meanwhile (409) already holds an assumed state: nothing left to repair.
        const failed = result.error.filter((error) => error.status !== 409);
        if (failed.length > 0) throw new Error(`could not record ${failed.length} pulled states`);
        repaired += lost.length;
      }
    }
    const last = passed.at(-1);
    if (last) {
      cursor = { id: keyOf(last), lwt: last._meta.lwt };
      await setCheckpoint(state, watermarkName, cursor);
    }
    if (passed.length < documents.length || documents.length < scanBatchSize) break;
  }
  if (repaired > 0) await setCheckpoint(state, 'down', fromTheBeginning);
  return repaired;
}

/**
 * Runs `repairLostPullBookkeeping` once `state`'s first sync is done, queued behind RxDB's
 * downstream work, then, if it repaired anything, calls `reSync` so the pull starts over from the
 * beginning. Resolves when done; rejects with the storage's error.
 */
async function queuePullBookkeepingRepair(
  state: RxStorageInstanceReplicationState<Record<string, unknown>>,
  hasServerCopy: (document: WireDocument) => boolean,
  reSync: () => void,
): Promise<void> {
  let repaired = 0;
  const repair = async () => {
    if (state.events.canceled.getValue()) return;
    repaired = await repairLostPullBookkeeping(state, hasServerCopy);
  };
  const queued = state.streamQueue.down.then(repair);
  // The queue must go on after a failed repair; the failure is the caller's to report.
  state.streamQueue.down = queued.catch(() => undefined);
  await queued;
  if (repaired > 0 && !state.events.canceled.getValue()) reSync();
}

/**
 * Starts the repair of lost pull bookkeeping (see the module comment) for a replication that
 * pushes, once its first sync is done. Emits the repair's error, if any, then completes.
 */
export function repairPullBookkeepingOnStart(
  replication: RxReplicationState<Record<string, unknown>, SyncCheckpoint>,
  hasServerCopy: (document: WireDocument) => boolean,
): Observable<Error> {
  const errors = new Subject<Error>();
  void replication.startPromise
    .then(async () => {
      const state = ensureNotFalsy(replication.internalReplicationState);
      await awaitRxStorageReplicationFirstInSync(state);
      await queuePullBookkeepingRepair(state, hasServerCopy, () => replication.reSync());
    })
    .catch((error: unknown) =>
      errors.next(error instanceof Error ? error : new Error(String(error))),
    )
    .finally(() => errors.complete());
  return errors;
}
