/**
 * Pure session helpers: safe return paths (core-platform §5), token validity with the 5-minute
 * margin (§5, §9), storage that survives broken localStorage (§8), server error messages (§8)
 * and the refresh coordinator that must never spend one refresh token twice.
 */
import { describe, expect, it } from 'vitest';
import {
  loginFailureMessage,
  registrationFailureDetail,
  serverMessageOf,
} from '../../../src/lib/auth/auth-errors.ts';
import {
  DEFAULT_RETURN_PATH,
  isSafeReturnPath,
  resolveReturnPath,
} from '../../../src/lib/auth/return-path.ts';
import { createSessionStore, memoryStorage } from '../../../src/lib/auth/session-store.ts';
import { parseSessionUser } from '../../../src/lib/auth/session-types.ts';
import { createTokenRefresher, type RefreshLocks } from '../../../src/lib/auth/token-refresh.ts';
import {
  isAccessTokenValid,
  TOKEN_EXPIRY_MARGIN_MS,
} from '../../../src/lib/auth/token-validity.ts';
import { HttpError } from '../../../src/lib/http/request.ts';
import { httpError, offlineError, rider } from './session-harness.ts';

describe('safe return path', () => {
  it.each(['/saved', '/ai-trails?activity=hiking', '/map/mill-creek-ohv-trail', '/'])(
    'accepts %s',
    (path) => {
      expect(isSafeReturnPath(path)).toBe(true);
      expect(resolveReturnPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '/..',
    '/a/../b',
    'javascript:alert(1)',
    '/x:y',
    'https://evil.example',
    'saved',
    '',
    '/<script>',
    '/a>b',
    '/"q',
    "/'q",
    '/`q',
    '/\\evil.example',
    '/\tjavascript',
    '/a b',
  ])('refuses %j', (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
    expect(resolveReturnPath(path)).toBe(DEFAULT_RETURN_PATH);
  });

  it('refuses non-strings and defaults to /ai-trails', () => {
    expect(isSafeReturnPath(null)).toBe(false);
    expect(isSafeReturnPath(42)).toBe(false);
    expect(resolveReturnPath(undefined)).toBe('/ai-trails');
  });
});

describe('access token validity', () => {
  const now = 1_000_000_000;
  it('needs a token', () => {
    expect(isAccessTokenValid(null, now)).toBe(false);
    expect(isAccessTokenValid({ accessToken: '', expiresAt: null }, now)).toBe(false);
  });
  it('is valid with no known expiry', () => {
    expect(isAccessTokenValid({ accessToken: 't', expiresAt: null }, now)).toBe(true);
  });
  it('needs more than 5 minutes left', () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(300_000);
    const at = (remaining: number) => ({ accessToken: 't', expiresAt: now + remaining });
    expect(isAccessTokenValid(at(300_001), now)).toBe(true);
    expect(isAccessTokenValid(at(300_000), now)).toBe(false);
    expect(isAccessTokenValid(at(60_000), now)).toBe(false);
    expect(isAccessTokenValid(at(-1), now)).toBe(false);
  });
});

describe('session store', () => {
  it('round-trips user, tokens and return path and clears them together', () => {
    const store = createSessionStore(memoryStorage());
    store.writeUser(rider);
    store.writeTokens({ accessToken: 'a', refreshToken: 'r', expiresAt: 123 });
    store.writeReturnPath('/saved');
    expect(store.readUser()).toEqual(rider);
    expect(store.readTokens()).toEqual({ accessToken: 'a', refreshToken: 'r', expiresAt: 123 });
    store.clear();
    expect(store.readUser()).toBeNull();
    expect(store.readTokens()).toBeNull();
    expect(store.readReturnPath()).toBeNull();
  });

  it('ignores a corrupt stored user', () => {
    const storage = memoryStorage();
    storage.setItem('user', '{not json');
    expect(createSessionStore(storage).readUser()).toBeNull();
    storage.setItem('user', JSON.stringify({ roleId: 'admin' }));
    expect(createSessionStore(storage).readUser()).toBeNull();
  });

  it('only logs storage failures (quota, disabled storage)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const original = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const store = createSessionStore(broken);
      expect(() => store.writeUser(rider)).not.toThrow();
      expect(store.readUser()).toBeNull();
      expect(() => store.clear()).not.toThrow();
    } finally {
      console.warn = original;
    }
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('parses only users with a username', () => {
    expect(parseSessionUser(null)).toBeNull();
    expect(parseSessionUser({ username: '' })).toBeNull();
    expect(parseSessionUser({ username: 'a', roleId: 5 })).toEqual({ username: 'a' });
    expect(parseSessionUser({ username: 'a', createdAt: 1_700_000_000_000 })).toEqual({
      username: 'a',
      createdAt: 1_700_000_000_000,
    });
  });
});

describe('auth error messages', () => {
  it('reads the server message from the JSON error body', () => {
    expect(serverMessageOf(httpError(409, 'Username already taken'))).toBe(
      'Username already taken',
    );
    expect(serverMessageOf(httpError(401))).toBeNull();
    expect(serverMessageOf(new Error('x'))).toBeNull();
  });
  it('picks the catalogue texts', () => {
    expect(loginFailureMessage(httpError(401))).toBe('Invalid username or password');
    expect(loginFailureMessage(offlineError())).toBe(
      'Unable to connect to server. Please try again.',
    );
    expect(registrationFailureDetail(httpError(400))).toBe(
      'Please check your information and try again',
    );
  });
});

describe('token refresher', () => {
  function seeded() {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.writeTokens({ accessToken: 'a1', refreshToken: 'r1', expiresAt: 0 });
    return { storage, store };
  }
  const rotated = (n: number) => ({
    accessToken: `a${n}`,
    refreshToken: `r${n}`,
    expiresAt: Date.now() + 15 * 60_000,
  });

  it('shares one request between concurrent callers in a tab', async () => {
    const { store } = seeded();
    const spent: string[] = [];
    const refresh = createTokenRefresher({
      store,
      locks: null,
      requestRefresh: async (token) => {
        spent.push(token);
        return rotated(2);
      },
    });
    const outcomes = await Promise.all([refresh(), refresh(), refresh()]);
    expect(outcomes).toEqual(['refreshed', 'refreshed', 'refreshed']);
    expect(spent).toEqual(['r1']);
    expect(store.readTokens()?.refreshToken).toBe('r2');
  });

  it('across tabs, a tab that waited for the lock uses the tokens the other tab rotated', async () => {
    const { storage } = seeded();
    // Two tabs: separate refreshers over the same localStorage and one lock manager.
    let queue: Promise<unknown> = Promise.resolve();
    const locks: RefreshLocks = {
      request: (_name, callback) => {
        const run = queue.then(callback);
        queue = run.catch(() => undefined);
        return run;
      },
    };
    const spent: string[] = [];
    let counter = 1;
    const requestRefresh = async (token: string) => {
      spent.push(token);
      counter += 1;
      return rotated(counter);
    };
    const tabA = createTokenRefresher({
      store: createSessionStore(storage),
      locks,
      requestRefresh,
    });
    const tabB = createTokenRefresher({
      store: createSessionStore(storage),
      locks,
      requestRefresh,
    });
    const outcomes = await Promise.all([tabA(), tabB()]);
    expect(outcomes).toEqual(['refreshed', 'refreshed']);
    expect(spent).toEqual(['r1']);
    expect(createSessionStore(storage).readTokens()?.accessToken).toBe('a2');
  });

  it.each([
    [401, 'rejected'],
    [400, 'rejected'],
    [403, 'rejected'],
    [429, 'unreachable'],
    [500, 'unreachable'],
  ] as const)('maps HTTP %i to %s and keeps the tokens', async (status, outcome) => {
    const { store } = seeded();
    const refresh = createTokenRefresher({
      store,
      locks: null,
      requestRefresh: () => Promise.reject(httpError(status)),
    });
    await expect(refresh()).resolves.toBe(outcome);
    expect(store.readTokens()?.refreshToken).toBe('r1');
  });

  it('tells a deleted account (410 account-deleted) from a refused refresh', async () => {
    const { store } = seeded();
    const body = { statusCode: 410, error: 'Gone', message: 'Deleted.', code: 'account-deleted' };
    const refresh = createTokenRefresher({
      store,
      locks: null,
      requestRefresh: () => Promise.reject(new HttpError(410, `410: ${JSON.stringify(body)}`)),
    });
    await expect(refresh()).resolves.toBe('accountDeleted');
  });

  it('offline is unreachable, not a sign-out', async () => {
    const { store } = seeded();
    const refresh = createTokenRefresher({
      store,
      locks: null,
      requestRefresh: () => Promise.reject(offlineError()),
    });
    await expect(refresh()).resolves.toBe('unreachable');
  });

  it('keeps the old refresh token when the server does not rotate it', async () => {
    const { store } = seeded();
    const refresh = createTokenRefresher({
      store,
      locks: null,
      requestRefresh: async () => ({ accessToken: 'a9', refreshToken: null, expiresAt: 5 }),
    });
    await refresh();
    expect(store.readTokens()).toEqual({ accessToken: 'a9', refreshToken: 'r1', expiresAt: 5 });
  });
});
