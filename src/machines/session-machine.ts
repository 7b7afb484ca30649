/**
 * The session (requirements §core-4 "Session", §core-5 login rules, §core-8 toasts, §core-9
 * delays): loading, then signed in or signed out.
 *
 * - loading: a one-time cleanup (marker 2025-09-12-ai-fix-v3) clears tokens and the stored user
 *   of older app versions; after 100 ms the stored user is used while its access token is valid;
 *   with an expiring or expired token the refresh token is tried once (a rider back after a day
 *   stays signed in) and a refused refresh clears everything; with no stored user the server
 *   session is asked for (401/403 clear local state, other errors are ignored).
 * - signedOut: sign-in and registration; a second attempt while one runs is ignored.
 * - signedIn: after a sign-in, 500 ms later the rider is sent to the saved return path when safe
 *   (requirements §core-5) or /ai-trails; logout, token expiry and a refused refresh sign out.
 * - Offline never signs anyone out: an unreachable server leaves the stored user in place.
 *
 * Tokens live only in the SessionStore (shared by every tab and by the request helper); the
 * machine's context holds the user on screen. Side effects (network, toasts, navigation,
 * server-side logout) are named actors and actions so tests swap them with `.provide()`.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  isAuthRejection,
  loginFailureMessage,
  REGISTRATION_FAILED_MESSAGE,
  registrationFailureDetail,
} from '../lib/auth/auth-errors.ts';
import { resolveReturnPath } from '../lib/auth/return-path.ts';
import {
  requestCurrentUser,
  requestLogin,
  requestLogout,
  requestRegistration,
} from '../lib/auth/session-api.ts';
import { SESSION_CLEANUP_MARKER, type SessionStore } from '../lib/auth/session-store.ts';
import type {
  LoginCredentials,
  LoginResult,
  RegistrationDetails,
  SessionUser,
} from '../lib/auth/session-types.ts';
import { sharedRefresherFor, type RefreshOutcome } from '../lib/auth/token-refresh.ts';
import { isAccessTokenValid } from '../lib/auth/token-validity.ts';
import { showToast, type ToastInput } from '../lib/toast.ts';

/** Delay before the stored session is checked, ms (requirements §core-9). */
export const SESSION_CHECK_DELAY_MS = 100;
/** Delay between a successful sign-in and the redirect, ms (requirements §core-9). */
export const AUTH_REDIRECT_DELAY_MS = 500;

/** Shown when the sign-in form is sent without a username or password (requirements §core-5). */
export const MISSING_CREDENTIALS_MESSAGE = 'Enter your username and password.';

/** Said once the deleted account's data is gone from this device and the rider signed out. */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account was deleted. Nothing of it is left on this device.';

/** Shown when registration worked but the automatic sign-in after it did not. */
export const REGISTERED_PLEASE_SIGN_IN_MESSAGE =
  'Your account is ready, but signing in did not complete. Please sign in.';

/** What registration achieved: signed in straight away, or registered but sign-in failed. */
export type RegistrationResult =
  { kind: 'signedIn'; session: LoginResult } | { kind: 'registered'; user: SessionUser };

/** Events of the session machine (`domain.verb`). */
export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  | { type: 'session.register'; details: RegistrationDetails }
  | { type: 'session.logout' }
  /** The request helper's refresh failed: the tokens are gone (requirements §core-4). */
  | { type: 'session.tokenExpired' }
  /**
   * The rider's account was deleted (on this device, or the server answered 410
   * `account-deleted`) and its data is already gone from this device: sign out for good.
   */
  | { type: 'session.accountDeleted' }
  /** Refresh the access token now (e.g. back online with an expiring token). */
  | { type: 'session.refresh' }
  /** Re-read the user from the server (profile page), keeping it when offline. */
  | { type: 'session.verify' }
  /** Another tab signed in, refreshed or signed out: re-read the stored session. */
  | { type: 'session.storageChanged' };

/** Which form a failure message belongs to. */
export type SessionFormError = { form: 'login' | 'register'; message: string } | null;

/** Machine context. */
export interface SessionContext {
  store: SessionStore;
  now: () => number;
  currentPath: () => string;
  user: SessionUser | null;
  /** The last sign-in or registration failure, shown beside the form. */
  error: SessionFormError;
  /**
   * A sign-in or registration sent while the stored session was still being checked: it runs
   * once the machine knows the rider is signed out, so an early tap is not lost.
   */
  deferred: Extract<SessionEvent, { type: 'session.login' | 'session.register' }> | null;
}

/** Machine input: the device store, a clock (epoch ms) and where the rider is. */
export interface SessionInput {
  store: SessionStore;
  now?: () => number;
  /** Current pathname (logout on /profile goes to /, requirements §voice-2.3). */
  currentPath?: () => string;
}

function welcomeName(user: SessionUser): string {
  return user.username;
}

function storeSession(context: SessionContext, session: LoginResult): void {
  context.store.writeTokens(session.tokens);
  context.store.writeUser(session.user);
}

/** The session machine (see the file header for the rules it implements). */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    refreshTokens: fromPromise<RefreshOutcome, { store: SessionStore }>(({ input }) =>
      sharedRefresherFor(input.store)(),
    ),
    fetchServerUser: fromPromise<SessionUser | null>(() => requestCurrentUser()),
    logIn: fromPromise<LoginResult, LoginCredentials>(({ input }) => requestLogin(input)),
    registerAndLogIn: fromPromise<RegistrationResult, RegistrationDetails>(async ({ input }) => {
      const user = await requestRegistration(input);
      try {
        const session = await requestLogin({ username: input.username, password: input.password });
        return { kind: 'signedIn', session };
      } catch (_error) {
        return { kind: 'registered', user };
      }
    }),
  },
  actions: {
    /** Raises a toast (src/lib/toast.ts). */
    notify: (_, params: ToastInput) => showToast(params),
    /** Opens an in-app path; the app provides its router here. */
    navigate: (_, params: { path: string }) => {
      globalThis.location?.assign(params.path);
    },
    /** Ends the refresh-token family on the server when online; failures do not matter. */
    revokeRefreshToken: (_, params: { refreshToken: string | null }) => {
      if (!params.refreshToken) return;
      if (globalThis.navigator?.onLine === false) return;
      requestLogout(params.refreshToken).catch(() => undefined);
    },
    runOneTimeCleanup: ({ context }) => {
      if (context.store.readCleanupMarker() === SESSION_CLEANUP_MARKER) return;
      // Sessions stored by older app versions are not trusted: sign in afresh once.
      context.store.clearCredentials();
      context.store.writeCleanupMarker(SESSION_CLEANUP_MARKER);
    },
    adoptStoredUser: assign({ user: ({ context }) => context.store.readUser() }),
    /** Forgets user and tokens (401/403, refused refresh, token expiry). */
    clearSession: assign(({ context }) => {
      context.store.clearCredentials();
      return { user: null };
    }),
    /** Logout: user, tokens and the return path (requirements §core-4). */
    clearEverything: assign(({ context }) => {
      context.store.clear();
      return { user: null };
    }),
    clearError: assign({ error: null }),
    forgetReturnPath: ({ context }) => context.store.writeReturnPath(null),
  },
  guards: {
    storedUserHasValidToken: ({ context }) =>
      context.store.readUser() !== null &&
      isAccessTokenValid(context.store.readTokens(), context.now()),
    hasStoredUser: ({ context }) => context.store.readUser() !== null,
    credentialsComplete: ({ event }) =>
      event.type === 'session.login' && event.username.trim() !== '' && event.password !== '',
  },
  delays: {
    sessionCheckDelay: SESSION_CHECK_DELAY_MS,
    authRedirectDelay: AUTH_REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    store: input.store,
    now: input.now ?? (() => Date.now()),
    currentPath: input.currentPath ?? (() => globalThis.location?.pathname ?? '/'),
    user: null,
    error: null,
    deferred: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'runOneTimeCleanup',
      initial: 'waiting',
      on: {
        'session.tokenExpired': { target: 'signedOut', actions: 'clearSession' },
        // The latest one wins, as a second press of the same form would be ignored later.
        'session.login': { actions: assign({ deferred: ({ event }) => event }) },
        'session.register': { actions: assign({ deferred: ({ event }) => event }) },
      },
      states: {
        waiting: { after: { sessionCheckDelay: 'deciding' } },
        deciding: {
          always: [
            {
              guard: 'storedUserHasValidToken',
              target: '#session.signedIn',
              actions: 'adoptStoredUser',
            },
            // A stored user whose token aged: one refresh before giving up on the session.
            { guard: 'hasStoredUser', target: 'refreshing' },
            { target: 'askingServer' },
          ],
        },
        refreshing: {
          invoke: {
            src: 'refreshTokens',
            input: ({ context }) => ({ store: context.store }),
            onDone: [
              {
                // Refused (or no refresh token): the session is over.
                guard: ({ event }) => event.output === 'rejected',
                target: '#session.signedOut',
                actions: 'clearSession',
              },
              // Refreshed, or offline: the rider keeps the stored user. Also when the account was
              // deleted elsewhere: the sync engine, answered the same, clears its data first.
              { target: '#session.signedIn', actions: 'adoptStoredUser' },
            ],
            onError: { target: '#session.signedIn', actions: 'adoptStoredUser' },
          },
        },
        askingServer: {
          invoke: {
            src: 'fetchServerUser',
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: '#session.signedIn',
                actions: [
                  assign({ user: ({ event }) => event.output }),
                  ({ context, event }) => {
                    if (event.output) context.store.writeUser(event.output);
                  },
                ],
              },
              { target: '#session.signedOut' },
            ],
            onError: [
              {
                guard: ({ event }) => isAuthRejection(event.error),
                target: '#session.signedOut',
                actions: 'clearSession',
              },
              // Offline or a server fault: ignored (requirements §core-4).
              { target: '#session.signedOut' },
            ],
          },
        },
      },
    },

    signedOut: {
      initial: 'idle',
      states: {
        idle: {
          entry: enqueueActions(({ context, enqueue }) => {
            if (!context.deferred) return;
            enqueue.raise(context.deferred);
            enqueue.assign({ deferred: null });
          }),
          on: {
            'session.login': [
              { guard: 'credentialsComplete', target: 'loggingIn', actions: 'clearError' },
              {
                actions: assign({
                  error: { form: 'login', message: MISSING_CREDENTIALS_MESSAGE },
                }),
              },
            ],
            'session.register': { target: 'registering', actions: 'clearError' },
            'session.storageChanged': {
              guard: 'storedUserHasValidToken',
              target: '#session.signedIn',
              actions: 'adoptStoredUser',
            },
          },
        },
        // No 'session.login' / 'session.register' here: a second attempt is ignored (§core-5).
        loggingIn: {
          invoke: {
            src: 'logIn',
            input: ({ event }) => {
              if (event.type !== 'session.login') throw new Error('loggingIn needs session.login');
              return { username: event.username.trim(), password: event.password };
            },
            onDone: {
              target: '#session.signedIn.redirecting',
              actions: [
                ({ context, event }) => storeSession(context, event.output),
                assign({ user: ({ event }) => event.output.user }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    title: 'Login Successful',
                    description: `Welcome back, ${welcomeName(event.output.user)}!`,
                  }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({
                  error: ({ event }) => ({
                    form: 'login' as const,
                    message: loginFailureMessage(event.error),
                  }),
                }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    title: 'Login Failed',
                    description: loginFailureMessage(event.error),
                    variant: 'destructive',
                  }),
                },
              ],
            },
          },
        },
        registering: {
          invoke: {
            src: 'registerAndLogIn',
            input: ({ event }) => {
              if (event.type !== 'session.register') {
                throw new Error('registering needs session.register');
              }
              const details = event.details;
              return {
                username: details.username.trim(),
                email: details.email.trim(),
                password: details.password,
                vehicleType: details.vehicleType,
              };
            },
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'signedIn',
                target: '#session.signedIn.redirecting',
                actions: [
                  ({ context, event }) => {
                    if (event.output.kind === 'signedIn')
                      storeSession(context, event.output.session);
                  },
                  assign({
                    user: ({ event }) =>
                      event.output.kind === 'signedIn' ? event.output.session.user : null,
                  }),
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      title: 'Registration Successful',
                      description: `Welcome to Natural State Trails, ${
                        event.output.kind === 'signedIn'
                          ? welcomeName(event.output.session.user)
                          : ''
                      }! You are signed in.`,
                    }),
                  },
                ],
              },
              {
                target: 'idle',
                actions: [
                  assign({
                    error: { form: 'login', message: REGISTERED_PLEASE_SIGN_IN_MESSAGE },
                  }),
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      title: 'Registration Successful',
                      description: `Welcome to Natural State Trails, ${
                        event.output.kind === 'registered' ? welcomeName(event.output.user) : ''
                      }! Please sign in with your new account.`,
                    }),
                  },
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                assign({
                  error: ({ event }) => ({
                    form: 'register' as const,
                    message: registrationFailureDetail(event.error),
                  }),
                }),
                {
                  type: 'notify',
                  params: {
                    title: 'Registration Failed',
                    description: REGISTRATION_FAILED_MESSAGE,
                    variant: 'destructive',
                  },
                },
              ],
            },
          },
        },
      },
    },

    signedIn: {
      initial: 'active',
      // A sign-in pressed while a stored session was being checked is moot once signed in.
      entry: assign({ deferred: null }),
      on: {
        'session.logout': {
          target: 'signedOut',
          actions: [
            {
              // Read before clearing: the server revokes this token's family.
              type: 'revokeRefreshToken',
              params: ({ context }) => ({
                refreshToken: context.store.readTokens()?.refreshToken ?? null,
              }),
            },
            'clearEverything',
            {
              type: 'notify',
              params: { title: 'Logged Out', description: 'You have been successfully logged out' },
            },
            // requirements §voice-2.3: logging out on /profile goes to /.
            enqueueActions(({ context, enqueue }) => {
              if (context.currentPath() === '/profile') {
                enqueue({ type: 'navigate', params: { path: '/' } });
              }
            }),
          ],
        },
        'session.accountDeleted': {
          target: 'signedOut',
          actions: [
            'clearEverything',
            {
              type: 'notify',
              params: { title: 'Account deleted', description: ACCOUNT_DELETED_MESSAGE },
            },
          ],
        },
        'session.tokenExpired': {
          target: 'signedOut',
          actions: [
            'clearSession',
            {
              type: 'notify',
              params: {
                title: 'Session Expired',
                description: 'Please sign in again to continue.',
                variant: 'destructive',
              },
            },
          ],
        },
        'session.storageChanged': [
          // Signed out in another tab.
          {
            guard: ({ context }) => context.store.readUser() === null,
            target: 'signedOut',
            actions: assign({ user: null }),
          },
          { actions: 'adoptStoredUser' },
        ],
      },
      states: {
        redirecting: {
          after: {
            authRedirectDelay: {
              target: 'active',
              actions: [
                {
                  type: 'navigate',
                  params: ({ context }) => ({
                    path: resolveReturnPath(context.store.readReturnPath()),
                  }),
                },
                'forgetReturnPath',
              ],
            },
          },
        },
        active: {
          on: {
            'session.refresh': 'refreshing',
            'session.verify': 'verifying',
          },
        },
        refreshing: {
          invoke: {
            src: 'refreshTokens',
            input: ({ context }) => ({ store: context.store }),
            onDone: [
              {
                guard: ({ event }) => event.output === 'rejected',
                target: '#session.signedOut',
                actions: [
                  'clearSession',
                  {
                    type: 'notify',
                    params: {
                      title: 'Session Expired',
                      description: 'Please sign in again to continue.',
                      variant: 'destructive',
                    },
                  },
                ],
              },
              // Refreshed, or unreachable (offline keeps the rider signed in), or the account was
              // deleted elsewhere (the sync engine clears its data, then signs the rider out).
              { target: 'active' },
            ],
            onError: 'active',
          },
        },
        verifying: {
          invoke: {
            src: 'fetchServerUser',
            onDone: {
              target: 'active',
              actions: [
                assign({ user: ({ context, event }) => event.output ?? context.user }),
                ({ context, event }) => {
                  if (event.output) context.store.writeUser(event.output);
                },
              ],
            },
            onError: [
              {
                guard: ({ event }) => isAuthRejection(event.error),
                target: '#session.signedOut',
                actions: 'clearSession',
              },
              // Offline or server trouble: keep the stored user.
              { target: 'active' },
            ],
          },
        },
      },
    },
  },
});

/** The three states of requirements §core-4 as the UI names them. */
export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';
