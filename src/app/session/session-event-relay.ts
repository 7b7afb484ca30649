/**
 * Carries the screens' session commands (sign in, register, sign out, token expired…) to the
 * session machine, which loads after the first screen. Events sent before it has
 * started wait here in order and are delivered the moment it attaches, so a tap on "Sign in"
 * during the first second is never lost. Type-only imports: nothing of xstate loads with it.
 */
import type { EventFrom } from 'xstate';
import type { SessionValue } from '../../lib/auth/session-context.tsx';
import type { sessionMachine } from '../../machines/session-machine.ts';

/** An event the session machine accepts. */
export type SessionEvent = EventFrom<typeof sessionMachine>;

/** What the machine tells the provider; the provider adds the role and the commands. */
export type MachineSessionState = Pick<SessionValue, 'status' | 'user' | 'pending' | 'error'>;

/** Delivers events to the attached machine, or keeps them until one attaches. */
export interface SessionEventRelay {
  send(event: SessionEvent): void;
  /** Attaches a started actor and delivers the waiting events; returns the detach function. */
  attach(actor: { send(event: SessionEvent): void }): () => void;
}

/** A relay with no machine attached yet. */
export function createSessionEventRelay(): SessionEventRelay {
  let target: { send(event: SessionEvent): void } | null = null;
  const waiting: SessionEvent[] = [];
  return {
    send(event) {
      if (target) target.send(event);
      else waiting.push(event);
    },
    attach(actor) {
      target = actor;
      for (const event of waiting.splice(0)) actor.send(event);
      return () => {
        if (target === actor) target = null;
      };
    },
  };
}
