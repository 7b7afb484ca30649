/**
 * The navigation page's actor: created for the page's target, started on
 * mount and stopped on unmount by @xstate/react's `useActorRef`, which survives React
 * StrictMode's mount-unmount-mount by restoring the actor from its own snapshot (the GPS watch
 * is cleared and started again, the guidance so far is kept). Shown in the Stately inspector in
 * development builds.
 */
import { useActorRef } from '@xstate/react';
import type { NavigationTarget } from '../machines/navigation-cues.ts';
import { navigationMachine, type NavigationActor } from '../machines/navigation-machine.ts';
import { inspectOption } from '../machines/inspector.ts';

/** The running navigation actor for `target` (read only on the first render). */
export function useNavigationActor(target: NavigationTarget): NavigationActor {
  return useActorRef(navigationMachine, { input: { target }, ...inspectOption });
}
