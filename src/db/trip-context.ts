/**
 * The trip context on this device (core-platform §3 "Trip context", §4, §9): reading and
 * observing the one `tripContext` document (key `tripContextKey`), and the persister that holds
 * the rider's latest context in memory and writes it to RxDB 1 s after the last change. The
 * rules of what a change does live in src/lib/trip-context/trip-context-rules.ts; the sync
 * engine replicates the stored document to the server (and lets the server copy win at load).
 *
 * ## How memory and storage stay consistent
 * The persister never keeps a copy of the context that could go stale. It keeps the latest
 * stored document (as RxDB emits it, whoever wrote it: this tab, another tab, a pull) and the
 * list of changes made since the last successful write, and the context it shows is always
 * `changes applied to stored`. A write applies the same changes to the document inside RxDB's
 * `incrementalModify`, i.e. to whatever is stored at that moment, so a pulled server copy that
 * arrives in between is built upon rather than overwritten. Stored states are only accepted
 * when their revision height is not lower than the one already held, so an event that arrives
 * after our own write never rolls the view back.
 *
 * Failures never throw into the UI: the changes stay in memory (shown as before), the error is
 * reported through `error$` and `onError`, and the write is retried with a growing delay, on
 * the next change, and when the page is hidden.
 */
import { BehaviorSubject, distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import type { RxDocument } from 'rxdb';
import { tripContextKey, tripContextLimits } from '../../schemas/trip-context.ts';
import type { TripContext } from '../../schemas/trip-context.ts';
import {
  applyRecommendations,
  emptyTripContext,
  setNavigationContext,
  type ApplyRecommendationsOptions,
} from '../lib/trip-context/trip-context-rules.ts';
import type { AppDatabase } from './database.ts';

/** A change of the trip context: a pure function from the current context to the next one. */
export type TripContextChange = (context: TripContext) => TripContext;

/** Longest wait between retries of a failed write, ms. */
const maxRetryDelayMs = 30_000;

/** The stored document, null when there is none; toJSON without RxDB's meta fields. */
export function observeStoredTripContext(db: AppDatabase): Observable<TripContext | null> {
  return db.tripContext
    .findOne(tripContextKey)
    .$.pipe(map((document) => (document ? (document.toJSON() as TripContext) : null)));
}

/** The stored trip context, or null when this device has none yet. */
export async function readTripContext(db: AppDatabase): Promise<TripContext | null> {
  const document = await db.tripContext.findOne(tripContextKey).exec();
  return document ? (document.toJSON() as TripContext) : null;
}

/**
 * True when `error` (or an error it wraps, as Dexie and RxDB do) is the browser refusing to
 * store more: IndexedDB's QuotaExceededError.
 */
export function isQuotaExceededError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const candidate = current as {
      name?: unknown;
      message?: unknown;
      inner?: unknown;
      cause?: unknown;
      parameters?: { error?: unknown; errors?: unknown };
    };
    if (candidate.name === 'QuotaExceededError') return true;
    if (typeof candidate.message === 'string' && /quota ?exceeded/i.test(candidate.message)) {
      return true;
    }
    current = candidate.inner ?? candidate.cause ?? candidate.parameters?.error;
  }
  return false;
}

/** RxDB's insert conflict (409), thrown as an RxError wrapping the storage's write error. */
function isWriteConflict(error: unknown): boolean {
  const candidate = error as {
    status?: unknown;
    parameters?: { writeError?: { status?: unknown } };
  };
  return candidate?.status === 409 || candidate?.parameters?.writeError?.status === 409;
}

/** A write failure as the persister reports it. */
export interface TripContextWriteError {
  /** The error RxDB or the browser raised. */
  error: unknown;
  /** True when the device's storage is full (QuotaExceededError). */
  quotaExceeded: boolean;
  /** Changes still waiting in memory. */
  pendingChanges: number;
}

/** Options of `createTripContextPersister`. */
export interface TripContextPersisterOptions {
  /** Wait after the last change before writing, ms (default 1000, core-platform §9). */
  delayMs?: number;
  /** Called on every failed write (default: console.warn). Must not throw. */
  onError?: (failure: TripContextWriteError) => void;
  /** Page events that flush at once (default: `window` pagehide, `document` visibilitychange). */
  page?: {
    window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
    document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  };
}

/** The in-memory trip context and its debounced writer (see the file comment). */
export interface TripContextPersister {
  /**
   * The context to show: the stored document (or an empty context) with the changes not yet
   * written applied. Emits once the stored document has been read, then on every change.
   */
  readonly context$: Observable<TripContext>;
  /** The last write failure, null once a write succeeds. */
  readonly error$: Observable<TripContextWriteError | null>;
  /** The current context (empty until the stored document has been read). */
  get(): TripContext;
  /** Applies `change` in memory at once and schedules the write `delayMs` later. */
  change(change: TripContextChange): void;
  /** Number of changes not yet written. */
  pendingChanges(): number;
  /** Writes every pending change now; resolves when done (never rejects). */
  flush(): Promise<void>;
  /** Flushes, then stops following the database and the page. Idempotent. */
  close(): Promise<void>;
}

function revisionHeight(document: RxDocument<TripContext> | null): number {
  if (!document) return -1;
  const height = Number.parseInt(document.revision.split('-')[0] ?? '', 10);
  return Number.isFinite(height) ? height : 0;
}

/**
 * Starts a persister for `db`'s trip context: subscribes to the stored document, applies
 * changes in memory and writes them `delayMs` (1 s) after the last one, at once on page hide
 * (`pagehide`, or `visibilitychange` to hidden) and on `flush()`/`close()`. Never throws; see
 * the file comment for failures. Most code should use the shared `getTripContextPersister`.
 */
export function createTripContextPersister(
  db: AppDatabase,
  options: TripContextPersisterOptions = {},
): TripContextPersister {
  const delayMs = options.delayMs ?? tripContextLimits.persistDelayMs;
  const onError =
    options.onError ??
    ((failure: TripContextWriteError) =>
      console.warn(
        failure.quotaExceeded
          ? 'Trip context not saved: device storage is full; it is kept in memory'
          : 'Trip context not saved yet; will retry',
        failure.error,
      ));

  let stored: { context: TripContext | null; height: number } = { context: null, height: -1 };
  let loaded = false;
  let pending: TripContextChange[] = [];
  let writing: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let closed = false;

  const view = (): TripContext =>
    pending.reduce((context, apply) => apply(context), stored.context ?? emptyTripContext());
  const subject = new BehaviorSubject<TripContext>(emptyTripContext());
  const errors = new BehaviorSubject<TripContextWriteError | null>(null);
  const publish = () => {
    // While a write runs its changes may already be in `stored`: wait for its end instead of
    // showing them twice.
    if (loaded && !writing) subject.next(view());
  };

  const accept = (document: RxDocument<TripContext> | null) => {
    const height = revisionHeight(document);
    if (document && height < stored.height) return;
    stored = {
      context: document ? (document.toJSON() as TripContext) : null,
      // A deletion raised the height too, but we cannot see by how much: keep the old one.
      height: document ? height : stored.height,
    };
  };

  const subscription = db.tripContext.findOne(tripContextKey).$.subscribe({
    next: (document) => {
      accept(document);
      loaded = true;
      publish();
    },
    error: (error: unknown) => console.error('Trip context subscription failed', error),
  });

  const writeBatch = async (batch: TripContextChange[]): Promise<RxDocument<TripContext>> => {
    const apply = (context: TripContext) => batch.reduce((next, change) => change(next), context);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await db.tripContext.findOne(tripContextKey).exec();
      if (existing) {
        return existing.incrementalModify((data) => ({ ...apply(data), id: tripContextKey }));
      }
      try {
        return await db.tripContext.insert({ ...apply(emptyTripContext()), id: tripContextKey });
      } catch (error) {
        // Another tab (or a pull) inserted it first: modify theirs on the next attempt.
        if (!isWriteConflict(error)) throw error;
      }
    }
    throw new Error('Could not write the trip context: it kept changing');
  };

  const schedule = (wait: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void persist();
    }, wait);
  };

  const persist = async (): Promise<void> => {
    while (writing) await writing;
    if (pending.length === 0) return;
    const batch = pending.slice();
    const run = (async () => {
      try {
        const written = await writeBatch(batch);
        pending = pending.slice(batch.length);
        accept(written);
        failures = 0;
        errors.next(null);
      } catch (error) {
        failures += 1;
        const failure = {
          error,
          quotaExceeded: isQuotaExceededError(error),
          pendingChanges: pending.length,
        };
        errors.next(failure);
        try {
          onError(failure);
        } catch {
          // A reporter must not break the persister.
        }
        if (!closed) schedule(Math.min(delayMs * 2 ** failures, maxRetryDelayMs));
      } finally {
        writing = null;
        publish();
      }
    })();
    writing = run;
    await run;
  };

  const flush = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    await persist();
  };

  const pageWindow = options.page?.window ?? (typeof window === 'undefined' ? undefined : window);
  const pageDocument =
    options.page?.document ?? (typeof document === 'undefined' ? undefined : document);
  const onPageHide = () => void flush();
  const onVisibilityChange = () => {
    if (pageDocument?.visibilityState === 'hidden') void flush();
  };
  pageWindow?.addEventListener('pagehide', onPageHide);
  pageDocument?.addEventListener('visibilitychange', onVisibilityChange);

  let closing: Promise<void> | null = null;

  return {
    context$: subject.pipe(
      filter(() => loaded),
      distinctUntilChanged(),
    ),
    error$: errors.asObservable(),
    get: () => (loaded ? subject.getValue() : view()),
    change(change) {
      pending.push(change);
      publish();
      // A retry already waiting keeps its back-off only while failing; a change restarts it.
      schedule(delayMs);
    },
    pendingChanges: () => pending.length,
    flush,
    close() {
      if (!closing) {
        closing = (async () => {
          await flush();
          closed = true;
          if (timer) clearTimeout(timer);
          timer = null;
          subscription.unsubscribe();
          pageWindow?.removeEventListener('pagehide', onPageHide);
          pageDocument?.removeEventListener('visibilitychange', onVisibilityChange);
          subject.complete();
          errors.complete();
        })();
      }
      return closing;
    },
  };
}

const persisters = new WeakMap<AppDatabase, TripContextPersister>();

/**
 * The one persister of `db`, created on first use and closed (after a last flush) when the
 * database closes. Every screen and domain function of this tab shares it, so they all see the
 * same in-memory context.
 */
export function getTripContextPersister(db: AppDatabase): TripContextPersister {
  let persister = persisters.get(db);
  if (!persister) {
    const created = createTripContextPersister(db);
    persister = created;
    persisters.set(db, created);
    // RxDB runs onClose hooks before it closes its collections, so the last flush still lands.
    db.onClose.push(() => created.close());
  }
  return persister;
}

/**
 * Records a new set of recommendations (core-platform §4 "Trip context"): it becomes current
 * and joins the recent trails and the history at once in memory, stored 1 s later. Items are
 * `{ id, ... }` (trail ids for the trail finder); `now` is epoch ms. See `applyRecommendations`
 * for what counts as a new set.
 */
export function recordRecommendations(
  db: AppDatabase,
  recommendations: readonly { id: string }[],
  options: ApplyRecommendationsOptions & { now?: number } = {},
): void {
  const now = options.now ?? Date.now();
  const items = recommendations.map((item) => ({ ...item }));
  getTripContextPersister(db).change((context) =>
    applyRecommendations(context, items, now, { query: options.query }),
  );
}

/** Replaces the navigation context, or clears it with null. */
export function updateNavigationContext(
  db: AppDatabase,
  navigation: Record<string, unknown> | null,
  now: number = Date.now(),
): void {
  getTripContextPersister(db).change((context) => setNavigationContext(context, navigation, now));
}
