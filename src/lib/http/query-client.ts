/**
 * The query and mutation policy of the server calls that are not synced documents (group rides,
 * repair shops, campground reviews' online parts, gauge readings, voice sessions), through
 * TanStack Query (requirements §core-9 "Query cache"): answers stale after 5 min and discarded
 * 10 min after their last user; no refetch on window focus, mount or reconnect; reads retried
 * 3 times on desktop and once on phones, writes once, each after 1 s doubling to at most 30 s;
 * network mode online, so a call made with no signal waits (paused) instead of failing.
 *
 * Only pages that make such calls import this module, so the library stays out of the first
 * load: each wraps itself in `<OnlineQueries>` (one client for the whole app).
 */
import { MutationObserver as QueryMutationObserver, QueryClient } from '@tanstack/query-core';
import { retryDelayMs } from './backoff.ts';
import { HttpError, isMobileDevice } from './request.ts';

/** An answer is fresh this long after it arrived, ms (requirements §core-9). */
export const queryStaleTimeMs = 5 * 60_000;
/** An answer nobody uses any more is dropped after this long, ms (requirements §core-9). */
export const queryGarbageCollectionTimeMs = 10 * 60_000;
/** Retries of a failed read on desktop (requirements §core-9). */
export const desktopReadRetries = 3;
/** Retries of a failed read on phones (requirements §core-9). */
export const mobileReadRetries = 1;
/** Retries of a failed write (requirements §core-9 "mutations retry once"). */
export const writeRetries = 1;

/**
 * True when a failed call is worth trying again: a network failure, a timeout, a rate limit or
 * a server error. A 4xx answer (bad input, signed out, not found) says the same the next time.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (error instanceof HttpError) {
    return error.status === 408 || error.status === 429 || error.status >= 500;
  }
  return true;
}

/**
 * Whether read attempt `failureCount` (1 after the first failure) may be retried: up to 3
 * retries on desktop and 1 on phones (`isMobile` decides), only for retryable failures.
 */
export function shouldRetryRead(
  failureCount: number,
  error: unknown,
  isMobile: () => boolean = isMobileDevice,
): boolean {
  const limit = isMobile() ? mobileReadRetries : desktopReadRetries;
  return failureCount <= limit && isRetryableFailure(error);
}

/** Whether write attempt `failureCount` may be retried: once, only for retryable failures. */
export function shouldRetryWrite(failureCount: number, error: unknown): boolean {
  return failureCount <= writeRetries && isRetryableFailure(error);
}

/**
 * A client with the policy above. `isMobile` picks the read retry limit (phones by default);
 * `delayBeforeRetry` (retry index from 0 → ms) is the policy's 1 s doubling to 30 s. Component
 * tests pass shorter delays so a retried call does not hold a test for seconds; the app never
 * does.
 */
export function createOnlineQueryClient(
  isMobile: () => boolean = isMobileDevice,
  delayBeforeRetry: (retryIndex: number) => number = retryDelayMs,
): QueryClient {
  // TanStack Query counts attempts from 0 in retryDelay; ours starts at the first retry.
  const retryDelay = (attempt: number) => delayBeforeRetry(attempt);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: queryStaleTimeMs,
        gcTime: queryGarbageCollectionTimeMs,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        networkMode: 'online',
        retry: (failureCount, error) => shouldRetryRead(failureCount + 1, error, isMobile),
        retryDelay,
      },
      mutations: {
        networkMode: 'online',
        retry: (failureCount, error) => shouldRetryWrite(failureCount + 1, error),
        retryDelay,
      },
    },
  });
}

/**
 * Reads `queryKey` again after a write changed what it answers. A read of it still on its way
 * may carry the answer from before the write, and a plain invalidation would join it, so that
 * read is dropped first. Resolves once the active queries of the key have their new answer.
 */
export async function refetchAfterWrite(
  client: QueryClient,
  queryKey: readonly unknown[],
): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}

let sharedClient: QueryClient | null = null;

/** The app's one query client, created on first use. */
export function getOnlineQueryClient(): QueryClient {
  sharedClient ??= createOnlineQueryClient();
  return sharedClient;
}

/**
 * Runs one server write outside React under the mutation policy above: retried once after 1 s
 * when the failure is retryable (no answer, 408, 429, 5xx), and with no signal it waits for the
 * network. For callers that are not components (a voice session starting, say), which have no
 * `<OnlineQueries>` around them: the client is mounted for the call so a paused write resumes.
 * Resolves to `write`'s answer; rejects with its last error.
 */
export async function runOnlineMutation<T>(
  write: () => Promise<T>,
  client: QueryClient = getOnlineQueryClient(),
): Promise<T> {
  client.mount();
  try {
    return await new QueryMutationObserver<T, Error, void>(client, { mutationFn: write }).mutate();
  } finally {
    client.unmount();
  }
}

/**
 * Makes `client` the app's one client, or with null lets the next use create the production
 * one. The replaced client's answers are dropped. For component tests, whose files share their
 * modules: each test starts with an empty cache, so no answer of an earlier test is shown.
 */
export function replaceOnlineQueryClient(client: QueryClient | null): void {
  sharedClient?.clear();
  sharedClient = client;
}
