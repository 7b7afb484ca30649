/**
 * Keeps the shared haptics machine in step with the rider's stored haptic settings
 * (requirements §core-3 "Haptic settings", stored as a local document via src/db/settings.ts).
 */
import { useEffect } from 'react';
import { useLocalSetting } from '../db/settings.ts';
import {
  defaultHapticSettings,
  hapticConfigFromSettings,
  hapticSettingsKey,
} from '../lib/outdoor/haptic-settings.ts';
import { hapticCategoriesFromSettings } from '../machines/haptics-engine.ts';
import { getSharedHaptics, type HapticsActor } from '../machines/haptics-machine.ts';

/** The shared haptics actor, configured from the stored settings while the caller is mounted. */
export function useHaptics(): HapticsActor {
  const haptics = getSharedHaptics();
  const { value: settings } = useLocalSetting(hapticSettingsKey, defaultHapticSettings);
  useEffect(() => {
    const { outdoorMode } = haptics.getSnapshot().context.config;
    haptics.send({
      type: 'haptics.configure',
      config: hapticConfigFromSettings(settings, outdoorMode),
    });
    haptics.send({
      type: 'haptics.categories',
      categories: hapticCategoriesFromSettings(settings),
    });
  }, [haptics, settings]);
  return haptics;
}
