/**
 * The haptics engine (core-platform §3 "Haptic config/settings", §4 "Haptics", §8, §9): decides
 * whether a pattern may play, scales its durations and drives the vibration motor through an
 * injected `vibrate`, so tests run it with fake timers and a recording stub. One engine per page
 * is shared by navigation, recording and safety (`getSharedHapticsEngine`), so the cooldown and
 * "already playing" rules hold across features.
 *
 * The settings model (what persists as the RxDB local document `setting:haptic-settings`, and
 * `hapticConfigFromSettings`, which turns it into the engine's config) lives in
 * src/lib/outdoor/haptic-settings.ts, below both the engine and the database layer.
 */
import {
  defaultHapticConfig,
  hapticPresets,
  type HapticConfig,
  type HapticPresetName,
  type HapticSettings,
} from '../lib/outdoor/haptic-settings.ts';
import { findHapticPattern, type HapticCategory, type HapticPattern } from './haptics-patterns.ts';

/** Minimum gap between two patterns (core-platform §9). */
export const HAPTIC_COOLDOWN_MS = 100;
/** How long emergency mode lasts after an emergency pattern (core-platform §4, §9). */
export const EMERGENCY_MODE_MS = 5000;
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

/** Side effects the engine needs; every one is optional so tests pass only what they check. */
export interface HapticsEngineDeps {
  /** `navigator.vibrate`; absent = the device cannot vibrate. Returns false when refused. */
  vibrate?: ((pattern: number[]) => boolean) | undefined;
  /** Clock in ms (default Date.now). */
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Battery level 0..1, null when unknown (default: unknown). */
  batteryLevel?: () => number | null;
  /** Warnings of core-platform §8 (default console.warn). */
  warn?: (message: string) => void;
  config?: Partial<HapticConfig>;
  /** Which categories the rider wants (HapticSettings *Feedback); default all. */
  categoryEnabled?: Partial<Record<HapticCategory, boolean>>;
}

/** Options of one `playPattern` call. */
export interface PlayPatternOptions {
  /** A test play from the settings screen: skips enabled, playing and cooldown (core-platform §4). */
  test?: boolean;
}

/** A snapshot of the engine's state for UIs. */
export interface HapticsEngineState {
  config: HapticConfig;
  isPlaying: boolean;
  emergencyMode: boolean;
  canVibrate: boolean;
  lastPatternId: string | null;
}

/** The engine returned by `createHapticsEngine`. */
export interface HapticsEngine {
  /**
   * Plays the library pattern `id`. Returns true when the motor was started. False when: the id
   * is unknown or it is an emergency pattern with emergencyOverride off (both with a
   * console warning, core-platform §8); haptics are disabled, the device cannot vibrate, a
   * pattern is still playing or the last one started under 100 ms ago (core-platform §4);
   * its category is turned off; or, in emergency mode, it is not an emergency pattern.
   */
  playPattern(id: string, options?: PlayPatternOptions): boolean;
  /** The durations `playPattern(id)` would send now, or null for an unknown id. */
  scaledPattern(id: string): number[] | null;
  /** A 50 ms tap for a button press, ignored within 150 ms of the last one (core-platform §9). */
  buttonPress(): boolean;
  /** Stops the motor and clears the playing flag. */
  stop(): void;
  updateConfig(patch: Partial<HapticConfig>): void;
  setCategoryEnabled(categories: Partial<Record<HapticCategory, boolean>>): void;
  applyPreset(preset: HapticPresetName): void;
  getState(): HapticsEngineState;
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: (state: HapticsEngineState) => void): () => void;
  /** Cancels pending timers. */
  dispose(): void;
}

/** Creates a haptics engine over the given side effects (see HapticsEngineDeps). */
export function createHapticsEngine(deps: HapticsEngineDeps = {}): HapticsEngine {
  const now = deps.now ?? (() => Date.now());
  const schedule = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const cancel =
    deps.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  let config: HapticConfig = { ...defaultHapticConfig, ...deps.config };
  let categories: Partial<Record<HapticCategory, boolean>> = { ...deps.categoryEnabled };
  let isPlaying = false;
  let emergencyUntil = 0;
  let lastPlayedAt = -Infinity;
  let lastButtonAt = -Infinity;
  let lastPatternId: string | null = null;
  let playingTimer: unknown = null;
  let emergencyTimer: unknown = null;
  const listeners = new Set<(state: HapticsEngineState) => void>();

  const getState = (): HapticsEngineState => ({
    config: { ...config },
    isPlaying,
    emergencyMode: now() < emergencyUntil,
    canVibrate: typeof deps.vibrate === 'function',
    lastPatternId,
  });
  const notify = () => {
    const state = getState();
    for (const listener of listeners) listener(state);
  };

  const scaledFor = (pattern: HapticPattern): number[] =>
    scaleHapticDurations(pattern.pattern, {
      masterIntensity: config.masterIntensity,
      outdoorMode: config.outdoorMode,
      emergency: pattern.category === 'emergency',
      batteryOptimization: config.batteryOptimization,
      batteryLevel: deps.batteryLevel?.() ?? null,
    });

  return {
    playPattern(id, options = {}) {
      const pattern = findHapticPattern(id);
      if (!pattern) {
        warn(`Haptic pattern not found: ${id}`);
        return false;
      }
      const emergency = pattern.category === 'emergency';
      if (emergency && !config.emergencyOverride) {
        warn(`Emergency haptic pattern ${id} blocked: emergency override is disabled`);
        return false;
      }
      if (!deps.vibrate) return false;
      if (!options.test) {
        if (!config.enabled) return false;
        if (categories[pattern.category] === false) return false;
        if (isPlaying) return false;
        if (now() - lastPlayedAt < HAPTIC_COOLDOWN_MS) return false;
        // An alarm must not be cut short by a turn cue while the rider reacts to it.
        if (!emergency && now() < emergencyUntil) return false;
      }
      const durations = scaledFor(pattern);
      if (durations.every((duration) => duration === 0)) return false;
      if (!deps.vibrate(durations)) return false;
      lastPlayedAt = now();
      lastPatternId = id;
      isPlaying = true;
      if (playingTimer !== null) cancel(playingTimer);
      const total = durations.reduce((sum, duration) => sum + duration, 0);
      playingTimer = schedule(() => {
        playingTimer = null;
        isPlaying = false;
        notify();
      }, total + HAPTIC_COOLDOWN_MS);
      if (emergency) {
        emergencyUntil = now() + EMERGENCY_MODE_MS;
        if (emergencyTimer !== null) cancel(emergencyTimer);
        emergencyTimer = schedule(() => {
          emergencyTimer = null;
          notify();
        }, EMERGENCY_MODE_MS);
      }
      notify();
      return true;
    },
    scaledPattern(id) {
      const pattern = findHapticPattern(id);
      return pattern ? scaledFor(pattern) : null;
    },
    buttonPress() {
      if (!deps.vibrate || !config.enabled) return false;
      if (now() - lastButtonAt < BUTTON_HAPTIC_DEBOUNCE_MS) return false;
      lastButtonAt = now();
      return deps.vibrate([BUTTON_HAPTIC_MS]);
    },
    stop() {
      deps.vibrate?.([0]);
      if (playingTimer !== null) cancel(playingTimer);
      playingTimer = null;
      isPlaying = false;
      notify();
    },
    updateConfig(patch) {
      config = { ...config, ...patch };
      notify();
    },
    setCategoryEnabled(next) {
      categories = { ...categories, ...next };
    },
    applyPreset(preset) {
      config = { ...config, ...hapticPresets[preset] };
      notify();
    },
    getState,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (playingTimer !== null) cancel(playingTimer);
      if (emergencyTimer !== null) cancel(emergencyTimer);
      playingTimer = null;
      emergencyTimer = null;
      listeners.clear();
    },
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

let sharedEngine: HapticsEngine | null = null;

/**
 * The page's one engine over `navigator.vibrate` and the Battery Status API (where the browser
 * has them), created on first use. Features push the stored settings into it with
 * `updateConfig(hapticConfigFromSettings(...))` and `setCategoryEnabled(...)`.
 */
export function getSharedHapticsEngine(): HapticsEngine {
  if (sharedEngine) return sharedEngine;
  let batteryLevel: number | null = null;
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const getBattery = (nav as { getBattery?: () => Promise<{ level: number }> } | undefined)
    ?.getBattery;
  if (nav && getBattery) {
    getBattery
      .call(nav)
      .then((battery) => {
        batteryLevel = battery.level;
        (battery as unknown as EventTarget).addEventListener?.('levelchange', () => {
          batteryLevel = battery.level;
        });
      })
      .catch(() => undefined);
  }
  sharedEngine = createHapticsEngine({
    vibrate:
      nav && typeof nav.vibrate === 'function' ? (pattern) => nav.vibrate(pattern) : undefined,
    batteryLevel: () => batteryLevel,
  });
  return sharedEngine;
}

/** Plays `id` on the shared engine (see HapticsEngine.playPattern for when it returns false). */
export function playPattern(id: string, options?: PlayPatternOptions): boolean {
  return getSharedHapticsEngine().playPattern(id, options);
}
