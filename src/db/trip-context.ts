/**
 * The trip context on this device (requirements §core-3 "Trip context", §core-4, §core-9): reading
 * and observing the one `tripContext` document (key `tripContextKey`), and the persister that holds
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
import { BehaviorSubject, distinctUntilChanged, filter, type Observable } from 'rxjs';
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
  /** Wait after the last change before writing, ms (default 1000, requirements §core-9). */
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

/** The default failure reporter: a console warning that says whether storage is full. */
function warnTripContextNotSaved(failure: TripContextWriteError): void {
  console.warn(
    failure.quotaExceeded
      ? 'Trip context not saved: device storage is full; it is kept in memory'
      : 'Trip context not saved yet; will retry',
    failure.error,
  );
}

/** Calls the rider-supplied reporter; a reporter that throws must not break the persister. */
function reportSafely(
  onError: (failure: TripContextWriteError) => void,
  failure: TripContextWriteError,
): void {
  try {
    onError(failure);
  } catch {
    // Ignored on purpose, see above.
  }
}

/**
 * Applies `batch` to the stored trip context in one write, inserting it when there is none.
 * Retries when another tab (or a pull) inserted it first; throws after 5 such races or on any
 * other write error (quota included).
 */
async function writeTripContextBatch(
  db: AppDatabase,
  batch: readonly TripContextChange[],
): Promise<RxDocument<TripContext>> {
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
}

/**
 * Calls `flush` on `pagehide` and when the document becomes hidden (the last moments a
 * closing tab or a backgrounded phone app may write). Returns the function that stops it.
 */
function flushWhenPageHides(
  page: TripContextPersisterOptions['page'],
  flush: () => void,
): () => void {
  const pageWindow = page?.window ?? (typeof window === 'undefined' ? undefined : window);
  const pageDocument = page?.document ?? (typeof document === 'undefined' ? undefined : document);
  const onVisibilityChange = () => {
    if (pageDocument?.visibilityState === 'hidden') flush();
  };
  pageWindow?.addEventListener('pagehide', flush);
  pageDocument?.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    pageWindow?.removeEventListener('pagehide', flush);
    pageDocument?.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

/**
 * The last stored trip context this tab has seen. Revision heights order what arrives (the
 * subscription and our own writes race): an older revision never replaces a newer one.
 */
function createStoredCopy() {
  let context: TripContext | null = null;
  let height = -1;
  return {
    context: () => context,
    accept(document: RxDocument<TripContext> | null) {
      const documentHeight = revisionHeight(document);
      if (document && documentHeight < height) return;
      context = document ? (document.toJSON() as TripContext) : null;
      // A deletion ends the document's history: the next one (a rider's data cleared with its
      // deleted documents purged, then pulled or written again) starts over at revision 1.
      height = document ? documentHeight : -1;
    },
  };
}

/** One pending timeout: scheduling again replaces the one waiting. */
function createRestartableTimer(callback: () => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule(wait: number) {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        callback();
      }, wait);
    },
    cancel,
  };
}

/** What the change writer tells the persister around each write. */
interface ChangeWriterHooks {
  delayMs: number;
  onError: (failure: TripContextWriteError) => void;
  /** A batch was stored; `document` is the stored result. */
  onWritten: (document: RxDocument<TripContext>) => void;
  /** A write attempt ended, stored or failed. */
  onSettled: () => void;
}

/**
 * The write side of the persister: queues changes, writes them as one batch `delayMs` after the
 * last one (or at once on `flush`), one write at a time, and retries a failed batch with
 * exponential back-off up to `maxRetryDelayMs` until `stop`.
 */
function createChangeWriter(db: AppDatabase, hooks: ChangeWriterHooks) {
  let pending: TripContextChange[] = [];
  let writing: Promise<void> | null = null;
  let failures = 0;
  let stopped = false;
  const errors = new BehaviorSubject<TripContextWriteError | null>(null);
  const timer = createRestartableTimer(() => void persist());

  const fail = (error: unknown) => {
    failures += 1;
    const failure = {
      error,
      quotaExceeded: isQuotaExceededError(error),
      pendingChanges: pending.length,
    };
    errors.next(failure);
    reportSafely(hooks.onError, failure);
    if (!stopped) timer.schedule(Math.min(hooks.delayMs * 2 ** failures, maxRetryDelayMs));
  };

  const persist = async (): Promise<void> => {
    while (writing) await writing;
    if (pending.length === 0) return;
    const batch = pending.slice();
    const run = (async () => {
      try {
        const written = await writeTripContextBatch(db, batch);
        pending = pending.slice(batch.length);
        hooks.onWritten(written);
        failures = 0;
        errors.next(null);
      } catch (error) {
        fail(error);
      } finally {
        writing = null;
        hooks.onSettled();
      }
    })();
    writing = run;
    await run;
  };

  return {
    errors,
    pending: (): readonly TripContextChange[] => pending,
    isWriting: () => writing !== null,
    add(change: TripContextChange) {
      pending.push(change);
      // A retry already waiting keeps its back-off only while failing; a change restarts it.
      timer.schedule(hooks.delayMs);
    },
    async flush() {
      timer.cancel();
      await persist();
    },
    stop() {
      stopped = true;
      timer.cancel();
      errors.complete();
    },
  };
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
  const stored = createStoredCopy();
  let loaded = false;
  const subject = new BehaviorSubject<TripContext>(emptyTripContext());
  const view = (): TripContext =>
    writer
      .pending()
      .reduce((context, apply) => apply(context), stored.context() ?? emptyTripContext());
  const publish = () => {
    // While a write runs its changes may already be in `stored`: wait for its end instead of
    // showing them twice.
    if (loaded && !writer.isWriting()) subject.next(view());
  };
  const writer = createChangeWriter(db, {
    delayMs: options.delayMs ?? tripContextLimits.persistDelayMs,
    onError: options.onError ?? warnTripContextNotSaved,
    onWritten: (document) => stored.accept(document),
    onSettled: publish,
  });

  const subscription = db.tripContext.findOne(tripContextKey).$.subscribe({
    next: (document) => {
      stored.accept(document);
      loaded = true;
      publish();
    },
    error: (error: unknown) => console.error('Trip context subscription failed', error),
  });
  const flush = () => writer.flush();
  const stopFollowingPage = flushWhenPageHides(options.page, () => void flush());
  let closing: Promise<void> | null = null;

  return {
    context$: subject.pipe(
      filter(() => loaded),
      distinctUntilChanged(),
    ),
    error$: writer.errors.asObservable(),
    get: () => (loaded ? subject.getValue() : view()),
    change(change) {
      writer.add(change);
      publish();
    },
    pendingChanges: () => writer.pending().length,
    flush,
    close() {
      closing ??= (async () => {
        await flush();
        writer.stop();
        subscription.unsubscribe();
        stopFollowingPage();
        subject.complete();
      })();
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
 * Records a new set of recommendations (requirements §core-4 "Trip context"): it becomes current
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
