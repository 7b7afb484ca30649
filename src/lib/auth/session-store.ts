/**
 * Where the session lives on the device (requirements §core-3: the user is "stored locally after
 * login"; §core-4 cleanup marker; §core-8 "Token storage failures are only logged").
 *
 * Why localStorage: riders must stay signed in for days without signal, so the user and tokens
 * have to survive reloads and restarts offline and be shared by every tab (the `storage` event
 * tells other tabs about sign-in, refresh and sign-out). The server speaks bearer tokens, not
 * cookies, so an httpOnly cookie is not an option; the tokens are short-lived (15 min access)
 * and rotating (refresh reuse revokes the family), and the app sets a strict CSP (helmet) and
 * renders through React's escaping to keep script injection out.
 */
import { parseSessionUser, type SessionTokens, type SessionUser } from './session-types.ts';

/** localStorage keys (the stored-user key is the one the legacy app used). */
export const SESSION_STORAGE_KEYS = {
  user: 'user',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  expiresAt: 'tokenExpiresAt',
  returnPath: 'authReturnPath',
  cleanupMarker: 'authCleanupVersion',
} as const;

/** Keys whose change in another tab means the session changed there. */
export const SESSION_CHANGE_KEYS: readonly string[] = [
  SESSION_STORAGE_KEYS.user,
  SESSION_STORAGE_KEYS.accessToken,
  SESSION_STORAGE_KEYS.refreshToken,
];

/** The Storage methods the session uses (localStorage in the browser, a Map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Version marker of the one-time cleanup (requirements §core-4): sessions stored without it were
 * written by older app versions and are not trusted. Here rather than in the session machine so
 * the first render can read it without loading xstate.
 */
export const SESSION_CLEANUP_MARKER = '2025-09-12-ai-fix-v3';

/**
 * Reads and writes the session on the device. Never throws: failures are logged (requirements
 * §core-8).
 */
export interface SessionStore {
  readUser(): SessionUser | null;
  writeUser(user: SessionUser): void;
  /** The stored tokens; null without an access token. */
  readTokens(): SessionTokens | null;
  writeTokens(tokens: SessionTokens): void;
  /** Removes access token, refresh token and expiry. */
  clearTokens(): void;
  readReturnPath(): string | null;
  /** Saves (or with null removes) the path to open after sign-in; safety is checked on use. */
  writeReturnPath(path: string | null): void;
  readCleanupMarker(): string | null;
  writeCleanupMarker(marker: string): void;
  /** Removes the user and tokens; the return path stays for the next sign-in. */
  clearCredentials(): void;
  /** Removes user, tokens and return path (requirements §core-4 logout). */
  clear(): void;
}

function warn(action: string, error: unknown): void {
  console.warn(`Session storage: could not ${action}`, error);
}

/**
 * A SessionStore over `storage`. With null storage (private mode, storage disabled) it keeps the
 * session in memory for this page only.
 */
export function createSessionStore(storage: KeyValueStorage | null): SessionStore {
  const backing: KeyValueStorage = storage ?? memoryStorage();
  const get = (key: string): string | null => {
    try {
      return backing.getItem(key);
    } catch (error) {
      warn(`read ${key}`, error);
      return null;
    }
  };
  const set = (key: string, value: string | null): void => {
    try {
      if (value === null) backing.removeItem(key);
      else backing.setItem(key, value);
    } catch (error) {
      warn(`write ${key}`, error);
    }
  };
  const keys = SESSION_STORAGE_KEYS;
  const store: SessionStore = {
    readUser() {
      const raw = get(keys.user);
      if (!raw) return null;
      try {
        return parseSessionUser(JSON.parse(raw));
      } catch (_error) {
        return null;
      }
    },
    writeUser(user) {
      set(keys.user, JSON.stringify(user));
    },
    readTokens() {
      const accessToken = get(keys.accessToken);
      if (!accessToken) return null;
      const rawExpiry = get(keys.expiresAt);
      const expiresAt = rawExpiry === null ? null : Number(rawExpiry);
      return {
        accessToken,
        refreshToken: get(keys.refreshToken),
        expiresAt: expiresAt !== null && Number.isFinite(expiresAt) ? expiresAt : null,
      };
    },
    writeTokens(tokens) {
      // Refresh token and expiry first: a tab reading in between then sees the old access token
      // with the new refresh token, which it treats as "refreshed elsewhere" and re-reads.
      set(keys.refreshToken, tokens.refreshToken);
      set(keys.expiresAt, tokens.expiresAt === null ? null : String(tokens.expiresAt));
      set(keys.accessToken, tokens.accessToken);
    },
    clearTokens() {
      set(keys.accessToken, null);
      set(keys.refreshToken, null);
      set(keys.expiresAt, null);
    },
    readReturnPath() {
      return get(keys.returnPath);
    },
    writeReturnPath(path) {
      set(keys.returnPath, path);
    },
    readCleanupMarker() {
      return get(keys.cleanupMarker);
    },
    writeCleanupMarker(marker) {
      set(keys.cleanupMarker, marker);
    },
    clearCredentials() {
      store.clearTokens();
      set(keys.user, null);
    },
    clear() {
      store.clearCredentials();
      set(keys.returnPath, null);
    },
  };
  return store;
}

/** A Map-backed KeyValueStorage (tests, and browsers without usable localStorage). */
export function memoryStorage(): KeyValueStorage & { readonly size: number } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
    get size() {
      return values.size;
    },
  };
}

/** The browser's session store on localStorage (memory when localStorage is unavailable). */
export function browserSessionStore(): SessionStore {
  let storage: KeyValueStorage | null = null;
  try {
    storage = globalThis.localStorage ?? null;
  } catch (error) {
    warn('open localStorage', error);
  }
  return createSessionStore(storage);
}
