/**
 * Haptic config, settings, presets and duration scaling (core-platform §3 "Haptic
 * config/settings", §9), as pure data and functions. The rules of when a pattern plays live in
 * the haptics machine (haptics-machine.ts), which uses these.
 *
 * Settings persist as the RxDB local document `setting:haptic-settings` through src/db/settings.ts
 * (`useLocalSetting(hapticSettingsKey, defaultHapticSettings)`); `hapticConfigFromSettings` turns
 * them into the machine's config.
 */
import type { HapticCategory } from './haptics-patterns.ts';

/** Minimum gap between two patterns (core-platform §9). */
export const HAPTIC_COOLDOWN_MS = 100;
/** How long emergency mode lasts after an emergency pattern (core-platform §4, §9). */
export const EMERGENCY_MODE_MS = 5000;
/** Default master intensity, 0..1 (core-platform §9). */
export const DEFAULT_MASTER_INTENSITY = 0.8;
/** Outdoor mode stretches durations by this factor (core-platform §9)… */
export const OUTDOOR_MULTIPLIER = 1.3;
/** …and emergency patterns by this one (core-platform §9)… */
export const EMERGENCY_MULTIPLIER = 1.5;
/** …each capped at this many ms per duration (core-platform §9). */
export const BOOSTED_DURATION_CAP_MS = 1000;
/** Battery saving shortens durations by this factor… */
export const BATTERY_SAVING_MULTIPLIER = 0.7;
/** …when the battery level (0..1) is below this (core-platform §9). */
export const BATTERY_SAVING_THRESHOLD = 0.3;
/** Button press vibration and its debounce (core-platform §9). */
export const BUTTON_HAPTIC_MS = 50;
export const BUTTON_HAPTIC_DEBOUNCE_MS = 150;

/** Haptic config (core-platform §3). masterIntensity 0..1. */
export interface HapticConfig {
  enabled: boolean;
  masterIntensity: number;
  batteryOptimization: boolean;
  emergencyOverride: boolean;
  outdoorMode: boolean;
  contextualAdjustment: boolean;
}

/** Haptic settings as the rider edits and stores them (core-platform §3). */
export interface HapticSettings {
  enabled: boolean;
  masterIntensity: number;
  navigationFeedback: boolean;
  emergencyFeedback: boolean;
  achievementFeedback: boolean;
  notificationFeedback: boolean;
  batteryOptimization: boolean;
  emergencyOverride: boolean;
  contextualAdjustment: boolean;
  customPatterns: {
    turnIntensity: 'light' | 'medium' | 'heavy';
    waypointStyle: 'single' | 'double';
    emergencyPattern: 'emergency-alert' | 'sos';
  };
}

/** Key of the haptic settings under src/db/settings.ts (local document `setting:haptic-settings`). */
export const hapticSettingsKey = 'haptic-settings';

/** Settings of a device that never changed them. */
export const defaultHapticSettings: HapticSettings = {
  enabled: true,
  masterIntensity: DEFAULT_MASTER_INTENSITY,
  navigationFeedback: true,
  emergencyFeedback: true,
  achievementFeedback: true,
  notificationFeedback: true,
  batteryOptimization: true,
  emergencyOverride: true,
  contextualAdjustment: true,
  customPatterns: { turnIntensity: 'medium', waypointStyle: 'double', emergencyPattern: 'sos' },
};

/** Config of a haptics machine started without one. */
export const defaultHapticConfig: HapticConfig = {
  enabled: true,
  masterIntensity: DEFAULT_MASTER_INTENSITY,
  batteryOptimization: true,
  emergencyOverride: true,
  outdoorMode: false,
  contextualAdjustment: true,
};

/** Haptic presets (core-platform §4 "Outdoor settings", §9 preset intensities). */
export type HapticPresetName = 'outdoor' | 'indoor' | 'batterySaver' | 'accessibility';

/** What each preset overwrites. Intensities are the spec's; the other fields follow the name. */
export const hapticPresets: Readonly<Record<HapticPresetName, Partial<HapticConfig>>> = {
  outdoor: { enabled: true, masterIntensity: 1, outdoorMode: true, batteryOptimization: false },
  indoor: { enabled: true, masterIntensity: 0.6, outdoorMode: false, batteryOptimization: false },
  batterySaver: { enabled: true, masterIntensity: 0.4, batteryOptimization: true },
  accessibility: { enabled: true, masterIntensity: 1, emergencyOverride: true },
};

/** Strength class of an intensity 0..1 (core-platform §9); 'off' at 0 or below. */
export type HapticStrength = 'strong' | 'medium' | 'subtle' | 'off';

/** Strong at or above 0.8, medium at or above 0.5, subtle above 0 (core-platform §9). */
export function hapticStrength(intensity: number): HapticStrength {
  if (intensity >= 0.8) return 'strong';
  if (intensity >= 0.5) return 'medium';
  if (intensity > 0) return 'subtle';
  return 'off';
}

/** Inputs of `scaleHapticDurations`. batteryLevel 0..1, null when unknown. */
export interface HapticScaling {
  masterIntensity: number;
  outdoorMode: boolean;
  emergency: boolean;
  batteryOptimization: boolean;
  batteryLevel: number | null;
}

/**
 * Scales every duration (vibrations and pauses, ms) as core-platform §9 says: × master
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

/** The haptics machine config the stored settings describe; outdoorMode comes from the outdoor settings. */
export function hapticConfigFromSettings(
  settings: HapticSettings,
  outdoorMode = false,
): HapticConfig {
  return {
    enabled: settings.enabled,
    masterIntensity: settings.masterIntensity,
    batteryOptimization: settings.batteryOptimization,
    emergencyOverride: settings.emergencyOverride,
    outdoorMode,
    contextualAdjustment: settings.contextualAdjustment,
  };
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
