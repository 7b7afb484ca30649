/**
 * The app's long-lived actors (recording, haptics): one started actor per key for the page's
 * lifetime, shared by every component and machine that asks for it, so no page's mount or
 * unmount (nor React StrictMode's simulated remount) starts or stops them. Actors that belong to
 * one page are created with @xstate/react's `useActorRef`/`useMachine` instead, which stop them
 * on unmount and survive StrictMode by rehydrating.
 */
import type { AnyActorRef } from 'xstate';

const actors = new Map<string, AnyActorRef>();

/**
 * The running actor under `key`, created with `create` (which must not start it; pass
 * `inspectOption` from ./inspector.ts) and started on first use, or again after it stopped.
 */
export function sharedActor<TActor extends AnyActorRef>(key: string, create: () => TActor): TActor {
  const existing = actors.get(key);
  if (existing && existing.getSnapshot().status === 'active') return existing as TActor;
  const actor = create();
  actors.set(key, actor);
  actor.start();
  return actor;
}

/** Stops and forgets the actor under `key` (if any); the next `sharedActor` call starts anew. */
export function stopSharedActor(key: string): void {
  actors.get(key)?.stop();
  actors.delete(key);
}
