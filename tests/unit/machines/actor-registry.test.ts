/**
 * The shared actor registry behind the recorder and the haptics actor: every caller gets the
 * same running actor (so recording keeps going while pages mount and unmount, and the haptics
 * cooldown holds across features), and a stopped one is replaced by a fresh running actor.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sharedActor, stopSharedActor } from '../../../src/machines/actor-registry.ts';
import {
  getSharedHaptics,
  hapticsMachine,
  requestHapticPattern,
} from '../../../src/machines/haptics-machine.ts';

afterEach(() => {
  stopSharedActor('test-haptics');
  stopSharedActor('haptics');
});

describe('shared actor registry', () => {
  it('creates and starts an actor once and hands every caller that running actor', () => {
    let created = 0;
    const make = () => {
      created += 1;
      return createActor(hapticsMachine, { input: {} });
    };
    const first = sharedActor('test-haptics', make);
    const second = sharedActor('test-haptics', make);
    expect(second).toBe(first);
    expect(created).toBe(1);
    expect(first.getSnapshot().status).toBe('active');
  });

  it('replaces a stopped actor with a fresh running one', () => {
    const make = () => createActor(hapticsMachine, { input: {} });
    const first = sharedActor('test-haptics', make);
    first.stop();
    const next = sharedActor('test-haptics', make);
    expect(next).not.toBe(first);
    expect(next.getSnapshot().status).toBe('active');
    stopSharedActor('test-haptics');
    expect(next.getSnapshot().status).toBe('stopped');
  });

  it('shares one haptics actor, so its settings reach every feature that plays patterns', () => {
    getSharedHaptics().send({ type: 'haptics.configure', config: { masterIntensity: 0.4 } });
    expect(getSharedHaptics().getSnapshot().context.config.masterIntensity).toBe(0.4);
    // Node has no vibration motor: the shared actor refuses, as a desktop browser would.
    expect(requestHapticPattern(getSharedHaptics(), 'system')).toBe(false);
  });
});
