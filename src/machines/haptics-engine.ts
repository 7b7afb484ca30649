/**
 * Haptic timing constants, strength classes and duration scaling (requirements §core-3 "Haptic
 * config/settings", §core-9), as pure data and functions. The rules of when a pattern plays live in
 * the haptics machine (haptics-machine.ts), which uses these.
 *
 * The settings model (what persists as the RxDB local document `setting:haptic-settings`, and
 * `hapticConfigFromSettings`, which turns it into the machine's config) lives in
 * src/lib/outdoor/haptic-settings.ts, below both the machines and the database layer.
 */
import type { HapticSettings } from '../lib/outdoor/haptic-settings.ts';
import type { HapticCategory } from './haptics-patterns.ts';

/** Minimum gap between two patterns (requirements §core-9). */
export const HAPTIC_COOLDOWN_MS = 100;
/** How long emergency mode lasts after an emergency pattern (requirements §core-4, §core-9). */
export const EMERGENCY_MODE_MS = 5000;
/** Outdoor mode stretches durations by this factor (requirements §core-9)… */
export const OUTDOOR_MULTIPLIER = 1.3;
/** …and emergency patterns by this one (requirements §core-9)… */
export const EMERGENCY_MULTIPLIER = 1.5;
/** …each capped at this many ms per duration (requirements §core-9). */
export const BOOSTED_DURATION_CAP_MS = 1000;
/** Battery saving shortens durations by this factor… */
export const BATTERY_SAVING_MULTIPLIER = 0.7;
/** …when the battery level (0..1) is below this (requirements §core-9). */
export const BATTERY_SAVING_THRESHOLD = 0.3;
/** Button press vibration and its debounce (requirements §core-9). */
export const BUTTON_HAPTIC_MS = 50;
export const BUTTON_HAPTIC_DEBOUNCE_MS = 150;

/** Inputs of `scaleHapticDurations`. batteryLevel 0..1, null when unknown. */
export interface HapticScaling {
  masterIntensity: number;
  outdoorMode: boolean;
  emergency: boolean;
  batteryOptimization: boolean;
  batteryLevel: number | null;
}

/**
 * Scales every duration (vibrations and pauses, ms) as requirements §core-9 says: × master
 * intensity; outdoor mode × 1.3 capped at 1000; emergency × 1.5 capped at 1000; battery
 * optimization × 0.7 when the battery is below 30 %. Rounded to whole ms.
 */
export function scaleHapticDurations(pattern: readonly number[], scaling: HapticScaling): number[] {
  const batterySaving =
    scaling.batteryOptimization &&
    scaling.batteryLevel !== null &&
    scaling.batteryLevel < BATTERY_SAVING_THRESHOLD;
  return pattern.map((duration) => {
    let scaled = duration * scaling.masterIntensity;
    if (scaling.outdoorMode)
      scaled = Math.min(scaled * OUTDOOR_MULTIPLIER, BOOSTED_DURATION_CAP_MS);
    if (scaling.emergency)
      scaled = Math.min(scaled * EMERGENCY_MULTIPLIER, BOOSTED_DURATION_CAP_MS);
    if (batterySaving) scaled *= BATTERY_SAVING_MULTIPLIER;
    return Math.max(0, Math.round(scaled));
  });
}

/** The category switches of the stored settings, for `setCategoryEnabled`. */
export function hapticCategoriesFromSettings(
  settings: HapticSettings,
): Record<HapticCategory, boolean> {
  return {
    navigation: settings.navigationFeedback,
    emergency: settings.emergencyFeedback,
    achievement: settings.achievementFeedback,
    notification: settings.notificationFeedback,
    system: true,
  };
}
