/**
 * Keeps the shared haptics engine in step with the rider's stored haptic settings
 * (core-platform §3 "Haptic settings", stored as a local document via src/db/settings.ts).
 */
import { useEffect } from 'react';
import { useLocalSetting } from '../db/settings.ts';
import {
  defaultHapticSettings,
  hapticConfigFromSettings,
  hapticSettingsKey,
} from '../lib/outdoor/haptic-settings.ts';
import {
  getSharedHapticsEngine,
  hapticCategoriesFromSettings,
  type HapticsEngine,
} from '../machines/haptics-engine.ts';

/** The shared engine, configured from the stored settings while the caller is mounted. */
export function useHaptics(): HapticsEngine {
  const engine = getSharedHapticsEngine();
  const { value: settings } = useLocalSetting(hapticSettingsKey, defaultHapticSettings);
  useEffect(() => {
    engine.updateConfig({
      ...hapticConfigFromSettings(settings, engine.getState().config.outdoorMode),
    });
    engine.setCategoryEnabled(hapticCategoriesFromSettings(settings));
  }, [engine, settings]);
  return engine;
}
