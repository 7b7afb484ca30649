/**
 * Runs the session machine for the app (core-platform §4 "Session" and "Request auth") and
 * provides it to every screen through `useSession()`:
 * - plugs the stored tokens into the request helper: a bearer header while the access token is
 *   valid, the shared (cross-tab) refresh on a 401, and token expiry → sign out, except when
 *   the refresh only failed for lack of network (offline never signs a rider out);
 * - follows other tabs signing in, refreshing or out (the `storage` event);
 * - refreshes an aging token when the device comes back online;
 * - remembers the page a guest was turned away from, so sign-in returns there (§5 safe paths).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { deriveRole } from '../../lib/auth/roles.ts';
import { isSafeReturnPath } from '../../lib/auth/return-path.ts';
import type { RegistrationDetails } from '../../lib/auth/session-types.ts';
import { SessionContext, useSession, type SessionValue } from '../../lib/auth/session-context.tsx';
import {
  browserSessionStore,
  SESSION_CHANGE_KEYS,
  type SessionStore,
} from '../../lib/auth/session-store.ts';
import { sharedRefresherFor, type RefreshOutcome } from '../../lib/auth/token-refresh.ts';
import { isAccessTokenValid } from '../../lib/auth/token-validity.ts';
import { setRequestAuth } from '../../lib/http/request.ts';
import { inspectOption } from '../../machines/inspector.ts';
import { SESSION_CLEANUP_MARKER, sessionMachine } from '../../machines/session-machine.ts';
import { mayOpen } from '../role-gate.tsx';
import { useCurrentFeatureKey, useCurrentHref } from '../use-current-page.ts';

type SessionActor = ActorRefFrom<typeof sessionMachine>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * The stored user the first render may show while the machine starts: only one the start-up
 * check would also accept, so a guest never sees a gated page, not even for 100 ms.
 */
function provisionalUser(store: SessionStore) {
  if (store.readCleanupMarker() !== SESSION_CLEANUP_MARKER) return null;
  const user = store.readUser();
  return user && isAccessTokenValid(store.readTokens(), Date.now()) ? user : null;
}

function statusOf(snapshot: SessionSnapshot): SessionValue['status'] {
  if (snapshot.matches('loading')) return 'loading';
  return snapshot.matches('signedIn') ? 'signedIn' : 'signedOut';
}

function pendingOf(snapshot: SessionSnapshot): SessionValue['pending'] {
  if (snapshot.matches({ signedOut: 'loggingIn' })) return 'login';
  if (snapshot.matches({ signedOut: 'registering' })) return 'register';
  return null;
}

/**
 * The session actor of the provider, started on mount and stopped on unmount by @xstate/react
 * (StrictMode's simulated remount restores it from its own snapshot), and, while mounted, wired
 * to the request helper and the window.
 */
function useSessionActor(store: SessionStore): SessionActor {
  const router = useRouter();
  // Same machine config on every render, so the actor is kept; @xstate/react swaps in the
  // newest implementation of `navigate`.
  const actor = useActorRef(
    sessionMachine.provide({
      actions: {
        navigate: (_, params) => {
          void router.navigate({ href: params.path });
        },
      },
    }),
    { input: { store, currentPath: () => router.state.location.pathname }, ...inspectOption },
  );

  // A layout effect runs before useActorRef's (passive) start effect, so the request helper
  // already sends the bearer token when the start-up check asks the server.
  useLayoutEffect(() => {
    const refresh = sharedRefresherFor(store);
    let lastOutcome: RefreshOutcome | null = null;
    setRequestAuth({
      getAccessToken: () => {
        const tokens = store.readTokens();
        return tokens && isAccessTokenValid(tokens, Date.now()) ? tokens.accessToken : null;
      },
      refresh: async () => {
        lastOutcome = await refresh();
        return lastOutcome === 'refreshed';
      },
      onTokenExpired: () => {
        // No network is not an expired session: the rider stays signed in offline.
        if (lastOutcome !== 'unreachable') actor.send({ type: 'session.tokenExpired' });
      },
    });

    const onStorage = (event: StorageEvent) => {
      if (event.key === null || SESSION_CHANGE_KEYS.includes(event.key)) {
        actor.send({ type: 'session.storageChanged' });
      }
    };
    const onOnline = () => {
      const tokens = store.readTokens();
      if (tokens && !isAccessTokenValid(tokens, Date.now())) {
        actor.send({ type: 'session.refresh' });
      }
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
      setRequestAuth(null);
    };
  }, [actor, store]);

  return actor;
}

/**
 * While a guest is on a page their role may not open, that page becomes the return path; any
 * other page (except /profile itself) forgets it, so signing in later from the menu goes to the
 * default /ai-trails rather than to an old gated page. A visitor without a stored sign-in is a
 * guest from the first render (the gate shows then), so the path is kept while the start-up
 * check still runs too: a rider who taps the gate's "Sign in" at once must not lose it.
 */
function ReturnPathRecorder() {
  const session = useSession();
  const featureKey = useCurrentFeatureKey();
  const href = useCurrentHref();
  const router = useRouter();
  const { status, role, rememberReturnPath } = session;
  useEffect(() => {
    if (status === 'signedIn' || role !== 'guest') return;
    if (router.state.location.pathname === '/profile') return;
    rememberReturnPath(mayOpen(featureKey, role) ? null : href);
  }, [status, role, featureKey, href, router, rememberReturnPath]);
  return null;
}

/** Provides the session (mount once, inside the router). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(browserSessionStore);
  const actor = useSessionActor(store);

  const snapshot = useSelector(actor, (current) => current);
  const [firstUser] = useState(() => provisionalUser(store));

  const rememberReturnPath = useCallback(
    (path: string | null) => {
      if (path === null) store.writeReturnPath(null);
      else if (isSafeReturnPath(path)) store.writeReturnPath(path);
    },
    [store],
  );

  // Stable commands, so screens can list them as effect dependencies without re-running.
  const commands = useMemo(
    () => ({
      login: (username: string, password: string) =>
        actor.send({ type: 'session.login', username, password }),
      register: (details: RegistrationDetails) => actor.send({ type: 'session.register', details }),
      logout: () => actor.send({ type: 'session.logout' }),
      verify: () => actor.send({ type: 'session.verify' }),
    }),
    [actor],
  );

  const value = useMemo<SessionValue>(() => {
    const status = statusOf(snapshot);
    const user = status === 'loading' ? firstUser : snapshot.context.user;
    return {
      status,
      user,
      role: deriveRole(user),
      pending: pendingOf(snapshot),
      error: snapshot.context.error,
      ...commands,
      rememberReturnPath,
    };
  }, [snapshot, commands, firstUser, rememberReturnPath]);

  return (
    <SessionContext.Provider value={value}>
      <ReturnPathRecorder />
      {children}
    </SessionContext.Provider>
  );
}
