/**
 * The haptic settings model (requirements §core-3 "Haptic config/settings", §core-4 "Outdoor
 * settings" presets, §core-9 default intensity): what the rider stores, the defaults, the presets
 * and the engine config the stored settings describe. Pure data, so the settings storage (src/db),
 * the outdoor settings model (src/lib/outdoor/outdoor-settings.ts) and the haptics engine
 * (src/machines/haptics-engine.ts) share one definition without importing each other.
 */

/** Default master intensity, 0..1 (requirements §core-9). */
export const DEFAULT_MASTER_INTENSITY = 0.8;

/** Haptic config (requirements §core-3). masterIntensity 0..1. */
export interface HapticConfig {
  enabled: boolean;
  masterIntensity: number;
  batteryOptimization: boolean;
  emergencyOverride: boolean;
  outdoorMode: boolean;
  contextualAdjustment: boolean;
}

/** Haptic settings as the rider edits and stores them (requirements §core-3). */
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

/** A change to the haptic settings; `customPatterns` may name only the patterns that change. */
export type HapticSettingsPatch = Partial<Omit<HapticSettings, 'customPatterns'>> & {
  customPatterns?: Partial<HapticSettings['customPatterns']>;
};

/**
 * `previous` with `patch` laid over it, the custom patterns field by field, so two quick
 * changes of different patterns both survive. Missing stored fields take the defaults.
 */
export function mergeHapticSettings(
  previous: Partial<HapticSettings> | null | undefined,
  patch: HapticSettingsPatch,
): HapticSettings {
  return {
    ...defaultHapticSettings,
    ...previous,
    ...patch,
    customPatterns: {
      ...defaultHapticSettings.customPatterns,
      ...previous?.customPatterns,
      ...patch.customPatterns,
    },
  };
}

/** Config of an engine created without one. */
export const defaultHapticConfig: HapticConfig = {
  enabled: true,
  masterIntensity: DEFAULT_MASTER_INTENSITY,
  batteryOptimization: true,
  emergencyOverride: true,
  outdoorMode: false,
  contextualAdjustment: true,
};

/** Haptic presets (requirements §core-4 "Outdoor settings", §core-9 preset intensities). */
export type HapticPresetName = 'outdoor' | 'indoor' | 'batterySaver' | 'accessibility';

/** What each preset overwrites. Intensities are the spec's; the other fields follow the name. */
export const hapticPresets: Readonly<Record<HapticPresetName, Partial<HapticConfig>>> = {
  outdoor: { enabled: true, masterIntensity: 1, outdoorMode: true, batteryOptimization: false },
  indoor: { enabled: true, masterIntensity: 0.6, outdoorMode: false, batteryOptimization: false },
  batterySaver: { enabled: true, masterIntensity: 0.4, batteryOptimization: true },
  accessibility: { enabled: true, masterIntensity: 1, emergencyOverride: true },
};

/**
 * The engine config the stored settings describe; `outdoorMode` and `vibrationEnabled` come
 * from the outdoor settings (requirements §core-3).
 */
export function hapticConfigFromSettings(
  settings: HapticSettings,
  outdoorMode = false,
  vibrationEnabled = true,
): HapticConfig {
  return {
    // The outdoor settings' "Vibration" switch silences every pattern, whatever the haptic
    // settings say; every page that configures the engine must pass it.
    enabled: settings.enabled && vibrationEnabled,
    masterIntensity: settings.masterIntensity,
    batteryOptimization: settings.batteryOptimization,
    emergencyOverride: settings.emergencyOverride,
    outdoorMode,
    contextualAdjustment: settings.contextualAdjustment,
  };
}
