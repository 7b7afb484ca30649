/**
 * How the sync engine turns request outcomes into the one sync status and the shared backoff
 * (requirements §core-9: after a failure every retry waits longer, 1 s doubling, capped 30 s).
 * Two parts report here: the rider's own collections (phase, last sync, last error) and the
 * public catalogues every visitor pulls (the status's `catalogue` part). A failure of either
 * lengthens the wait of every replication; a success resets it.
 */
import { serverMessageOf } from '../lib/auth/auth-errors.ts';
import { retryBaseDelayMs, retryDelayMs } from '../lib/http/backoff.ts';
import { HttpError } from '../lib/http/request.ts';
import type { SyncStatus, SyncStatusStore } from './sync-status.ts';

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

/** Who a request works for: the rider's own data, or one public catalogue. */
/** A catalogue's part is named after its collection. */
export type SyncPart = { rider: true } | { catalogue: string };

export interface SyncReporterOptions {
  status: SyncStatusStore;
  now: () => number;
  isOnline: () => boolean;
  /** Called with the delay every replication should wait before its next retry, ms. */
  onRetryDelay: (delayMs: number) => void;
}

/** The engine's view of outcomes; see `createSyncReporter`. */
export interface SyncReporter {
  /** Runs `work` and reports its outcome for `part`; rethrows its error. */
  reported<T>(part: SyncPart, work: () => Promise<T>): Promise<T>;
  /**
   * Reports a failure outside a request (a dropped stream) for `part`; with null it only
   * lengthens the backoff (a guest's dropped stream: the pull after reconnecting reports).
   */
  fail(part: SyncPart | null, error: unknown): void;
  /** Re-derives the phase and the catalogue state from what is running now. */
  settle(activity: { rider: boolean; catalogue: boolean }): void;
  /** Forgets the failures, so the next retry runs at once ("Sync now", back online). */
  resetBackoff(): void;
  /** The current retry delay, ms. */
  retryDelay(): number;
  /** Stops reporting (the engine stopped); later outcomes change nothing. */
  close(): void;
}

/**
 * The status of a rider whose replications rest after a good run. A rider's sync ends when the
 * phase leaves 'syncing' (every run of a rider's replication passes through it); the catalogues'
 * steps settle too, and say nothing about the rider's last sync.
 */
function riderAtRest(previous: SyncStatus, now: () => number): Partial<SyncStatus> {
  return {
    phase: 'idle',
    lastSyncedAt: previous.phase === 'idle' ? previous.lastSyncedAt : now(),
    lastError: null,
    nextRetryAt: null,
  };
}

/**
 * A reporter writing to `options.status`. Rider outcomes move `phase`, `lastSyncedAt`,
 * `lastError` and `nextRetryAt`; catalogue outcomes move `catalogue` only, so a guest's status
 * stays signed out while the catalogues update.
 */
export function createSyncReporter(options: SyncReporterOptions): SyncReporter {
  const { status, now, isOnline } = options;
  let closed = false;
  let failures = 0;
  let riderOk = true;
  const failingCatalogues = new Map<string, string>();
  let cataloguePulled = false;

  const catalogueError = () =>
    failingCatalogues.size === 0
      ? null
      : [...failingCatalogues].map(([name, message]) => `${name}: ${message}`).join('; ');

  const fail = (part: SyncPart | null, error: unknown) => {
    if (closed) return;
    failures += 1;
    const delay = retryDelayMs(failures - 1);
    options.onRetryDelay(delay);
    if (part === null) return;
    if ('rider' in part) {
      riderOk = false;
      status.update({
        phase: isOnline() ? 'error' : 'offline',
        lastError: describeSyncError(error),
        nextRetryAt: now() + delay,
      });
    } else {
      failingCatalogues.set(part.catalogue, describeSyncError(error));
      status.update({ catalogue: { ...status.get().catalogue, error: catalogueError() } });
    }
  };

  const succeed = (part: SyncPart) => {
    if ('rider' in part) riderOk = true;
    else {
      cataloguePulled = true;
      failingCatalogues.delete(part.catalogue);
    }
    if (failures > 0) {
      failures = 0;
      options.onRetryDelay(retryBaseDelayMs);
    }
  };

  return {
    async reported(part, work) {
      try {
        const result = await work();
        if (!closed) succeed(part);
        return result;
      } catch (error) {
        fail(part, error);
        throw error;
      }
    },
    fail,
    settle(activity) {
      if (closed) return;
      const catalogue = status.get().catalogue;
      const catalogueDone = !activity.catalogue && cataloguePulled && failingCatalogues.size === 0;
      status.update({
        catalogue: {
          isRefreshing: activity.catalogue && isOnline(),
          error: catalogueError(),
          lastSyncedAt: catalogueDone ? now() : catalogue.lastSyncedAt,
        },
      });
      if (catalogueDone) cataloguePulled = false;
      if (status.get().phase === 'signedOut') return;
      if (activity.rider) status.update({ phase: isOnline() ? 'syncing' : 'offline' });
      else if (riderOk) status.update(riderAtRest(status.get(), now));
      else status.update({ phase: isOnline() ? 'error' : 'offline' });
    },
    resetBackoff() {
      failures = 0;
      options.onRetryDelay(retryBaseDelayMs);
    },
    retryDelay: () => retryDelayMs(Math.max(0, failures - 1)),
    close() {
      closed = true;
    },
  };
}
