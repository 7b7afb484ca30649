/**
 * The session machine (requirements §core-4 "Session") as a component: loaded after the first
 * screen has painted so xstate is not part of the first load. It starts the machine, routes
 * its `navigate` action through the app's router, takes the events the provider queued while
 * it was loading, and reports every state the screens need to the provider.
 */
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { SessionStore } from '../../lib/auth/session-store.ts';
import { inspectOption } from '../../machines/inspector.ts';
import { sessionMachine } from '../../machines/session-machine.ts';
import type { MachineSessionState, SessionEventRelay } from './session-event-relay.ts';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

function statusOf(snapshot: SessionSnapshot): MachineSessionState['status'] {
  if (snapshot.matches('loading')) return 'loading';
  return snapshot.matches('signedIn') ? 'signedIn' : 'signedOut';
}

function pendingOf(snapshot: SessionSnapshot): MachineSessionState['pending'] {
  if (snapshot.matches({ signedOut: 'loggingIn' })) return 'login';
  if (snapshot.matches({ signedOut: 'registering' })) return 'register';
  return null;
}

/**
 * Runs the session actor while mounted (started and stopped by @xstate/react; StrictMode's
 * simulated remount restores it from its own snapshot) and calls `onState` with each state.
 */
export function SessionMachineHost({
  store,
  relay,
  onState,
}: {
  store: SessionStore;
  relay: SessionEventRelay;
  onState: (state: MachineSessionState) => void;
}) {
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
  // Declared after useActorRef, so this effect runs once the actor has started.
  useEffect(() => relay.attach(actor), [actor, relay]);

  const snapshot = useSelector(actor, (current) => current);
  const status = statusOf(snapshot);
  useEffect(() => {
    // On <html> as `data-session` (loading, signedIn, signedOut), like `data-offline-ready`:
    // whoever needs to know when the start-up session check has decided (styles, browser
    // tests) reads it instead of guessing how long the check takes.
    document.documentElement.dataset.session = status;
  }, [status]);
  useEffect(() => {
    onState({
      status,
      user: snapshot.context.user,
      pending: pendingOf(snapshot),
      error: snapshot.context.error,
    });
  }, [snapshot, status, onState]);
  return null;
}
