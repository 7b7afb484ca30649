/**
 * The outdoor and emergency settings model (requirements §core-3 "Outdoor settings", "Emergency
 * settings", touch-target presets; §core-4 "Outdoor settings" presets; §core-9 emergency defaults):
 * the field types, the defaults, the presets and what each preset overwrites, and the derived UI
 * scale (touch-target size, font size, body classes). Pure: storage lives in
 * src/db/safety-settings.ts; the haptic part of the settings is its own model
 * (./haptic-settings.ts, stored under its own key).
 */
import { hapticPresets, type HapticPresetName, type HapticSettings } from './haptic-settings.ts';

/** Touch-target presets in CSS px (requirements §core-3). */
export const TOUCH_TARGET_PRESETS = {
  minimum: 44,
  comfortable: 48,
  outdoor: 56,
  emergency: 64,
  trail: 60,
} as const;

/** Name of a touch-target preset. */
export type TouchTargetPreset = keyof typeof TOUCH_TARGET_PRESETS;

/** Font size choice of the outdoor settings. */
export type FontSize = 'normal' | 'large' | 'extra-large';
/** Touch-target choice of the outdoor settings. */
export type TouchTargetSize = 'standard' | 'comfortable' | 'glove-friendly';
/** How much the voice assistant says. */
export type VoiceAnnouncementLevel = 'normal' | 'verbose';

/**
 * How the rider prefers to reach contacts. The spec lists `call` and `both`; `sms` (text only)
 * is the obvious third value a rider without voice signal needs.
 */
export type PreferredContactMethod = 'sms' | 'call' | 'both';
/** Emergency panel layout: a round floating button, a full-width bar, or a small pill. */
export type EmergencyPanelMode = 'floating' | 'full' | 'compact';
/** Screen corner or edge of the floating emergency button. */
export type EmergencyPanelPosition =
  'bottom-right' | 'bottom-left' | 'bottom-center' | 'top-right' | 'top-left';
/** Size of the emergency button. */
export type EmergencyButtonSize = 'normal' | 'large' | 'extra-large';
/** How precisely shared coordinates are given (see `COORDINATE_DECIMALS`). */
export type ShareLocationPrecision = 'exact' | 'approximate' | 'general';
/**
 * What the confirmation timeout does. `countdown`: no answer opens the emergency text or call
 * (a rider who cannot answer is the case the app exists for; a page cannot send it, the rider
 * presses Send); `tap`: no answer cancels, only an explicit tap opens it.
 */
export type ConfirmationType = 'countdown' | 'tap';
/** Contact priority level: 1 primary, 2 secondary, 3 backup. */
export type ContactPriority = 1 | 2 | 3;

/** Confirmation block of the emergency settings (requirements §core-3). `timeout` in seconds. */
export interface EmergencyConfirmationSettings {
  enabled: boolean;
  timeout: number;
  confirmationType: ConfirmationType;
  skipConfirmationInCritical: boolean;
  doubleConfirmForDestruction: boolean;
}

/**
 * Emergency settings (requirements §core-3). Times: panicButtonDelay, locationUpdateInterval and
 * emergencyUITimeout in seconds; emergencyDataRetention in days; emergencyAudioVolume 0–100.
 * emergencyContactPriority: contacts of this priority level or higher (1 = only primary) are
 * alerted when shareLocationWithAllContacts is off. `safetyCheckIntervalMinutes` is not in the
 * spec: periodicSafetyChecks needs an interval, and the rider picks it (5–240 minutes).
 */
export interface EmergencySettings {
  autoLocationShare: boolean;
  highAccuracyGPS: boolean;
  panicButtonDelay: number;
  locationUpdateInterval: number;
  emergencyModeEnabled: boolean;
  preferredContactMethod: PreferredContactMethod;
  autoCall911: boolean;
  emergencyContactPriority: ContactPriority;
  shareLocationWithAllContacts: boolean;
  emergencyPanelMode: EmergencyPanelMode;
  emergencyPanelPosition: EmergencyPanelPosition;
  alwaysShowEmergencyButton: boolean;
  emergencyButtonSize: EmergencyButtonSize;
  voiceActivationEnabled: boolean;
  emergencyVoiceTriggers: string[];
  emergencyAudioPrompts: boolean;
  emergencyAudioVolume: number;
  emergencyBatteryOptimization: boolean;
  disableNonEssentialFeatures: boolean;
  maximizeScreenBrightness: boolean;
  enableWakeLock: boolean;
  offlineEmergencyEnabled: boolean;
  emergencyDataCaching: boolean;
  lowSignalOptimization: boolean;
  emergencyBeaconMode: boolean;
  requireEmergencyConfirmation: boolean;
  emergencyTestMode: boolean;
  automaticFallDetection: boolean;
  periodicSafetyChecks: boolean;
  safetyCheckIntervalMinutes: number;
  shareLocationPrecision: ShareLocationPrecision;
  anonymizeEmergencyData: boolean;
  emergencyDataRetention: number;
  requireBiometricForEmergency: boolean;
  emergencyDataCompression: boolean;
  emergencyUITimeout: number;
  confirmation: EmergencyConfirmationSettings;
}

/**
 * The outdoor settings' own fields (requirements §core-3), stored in one local document. The spec's
 * `hapticSettings` and `emergencySettings` members are kept in their own documents (see
 * `OutdoorSettings`), so the haptics engine and the emergency machine each own one.
 */
export interface OutdoorFields {
  isOutdoorMode: boolean;
  isHighContrast: boolean;
  autoAdjustBrightness: boolean;
  gloveMode: boolean;
  voiceAnnouncementLevel: VoiceAnnouncementLevel;
  vibrationEnabled: boolean;
  screenLockPrevention: boolean;
  batteryOptimization: boolean;
  fontSize: FontSize;
  touchTargetSize: TouchTargetSize;
  enableBluetoothControls: boolean;
  enableMediaSession: boolean;
  audioDuckingEnabled: boolean;
  emergencyInterruptEnabled: boolean;
  mediaSessionLockScreenControls: boolean;
}

/** Outdoor settings as requirements §core-3 lists them, haptic and emergency settings included. */
export interface OutdoorSettings extends OutdoorFields {
  hapticSettings: HapticSettings;
  emergencySettings: EmergencySettings;
}

/** Voice triggers of requirements §core-9. */
export const DEFAULT_EMERGENCY_VOICE_TRIGGERS: readonly string[] = [
  'emergency',
  'help',
  'sos',
  'mayday',
  'panic',
  'accident',
  'injured',
];

/** Bounds and default of the safety check-in interval, minutes (a product choice). */
export const SAFETY_CHECK_INTERVAL_MIN_MIN = 5;
export const SAFETY_CHECK_INTERVAL_MAX_MIN = 240;
export const DEFAULT_SAFETY_CHECK_INTERVAL_MIN = 30;

/** Confirmation timeouts of the outdoor and indoor presets, seconds (requirements §core-9). */
export const OUTDOOR_CONFIRMATION_TIMEOUT_S = 8;
export const INDOOR_CONFIRMATION_TIMEOUT_S = 5;

/**
 * Emergency settings of a device that never changed them. The §core-9 constants (panic delay 3 s,
 * location update 30 s, volume 85, UI timeout 30 s, retention 30 days, the seven voice
 * triggers) are the spec's; the spec gives no default confirmation timeout, and riders are
 * outdoors with gloves, so it starts at the outdoor preset's 8 s. Defaults for the rest are
 * product choices: share location and confirm before sending, never dial 911 on its own.
 */
export const DEFAULT_EMERGENCY_SETTINGS: EmergencySettings = {
  autoLocationShare: true,
  highAccuracyGPS: true,
  panicButtonDelay: 3,
  locationUpdateInterval: 30,
  emergencyModeEnabled: true,
  preferredContactMethod: 'both',
  autoCall911: false,
  emergencyContactPriority: 1,
  shareLocationWithAllContacts: true,
  emergencyPanelMode: 'floating',
  emergencyPanelPosition: 'bottom-right',
  alwaysShowEmergencyButton: false,
  emergencyButtonSize: 'large',
  voiceActivationEnabled: false,
  emergencyVoiceTriggers: [...DEFAULT_EMERGENCY_VOICE_TRIGGERS],
  emergencyAudioPrompts: true,
  emergencyAudioVolume: 85,
  emergencyBatteryOptimization: false,
  disableNonEssentialFeatures: false,
  maximizeScreenBrightness: true,
  enableWakeLock: true,
  offlineEmergencyEnabled: true,
  emergencyDataCaching: true,
  lowSignalOptimization: true,
  emergencyBeaconMode: false,
  requireEmergencyConfirmation: true,
  emergencyTestMode: false,
  automaticFallDetection: false,
  periodicSafetyChecks: false,
  safetyCheckIntervalMinutes: DEFAULT_SAFETY_CHECK_INTERVAL_MIN,
  shareLocationPrecision: 'exact',
  anonymizeEmergencyData: false,
  emergencyDataRetention: 30,
  requireBiometricForEmergency: false,
  emergencyDataCompression: false,
  emergencyUITimeout: 30,
  confirmation: {
    enabled: true,
    timeout: OUTDOOR_CONFIRMATION_TIMEOUT_S,
    confirmationType: 'countdown',
    skipConfirmationInCritical: true,
    doubleConfirmForDestruction: true,
  },
};

/** Outdoor fields of a device that never changed them (plain indoor use). */
export const DEFAULT_OUTDOOR_FIELDS: OutdoorFields = {
  isOutdoorMode: false,
  isHighContrast: false,
  autoAdjustBrightness: false,
  gloveMode: false,
  voiceAnnouncementLevel: 'normal',
  vibrationEnabled: true,
  screenLockPrevention: false,
  batteryOptimization: false,
  fontSize: 'normal',
  touchTargetSize: 'standard',
  enableBluetoothControls: false,
  enableMediaSession: false,
  audioDuckingEnabled: true,
  emergencyInterruptEnabled: true,
  mediaSessionLockScreenControls: false,
};

// ---------------------------------------------------------------------------------------------
// Normalisation of stored values: stored documents may come from an older release or be edited
// by hand, so every field is checked and falls back to its default.

function pick<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}
function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}
function bounded(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? value
    : fallback;
}
function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Outdoor fields from a stored value of any shape; unknown or invalid fields get defaults. */
export function normalizeOutdoorFields(stored: unknown): OutdoorFields {
  const s = record(stored);
  const d = DEFAULT_OUTDOOR_FIELDS;
  return {
    isOutdoorMode: bool(s.isOutdoorMode, d.isOutdoorMode),
    isHighContrast: bool(s.isHighContrast, d.isHighContrast),
    autoAdjustBrightness: bool(s.autoAdjustBrightness, d.autoAdjustBrightness),
    gloveMode: bool(s.gloveMode, d.gloveMode),
    voiceAnnouncementLevel: pick(
      s.voiceAnnouncementLevel,
      ['normal', 'verbose'],
      d.voiceAnnouncementLevel,
    ),
    vibrationEnabled: bool(s.vibrationEnabled, d.vibrationEnabled),
    screenLockPrevention: bool(s.screenLockPrevention, d.screenLockPrevention),
    batteryOptimization: bool(s.batteryOptimization, d.batteryOptimization),
    fontSize: pick(s.fontSize, ['normal', 'large', 'extra-large'], d.fontSize),
    touchTargetSize: pick(
      s.touchTargetSize,
      ['standard', 'comfortable', 'glove-friendly'],
      d.touchTargetSize,
    ),
    enableBluetoothControls: bool(s.enableBluetoothControls, d.enableBluetoothControls),
    enableMediaSession: bool(s.enableMediaSession, d.enableMediaSession),
    audioDuckingEnabled: bool(s.audioDuckingEnabled, d.audioDuckingEnabled),
    emergencyInterruptEnabled: bool(s.emergencyInterruptEnabled, d.emergencyInterruptEnabled),
    mediaSessionLockScreenControls: bool(
      s.mediaSessionLockScreenControls,
      d.mediaSessionLockScreenControls,
    ),
  };
}

/** Emergency settings from a stored value of any shape; invalid fields get §core-9 defaults. */
export function normalizeEmergencySettings(stored: unknown): EmergencySettings {
  const s = record(stored);
  const d = DEFAULT_EMERGENCY_SETTINGS;
  const c = record(s.confirmation);
  const triggers = Array.isArray(s.emergencyVoiceTriggers)
    ? s.emergencyVoiceTriggers.filter(
        (word): word is string => typeof word === 'string' && word.trim() !== '',
      )
    : d.emergencyVoiceTriggers;
  const flags = {} as Record<string, boolean>;
  for (const [key, value] of Object.entries(d)) {
    if (typeof value === 'boolean') flags[key] = bool(s[key], value);
  }
  return {
    ...(d as EmergencySettings),
    ...(flags as Partial<EmergencySettings>),
    panicButtonDelay: bounded(s.panicButtonDelay, 1, 10, d.panicButtonDelay),
    locationUpdateInterval: bounded(s.locationUpdateInterval, 5, 600, d.locationUpdateInterval),
    preferredContactMethod: pick(
      s.preferredContactMethod,
      ['sms', 'call', 'both'],
      d.preferredContactMethod,
    ),
    emergencyContactPriority: pick(s.emergencyContactPriority, [1, 2, 3], 1),
    emergencyPanelMode: pick(
      s.emergencyPanelMode,
      ['floating', 'full', 'compact'],
      d.emergencyPanelMode,
    ),
    emergencyPanelPosition: pick(
      s.emergencyPanelPosition,
      ['bottom-right', 'bottom-left', 'bottom-center', 'top-right', 'top-left'],
      d.emergencyPanelPosition,
    ),
    emergencyButtonSize: pick(
      s.emergencyButtonSize,
      ['normal', 'large', 'extra-large'],
      d.emergencyButtonSize,
    ),
    emergencyVoiceTriggers: triggers.length > 0 ? triggers : [...d.emergencyVoiceTriggers],
    emergencyAudioVolume: bounded(s.emergencyAudioVolume, 0, 100, d.emergencyAudioVolume),
    shareLocationPrecision: pick(
      s.shareLocationPrecision,
      ['exact', 'approximate', 'general'],
      d.shareLocationPrecision,
    ),
    emergencyDataRetention: bounded(s.emergencyDataRetention, 1, 365, d.emergencyDataRetention),
    safetyCheckIntervalMinutes: bounded(
      s.safetyCheckIntervalMinutes,
      SAFETY_CHECK_INTERVAL_MIN_MIN,
      SAFETY_CHECK_INTERVAL_MAX_MIN,
      d.safetyCheckIntervalMinutes,
    ),
    emergencyUITimeout: bounded(s.emergencyUITimeout, 5, 600, d.emergencyUITimeout),
    confirmation: {
      enabled: bool(c.enabled, d.confirmation.enabled),
      timeout: bounded(c.timeout, 1, 60, d.confirmation.timeout),
      confirmationType: pick(
        c.confirmationType,
        ['countdown', 'tap'],
        d.confirmation.confirmationType,
      ),
      skipConfirmationInCritical: bool(
        c.skipConfirmationInCritical,
        d.confirmation.skipConfirmationInCritical,
      ),
      doubleConfirmForDestruction: bool(
        c.doubleConfirmForDestruction,
        d.confirmation.doubleConfirmForDestruction,
      ),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Presets (requirements §core-4 "Presets overwrite the relevant settings").

/**
 * Haptic presets on the stored haptic settings. The engine's presets (intensities of §core-9:
 * outdoor 1, indoor 0.6, battery saver 0.4, accessibility 1) are written into the fields the
 * settings share with the engine's config; outdoorMode is not a haptic setting (it follows
 * `isOutdoorMode`), so it is left out here.
 */
export function applyHapticPreset(
  settings: HapticSettings,
  preset: HapticPresetName,
): HapticSettings {
  const patch = hapticPresets[preset];
  return {
    ...settings,
    ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
    ...(patch.masterIntensity === undefined ? {} : { masterIntensity: patch.masterIntensity }),
    ...(patch.batteryOptimization === undefined
      ? {}
      : { batteryOptimization: patch.batteryOptimization }),
    ...(patch.emergencyOverride === undefined
      ? {}
      : { emergencyOverride: patch.emergencyOverride }),
  };
}

/** Whole-settings presets (requirements §core-4). */
export type WholeSettingsPreset = 'outdoor' | 'indoor';

/**
 * What the outdoor and indoor presets overwrite in the outdoor fields. Outdoor: everything that
 * helps in sun, with gloves and on a bumpy trail (high contrast, glove mode with 60 px targets,
 * large text, verbose voice, screen kept on). Indoor: back to the plain defaults.
 */
export const WHOLE_SETTINGS_PRESET_FIELDS: Readonly<
  Record<WholeSettingsPreset, Partial<OutdoorFields>>
> = {
  outdoor: {
    isOutdoorMode: true,
    isHighContrast: true,
    autoAdjustBrightness: true,
    gloveMode: true,
    voiceAnnouncementLevel: 'verbose',
    vibrationEnabled: true,
    screenLockPrevention: true,
    fontSize: 'large',
    touchTargetSize: 'glove-friendly',
  },
  indoor: {
    isOutdoorMode: false,
    isHighContrast: false,
    autoAdjustBrightness: false,
    gloveMode: false,
    voiceAnnouncementLevel: 'normal',
    vibrationEnabled: true,
    screenLockPrevention: false,
    fontSize: 'normal',
    touchTargetSize: 'standard',
  },
};

/**
 * Applies a whole-settings preset: the outdoor fields above, the haptic preset of the same name,
 * and the confirmation timeout of §core-9 (8 s outdoor, 5 s indoor). Other emergency fields stay.
 */
export function applyWholeSettingsPreset(
  settings: OutdoorSettings,
  preset: WholeSettingsPreset,
): OutdoorSettings {
  return {
    ...settings,
    ...WHOLE_SETTINGS_PRESET_FIELDS[preset],
    hapticSettings: applyHapticPreset(settings.hapticSettings, preset),
    emergencySettings: {
      ...settings.emergencySettings,
      confirmation: {
        ...settings.emergencySettings.confirmation,
        timeout:
          preset === 'outdoor' ? OUTDOOR_CONFIRMATION_TIMEOUT_S : INDOOR_CONFIRMATION_TIMEOUT_S,
      },
    },
  };
}

/** Emergency presets (requirements §core-4). */
export type EmergencyPreset = 'trail_riding' | 'backcountry' | 'urban' | 'minimal';

/** Emergency presets in display order, with what each is for. */
export const EMERGENCY_PRESETS: readonly { id: EmergencyPreset; label: string; summary: string }[] =
  [
    {
      id: 'trail_riding',
      label: 'Trail riding',
      summary:
        'Big floating SOS button on every page, GPS refreshed every 30 s, 8 s confirmation; if you cannot answer, your phone opens the emergency text and you press Send.',
    },
    {
      id: 'backcountry',
      label: 'Backcountry',
      summary:
        'Far from help: full-width panel, beacon mode, GPS refreshed every 60 s to save battery, text message kept short for weak signal.',
    },
    {
      id: 'urban',
      label: 'Urban',
      summary:
        'Help is near: compact panel, GPS refreshed every 15 s, texts to primary contacts only, 5 s confirmation.',
    },
    {
      id: 'minimal',
      label: 'Minimal',
      summary:
        'Quiet: no floating button, no voice prompts or beacon, GPS refreshed every 60 s. The Emergency page still works.',
    },
  ];

type EmergencyPatch = Partial<Omit<EmergencySettings, 'confirmation'>> & {
  confirmation?: Partial<EmergencyConfirmationSettings>;
};

/** The emergency fields each preset overwrites (everything else is left as the rider set it). */
export const EMERGENCY_PRESET_FIELDS: Readonly<Record<EmergencyPreset, EmergencyPatch>> = {
  trail_riding: {
    autoLocationShare: true,
    highAccuracyGPS: true,
    locationUpdateInterval: 30,
    emergencyPanelMode: 'floating',
    emergencyPanelPosition: 'bottom-right',
    alwaysShowEmergencyButton: true,
    emergencyButtonSize: 'large',
    emergencyAudioPrompts: true,
    emergencyBeaconMode: false,
    emergencyBatteryOptimization: false,
    lowSignalOptimization: true,
    shareLocationWithAllContacts: true,
    enableWakeLock: true,
    requireEmergencyConfirmation: true,
    confirmation: {
      enabled: true,
      timeout: OUTDOOR_CONFIRMATION_TIMEOUT_S,
      confirmationType: 'countdown',
    },
  },
  backcountry: {
    autoLocationShare: true,
    highAccuracyGPS: true,
    locationUpdateInterval: 60,
    emergencyPanelMode: 'full',
    alwaysShowEmergencyButton: true,
    emergencyButtonSize: 'extra-large',
    emergencyAudioPrompts: true,
    emergencyBeaconMode: true,
    emergencyBatteryOptimization: true,
    lowSignalOptimization: true,
    offlineEmergencyEnabled: true,
    emergencyDataCaching: true,
    shareLocationWithAllContacts: true,
    enableWakeLock: true,
    requireEmergencyConfirmation: true,
    confirmation: {
      enabled: true,
      timeout: OUTDOOR_CONFIRMATION_TIMEOUT_S,
      confirmationType: 'countdown',
    },
  },
  urban: {
    autoLocationShare: true,
    highAccuracyGPS: true,
    locationUpdateInterval: 15,
    emergencyPanelMode: 'compact',
    alwaysShowEmergencyButton: true,
    emergencyButtonSize: 'normal',
    emergencyBeaconMode: false,
    emergencyBatteryOptimization: false,
    lowSignalOptimization: false,
    shareLocationWithAllContacts: false,
    emergencyContactPriority: 1,
    requireEmergencyConfirmation: true,
    confirmation: { enabled: true, timeout: INDOOR_CONFIRMATION_TIMEOUT_S },
  },
  minimal: {
    autoLocationShare: true,
    highAccuracyGPS: false,
    locationUpdateInterval: 60,
    emergencyPanelMode: 'compact',
    alwaysShowEmergencyButton: false,
    emergencyButtonSize: 'normal',
    voiceActivationEnabled: false,
    emergencyAudioPrompts: false,
    emergencyBeaconMode: false,
    emergencyBatteryOptimization: true,
    requireEmergencyConfirmation: true,
    confirmation: { enabled: true, timeout: INDOOR_CONFIRMATION_TIMEOUT_S },
  },
};

/** Applies an emergency preset: overwrites exactly the fields of `EMERGENCY_PRESET_FIELDS`. */
export function applyEmergencyPreset(
  settings: EmergencySettings,
  preset: EmergencyPreset,
): EmergencySettings {
  const { confirmation, ...fields } = EMERGENCY_PRESET_FIELDS[preset];
  return {
    ...settings,
    ...fields,
    confirmation: { ...settings.confirmation, ...confirmation },
  };
}

// ---------------------------------------------------------------------------------------------
// UI scale.

const touchTargetForSize: Record<TouchTargetSize, number> = {
  standard: TOUCH_TARGET_PRESETS.minimum,
  comfortable: TOUCH_TARGET_PRESETS.comfortable,
  'glove-friendly': TOUCH_TARGET_PRESETS.trail,
};

/**
 * The minimum size of every control, in CSS px: the chosen touch-target size, raised to the
 * outdoor preset (56) in outdoor mode and to the trail preset (60) in glove mode.
 */
export function effectiveTouchTarget(fields: OutdoorFields): number {
  return Math.max(
    touchTargetForSize[fields.touchTargetSize],
    fields.isOutdoorMode ? TOUCH_TARGET_PRESETS.outdoor : 0,
    fields.gloveMode ? TOUCH_TARGET_PRESETS.trail : 0,
  );
}

/** Root font size multiplier of each font-size choice (scales every rem in the UI). */
export const FONT_SCALE: Readonly<Record<FontSize, number>> = {
  normal: 1,
  large: 1.1875,
  'extra-large': 1.375,
};

/**
 * Classes put on <html> and <body> for these fields (styles in src/ui/theme.css):
 * `touch-target-<px>` sets --touch-target, `touch-glove` makes every interactive element at
 * least that big, `font-size-large|extra-large` scales the root font, `outdoor-mode` marks it.
 */
export function outdoorBodyClasses(fields: OutdoorFields): string[] {
  const classes = [`touch-target-${effectiveTouchTarget(fields)}`];
  if (fields.gloveMode) classes.push('touch-glove');
  if (fields.fontSize !== 'normal') classes.push(`font-size-${fields.fontSize}`);
  if (fields.isOutdoorMode) classes.push('outdoor-mode');
  return classes;
}

/** Every class `outdoorBodyClasses` can return, so a change can remove the old ones. */
export const ALL_OUTDOOR_BODY_CLASSES: readonly string[] = [
  ...new Set([
    ...Object.values(TOUCH_TARGET_PRESETS).map((px) => `touch-target-${px}`),
    'touch-glove',
    'font-size-large',
    'font-size-extra-large',
    'outdoor-mode',
  ]),
];
