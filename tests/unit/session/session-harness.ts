/**
 * A session machine wired to in-memory storage, a simulated clock and scripted network answers,
 * recording every toast, navigation and server-side logout it asks for.
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { HttpError } from '../../../src/lib/http/request.ts';
import {
  createSessionStore,
  memoryStorage,
  SESSION_CLEANUP_MARKER,
  SESSION_STORAGE_KEYS,
  type SessionStore,
} from '../../../src/lib/auth/session-store.ts';
import type {
  LoginCredentials,
  LoginResult,
  RegistrationDetails,
  SessionUser,
} from '../../../src/lib/auth/session-types.ts';
import type { RefreshOutcome } from '../../../src/lib/auth/token-refresh.ts';
import { sessionMachine, type RegistrationResult } from '../../../src/machines/session-machine.ts';
import type { ToastInput } from '../../../src/lib/toast.ts';

/** Epoch ms at simulated time 0. */
export const START_MS = Date.UTC(2025, 9, 1, 12, 0, 0);
export const MINUTE_MS = 60_000;

export const rider: SessionUser = {
  id: 'user-1',
  username: 'ozark_rider',
  email: 'rider@example.org',
  vehicleType: '4x4',
  roleId: 'user',
  createdAt: Date.UTC(2025, 8, 1, 10, 0, 0),
};

/** A JSON error answer as the server sends it, thrown the way the request helper throws it. */
export function httpError(status: number, message?: string): HttpError {
  const body = message === undefined ? '' : JSON.stringify({ statusCode: status, message });
  return new HttpError(status, `${status}: ${body}`);
}

/** What fetch throws when the device is offline. */
export function offlineError(): TypeError {
  return new TypeError('Failed to fetch');
}

export interface HarnessOptions {
  /** Leave out the cleanup marker (a first start after the fix). */
  withoutCleanupMarker?: boolean;
  user?: SessionUser | null;
  /** Access token expiry relative to START_MS, ms; undefined = no tokens, null = unknown. */
  expiresInMs?: number | null;
  refreshToken?: string | null;
  returnPath?: string | null;
  currentPath?: string;
  refresh?: (store: SessionStore) => Promise<RefreshOutcome>;
  serverUser?: () => Promise<SessionUser | null>;
  login?: (credentials: LoginCredentials) => Promise<LoginResult>;
  register?: (details: RegistrationDetails) => Promise<RegistrationResult>;
}

/** Lets settled promises (invoked actors) deliver their results. */
export async function flush(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

export function loginAnswer(user: SessionUser = rider, accessToken = 'access-new'): LoginResult {
  return {
    user,
    tokens: { accessToken, refreshToken: 'refresh-new', expiresAt: START_MS + 15 * MINUTE_MS },
  };
}

/** Builds the harness; the actor is created but not started. */
export function sessionHarness(options: HarnessOptions = {}) {
  const storage = memoryStorage();
  const store = createSessionStore(storage);
  if (!options.withoutCleanupMarker) store.writeCleanupMarker(SESSION_CLEANUP_MARKER);
  if (options.user) store.writeUser(options.user);
  if (options.expiresInMs !== undefined) {
    store.writeTokens({
      accessToken: 'access-old',
      refreshToken: options.refreshToken === undefined ? 'refresh-old' : options.refreshToken,
      expiresAt: options.expiresInMs === null ? null : START_MS + options.expiresInMs,
    });
  }
  if (options.returnPath) store.writeReturnPath(options.returnPath);

  const clock = new SimulatedClock();
  const toasts: ToastInput[] = [];
  const navigations: string[] = [];
  const revoked: Array<string | null> = [];
  const calls = { refresh: 0, serverUser: 0, login: [] as LoginCredentials[], register: 0 };
  let currentPath = options.currentPath ?? '/profile';

  const machine = sessionMachine.provide({
    actors: {
      refreshTokens: fromPromise<RefreshOutcome, { store: SessionStore }>(({ input }) => {
        calls.refresh += 1;
        return options.refresh ? options.refresh(input.store) : Promise.resolve('rejected');
      }),
      fetchServerUser: fromPromise<SessionUser | null>(() => {
        calls.serverUser += 1;
        return options.serverUser ? options.serverUser() : Promise.reject(httpError(401));
      }),
      logIn: fromPromise<LoginResult, LoginCredentials>(({ input }) => {
        calls.login.push(input);
        return options.login ? options.login(input) : Promise.resolve(loginAnswer());
      }),
      registerAndLogIn: fromPromise<RegistrationResult, RegistrationDetails>(({ input }) => {
        calls.register += 1;
        return options.register
          ? options.register(input)
          : Promise.resolve({ kind: 'signedIn', session: loginAnswer() });
      }),
    },
    actions: {
      notify: (_, params) => {
        toasts.push(params);
      },
      navigate: (_, params) => {
        navigations.push(params.path);
      },
      revokeRefreshToken: (_, params) => {
        revoked.push(params.refreshToken);
      },
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { store, now: () => START_MS + clock.now(), currentPath: () => currentPath },
  });

  return {
    actor,
    store,
    storage,
    clock,
    toasts,
    navigations,
    revoked,
    calls,
    keys: SESSION_STORAGE_KEYS,
    setCurrentPath(path: string) {
      currentPath = path;
    },
    /** The state as a dotted path, e.g. 'signedOut.idle'. */
    state(): string {
      const value = actor.getSnapshot().value;
      if (typeof value === 'string') return value;
      return Object.entries(value)
        .map(([parent, child]) => `${parent}.${String(child)}`)
        .join();
    },
    /** Starts the actor and runs the 100 ms session check to its end. */
    async startAndSettle(): Promise<void> {
      actor.start();
      clock.increment(100);
      await flush();
    },
  };
}
