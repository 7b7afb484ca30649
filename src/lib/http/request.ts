/**
 * The one way the client calls the server (requirements §core-7 "The calls it makes", §core-8 "The
 * error catalogue", §core-4 "Request auth"). Responsible for: credentials and the bearer header,
 * JSON vs form bodies, the 401 → refresh → retry-once flow, turning non-OK answers into
 * `HttpError`, and the GET queue that shares identical in-flight GETs and, on phones, reuses
 * answers for 60 s. The session layer plugs its tokens in with `setRequestAuth`; this module keeps
 * no tokens.
 */
import {
  accountDeletedCode,
  accountDeletedMessage,
  type AccountDeletedBody,
} from '../../../schemas/account-deletion.ts';
import { EncodedJson } from './encoded-json.ts';

/** How requests learn about the session; provided by the session layer. */
export interface RequestAuth {
  /** The access token if it is still valid (requirements §core-5: > 5 min left), else null. */
  getAccessToken(): string | null;
  /** Refreshes the access token; resolves true when a new one is stored. */
  refresh(): Promise<boolean>;
  /** Called once per failed refresh: tokens are gone, the session must sign out. */
  onTokenExpired(): void;
  /**
   * True when the last refresh failed because the server answered 410 `account-deleted`: the
   * request that asked for it then fails with that answer, so whoever sent it (the sync engine)
   * learns of the deletion as from any other request of the deleted account.
   */
  accountDeleted?(): boolean;
}

/** Options of `apiRequest`. */
export interface ApiRequestOptions {
  /** A 401 (after the refresh attempt) resolves to null instead of throwing. */
  returnNullOn401?: boolean;
  signal?: AbortSignal;
  /**
   * Send this GET straight to the server: no sharing with identical in-flight GETs and no reuse
   * of a recent answer. Sync pulls need it: a pull answer depends on the moment it is asked.
   */
  bypassQueue?: boolean;
}

/**
 * A non-OK answer. `message` is `${status}: ${answer text or status text}` (requirements §core-8).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Time to live of a reused GET answer on phones, ms (requirements §core-9 "GET queue ttl"). */
export const getQueueTtlMs = 60_000;
/** Answers kept at most in the phone GET cache; the oldest go first. */
const maximumCachedAnswers = 200;
/** Viewport width, in CSS px, below which the app lays out for phones. */
const mobileMediaQuery = '(max-width: 767px)';

let requestAuth: RequestAuth | null = null;

/**
 * Plugs the session's token handling into every request (null unplugs it, e.g. in tests).
 * Called by the session layer at start-up.
 */
export function setRequestAuth(auth: RequestAuth | null): void {
  requestAuth = auth;
  refreshInFlight = null;
}

/** True on phones: a narrow viewport or a mobile user agent. */
export function isMobileDevice(): boolean {
  if (typeof window === 'undefined') return false;
  if (typeof window.matchMedia === 'function' && window.matchMedia(mobileMediaQuery).matches)
    return true;
  return (
    typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
  );
}

interface QueueConfig {
  isMobile: () => boolean;
  now: () => number;
}

const defaultQueueConfig: QueueConfig = { isMobile: isMobileDevice, now: () => Date.now() };
let queueConfig: QueueConfig = defaultQueueConfig;

/**
 * Replaces the GET queue's phone detection and clock (tests); call with no argument to restore
 * the defaults. Also empties the queue: reused answers are dropped and requests still in flight
 * are no longer shared with later callers (they still answer their own callers).
 */
export function configureRequestQueue(config: Partial<QueueConfig> = {}): void {
  queueConfig = { ...defaultQueueConfig, ...config };
  answerCache.clear();
  inFlightGets.clear();
}

interface CachedAnswer {
  path: string;
  data: unknown;
  expiresAt: number;
}

interface InFlightGet {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting; the shared fetch is aborted only when all of them gave up. */
  waiting: number;
}

const answerCache = new Map<string, CachedAnswer>();
const inFlightGets = new Map<string, InFlightGet>();

/**
 * Drops reused GET answers whose path matches `keep` returning false (all when no predicate).
 * Used by the page-lifecycle cleanup (requirements §core-4) and after sign-out.
 */
export function clearResponseCache(keep?: (path: string) => boolean): void {
  for (const [key, answer] of answerCache) {
    if (!keep || !keep(answer.path)) answerCache.delete(key);
  }
}

/** Paths that must not trigger a token refresh: their 401 means bad credentials, not an expired token. */
const credentialPaths = ['/api/auth/login', '/api/auth/register', '/api/auth/refresh'];

let refreshInFlight: Promise<boolean> | null = null;

/** One refresh for all requests that got a 401 meanwhile; a failure expires the session once. */
function refreshOnce(auth: RequestAuth): Promise<boolean> {
  if (!refreshInFlight) {
    refreshInFlight = auth
      .refresh()
      .catch(() => false)
      .then((refreshed) => {
        if (!refreshed) auth.onTokenExpired();
        return refreshed;
      })
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}

/**
 * A raw request body (bytes) with its own headers (Content-Type, Content-Range), for uploads:
 * `sendAuthorized` sends it as it is.
 */
export class RawBody {
  constructor(
    readonly bytes: Uint8Array,
    readonly headers: Record<string, string>,
  ) {}
}

function send(
  method: string,
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = requestAuth?.getAccessToken() ?? null;
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof RawBody) {
    Object.assign(headers, body.headers);
    payload = body.bytes as Uint8Array<ArrayBuffer>;
  } else if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body;
  } else if (body instanceof EncodedJson) {
    headers['Content-Type'] = 'application/json';
    payload = body.bytes;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetch(path, { method, headers, body: payload, credentials: 'include', signal });
}

async function errorFor(response: Response): Promise<HttpError> {
  let text = '';
  try {
    text = await response.text();
  } catch (_error) {
    // The body could not be read; the status text still explains the failure.
  }
  return new HttpError(response.status, `${response.status}: ${text || response.statusText}`);
}

async function readAnswer(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  // requirements §core-7: an empty body is tolerated (GET /api/auth/user when signed out).
  if (text.trim() === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch (_error) {
    return text;
  }
}

/** The server's 410 `account-deleted` answer (schemas/account-deletion.ts), as a refresh got it. */
function accountDeletedResponse(): Response {
  const body: AccountDeletedBody = {
    statusCode: 410,
    error: 'Gone',
    message: accountDeletedMessage,
    code: accountDeletedCode,
  };
  return new Response(JSON.stringify(body), {
    status: 410,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * Sends with the bearer header; a 401 triggers one refresh and one retry (see apiRequest), or
 * becomes the 410 `account-deleted` answer the refresh got.
 */
async function sendWithRefresh(
  method: string,
  path: string,
  body: unknown,
  options: ApiRequestOptions,
): Promise<Response> {
  const auth = requestAuth;
  const sentToken = auth?.getAccessToken() ?? null;
  let response = await send(method, path, body, options.signal);
  if (
    response.status === 401 &&
    auth &&
    !credentialPaths.some((credentialPath) => path.startsWith(credentialPath))
  ) {
    // A refresh that finished while this request was on its way already gave a new token:
    // retry with it rather than spend the rotated refresh token a second time.
    const current = auth.getAccessToken();
    const refreshedMeanwhile = current !== null && current !== sentToken;
    if (refreshedMeanwhile || (await refreshOnce(auth))) {
      response = await send(method, path, body, options.signal);
    } else if (auth.accountDeleted?.()) {
      response = accountDeletedResponse();
    }
  }
  return response;
}

async function perform(
  method: string,
  path: string,
  body: unknown,
  options: ApiRequestOptions,
): Promise<unknown> {
  const response = await sendWithRefresh(method, path, body, options);
  if (response.status === 401 && options.returnNullOn401) return null;
  if (!response.ok) throw await errorFor(response);
  return readAnswer(response);
}

function joinInFlight(entry: InFlightGet, signal: AbortSignal | undefined): Promise<unknown> {
  entry.waiting += 1;
  if (!signal) return entry.promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      entry.waiting -= 1;
      if (entry.waiting === 0) entry.controller.abort(signal.reason);
      reject(signal.reason);
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    entry.promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function queuedGet(path: string, options: ApiRequestOptions): Promise<unknown> {
  // The token is part of the key so one user's answers are never served to another.
  const key = JSON.stringify([
    path,
    requestAuth?.getAccessToken() ?? null,
    Boolean(options.returnNullOn401),
  ]);
  const mobile = queueConfig.isMobile();
  const cached = answerCache.get(key);
  if (cached) {
    if (mobile && cached.expiresAt > queueConfig.now()) return Promise.resolve(cached.data);
    answerCache.delete(key);
  }
  let entry = inFlightGets.get(key);
  if (!entry) {
    const controller = new AbortController();
    const promise = perform('GET', path, undefined, { ...options, signal: controller.signal }).then(
      (data) => {
        if (queueConfig.isMobile()) {
          answerCache.set(key, { path, data, expiresAt: queueConfig.now() + getQueueTtlMs });
          if (answerCache.size > maximumCachedAnswers) {
            const oldest = answerCache.keys().next().value;
            if (oldest !== undefined) answerCache.delete(oldest);
          }
        }
        return data;
      },
    );
    const created: InFlightGet = { promise, controller, waiting: 0 };
    entry = created;
    inFlightGets.set(key, created);
    // Settling removes the entry; a rejection nobody waits for any more (all aborted) is expected.
    promise.then(
      () => inFlightGets.get(key) === created && inFlightGets.delete(key),
      () => inFlightGets.get(key) === created && inFlightGets.delete(key),
    );
  }
  return joinInFlight(entry, options.signal);
}

/**
 * Calls the API: `method` on `path` (same-origin, e.g. '/api/trails') with an optional JSON
 * body (a value, or an EncodedJson sent as it is) or FormData, credentials included and a
 * bearer header when a valid token exists.
 * A 401 triggers one token refresh and one retry (not for login, register or refresh
 * themselves); if the refresh fails the session is expired (`onTokenExpired`). With
 * `returnNullOn401` a remaining 401 resolves to null. GETs without a body go through the GET
 * queue (shared in-flight requests; 60 s reuse on phones). Resolves to the parsed JSON answer
 * (null for an empty body, the text for a non-JSON one).
 * Throws HttpError for any non-OK answer, the fetch TypeError on network failure and the
 * signal's reason when aborted.
 */
export function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const upperMethod = method.toUpperCase();
  if (upperMethod === 'GET' && body === undefined && !options.bypassQueue) {
    return queuedGet(path, options) as Promise<T>;
  }
  return perform(upperMethod, path, body, options) as Promise<T>;
}

/**
 * Sends a request with the same auth as apiRequest (bearer header, one refresh and retry on
 * 401) and resolves to the answer whatever its status, for callers that read the status
 * themselves (the photo uploader). `body`: a RawBody, or undefined. Throws the fetch TypeError on
 * network failure and the signal's reason when aborted.
 */
export function sendAuthorized(
  method: string,
  path: string,
  body?: RawBody,
  signal?: AbortSignal,
): Promise<Response> {
  return sendWithRefresh(method.toUpperCase(), path, body, signal ? { signal } : {});
}

/**
 * Opens a long-lived GET (a Server-Sent Events stream) with the same auth as apiRequest: bearer
 * header, one refresh and retry on 401. Resolves to the open response for the caller to read.
 * Throws HttpError for a non-OK answer, the fetch TypeError on network failure and the signal's
 * reason when aborted.
 */
export async function openAuthorizedStream(path: string, signal: AbortSignal): Promise<Response> {
  const response = await sendWithRefresh('GET', path, undefined, { signal });
  if (!response.ok) throw await errorFor(response);
  return response;
}
