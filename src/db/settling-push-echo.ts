/**
 * Delivers the server's documents a second time when they arrived while a push of the same
 * collection was settling, so a rider's device always adopts the state the server stored.
 *
 * Why: RxDB stores a push in two steps, the server's answer and then its bookkeeping (the
 * server state it now assumes, `upstream.js`). The server changes what it stores (server-owned
 * fields: `status: synced`, the owner) and streams that state at once. RxDB holds the stream
 * back while its upstream is busy, except in the sweep of unsent documents it runs after a
 * RESYNC ("Sync now", back online, a reconnected stream), which it starts by marking the
 * upstream idle. A streamed copy stored before the bookkeeping then finds the device's copy
 * looking like an unpushed local change and is skipped (`downstream.js`), and the checkpoint
 * moves past it: a trail submission sent from the field stayed "Saved on this device" until
 * the rider's next change, most often on a busy phone. Repeating, once the push's bookkeeping
 * is stored, what the server sent meanwhile lets RxDB compare again; a copy it already has is
 * equal and costs one read.
 */
import { Subject, type Observable } from 'rxjs';
import type { SyncCheckpoint, WireDocument } from '../../schemas/sync-protocol.ts';

/** One batch of the server's documents, as the pull stream hands them to RxDB. */
export interface ServerBatch {
  documents: WireDocument[];
  checkpoint: SyncCheckpoint;
}

export interface SettlingPushEcho {
  /** The repeated batches, to merge into the pull stream RxDB reads. */
  readonly echo$: Observable<ServerBatch>;
  /**
   * Runs one push request. Until it has failed, or succeeded and `settled` resolved (RxDB's
   * bookkeeping of it is stored), the server's documents `seen` are kept to be repeated.
   */
  pushing<T>(request: () => Promise<T>, settled: () => Promise<unknown>): Promise<T>;
  /** Notes documents the server sent (a pull answer or a stream batch) with their checkpoint. */
  seen(documents: readonly WireDocument[], checkpoint: SyncCheckpoint | undefined): void;
}

/** True when checkpoint `a` is later on the server's clock than `b` (server time, then id). */
function isLater(a: SyncCheckpoint, b: SyncCheckpoint | undefined): boolean {
  if (!b) return true;
  return a.serverTime !== b.serverTime ? a.serverTime > b.serverTime : a.id > b.id;
}

/** A fresh echo for one collection's replication. */
export function createSettlingPushEcho(): SettlingPushEcho {
  const echo$ = new Subject<ServerBatch>();
  let settling = 0;
  // The latest checkpoint seen: a repeated batch must not move RxDB's checkpoint back.
  let latest: SyncCheckpoint | undefined;
  const kept = new Map<string, WireDocument>();
  const close = () => {
    settling -= 1;
    if (settling > 0 || kept.size === 0 || !latest) return;
    const documents = [...kept.values()];
    kept.clear();
    echo$.next({ documents, checkpoint: latest });
  };
  return {
    echo$,
    async pushing(request, settled) {
      settling += 1;
      let result;
      try {
        result = await request();
      } catch (error) {
        close();
        throw error;
      }
      void settled()
        .catch(() => undefined)
        .then(close);
      return result;
    },
    seen(documents, checkpoint) {
      if (checkpoint && isLater(checkpoint, latest)) latest = checkpoint;
      if (settling === 0) return;
      for (const document of documents) kept.set(document.id, document);
    },
  };
}
