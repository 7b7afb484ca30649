/**
 * Fall detection and periodic check-ins (issue 11 defect 3; core-platform §3
 * automaticFallDetection, periodicSafetyChecks) with a simulated clock: the detector fires on a
 * free fall followed by an impact and not on riding bumps; a check-in asks "Are you OK?" every
 * interval; an answer restarts the interval; no answer opens the emergency text once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  createFallDetector,
  STANDARD_GRAVITY,
  type MotionSample,
} from '../../../src/lib/outdoor/fall-detection.ts';
import {
  safetyCheckMachine,
  type SafetyCheckEvent,
  type SafetyMonitorSettings,
  type SafetyPromptReason,
} from '../../../src/machines/safety-check-machine.ts';

const START = new Date('2026-06-01T15:00:00Z').getTime();

/** Samples every 20 ms of a phone lying still (1 g on z) for `ms`, from time `t`. */
function still(t: number, ms: number, g = 1): MotionSample[] {
  const samples: MotionSample[] = [];
  for (let at = t; at < t + ms; at += 20)
    samples.push({ t: at, x: 0, y: 0, z: g * STANDARD_GRAVITY });
  return samples;
}

function detects(samples: MotionSample[]): boolean {
  const detector = createFallDetector();
  return samples.map((sample) => detector.push(sample)).some(Boolean);
}

describe('fall detector', () => {
  it('detects a free fall of 300 ms followed by a 4 g impact', () => {
    expect(detects([...still(0, 500), ...still(500, 300, 0.1), ...still(800, 40, 4)])).toBe(true);
  });

  it('ignores riding bumps (spikes without a free fall), a short dip, and a fall with no impact', () => {
    const bumps = [0, 1, 2, 3, 4].flatMap((i) => [
      ...still(i * 200, 160),
      ...still(i * 200 + 160, 40, 3.5),
    ]);
    expect(detects(bumps)).toBe(false);
    expect(detects([...still(0, 200), ...still(200, 60, 0.2), ...still(260, 40, 4)])).toBe(false);
    expect(detects([...still(0, 200), ...still(200, 300, 0.1), ...still(500, 2000, 1.2)])).toBe(
      false,
    );
    expect(
      detects([
        ...still(0, 200),
        ...still(200, 300, 0.1),
        ...still(500, 1100),
        ...still(1600, 40, 4),
      ]),
    ).toBe(false);
  });
});

interface Harness {
  actor: ReturnType<typeof createActor<typeof safetyCheckMachine>>;
  alerts: SafetyPromptReason[];
  opened: { reason: SafetyPromptReason; unanswered: boolean }[];
  sensor: ((event: SafetyCheckEvent) => void) | null;
}

function start(settings: Partial<SafetyMonitorSettings>): Harness {
  const h: Harness = {
    actor: null as unknown as Harness['actor'],
    alerts: [],
    opened: [],
    sensor: null,
  };
  const machine = safetyCheckMachine.provide({
    actions: {
      alertRider: (_, params: { reason: SafetyPromptReason }) => {
        h.alerts.push(params.reason);
      },
      openEmergency: (_, params: { reason: SafetyPromptReason; unanswered: boolean }) => {
        h.opened.push(params);
      },
    },
    actors: {
      motionSensor: fromCallback<SafetyCheckEvent>(({ sendBack }) => {
        h.sensor = sendBack;
        return () => {
          h.sensor = null;
        };
      }),
    },
  });
  h.actor = createActor(machine, {
    input: {
      settings: { fallDetection: false, periodicChecks: false, intervalMinutes: 30, ...settings },
    },
  });
  h.actor.start();
  return h;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('periodic safety check', () => {
  it('asks "Are you OK?" after the chosen interval, and an answer restarts the interval', async () => {
    const h = start({ periodicChecks: true, intervalMinutes: 15 });
    expect(h.actor.getSnapshot().context.nextCheckAt).toBe(START + 15 * 60_000);
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
    expect(h.actor.getSnapshot().matches('watching')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().matches('prompting')).toBe(true);
    expect(h.alerts).toEqual(['check-in']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.actor.getSnapshot().context.promptRemainingMs).toBe(20_000);
    h.actor.send({ type: 'prompt.ok' });
    expect(h.actor.getSnapshot().matches('watching')).toBe(true);
    expect(h.actor.getSnapshot().context.nextCheckAt).toBe(Date.now() + 15 * 60_000);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(h.alerts).toEqual(['check-in', 'check-in']);
    expect(h.opened).toEqual([]);
  });

  it('opens the emergency text once when the prompt is not answered in 30 s', async () => {
    const h = start({ periodicChecks: true, intervalMinutes: 5 });
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 29_999);
    expect(h.opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.opened).toEqual([{ reason: 'check-in', unanswered: true }]);
    expect(h.actor.getSnapshot().matches('escalated')).toBe(true);
    // No further check-ins pile up while the emergency screen is showing.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(h.opened).toHaveLength(1);
    h.actor.send({ type: 'prompt.close' });
    expect(h.actor.getSnapshot().matches('watching')).toBe(true);
  });

  it('does nothing while check-ins are off, and starts when they are switched on', async () => {
    const h = start({});
    await vi.advanceTimersByTimeAsync(5 * 60 * 60_000);
    expect(h.alerts).toEqual([]);
    h.actor.send({
      type: 'settings.update',
      settings: { fallDetection: false, periodicChecks: true, intervalMinutes: 10 },
    });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.alerts).toEqual(['check-in']);
  });
});

describe('fall detection', () => {
  it('listens to the sensor only while on; a fall asks, and "I need help" opens at once', async () => {
    const off = start({});
    expect(off.sensor).toBeNull();
    const h = start({ fallDetection: true });
    expect(h.sensor).not.toBeNull();
    h.sensor?.({ type: 'fall.detected' });
    expect(h.actor.getSnapshot().matches('prompting')).toBe(true);
    expect(h.alerts).toEqual(['fall']);
    expect(h.sensor).toBeNull();
    h.actor.send({ type: 'prompt.help' });
    expect(h.opened).toEqual([{ reason: 'fall', unanswered: false }]);
  });

  it('an answered fall prompt goes back to listening and opens nothing', async () => {
    const h = start({ fallDetection: true });
    h.sensor?.({ type: 'fall.detected' });
    await vi.advanceTimersByTimeAsync(5000);
    h.actor.send({ type: 'prompt.ok' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.opened).toEqual([]);
    expect(h.sensor).not.toBeNull();
  });
});
