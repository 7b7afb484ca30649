/**
 * The haptics engine against core-platform §4 and §9: play rules (enabled, can vibrate, not
 * playing, 100 ms cooldown), emergency mode for 5 s, playing flag cleared after total + 100 ms,
 * scaling (master intensity, outdoor ×1.3 and emergency ×1.5 capped at 1000 ms, battery saving
 * ×0.7 under 30 %), presets, strength classes, test play, warnings, button haptics.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hapticPresets } from '../../../src/lib/outdoor/haptic-settings.ts';
import {
  createHapticsEngine,
  hapticStrength,
  scaleHapticDurations,
} from '../../../src/machines/haptics-engine.ts';
import { hapticPatterns } from '../../../src/machines/haptics-patterns.ts';

function engineWith(options: Parameters<typeof createHapticsEngine>[0] = {}) {
  const played: number[][] = [];
  const warnings: string[] = [];
  const engine = createHapticsEngine({
    vibrate: (pattern) => {
      played.push(pattern);
      return true;
    },
    warn: (message) => warnings.push(message),
    ...options,
  });
  return { engine, played, warnings };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

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
  it('scales by master intensity (default 0.8 in the engine)', () => {
    expect(scaleHapticDurations([100, 50, 300], { ...base, masterIntensity: 0.8 })).toEqual([
      80, 40, 240,
    ]);
    const { engine } = engineWith();
    expect(engine.scaledPattern('sharp-left')).toEqual([240]);
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
  it('classifies strength: ≥0.8 strong, ≥0.5 medium, >0 subtle', () => {
    expect(hapticStrength(0.8)).toBe('strong');
    expect(hapticStrength(0.79)).toBe('medium');
    expect(hapticStrength(0.5)).toBe('medium');
    expect(hapticStrength(0.49)).toBe('subtle');
    expect(hapticStrength(0)).toBe('off');
  });
  it('presets set the spec intensities', () => {
    expect(hapticPresets.outdoor.masterIntensity).toBe(1);
    expect(hapticPresets.indoor.masterIntensity).toBe(0.6);
    expect(hapticPresets.batterySaver.masterIntensity).toBe(0.4);
    expect(hapticPresets.accessibility.masterIntensity).toBe(1);
    const { engine } = engineWith();
    engine.applyPreset('indoor');
    expect(engine.scaledPattern('sharp-left')).toEqual([180]);
  });
});

describe('play rules', () => {
  it('blocks while playing, then honours the 100 ms cooldown', () => {
    const { engine, played } = engineWith({ config: { masterIntensity: 1 } });
    expect(engine.playPattern('slight-left')).toBe(true);
    expect(engine.getState().isPlaying).toBe(true);
    // Still playing: 100 ms pattern + 100 ms.
    vi.advanceTimersByTime(150);
    expect(engine.playPattern('sharp-left')).toBe(false);
    vi.advanceTimersByTime(50);
    expect(engine.getState().isPlaying).toBe(false);
    expect(engine.playPattern('sharp-left')).toBe(true);
    expect(played).toEqual([[100], [300]]);
  });
  it('refuses when disabled or unable to vibrate; a test play forces playback', () => {
    const { engine } = engineWith({ config: { enabled: false } });
    expect(engine.playPattern('system')).toBe(false);
    expect(engine.playPattern('system', { test: true })).toBe(true);
    expect(engine.playPattern('system', { test: true })).toBe(true);
    const mute = createHapticsEngine({ warn: () => undefined });
    expect(mute.playPattern('system', { test: true })).toBe(false);
  });
  it('sets emergency mode for 5 s after an emergency pattern', () => {
    const { engine } = engineWith();
    expect(engine.playPattern('emergency-alert')).toBe(true);
    expect(engine.getState().emergencyMode).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(engine.getState().emergencyMode).toBe(true);
    expect(engine.playPattern('slight-left')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(engine.getState().emergencyMode).toBe(false);
  });
  it('returns false with a warning for an unknown id or a disabled emergency override', () => {
    const { engine, warnings } = engineWith({ config: { emergencyOverride: false } });
    expect(engine.playPattern('no-such-pattern')).toBe(false);
    expect(engine.playPattern('sos')).toBe(false);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/no-such-pattern/);
    expect(warnings[1]).toMatch(/override/);
  });
  it('button haptics: 50 ms, debounced 150 ms', () => {
    const { engine, played } = engineWith();
    expect(engine.buttonPress()).toBe(true);
    vi.advanceTimersByTime(149);
    expect(engine.buttonPress()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(engine.buttonPress()).toBe(true);
    expect(played).toEqual([[50], [50]]);
  });
});
