/**
 * The session machine's rules (core-platform §4 "Session", §5, §8, §9) on a simulated clock:
 * start-up cleanup and session check, sign-in with its toasts and delayed safe redirect,
 * registration, logout, token expiry, refresh and offline behaviour.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenRefresher } from '../../../src/lib/auth/token-refresh.ts';
import { SESSION_CLEANUP_MARKER } from '../../../src/lib/auth/session-store.ts';
import {
  flush,
  httpError,
  loginAnswer,
  MINUTE_MS,
  offlineError,
  rider,
  sessionHarness,
  START_MS,
} from './session-harness.ts';

let harness: ReturnType<typeof sessionHarness> | null = null;
function make(options: Parameters<typeof sessionHarness>[0] = {}) {
  harness = sessionHarness(options);
  return harness;
}
afterEach(() => {
  harness?.actor.stop();
  harness = null;
});

describe('start-up cleanup (marker 2025-09-12-ai-fix-v3)', () => {
  it('clears tokens and the stored user once when the marker is missing, then sets it', async () => {
    const h = make({ withoutCleanupMarker: true, user: rider, expiresInMs: 60 * MINUTE_MS });
    h.actor.start();
    expect(h.store.readUser()).toBeNull();
    expect(h.store.readTokens()).toBeNull();
    expect(h.store.readCleanupMarker()).toBe(SESSION_CLEANUP_MARKER);
    h.clock.increment(100);
    await flush();
    expect(h.state()).toBe('signedOut.idle');
  });

  it('keeps a stored session when the marker is already there', async () => {
    const h = make({ user: rider, expiresInMs: 60 * MINUTE_MS });
    await h.startAndSettle();
    expect(h.state()).toBe('signedIn.active');
    expect(h.store.readTokens()?.accessToken).toBe('access-old');
  });
});

describe('session check after 100 ms', () => {
  it('stays loading for 99 ms, then uses a stored user whose token has over 5 min left', async () => {
    const h = make({ user: rider, expiresInMs: 5 * MINUTE_MS + 1000 });
    h.actor.start();
    h.clock.increment(99);
    await flush();
    expect(h.state()).toBe('loading.waiting');
    h.clock.increment(1);
    await flush();
    expect(h.state()).toBe('signedIn.active');
    expect(h.actor.getSnapshot().context.user).toEqual(rider);
    expect(h.calls.refresh).toBe(0);
    expect(h.calls.serverUser).toBe(0);
  });

  it('uses a stored user whose token has no known expiry', async () => {
    const h = make({ user: rider, expiresInMs: null });
    await h.startAndSettle();
    expect(h.state()).toBe('signedIn.active');
  });

  it('refreshes an expiring token (5 min or less left) once and stays signed in', async () => {
    const requests: string[] = [];
    const h = make({
      user: rider,
      expiresInMs: 4 * MINUTE_MS,
      refresh: (store) =>
        createTokenRefresher({
          store,
          locks: null,
          now: () => START_MS,
          requestRefresh: async (refreshToken) => {
            requests.push(refreshToken);
            return {
              accessToken: 'access-rotated',
              refreshToken: 'refresh-rotated',
              expiresAt: START_MS + 15 * MINUTE_MS,
            };
          },
        })(),
    });
    await h.startAndSettle();
    expect(h.state()).toBe('signedIn.active');
    expect(requests).toEqual(['refresh-old']);
    expect(h.store.readTokens()).toEqual({
      accessToken: 'access-rotated',
      refreshToken: 'refresh-rotated',
      expiresAt: START_MS + 15 * MINUTE_MS,
    });
  });

  it('keeps a rider who comes back after a day signed in when the refresh works', async () => {
    const h = make({
      user: rider,
      expiresInMs: -24 * 60 * MINUTE_MS,
      refresh: async () => 'refreshed',
    });
    await h.startAndSettle();
    expect(h.state()).toBe('signedIn.active');
    expect(h.calls.refresh).toBe(1);
  });

  it('clears everything when the refresh of an expired token is refused', async () => {
    const h = make({
      user: rider,
      expiresInMs: -MINUTE_MS,
      returnPath: '/saved',
      refresh: async () => 'rejected',
    });
    await h.startAndSettle();
    expect(h.state()).toBe('signedOut.idle');
    expect(h.store.readUser()).toBeNull();
    expect(h.store.readTokens()).toBeNull();
    expect(h.actor.getSnapshot().context.user).toBeNull();
  });

  it('keeps the stored user when the refresh says the account was deleted elsewhere', async () => {
    // The sync engine gets the same answer, clears the account's data, then signs the rider out.
    const h = make({ user: rider, expiresInMs: -MINUTE_MS, refresh: async () => 'accountDeleted' });
    await h.startAndSettle();
    expect(h.state()).toBe('signedIn.active');
    expect(h.store.readUser()?.id).toBe(rider.id);
  });

  it('clears the stored user when there is no refresh token, without a network call', async () => {
    let requested = false;
    const h = make({
      user: rider,
      expiresInMs: -MINUTE_MS,
      refreshToken: null,
      refresh: (store) =>
        createTokenRefresher({
          store,
          locks: null,
          requestRefresh: async () => {
            requested = true;
            throw httpError(401);
          },
        })(),
    });
    await h.startAndSettle();
    expect(h.state()).toBe('signedOut.idle');
    expect(requested).toBe(false);
    expect(h.store.readUser()).toBeNull();
  });

  it('offline: keeps the stored user when the refresh cannot reach the server', async () => {
    const h = make({
      user: rider,
      expiresInMs: -MINUTE_MS,
      refresh: (store) =>
        createTokenRefresher({
          store,
          locks: null,
          requestRefresh: async () => {
            throw offlineError();
          },
        })(),
    });
    await h.startAndSettle();
    expect(h.state()).toBe('signedIn.active');
    expect(h.actor.getSnapshot().context.user?.username).toBe('ozark_rider');
    expect(h.store.readTokens()?.refreshToken).toBe('refresh-old');
  });

  it('asks the server with no stored user and signs in with its user', async () => {
    const h = make({ serverUser: async () => rider });
    await h.startAndSettle();
    expect(h.calls.serverUser).toBe(1);
    expect(h.state()).toBe('signedIn.active');
    expect(h.store.readUser()).toEqual(rider);
  });

  it.each([401, 403])('clears local state when the server session answers %i', async (status) => {
    const h = make({
      expiresInMs: 60 * MINUTE_MS,
      serverUser: () => Promise.reject(httpError(status)),
    });
    await h.startAndSettle();
    expect(h.state()).toBe('signedOut.idle');
    expect(h.store.readTokens()).toBeNull();
  });

  it('keeps the saved return path when the server has no session (a guest on a gated page)', async () => {
    const h = make({ returnPath: '/fleet', serverUser: () => Promise.reject(httpError(401)) });
    await h.startAndSettle();
    expect(h.store.readReturnPath()).toBe('/fleet');
  });

  it.each([
    ['a server fault (500)', () => httpError(500, 'boom')],
    ['no network', offlineError],
  ])('ignores %s from the server session query', async (_label, failure) => {
    const h = make({ expiresInMs: 60 * MINUTE_MS, serverUser: () => Promise.reject(failure()) });
    await h.startAndSettle();
    expect(h.state()).toBe('signedOut.idle');
    expect(h.store.readTokens()?.accessToken).toBe('access-old');
  });

  it('treats an empty server answer as signed out', async () => {
    const h = make({ serverUser: async () => null });
    await h.startAndSettle();
    expect(h.state()).toBe('signedOut.idle');
  });

  it('a token-expired event during loading signs out', async () => {
    const h = make({ serverUser: () => new Promise(() => undefined) });
    await h.startAndSettle();
    expect(h.state()).toBe('loading.askingServer');
    h.actor.send({ type: 'session.tokenExpired' });
    expect(h.state()).toBe('signedOut.idle');
  });
});

describe('sign-in', () => {
  it('stores user and tokens, shows the welcome toast and redirects after 500 ms', async () => {
    const h = make({ returnPath: '/saved' });
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: '  ozark_rider ', password: 'secret-pass' });
    await flush();
    expect(h.calls.login).toEqual([{ username: 'ozark_rider', password: 'secret-pass' }]);
    expect(h.state()).toBe('signedIn.redirecting');
    expect(h.store.readUser()).toEqual(rider);
    expect(h.store.readTokens()).toEqual(loginAnswer().tokens);
    expect(h.toasts).toEqual([
      { title: 'Login Successful', description: 'Welcome back, ozark_rider!' },
    ]);
    h.clock.increment(499);
    expect(h.navigations).toEqual([]);
    h.clock.increment(1);
    expect(h.navigations).toEqual(['/saved']);
    expect(h.state()).toBe('signedIn.active');
    expect(h.store.readReturnPath()).toBeNull();
  });

  it('signs in a rider who pressed Sign in while the stored session was still being checked', async () => {
    let answerServer: (user: null) => void = () => undefined;
    const h = make({ serverUser: () => new Promise((resolve) => (answerServer = resolve)) });
    h.actor.start();
    h.clock.increment(100);
    await flush();
    expect(h.state()).toBe('loading.askingServer');
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'secret-pass' });
    answerServer(null);
    await flush();
    expect(h.calls.login).toEqual([{ username: 'ozark_rider', password: 'secret-pass' }]);
    expect(h.state()).toBe('signedIn.redirecting');
    expect(h.toasts).toEqual([
      { title: 'Login Successful', description: 'Welcome back, ozark_rider!' },
    ]);
  });

  it('drops a sign-in pressed during the check once the stored session proves valid', async () => {
    const h = make({ user: rider, expiresInMs: 60 * MINUTE_MS });
    h.actor.start();
    h.actor.send({ type: 'session.login', username: 'someone_else', password: 'pw' });
    h.clock.increment(100);
    await flush();
    expect(h.state()).toBe('signedIn.active');
    h.actor.send({ type: 'session.logout' });
    await flush();
    expect(h.calls.login).toEqual([]);
    expect(h.state()).toBe('signedOut.idle');
  });

  it('redirects to /ai-trails when no return path is saved', async () => {
    const h = make();
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'pw' });
    await flush();
    h.clock.increment(500);
    expect(h.navigations).toEqual(['/ai-trails']);
  });

  it.each([
    '//evil.example',
    '/..',
    'javascript:alert(1)',
    '/\\evil.example',
    'https://evil.example',
  ])('refuses the unsafe return path %s and goes to /ai-trails', async (unsafe) => {
    const h = make({ returnPath: unsafe });
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'pw' });
    await flush();
    h.clock.increment(500);
    expect(h.navigations).toEqual(['/ai-trails']);
  });

  it('shows the server message on a refused sign-in', async () => {
    const h = make({ login: () => Promise.reject(httpError(401, 'Invalid username or password')) });
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'wrong' });
    await flush();
    expect(h.state()).toBe('signedOut.idle');
    expect(h.toasts).toEqual([
      {
        title: 'Login Failed',
        description: 'Invalid username or password',
        variant: 'destructive',
      },
    ]);
    expect(h.store.readUser()).toBeNull();
  });

  it('shows a rate-limit message from the server as it is', async () => {
    const message = 'Too many failed sign-ins for this username. Try again in 15 minutes.';
    const h = make({ login: () => Promise.reject(httpError(429, message)) });
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'wrong' });
    await flush();
    expect(h.toasts.at(-1)?.description).toBe(message);
    expect(h.actor.getSnapshot().context.error).toEqual({ form: 'login', message });
  });

  it("falls back to 'Invalid username or password' when the answer carries no message", async () => {
    const h = make({ login: () => Promise.reject(httpError(401)) });
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'wrong' });
    await flush();
    expect(h.toasts.at(-1)).toEqual({
      title: 'Login Failed',
      description: 'Invalid username or password',
      variant: 'destructive',
    });
  });

  it('says it cannot connect when the network is down', async () => {
    const h = make({ login: () => Promise.reject(offlineError()) });
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'pw' });
    await flush();
    expect(h.toasts.at(-1)?.description).toBe('Unable to connect to server. Please try again.');
    expect(h.state()).toBe('signedOut.idle');
  });

  it('ignores a second attempt while the first is loading', async () => {
    let answer: (value: ReturnType<typeof loginAnswer>) => void = () => undefined;
    const h = make({ login: () => new Promise((resolve) => (answer = resolve)) });
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'pw' });
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: 'pw' });
    h.actor.send({
      type: 'session.register',
      details: { username: 'x', email: 'x@example.org', password: 'password1', vehicleType: '4x4' },
    });
    expect(h.state()).toBe('signedOut.loggingIn');
    answer(loginAnswer());
    await flush();
    expect(h.calls.login).toHaveLength(1);
    expect(h.calls.register).toBe(0);
    expect(h.toasts).toHaveLength(1);
  });

  it('does not send an empty username or password', async () => {
    const h = make();
    await h.startAndSettle();
    h.actor.send({ type: 'session.login', username: '   ', password: 'pw' });
    h.actor.send({ type: 'session.login', username: 'ozark_rider', password: '' });
    await flush();
    expect(h.calls.login).toEqual([]);
    expect(h.actor.getSnapshot().context.error?.form).toBe('login');
  });
});

describe('registration', () => {
  const details = {
    username: ' new_rider ',
    email: 'new@example.org',
    password: 'long-password',
    vehicleType: '4x4',
  };

  it('welcomes the rider, signs in and redirects', async () => {
    let sent: unknown = null;
    const user = { ...rider, username: 'new_rider' };
    const h = make({
      register: async (input) => {
        sent = input;
        return { kind: 'signedIn', session: loginAnswer(user) };
      },
    });
    await h.startAndSettle();
    h.actor.send({ type: 'session.register', details });
    await flush();
    expect(sent).toEqual({ ...details, username: 'new_rider' });
    expect(h.toasts).toEqual([
      {
        title: 'Registration Successful',
        description: 'Welcome to Natural State Trails, new_rider! You are signed in.',
      },
    ]);
    expect(h.store.readUser()?.username).toBe('new_rider');
    h.clock.increment(500);
    expect(h.navigations).toEqual(['/ai-trails']);
  });

  it('shows the catalogue toast and keeps the server reason for the form', async () => {
    const h = make({ register: () => Promise.reject(httpError(409, 'Username already taken')) });
    await h.startAndSettle();
    h.actor.send({ type: 'session.register', details });
    await flush();
    expect(h.state()).toBe('signedOut.idle');
    expect(h.toasts).toEqual([
      {
        title: 'Registration Failed',
        description: 'Please check your information and try again',
        variant: 'destructive',
      },
    ]);
    expect(h.actor.getSnapshot().context.error).toEqual({
      form: 'register',
      message: 'Username already taken',
    });
  });

  it('asks to sign in when the account was created but the sign-in after it failed', async () => {
    const h = make({ register: async () => ({ kind: 'registered', user: rider }) });
    await h.startAndSettle();
    h.actor.send({ type: 'session.register', details });
    await flush();
    expect(h.state()).toBe('signedOut.idle');
    expect(h.toasts.at(-1)?.title).toBe('Registration Successful');
    expect(h.store.readUser()).toBeNull();
  });
});

describe('signed in', () => {
  async function signedIn(options: Parameters<typeof sessionHarness>[0] = {}) {
    const h = make({ user: rider, expiresInMs: 60 * MINUTE_MS, ...options });
    await h.startAndSettle();
    expect(h.state()).toBe('signedIn.active');
    return h;
  }

  it('logout clears user, tokens and return path, revokes on the server and says so', async () => {
    const h = await signedIn({ returnPath: '/saved', currentPath: '/ai-trails' });
    h.actor.send({ type: 'session.logout' });
    expect(h.state()).toBe('signedOut.idle');
    expect(h.revoked).toEqual(['refresh-old']);
    expect(h.store.readUser()).toBeNull();
    expect(h.store.readTokens()).toBeNull();
    expect(h.store.readReturnPath()).toBeNull();
    expect(h.toasts).toEqual([
      { title: 'Logged Out', description: 'You have been successfully logged out' },
    ]);
    expect(h.navigations).toEqual([]);
  });

  it('logging out on /profile goes to /', async () => {
    const h = await signedIn({ currentPath: '/profile' });
    h.actor.send({ type: 'session.logout' });
    expect(h.navigations).toEqual(['/']);
  });

  it('a token-expired event signs the rider out', async () => {
    const h = await signedIn();
    h.actor.send({ type: 'session.tokenExpired' });
    expect(h.state()).toBe('signedOut.idle');
    expect(h.store.readUser()).toBeNull();
    expect(h.store.readTokens()).toBeNull();
    expect(h.toasts.at(-1)?.title).toBe('Session Expired');
  });

  it('a refresh updates the access token, its expiry and the rotated refresh token', async () => {
    const h = await signedIn({
      refresh: (store) =>
        createTokenRefresher({
          store,
          locks: null,
          requestRefresh: async () => ({
            accessToken: 'access-2',
            refreshToken: 'refresh-2',
            expiresAt: START_MS + 30 * MINUTE_MS,
          }),
        })(),
    });
    h.actor.send({ type: 'session.refresh' });
    await flush();
    expect(h.state()).toBe('signedIn.active');
    expect(h.store.readTokens()).toEqual({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      expiresAt: START_MS + 30 * MINUTE_MS,
    });
  });

  it('a refused refresh logs the rider out', async () => {
    const h = await signedIn({ refresh: async () => 'rejected' });
    h.actor.send({ type: 'session.refresh' });
    await flush();
    expect(h.state()).toBe('signedOut.idle');
    expect(h.store.readTokens()).toBeNull();
  });

  it('offline: an unreachable refresh or profile check keeps the rider signed in', async () => {
    const h = await signedIn({
      refresh: async () => 'unreachable',
      serverUser: () => Promise.reject(offlineError()),
    });
    h.actor.send({ type: 'session.refresh' });
    await flush();
    h.actor.send({ type: 'session.verify' });
    await flush();
    h.clock.increment(24 * 60 * MINUTE_MS);
    await flush();
    expect(h.state()).toBe('signedIn.active');
    expect(h.actor.getSnapshot().context.user).toEqual(rider);
    expect(h.store.readUser()).toEqual(rider);
  });

  it('a profile check takes the server user (e.g. a new role)', async () => {
    const h = await signedIn({ serverUser: async () => ({ ...rider, roleId: 'test' }) });
    h.actor.send({ type: 'session.verify' });
    await flush();
    expect(h.actor.getSnapshot().context.user?.roleId).toBe('test');
    expect(h.store.readUser()?.roleId).toBe('test');
  });

  it('signing out in another tab signs this one out', async () => {
    const h = await signedIn();
    h.store.clear();
    h.actor.send({ type: 'session.storageChanged' });
    expect(h.state()).toBe('signedOut.idle');
    expect(h.toasts).toEqual([]);
  });

  it('signing in in another tab signs this one in', async () => {
    const h = make();
    await h.startAndSettle();
    h.store.writeUser(rider);
    h.store.writeTokens(loginAnswer().tokens);
    h.actor.send({ type: 'session.storageChanged' });
    expect(h.state()).toBe('signedIn.active');
  });
});
