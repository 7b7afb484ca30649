/**
 * The haptics machine against core-platform §4 and §9: play rules (enabled, can vibrate, not
 * playing, 100 ms cooldown), emergency mode for 5 s, playing flag cleared after total + 100 ms,
 * scaling (master intensity, outdoor ×1.3 and emergency ×1.5 capped at 1000 ms, battery saving
 * ×0.7 under 30 %), presets, strength classes, test play, warnings, button haptics, and the
 * queue. The motor, warnings and battery are provided with `.provide()`; time is simulated.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { hapticPresets, type HapticConfig } from '../../../src/lib/outdoor/haptic-settings.ts';
import { scaleHapticDurations } from '../../../src/machines/haptics-engine.ts';
import {
  HAPTIC_QUEUE_LIMIT,
  hapticsMachine,
  requestButtonHaptic,
  requestHapticPattern,
  scaledHapticPattern,
  selectEmergencyMode,
  selectHapticPlaying,
  type HapticsInput,
  type PlayPatternOptions,
} from '../../../src/machines/haptics-machine.ts';
import { hapticPatterns } from '../../../src/machines/haptics-patterns.ts';

interface Harness {
  /** Whether the simulated device has a motor (default true). */
  canVibrate?: boolean;
  /** Whether the motor accepts patterns (default true); a refusal answers `haptics.refused`. */
  motorAccepts?: boolean;
  /** Battery level the simulated Battery Status API reports at start. */
  batteryLevel?: number;
}

function hapticsWith(input: HapticsInput = {}, harness: Harness = {}) {
  const played: number[][] = [];
  const warnings: string[] = [];
  const clock = new SimulatedClock();
  const machine = hapticsMachine.provide({
    actions: {
      vibrate: ({ self }, { durations, kind }) => {
        played.push(durations);
        if (harness.motorAccepts === false && kind === 'pattern') {
          self.send({ type: 'haptics.refused' });
        }
      },
      warn: (_, { message }) => {
        warnings.push(message);
      },
    },
    guards: { canVibrate: () => harness.canVibrate !== false },
    actors: {
      battery: fromCallback(({ sendBack }) => {
        if (harness.batteryLevel !== undefined) {
          sendBack({ type: 'haptics.battery', level: harness.batteryLevel });
        }
      }),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  const play = (id: string, options?: PlayPatternOptions) =>
    requestHapticPattern(actor, id, options);
  const isPlaying = () => selectHapticPlaying(actor.getSnapshot());
  const emergencyMode = () => selectEmergencyMode(actor.getSnapshot());
  const scaled = (id: string) => scaledHapticPattern(actor.getSnapshot().context, id);
  const configure = (config: Partial<HapticConfig>) =>
    actor.send({ type: 'haptics.configure', config });
  return { actor, clock, played, warnings, play, isPlaying, emergencyMode, scaled, configure };
}

describe('haptic pattern library', () => {
  it('has every pattern the spec names with all fields, and the spec durations', () => {
    const ids = Object.keys(hapticPatterns);
    for (const needed of [
      'slight-left',
      'slight-right',
      'sharp-left',
      'sharp-right',
      'emergency-alert',
      'waypoint-approach',
      'off-trail',
      'quarter-mile',
      'mile-marker',
      'sos',
      'achievement',
      'weather-alert',
      'speed-warning',
      'low-battery',
      'system',
      'connection-lost',
    ]) {
      expect(ids).toContain(needed);
    }
    expect(hapticPatterns['slight-left'].pattern).toEqual([100]);
    expect(hapticPatterns['sharp-left'].pattern).toEqual([300]);
    expect(hapticPatterns['emergency-alert'].pattern).toEqual([500, 200, 500, 200, 500]);
    for (const pattern of Object.values(hapticPatterns)) {
      expect(pattern.name.length).toBeGreaterThan(0);
      expect(pattern.description.length).toBeGreaterThan(0);
      expect(['light', 'medium', 'heavy']).toContain(pattern.intensity);
      expect(['navigation', 'emergency', 'achievement', 'notification', 'system']).toContain(
        pattern.category,
      );
      expect(typeof pattern.accessibilityFriendly).toBe('boolean');
      expect(['low', 'medium', 'high']).toContain(pattern.batteryImpact);
    }
  });
});

describe('scaling', () => {
  const base = {
    masterIntensity: 1,
    outdoorMode: false,
    emergency: false,
    batteryOptimization: false,
    batteryLevel: null,
  };
  it('scales by master intensity (default 0.8 in the machine)', () => {
    expect(scaleHapticDurations([100, 50, 300], { ...base, masterIntensity: 0.8 })).toEqual([
      80, 40, 240,
    ]);
    const { scaled } = hapticsWith();
    expect(scaled('sharp-left')).toEqual([240]);
  });
  it('outdoor ×1.3 and emergency ×1.5 are each capped at 1000 ms', () => {
    expect(scaleHapticDurations([500], { ...base, outdoorMode: true })).toEqual([650]);
    expect(scaleHapticDurations([900], { ...base, outdoorMode: true })).toEqual([1000]);
    expect(scaleHapticDurations([500], { ...base, emergency: true })).toEqual([750]);
    expect(scaleHapticDurations([500], { ...base, outdoorMode: true, emergency: true })).toEqual([
      975,
    ]);
    expect(scaleHapticDurations([800], { ...base, outdoorMode: true, emergency: true })).toEqual([
      1000,
    ]);
  });
  it('battery saving ×0.7 only below 30 % with optimization on', () => {
    expect(
      scaleHapticDurations([100], { ...base, batteryOptimization: true, batteryLevel: 0.29 }),
    ).toEqual([70]);
    expect(
      scaleHapticDurations([100], { ...base, batteryOptimization: true, batteryLevel: 0.3 }),
    ).toEqual([100]);
    expect(
      scaleHapticDurations([100], { ...base, batteryOptimization: false, batteryLevel: 0.1 }),
    ).toEqual([100]);
  });
  it('presets set the spec intensities', () => {
    expect(hapticPresets.outdoor.masterIntensity).toBe(1);
    expect(hapticPresets.indoor.masterIntensity).toBe(0.6);
    expect(hapticPresets.batterySaver.masterIntensity).toBe(0.4);
    expect(hapticPresets.accessibility.masterIntensity).toBe(1);
    const { actor, scaled } = hapticsWith();
    actor.send({ type: 'haptics.preset', preset: 'indoor' });
    expect(scaled('sharp-left')).toEqual([180]);
  });
});

describe('play rules', () => {
  it('blocks while playing, then honours the 100 ms cooldown', () => {
    const { play, isPlaying, clock, played } = hapticsWith({ config: { masterIntensity: 1 } });
    expect(play('slight-left')).toBe(true);
    expect(isPlaying()).toBe(true);
    // Still playing: 100 ms pattern + 100 ms.
    clock.increment(150);
    expect(play('sharp-left')).toBe(false);
    clock.increment(50);
    expect(isPlaying()).toBe(false);
    expect(play('sharp-left')).toBe(true);
    expect(played).toEqual([[100], [300]]);
  });
  it('refuses when disabled or unable to vibrate; a test play forces playback', () => {
    const { play } = hapticsWith({ config: { enabled: false } });
    expect(play('system')).toBe(false);
    expect(play('system', { test: true })).toBe(true);
    expect(play('system', { test: true })).toBe(true);
    const mute = hapticsWith({}, { canVibrate: false });
    expect(mute.play('system', { test: true })).toBe(false);
    expect(mute.played).toEqual([]);
  });
  it('sets emergency mode for 5 s after an emergency pattern', () => {
    const { play, emergencyMode, clock } = hapticsWith();
    expect(play('emergency-alert')).toBe(true);
    expect(emergencyMode()).toBe(true);
    clock.increment(4999);
    expect(emergencyMode()).toBe(true);
    expect(play('slight-left')).toBe(false);
    clock.increment(1);
    expect(emergencyMode()).toBe(false);
  });
  it('returns false with a warning for an unknown id or a disabled emergency override', () => {
    const { play, warnings, played } = hapticsWith({ config: { emergencyOverride: false } });
    expect(play('no-such-pattern')).toBe(false);
    expect(play('sos')).toBe(false);
    expect(played).toEqual([]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/no-such-pattern/);
    expect(warnings[1]).toMatch(/override/);
  });
  it('button haptics: 50 ms, debounced 150 ms', () => {
    const { actor, clock, played } = hapticsWith();
    expect(requestButtonHaptic(actor)).toBe(true);
    clock.increment(149);
    expect(requestButtonHaptic(actor)).toBe(false);
    clock.increment(1);
    expect(requestButtonHaptic(actor)).toBe(true);
    expect(played).toEqual([[50], [50]]);
  });
});

describe('modifiers on the machine', () => {
  it('outdoor mode stretches what the motor receives ×1.3, and the emergency boost ×1.5 on top', () => {
    const { play, played, configure, clock } = hapticsWith({ config: { masterIntensity: 1 } });
    configure({ outdoorMode: true });
    expect(play('sharp-left')).toBe(true);
    clock.increment(1000);
    // 500 ms pulses: outdoor 650, emergency 975 (under the 1000 ms cap); 200 ms pauses → 390.
    expect(play('emergency-alert')).toBe(true);
    expect(played).toEqual([[390], [975, 390, 975, 390, 975]]);
  });
  it('battery saving ×0.7 follows the reported battery level and the optimization switch', () => {
    const { actor, play, played, clock, configure } = hapticsWith(
      { config: { masterIntensity: 1 } },
      { batteryLevel: 0.25 },
    );
    expect(play('sharp-left')).toBe(true);
    clock.increment(500);
    actor.send({ type: 'haptics.battery', level: 0.8 });
    expect(play('sharp-left')).toBe(true);
    clock.increment(500);
    actor.send({ type: 'haptics.battery', level: 0.1 });
    configure({ batteryOptimization: false });
    expect(play('sharp-left')).toBe(true);
    expect(played).toEqual([[210], [300], [300]]);
  });
  it('master intensity 0 plays nothing, and the playing flag follows the scaled length', () => {
    const { play, configure, isPlaying, clock, played } = hapticsWith();
    configure({ masterIntensity: 0 });
    expect(play('sharp-left')).toBe(false);
    configure({ masterIntensity: 0.5 });
    expect(play('sharp-left')).toBe(true);
    // 150 ms scaled pulse + 100 ms.
    clock.increment(249);
    expect(isPlaying()).toBe(true);
    clock.increment(1);
    expect(isPlaying()).toBe(false);
    expect(played).toEqual([[150]]);
  });
  it('switching haptics off moves to disabled and refuses plays and button taps; on again plays', () => {
    const { actor, play, configure } = hapticsWith();
    configure({ enabled: false });
    expect(actor.getSnapshot().matches({ power: 'disabled' })).toBe(true);
    expect(play('system')).toBe(false);
    expect(requestButtonHaptic(actor)).toBe(false);
    configure({ enabled: true });
    expect(actor.getSnapshot().matches({ power: 'enabled' })).toBe(true);
    expect(play('system')).toBe(true);
  });
  it('a category the rider turned off stays silent', () => {
    const { actor, play } = hapticsWith();
    actor.send({ type: 'haptics.categories', categories: { achievement: false } });
    expect(play('achievement')).toBe(false);
    expect(play('system')).toBe(true);
  });
});

describe('motor and stop', () => {
  it('a motor that refuses leaves nothing playing, no cooldown and no emergency mode', () => {
    const { play, isPlaying, emergencyMode, played } = hapticsWith({}, { motorAccepts: false });
    expect(play('emergency-alert')).toBe(false);
    expect(isPlaying()).toBe(false);
    expect(emergencyMode()).toBe(false);
    expect(play('slight-left')).toBe(false);
    expect(played).toHaveLength(2);
  });
  it('stop silences the motor, clears the playing flag and the queue, and keeps the cooldown', () => {
    const { actor, play, isPlaying, clock, played } = hapticsWith({
      config: { masterIntensity: 1 },
    });
    expect(play('sharp-left')).toBe(true);
    expect(play('slight-left', { queue: true })).toBe(true);
    actor.send({ type: 'haptics.stop' });
    expect(isPlaying()).toBe(false);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    clock.increment(50);
    expect(play('slight-left')).toBe(false);
    clock.increment(50);
    expect(play('slight-left')).toBe(true);
    clock.increment(2000);
    expect(played).toEqual([[300], [0], [100]]);
  });
});

describe('queue', () => {
  it('a queued pattern plays when the one playing ends, in order', () => {
    const { play, played, clock, actor } = hapticsWith({ config: { masterIntensity: 1 } });
    expect(play('sharp-left')).toBe(true);
    expect(play('slight-left', { queue: true })).toBe(true);
    expect(play('quarter-mile', { queue: true })).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual(['slight-left', 'quarter-mile']);
    expect(played).toEqual([[300]]);
    clock.increment(399);
    expect(played).toEqual([[300]]);
    clock.increment(1);
    expect(played).toEqual([[300], [100]]);
    clock.increment(200);
    expect(played).toEqual([[300], [100], [120]]);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });
  it(`holds at most ${HAPTIC_QUEUE_LIMIT} patterns; without the option a busy motor refuses`, () => {
    const { play } = hapticsWith();
    expect(play('sharp-left')).toBe(true);
    expect(play('slight-left')).toBe(false);
    for (let index = 0; index < HAPTIC_QUEUE_LIMIT; index += 1) {
      expect(play('slight-left', { queue: true })).toBe(true);
    }
    expect(play('slight-left', { queue: true })).toBe(false);
  });
  it('a queued cue is dropped when emergency mode holds it off; the emergency pattern is not', () => {
    const { play, played, clock, emergencyMode } = hapticsWith({ config: { masterIntensity: 1 } });
    expect(play('slight-left')).toBe(true);
    expect(play('sos', { queue: true })).toBe(true);
    expect(play('quarter-mile', { queue: true })).toBe(true);
    clock.increment(200);
    expect(emergencyMode()).toBe(true);
    expect(played).toHaveLength(2);
    expect(played[1]).toEqual(hapticPatterns.sos.pattern.map((ms) => ms * 1.5));
    clock.increment(10_000);
    expect(played).toHaveLength(2);
  });
  it('queueing does not bypass the rules: an emergency mode or disabled haptics refuse at once', () => {
    const { play } = hapticsWith();
    expect(play('emergency-alert')).toBe(true);
    expect(play('slight-left', { queue: true })).toBe(false);
    const off = hapticsWith({ config: { enabled: false } });
    expect(off.play('slight-left', { queue: true })).toBe(false);
  });
});
