/**
 * The emergency machine with a simulated clock (vitest fake timers drive xstate's delays and
 * Date.now): hold and release, hold to the end, confirmation timeout, critical skip, double
 * confirmation of stopping, no GPS fix, stale fix, offline, voice triggers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  emergencyMachine,
  type EmergencyEvent,
  type LocateInput,
  type VoiceListenerInput,
} from '../../../src/machines/emergency-machine.ts';
import {
  buildEmergencyMessage,
  smsHref,
  type LocationFix,
} from '../../../src/lib/outdoor/emergency-message.ts';
import {
  DEFAULT_EMERGENCY_SETTINGS,
  type EmergencySettings,
} from '../../../src/lib/outdoor/outdoor-settings.ts';
import type { EmergencyContact } from '../../../src/lib/outdoor/emergency-contacts.ts';
import type { EmergencyContactPlan } from '../../../src/lib/outdoor/emergency-plan.ts';

const DANA: EmergencyContact = {
  id: 'c1',
  name: 'Dana Rivers',
  phone: '+15015550142',
  relation: 'Sister',
  priority: 1,
};
const LEE: EmergencyContact = {
  id: 'c2',
  name: 'Lee Park',
  phone: '+15015550177',
  relation: '',
  priority: 2,
};

const START = new Date('2026-06-01T15:00:00Z').getTime();

function settings(patch: Partial<EmergencySettings> = {}): EmergencySettings {
  return { ...DEFAULT_EMERGENCY_SETTINGS, emergencyAudioPrompts: false, ...patch };
}

interface Harness {
  actor: ReturnType<typeof createActor<typeof emergencyMachine>>;
  ticks: number;
  alerts: number;
  /** Every plan the machine asked the phone to open (messages app or dialer). */
  opened: EmergencyContactPlan[];
  locateCalls: LocateInput[];
  beaconRunning: boolean;
  voiceSend: ((event: EmergencyEvent) => void) | null;
  records: number;
}

function start(
  options: {
    settings?: EmergencySettings;
    locate?: (input: LocateInput, call: number) => Promise<LocationFix>;
    online?: boolean;
    contacts?: EmergencyContact[];
  } = {},
): Harness {
  const harness: Harness = {
    actor: null as unknown as Harness['actor'],
    ticks: 0,
    alerts: 0,
    opened: [],
    locateCalls: [],
    beaconRunning: false,
    voiceSend: null,
    records: 0,
  };
  const machine = emergencyMachine.provide({
    actions: {
      hapticTick: () => {
        harness.ticks += 1;
      },
      hapticAlert: () => {
        harness.alerts += 1;
      },
      openContactApp: (_, params: { plan: EmergencyContactPlan }) => {
        harness.opened.push(params.plan);
      },
      recordActivation: () => {
        harness.records += 1;
      },
    },
    actors: {
      locate: fromPromise<LocationFix, LocateInput>(async ({ input }) => {
        harness.locateCalls.push(input);
        const locate =
          options.locate ??
          (async () => ({ latitude: 35.0, longitude: -92.5, accuracy: 8, timestamp: Date.now() }));
        return locate(input, harness.locateCalls.length);
      }),
      beacon: fromCallback(() => {
        harness.beaconRunning = true;
        return () => {
          harness.beaconRunning = false;
        };
      }),
      voiceListener: fromCallback<EmergencyEvent, VoiceListenerInput>(({ sendBack }) => {
        harness.voiceSend = sendBack;
        return () => {
          harness.voiceSend = null;
        };
      }),
    },
  });
  harness.actor = createActor(machine, {
    input: {
      settings: options.settings ?? settings(),
      online: options.online ?? true,
      contacts: options.contacts ?? [],
    },
  });
  harness.actor.start();
  return harness;
}

function state(harness: Harness) {
  return harness.actor.getSnapshot();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('panic button hold', () => {
  it('counts down the panic delay with a haptic tick each second and cancels on early release', async () => {
    const h = start();
    h.actor.send({ type: 'panic.hold' });
    expect(state(h).matches('arming')).toBe(true);
    expect(state(h).context.countdownRemainingMs).toBe(3000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state(h).context.countdownRemainingMs).toBe(2000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state(h).context.countdownRemainingMs).toBe(1000);
    expect(h.ticks).toBe(3); // one at the press, one per elapsed second
    h.actor.send({ type: 'panic.release' });
    expect(state(h).matches('idle')).toBe(true);
    expect(state(h).context.outcome).toBe('released');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state(h).matches('idle')).toBe(true);
    expect(h.records).toBe(0);
  });

  it('asks for confirmation after the full hold and activates on confirm', async () => {
    const h = start();
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(state(h).matches('arming')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(state(h).matches('confirming')).toBe(true);
    expect(state(h).context.confirmRemainingMs).toBe(8000);
    h.actor.send({ type: 'panic.release' });
    expect(state(h).matches('confirming')).toBe(true);
    h.actor.send({ type: 'emergency.confirm' });
    expect(state(h).matches('active')).toBe(true);
    expect(state(h).context.activatedAt).toBe(START + 3000);
    expect(h.records).toBe(1);
  });

  it('uses a custom panic delay', async () => {
    const h = start({ settings: settings({ panicButtonDelay: 5 }) });
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(4000);
    expect(state(h).matches('arming')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state(h).matches('confirming')).toBe(true);
  });
});

describe('confirmation', () => {
  it('sends help when a countdown confirmation times out with no answer', async () => {
    const h = start();
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000);
    await vi.advanceTimersByTimeAsync(7000);
    expect(state(h).matches('confirming')).toBe(true);
    expect(state(h).context.confirmRemainingMs).toBe(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state(h).matches('active')).toBe(true);
    expect(state(h).context.sentWithoutAnswer).toBe(true);
  });

  it('cancels when a tap confirmation times out, after the indoor 5 s', async () => {
    const h = start({
      settings: settings({
        confirmation: {
          ...DEFAULT_EMERGENCY_SETTINGS.confirmation,
          confirmationType: 'tap',
          timeout: 5,
        },
      }),
    });
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000 + 4999);
    expect(state(h).matches('confirming')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(state(h).matches('idle')).toBe(true);
    expect(state(h).context.outcome).toBe('timed-out');
  });

  it('cancel during confirmation returns to idle without activating', async () => {
    const h = start();
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000);
    h.actor.send({ type: 'emergency.cancel' });
    expect(state(h).matches('idle')).toBe(true);
    expect(state(h).context.outcome).toBe('cancelled');
    expect(h.records).toBe(0);
  });

  it('skips confirmation in a critical situation when the settings say so', async () => {
    const h = start();
    h.actor.send({ type: 'panic.hold', critical: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(state(h).matches('active')).toBe(true);

    const strict = start({
      settings: settings({
        confirmation: {
          ...DEFAULT_EMERGENCY_SETTINGS.confirmation,
          skipConfirmationInCritical: false,
        },
      }),
    });
    strict.actor.send({ type: 'panic.hold', critical: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(state(strict).matches('confirming')).toBe(true);
  });

  it('activates straight after the hold when confirmation is off', async () => {
    const h = start({ settings: settings({ requireEmergencyConfirmation: false }) });
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(state(h).matches('active')).toBe(true);
  });

  it('needs two confirmations to stop an active emergency, and a timeout keeps it active', async () => {
    const h = start({ settings: settings({ requireEmergencyConfirmation: false }) });
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000);
    h.actor.send({ type: 'emergency.stop' });
    expect(state(h).context.stopConfirmStep).toBe(1);
    h.actor.send({ type: 'emergency.confirm' });
    expect(state(h).context.stopConfirmStep).toBe(2);
    expect(state(h).matches('active')).toBe(true);
    await vi.advanceTimersByTimeAsync(8000);
    expect(state(h).matches('active')).toBe(true);
    expect(state(h).context.stopConfirmStep).toBe(0);

    h.actor.send({ type: 'emergency.stop' });
    h.actor.send({ type: 'emergency.confirm' });
    h.actor.send({ type: 'emergency.confirm' });
    expect(state(h).matches('idle')).toBe(true);
    expect(state(h).context.outcome).toBe('stopped');
  });

  it('needs one confirmation to stop when double confirmation is off', async () => {
    const h = start({
      settings: settings({
        requireEmergencyConfirmation: false,
        confirmation: {
          ...DEFAULT_EMERGENCY_SETTINGS.confirmation,
          doubleConfirmForDestruction: false,
        },
      }),
    });
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000);
    h.actor.send({ type: 'emergency.stop' });
    h.actor.send({ type: 'emergency.confirm' });
    expect(state(h).matches('idle')).toBe(true);
  });
});

describe('active emergency', () => {
  async function activate(h: Harness) {
    h.actor.send({ type: 'panic.hold', critical: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(state(h).matches('active')).toBe(true);
  }

  it('refreshes the location every locationUpdateInterval with high accuracy', async () => {
    const h = start();
    await activate(h);
    expect(h.locateCalls).toHaveLength(1);
    expect(h.locateCalls[0]).toEqual({ highAccuracy: true, timeoutMs: 20_000 });
    expect(state(h).context.lastFix?.timestamp).toBe(START + 3000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(h.locateCalls).toHaveLength(2);
    expect(state(h).context.lastFix?.timestamp).toBe(START + 33_000);
  });

  it('with no GPS fix, reports the error and the message says the location is unknown', async () => {
    const h = start({
      locate: async () => {
        throw new Error('Location permission denied');
      },
    });
    await activate(h);
    expect(state(h).context.lastFix).toBeNull();
    expect(state(h).context.locationError).toBe('Location permission denied');
    const message = buildEmergencyMessage({
      fix: state(h).context.lastFix,
      now: Date.now(),
      precision: 'exact',
      lowSignal: false,
      updateIntervalS: 30,
    });
    expect(message).toContain('GPS location is not available');
    expect(message).not.toMatch(/\d+\.\d{5}/);
  });

  it('keeps the last known fix when later refreshes fail, and its age shows it is stale', async () => {
    const h = start({
      locate: async (_input, call) => {
        if (call === 1)
          return { latitude: 35.1, longitude: -92.4, accuracy: 12, timestamp: Date.now() };
        throw new Error('Timed out waiting for a GPS fix');
      },
    });
    await activate(h);
    await vi.advanceTimersByTimeAsync(90_000);
    const { lastFix, locationError } = state(h).context;
    expect(h.locateCalls.length).toBe(4);
    expect(lastFix?.latitude).toBe(35.1);
    expect(locationError).toBe('Timed out waiting for a GPS fix');
    const message = buildEmergencyMessage({
      fix: lastFix,
      now: Date.now(),
      precision: 'exact',
      lowSignal: false,
      updateIntervalS: 30,
    });
    expect(message).toContain('Last known location: 35.10000, -92.40000 (±12 m)');
    expect(message).toContain('(1 min old)');
  });

  it('works offline: activation, location and the SMS draft need no network', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    try {
      const h = start({ online: false });
      await activate(h);
      expect(state(h).context.online).toBe(false);
      const fix = state(h).context.lastFix;
      expect(fix).not.toBeNull();
      const href = smsHref(
        ['+15015550123'],
        buildEmergencyMessage({
          fix,
          now: Date.now(),
          precision: 'exact',
          lowSignal: true,
          updateIntervalS: 30,
        }),
      );
      expect(decodeURIComponent(href)).toContain('35.00000, -92.50000');
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens the dialer on 911 only when autoCall911 is on and not in test mode', async () => {
    const off = start({ contacts: [DANA] });
    await activate(off);
    expect(off.opened.map((plan) => plan.method)).toEqual(['sms']);
    const on = start({ settings: settings({ autoCall911: true }), contacts: [DANA] });
    await activate(on);
    expect(on.opened).toEqual([{ method: '911', reason: 'auto-call' }]);
    const test = start({
      settings: settings({ autoCall911: true, emergencyTestMode: true }),
      contacts: [DANA],
    });
    await activate(test);
    expect(test.opened.map((plan) => plan.method)).toEqual(['sms']);
  });

  it('runs the beacon when beacon mode is on, and it can be switched off and on', async () => {
    const h = start({ settings: settings({ emergencyBeaconMode: true }) });
    await activate(h);
    expect(h.beaconRunning).toBe(true);
    h.actor.send({ type: 'beacon.stop' });
    expect(h.beaconRunning).toBe(false);
    h.actor.send({ type: 'beacon.start' });
    expect(h.beaconRunning).toBe(true);
    h.actor.send({ type: 'emergency.stop' });
    h.actor.send({ type: 'emergency.confirm' });
    h.actor.send({ type: 'emergency.confirm' });
    expect(h.beaconRunning).toBe(false);
  });
});

describe('what the phone opens when the emergency starts', () => {
  it('ends an unanswered countdown by opening the text to both contacts, once', async () => {
    const h = start({ contacts: [LEE, DANA] });
    h.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000 + 7999);
    expect(h.opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.opened).toEqual([{ method: 'sms', recipients: [DANA, LEE] }]);
    expect(state(h).context.opened).toEqual({ method: 'sms', recipients: [DANA, LEE] });
    expect(state(h).context.sentWithoutAnswer).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.opened).toHaveLength(1);
  });

  it('opens at once when the rider confirms, and opens nothing when cancelled', async () => {
    const confirmed = start({ contacts: [DANA] });
    confirmed.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000);
    confirmed.actor.send({ type: 'emergency.confirm' });
    expect(confirmed.opened).toEqual([{ method: 'sms', recipients: [DANA] }]);
    expect(state(confirmed).context.sentWithoutAnswer).toBe(false);

    const cancelled = start({ contacts: [DANA] });
    cancelled.actor.send({ type: 'panic.hold' });
    await vi.advanceTimersByTimeAsync(3000);
    cancelled.actor.send({ type: 'emergency.cancel' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(cancelled.opened).toEqual([]);
  });

  it('opens the dialer on the first contact when the rider prefers calls', async () => {
    const h = start({
      settings: settings({ preferredContactMethod: 'call' }),
      contacts: [LEE, DANA],
    });
    await vi.advanceTimersByTimeAsync(0);
    h.actor.send({ type: 'panic.hold', critical: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.opened).toEqual([{ method: 'call', contact: DANA }]);
  });

  it('with no contacts saved opens the dialer on 911, except in test mode', async () => {
    const h = start();
    h.actor.send({ type: 'panic.hold', critical: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.opened).toEqual([{ method: '911', reason: 'no-contacts' }]);
    const test = start({ settings: settings({ emergencyTestMode: true }) });
    test.actor.send({ type: 'panic.hold', critical: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(test.opened).toEqual([{ method: 'none', reason: 'test-without-contacts' }]);
  });
});

describe('voice triggers', () => {
  it('listens only while voice activation is on', () => {
    const off = start();
    expect(off.voiceSend).toBeNull();
    const on = start({ settings: settings({ voiceActivationEnabled: true }) });
    expect(on.voiceSend).not.toBeNull();
    on.actor.send({
      type: 'settings.update',
      settings: settings({ voiceActivationEnabled: false }),
    });
    expect(on.voiceSend).toBeNull();
  });

  it('asks for confirmation on "help", sends at once on "injured", ignores other speech', () => {
    const h = start({ settings: settings({ voiceActivationEnabled: true }) });
    h.voiceSend?.({ type: 'voice.transcript', transcript: 'that was a helpful tip' });
    expect(state(h).matches('idle')).toBe(true);
    h.voiceSend?.({ type: 'voice.transcript', transcript: 'Help! My buddy is stuck' });
    expect(state(h).matches('confirming')).toBe(true);
    expect(state(h).context.trigger).toEqual({ source: 'voice', critical: false, word: 'help' });
    h.actor.send({ type: 'emergency.cancel' });

    h.voiceSend?.({ type: 'voice.transcript', transcript: 'Rider injured on the trail' });
    expect(state(h).matches('active')).toBe(true);
    expect(state(h).context.trigger?.critical).toBe(true);
  });
});
