/**
 * Keeps the offline catalogues (trails, waypoints, achievements, campgrounds) current: fetches
 * each from the server into RxDB at start, again whenever the browser comes back online, and
 * retries a failed refresh with exponential backoff (1 s doubling, capped 30 s; core-platform
 * §9). Its state goes to the 'catalogue-status' local document that `useCatalogueStatus` shows.
 */
import { catalogueNames, replaceCatalogue, type CatalogueName } from '../db/catalogue.ts';
import {
  readCatalogueStatus,
  writeCatalogueStatus,
  type CatalogueStatus,
} from '../db/catalogue-status.ts';
import type { AppDatabase } from '../db/database.ts';
import { retryDelayMs } from '../lib/http/backoff.ts';
import { apiRequest } from '../lib/http/request.ts';

/** Time-out of each catalogue request, ms; a stalled request must not hold the refresh forever. */
export const catalogueRequestTimeoutMs = 60_000;

const cataloguePaths: Record<CatalogueName, string> = {
  trails: '/api/trails',
  waypoints: '/api/waypoints',
  achievements: '/api/achievements',
  campgrounds: '/api/campgrounds',
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Fetches all four catalogues and replaces the cached ones. Records `isRefreshing` while it
 * runs; on success `lastSyncedAt` (epoch ms) and `error: null`; if any catalogue fails, the
 * others are still stored, `lastSyncedAt` keeps its previous value and `error` lists each
 * failure as `<catalogue>: <message>`. Never throws; resolves to the recorded status.
 */
export async function refreshCatalogues(db: AppDatabase): Promise<CatalogueStatus> {
  try {
    await writeCatalogueStatus(db, { isRefreshing: true, refreshStartedAt: Date.now() });
    const results = await Promise.allSettled(
      catalogueNames.map(async (name) => {
        const answer = await apiRequest<unknown>('GET', cataloguePaths[name], undefined, {
          signal: AbortSignal.timeout(catalogueRequestTimeoutMs),
        });
        if (!Array.isArray(answer))
          throw new Error(`expected a list, got ${answer === null ? 'nothing' : typeof answer}`);
        await replaceCatalogue(db, name, answer);
      }),
    );
    const failures = results.flatMap((result, index) =>
      result.status === 'rejected' ? [`${catalogueNames[index]}: ${messageOf(result.reason)}`] : [],
    );
    await writeCatalogueStatus(db, {
      isRefreshing: false,
      refreshStartedAt: null,
      error: failures.length > 0 ? failures.join('; ') : null,
      ...(failures.length === 0 ? { lastSyncedAt: Date.now() } : {}),
    });
  } catch (error) {
    // Only the status write itself can land here (database closed): report, never throw.
    console.error('Catalogue refresh could not record its status', error);
    return { lastSyncedAt: null, error: messageOf(error), isRefreshing: false };
  }
  return readCatalogueStatus(db).catch((error: unknown) => ({
    lastSyncedAt: null,
    error: messageOf(error),
    isRefreshing: false,
  }));
}

/** Options of `startCatalogueRefresh`; tests inject the window and the timers. */
export interface CatalogueRefreshOptions {
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  isOnline?: () => boolean;
  setTimer?: (run: () => void, delayMs: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  refresh?: (db: AppDatabase) => Promise<CatalogueStatus>;
}

/**
 * Refreshes the catalogues now and on every window 'online' event; while a refresh fails it is
 * retried after 1 s, 2 s, 4 s … 30 s (retries pause while the browser reports being offline,
 * the 'online' event resumes them). Returns a function that stops everything; a refresh
 * already running finishes but schedules nothing more.
 */
export function startCatalogueRefresh(
  db: AppDatabase,
  options: CatalogueRefreshOptions = {},
): () => void {
  const target =
    options.target === undefined ? (typeof window === 'undefined' ? null : window) : options.target;
  const isOnline =
    options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const setTimer = options.setTimer ?? ((run, delayMs) => setTimeout(run, delayMs));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const refresh = options.refresh ?? refreshCatalogues;

  let stopped = false;
  let running = false;
  let rerunRequested = false;
  let failedAttempts = 0;
  let timer: unknown = null;

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      rerunRequested = true;
      return;
    }
    cancelTimer();
    running = true;
    const status = await refresh(db);
    running = false;
    if (stopped) return;
    if (rerunRequested) {
      rerunRequested = false;
      void run();
      return;
    }
    if (status.error === null) {
      failedAttempts = 0;
      return;
    }
    if (!isOnline()) return;
    const delay = retryDelayMs(failedAttempts);
    failedAttempts += 1;
    timer = setTimer(() => {
      timer = null;
      void run();
    }, delay);
  };

  const onOnline = () => {
    failedAttempts = 0;
    void run();
  };
  target?.addEventListener('online', onOnline);
  void run();

  return () => {
    stopped = true;
    cancelTimer();
    target?.removeEventListener('online', onOnline);
  };
}
