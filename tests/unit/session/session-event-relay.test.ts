import { describe, expect, it } from 'vitest';
import {
  createSessionEventRelay,
  type SessionEvent,
} from '../../../src/app/session/session-event-relay.ts';

function recorder() {
  const received: SessionEvent[] = [];
  return { received, send: (event: SessionEvent) => received.push(event) };
}

describe('session event relay (the session machine loads after the first screen)', () => {
  it('keeps a sign-in pressed before the machine has loaded and delivers it, in order, on attach', () => {
    const relay = createSessionEventRelay();
    relay.send({ type: 'session.login', username: 'ozark_rider', password: 'correct horse' });
    relay.send({ type: 'session.storageChanged' });
    const machine = recorder();
    relay.attach(machine);
    expect(machine.received).toEqual([
      { type: 'session.login', username: 'ozark_rider', password: 'correct horse' },
      { type: 'session.storageChanged' },
    ]);
    relay.send({ type: 'session.logout' });
    expect(machine.received.at(-1)).toEqual({ type: 'session.logout' });
  });

  it('holds events again after the machine detaches, for the next one only', () => {
    const relay = createSessionEventRelay();
    const first = recorder();
    const detach = relay.attach(first);
    detach();
    relay.send({ type: 'session.tokenExpired' });
    expect(first.received).toEqual([]);
    const second = recorder();
    relay.attach(second);
    expect(second.received).toEqual([{ type: 'session.tokenExpired' }]);
  });
});
