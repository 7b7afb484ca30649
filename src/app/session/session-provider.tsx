/**
 * Provides the session (requirements §core-4 "Session" and "Request auth") to every screen through
 * `useSession()`:
 * - decides the first screen's role from a synchronous check of the stored token, and loads the
 *   session machine (xstate) after the first screen has painted; commands sent in
 *   between wait in a relay and reach the machine when it starts;
 * - plugs the stored tokens into the request helper: a bearer header while the access token is
 *   valid, the shared (cross-tab) refresh on a 401, and token expiry → sign out, except when
 *   the refresh only failed for lack of network (offline never signs a rider out);
 * - follows other tabs signing in, refreshing or out (the `storage` event);
 * - refreshes an aging token when the device comes back online;
 * - remembers the page a guest was turned away from, so sign-in returns there (§core-5 safe paths).
 */
import {
  lazy,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useRouter } from '@tanstack/react-router';
import { deriveRole } from '../../lib/auth/roles.ts';
import { isSafeReturnPath } from '../../lib/auth/return-path.ts';
import type { RegistrationDetails } from '../../lib/auth/session-types.ts';
import {
  RoleContext,
  SessionContext,
  useSession,
  type SessionValue,
} from '../../lib/auth/session-context.tsx';
import {
  browserSessionStore,
  SESSION_CHANGE_KEYS,
  SESSION_CLEANUP_MARKER,
  type SessionStore,
} from '../../lib/auth/session-store.ts';
import { sharedRefresherFor, type RefreshOutcome } from '../../lib/auth/token-refresh.ts';
import { isAccessTokenValid } from '../../lib/auth/token-validity.ts';
import { setRequestAuth } from '../../lib/http/request.ts';
import { useHydrated } from '../../ui/hydration.ts';
import { useFirstScreenPainted } from '../first-screen.tsx';
import { mayOpen } from '../role-gate.tsx';
import { useCurrentFeatureKey, useCurrentHref } from '../use-current-page.ts';
import {
  createSessionEventRelay,
  type MachineSessionState,
  type SessionEventRelay,
} from './session-event-relay.ts';

const SessionMachineHost = lazy(() =>
  import('./session-machine-host.tsx').then((module) => ({ default: module.SessionMachineHost })),
);

/** What screens see until the machine has started: still loading, nothing pending. */
const loadingState: MachineSessionState = {
  status: 'loading',
  user: null,
  pending: null,
  error: null,
};

/** Whether two machine states show screens the same session. */
function isSameMachineState(a: MachineSessionState, b: MachineSessionState): boolean {
  return (
    a.status === b.status && a.user === b.user && a.pending === b.pending && a.error === b.error
  );
}

/**
 * The stored user the first render may show while the machine starts: only one the start-up
 * check would also accept, so a guest never sees a gated page, not even for 100 ms.
 */
function provisionalUser(store: SessionStore) {
  if (store.readCleanupMarker() !== SESSION_CLEANUP_MARKER) return null;
  const user = store.readUser();
  return user && isAccessTokenValid(store.readTokens(), Date.now()) ? user : null;
}

/**
 * While mounted, wires the stored tokens to the request helper and the window's `storage` and
 * `online` events to the session machine (through the relay). A layout effect, so the request
 * helper already sends the bearer token when the first page asks the server.
 */
function useSessionWiring(store: SessionStore, relay: SessionEventRelay): void {
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
        // No network is not an expired session: the rider stays signed in offline. A deleted
        // account is not one either: the sync engine clears its data, then signs the rider out.
        if (lastOutcome === 'rejected') relay.send({ type: 'session.tokenExpired' });
      },
      accountDeleted: () => lastOutcome === 'accountDeleted',
    });

    const onStorage = (event: StorageEvent) => {
      if (event.key === null || SESSION_CHANGE_KEYS.includes(event.key)) {
        relay.send({ type: 'session.storageChanged' });
      }
    };
    const onOnline = () => {
      const tokens = store.readTokens();
      if (tokens && !isAccessTokenValid(tokens, Date.now())) {
        relay.send({ type: 'session.refresh' });
      }
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
      setRequestAuth(null);
    };
  }, [relay, store]);
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
  const [relay] = useState(createSessionEventRelay);
  const [firstUser] = useState(() => provisionalUser(store));
  const [machineState, setMachineState] = useState<MachineSessionState>(loadingState);
  // Every screen reads the session: its changes render in slices that yield to input.
  // The machine reports every snapshot (a refreshed token, an internal step of the start-up
  // check; its first report repeats the loading state): one that says what the shown state says
  // keeps the shown object, so no screen renders again for it.
  const showMachineState = useCallback(
    (state: MachineSessionState) =>
      startTransition(() =>
        setMachineState((shown) => (isSameMachineState(shown, state) ? shown : state)),
      ),
    [],
  );
  const afterFirstScreen = useFirstScreenPainted();
  // A pre-rendered page shows the signed-out shell; the stored rider appears once it hydrated.
  const hydrated = useHydrated();
  useSessionWiring(store, relay);

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
        relay.send({ type: 'session.login', username, password }),
      register: (details: RegistrationDetails) => relay.send({ type: 'session.register', details }),
      logout: () => relay.send({ type: 'session.logout' }),
      accountDeleted: () => relay.send({ type: 'session.accountDeleted' }),
      verify: () => relay.send({ type: 'session.verify' }),
    }),
    [relay],
  );

  const user =
    machineState.status === 'loading' ? (hydrated ? firstUser : null) : machineState.user;
  // A guest's value stays the same object through hydration (no stored rider to show).
  const value = useMemo<SessionValue>(
    () => ({
      ...machineState,
      user,
      role: deriveRole(user),
      ...commands,
      rememberReturnPath,
    }),
    [machineState, commands, user, rememberReturnPath],
  );

  return (
    <SessionContext.Provider value={value}>
      <RoleContext.Provider value={value.role}>
        <ReturnPathRecorder />
        {children}
        {afterFirstScreen ? (
          <Suspense fallback={null}>
            <SessionMachineHost store={store} relay={relay} onState={showMachineState} />
          </Suspense>
        ) : null}
      </RoleContext.Provider>
    </SessionContext.Provider>
  );
}
