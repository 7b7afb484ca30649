/**
 * Refreshing the access token exactly once at a time (requirements §core-4 "Request auth" and
 * "Session": a refresh updates the access token and its expiry). The server rotates the
 * refresh token on every use and revokes the whole family when an old one is reused, so two
 * refreshes racing with the same refresh token would sign the rider out everywhere. Hence:
 * - in one tab, concurrent callers share one request;
 * - across tabs, the Web Locks API serialises refreshes, and a tab that waited re-reads the
 *   stored tokens: if another tab already rotated them, it uses those instead of spending the
 *   (now old) refresh token. Browsers without Web Locks (plain-HTTP LAN testing) only get the
 *   in-tab sharing.
 */
import { isAccountDeletedError, isAuthRejection } from './auth-errors.ts';
import { requestTokenRefresh } from './session-api.ts';
import type { SessionStore } from './session-store.ts';
import type { SessionTokens } from './session-types.ts';
import { isAccessTokenValid } from './token-validity.ts';
import { HttpError } from '../http/request.ts';

/**
 * How a refresh ended: new tokens stored; refused by the server (or nothing to refresh with),
 * so the session is over; the server answered 410 `account-deleted` (the rider deleted the
 * account on another device), so this device must clear the account's data before signing out
 * (the sync engine does, on the same answer: src/sync/account-deleted-watch.ts); or the server
 * could not be reached, so nothing is known and the rider stays signed in (offline).
 */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'accountDeleted' | 'unreachable';

/** A lock manager (navigator.locks) reduced to what the refresher needs. */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Dependencies of a refresher; defaults are the browser's. */
export interface TokenRefresherOptions {
  store: SessionStore;
  /** POST /api/auth/refresh. */
  requestRefresh?: (refreshToken: string) => Promise<SessionTokens>;
  /** Cross-tab lock; default navigator.locks when present. */
  locks?: RefreshLocks | null;
  /** Clock, epoch ms. */
  now?: () => number;
}

/** Name of the Web Lock held while a tab refreshes. */
export const REFRESH_LOCK_NAME = 'natural-state-trails-token-refresh';

function browserLocks(): RefreshLocks | null {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return {
    request: <T>(name: string, callback: () => Promise<T>) =>
      locks.request(name, { mode: 'exclusive' }, callback) as Promise<T>,
  };
}

/** Whether a failed refresh means the server refused it (the session is over). */
function isRefusal(error: unknown): boolean {
  // 400: the stored refresh token is malformed; it will never be accepted.
  return isAuthRejection(error) || (error instanceof HttpError && error.status === 400);
}

/**
 * Creates a refresh function: resolves to the outcome and, on 'refreshed', has stored the new
 * access token, expiry and rotated refresh token. Never rejects.
 */
export function createTokenRefresher(
  options: TokenRefresherOptions,
): () => Promise<RefreshOutcome> {
  const store = options.store;
  const requestRefresh = options.requestRefresh ?? requestTokenRefresh;
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const now = options.now ?? Date.now;
  let inFlight: Promise<RefreshOutcome> | null = null;

  const refreshHeld = async (seenRefreshToken: string | null): Promise<RefreshOutcome> => {
    const current = store.readTokens();
    const refreshToken = current?.refreshToken ?? null;
    if (!current || !refreshToken) return 'rejected';
    if (
      seenRefreshToken !== null &&
      refreshToken !== seenRefreshToken &&
      isAccessTokenValid(current, now())
    ) {
      // Another tab rotated the tokens while this one waited for the lock.
      return 'refreshed';
    }
    try {
      const next = await requestRefresh(refreshToken);
      store.writeTokens({
        accessToken: next.accessToken,
        refreshToken: next.refreshToken ?? refreshToken,
        expiresAt: next.expiresAt,
      });
      return 'refreshed';
    } catch (error) {
      if (isAccountDeletedError(error)) return 'accountDeleted';
      return isRefusal(error) ? 'rejected' : 'unreachable';
    }
  };

  return () => {
    if (!inFlight) {
      const seen = store.readTokens()?.refreshToken ?? null;
      const run = locks
        ? locks.request(REFRESH_LOCK_NAME, () => refreshHeld(seen))
        : refreshHeld(seen);
      inFlight = run
        .catch((): RefreshOutcome => 'unreachable')
        .finally(() => {
          inFlight = null;
        });
    }
    return inFlight;
  };
}

const sharedRefreshers = new WeakMap<SessionStore, () => Promise<RefreshOutcome>>();

/**
 * The one refresher of a store with the browser's defaults, shared by the session machine and
 * the request helper so both join the same in-flight refresh.
 */
export function sharedRefresherFor(store: SessionStore): () => Promise<RefreshOutcome> {
  let refresher = sharedRefreshers.get(store);
  if (!refresher) {
    refresher = createTokenRefresher({ store });
    sharedRefreshers.set(store, refresher);
  }
  return refresher;
}
