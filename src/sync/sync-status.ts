/**
 * What the sync engine tells the rider: whether it is
 * syncing, the last successful sync, the last error in words, and when it retries; and, for
 * every visitor, the state of the public catalogues' pull (one status for both). The pending
 * count is not here: it is read from the database (`usePendingSyncCount`), so it is right even
 * before the engine starts. The engine (sync-engine.ts) is the only writer.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import type { CatalogueStatus } from '../db/catalogue-status.ts';

/** The engine's phase. */
export type SyncPhase =
  /** No signed-in rider: nothing is synced, local work waits. */
  | 'signedOut'
  /** Signed in, everything sent and received. */
  | 'idle'
  /** A pull, push or temp- id promotion is running. */
  | 'syncing'
  /** The browser reports no network; sync resumes by itself when it returns. */
  | 'offline'
  /** The last attempt failed; `nextRetryAt` says when the next one runs. */
  | 'error';

export interface SyncStatus {
  phase: SyncPhase;
  /** End of the last attempt that completed without error, epoch ms; null if none yet. */
  lastSyncedAt: number | null;
  /** The last failure in words a rider can act on; null after a success. */
  lastError: string | null;
  /** When the backed-off retry is due, epoch ms; null when no retry is waiting. */
  nextRetryAt: number | null;
  /**
   * The public catalogues (trails, WMAs, campgrounds, achievements), pulled for every visitor
   * signed in or not: when all last finished pulling (epoch ms), the last failure in words,
   * whether a pull runs now. The phase above is the rider's own data only.
   */
  catalogue: CatalogueStatus;
}

export const initialSyncStatus: SyncStatus = {
  phase: 'signedOut',
  lastSyncedAt: null,
  lastError: null,
  nextRetryAt: null,
  catalogue: { lastSyncedAt: null, error: null, isRefreshing: false },
};

/** A place the engine writes its status to and screens read it from. */
export interface SyncStatusStore {
  readonly status$: Observable<SyncStatus>;
  get(): SyncStatus;
  update(change: Partial<SyncStatus>): void;
}

/** Whether two statuses say the same, field by field (the catalogue's fields too). */
function sameStatus(a: SyncStatus, b: SyncStatus): boolean {
  return (
    a.phase === b.phase &&
    a.lastSyncedAt === b.lastSyncedAt &&
    a.lastError === b.lastError &&
    a.nextRetryAt === b.nextRetryAt &&
    a.catalogue.lastSyncedAt === b.catalogue.lastSyncedAt &&
    a.catalogue.error === b.catalogue.error &&
    a.catalogue.isRefreshing === b.catalogue.isRefreshing
  );
}

/**
 * A status store starting at `initial` (signed out, never synced by default). An update that
 * changes nothing emits nothing: the engine reports after every step of every replication, and
 * each emission re-renders every screen that shows the status.
 */
export function createSyncStatusStore(initial: SyncStatus = initialSyncStatus): SyncStatusStore {
  const subject = new BehaviorSubject<SyncStatus>(initial);
  return {
    status$: subject.asObservable(),
    get: () => subject.getValue(),
    update: (change) => {
      const next = { ...subject.getValue(), ...change };
      if (!sameStatus(next, subject.getValue())) subject.next(next);
    },
  };
}
