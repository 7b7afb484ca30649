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
import {
  findHapticPattern,
  type HapticCategory,
  type HapticIntensity,
  type HapticPattern,
} from './haptics-patterns.ts';

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

/** How strong a master intensity feels (requirements §core-9 "Strength classes"). */
export type HapticStrength = 'strong' | 'medium' | 'subtle' | 'off';

/**
 * The strength class of a master intensity (0..1): at or above 0.8 strong, at or above 0.5
 * medium, above 0 subtle (requirements §core-9); 0 is off, nothing is felt.
 */
export function hapticStrength(masterIntensity: number): HapticStrength {
  if (masterIntensity >= 0.8) return 'strong';
  if (masterIntensity >= 0.5) return 'medium';
  if (masterIntensity > 0) return 'subtle';
  return 'off';
}

/** The rider's custom patterns (requirements §core-3 "Haptic settings" customPatterns). */
export type CustomHapticPatterns = HapticSettings['customPatterns'];

/**
 * The id a feature plays for "the emergency": it becomes the rider's chosen emergency pattern
 * (emergency alert or SOS), so the emergency screen and the safety check-ins need not know it.
 */
export const EMERGENCY_CUE_ID = 'emergency';

/**
 * What the turn intensity does to every duration of a turn pattern. The spec names the
 * setting but gives no figures; medium keeps the spec's turn patterns exactly (slight left
 * [100], sharp left [300]), light and heavy are this app's, so slight and sharp still differ.
 */
export const TURN_INTENSITY_FACTORS: Readonly<Record<HapticIntensity, number>> = {
  light: 0.6,
  medium: 1,
  heavy: 1.5,
};

const TURN_PATTERN_IDS: ReadonlySet<string> = new Set([
  'slight-left',
  'slight-right',
  'sharp-left',
  'sharp-right',
]);

/**
 * The single waypoint style: one pulse of the waypoint rhythm 150/75 (requirements §voice-9);
 * the library's `waypoint-approach` [150, 75, 150] is the double style.
 */
export const SINGLE_WAYPOINT_PATTERN: readonly number[] = [150];

/**
 * The pattern that plays for `patternId` under the rider's custom patterns, or undefined for an
 * unknown id: `EMERGENCY_CUE_ID` is the chosen emergency pattern; turn patterns are stretched
 * or shortened by the turn intensity (capped at 1000 ms per duration); `waypoint-approach` is
 * one pulse in the single style. Every other pattern is the library's own.
 */
export function customizedHapticPattern(
  patternId: string,
  customPatterns: CustomHapticPatterns,
): HapticPattern | undefined {
  if (patternId === EMERGENCY_CUE_ID) {
    // A stored value this build does not know must not leave an emergency without vibration.
    return (
      findHapticPattern(customPatterns.emergencyPattern) ?? findHapticPattern('emergency-alert')
    );
  }
  const pattern = findHapticPattern(patternId);
  if (!pattern) return undefined;
  if (TURN_PATTERN_IDS.has(pattern.id)) {
    const factor = TURN_INTENSITY_FACTORS[customPatterns.turnIntensity] as number | undefined;
    if (factor === undefined) return pattern;
    return {
      ...pattern,
      intensity: customPatterns.turnIntensity,
      pattern: pattern.pattern.map((ms) =>
        Math.min(Math.round(ms * factor), BOOSTED_DURATION_CAP_MS),
      ),
    };
  }
  if (pattern.id === 'waypoint-approach' && customPatterns.waypointStyle === 'single') {
    return { ...pattern, pattern: SINGLE_WAYPOINT_PATTERN };
  }
  return pattern;
}
