/**
 * Keeps the shared haptics machine in step with the rider's stored haptic and outdoor settings
 * (requirements §core-3 "Haptic settings"; the outdoor "Vibration" switch silences everything),
 * on the ride pages that use haptics before the shell's outdoor settings host has loaded.
 */
import { useEffect } from 'react';
import { useOutdoorSettings } from '../db-react/safety-settings.ts';
import {
  applyHapticSettings,
  getSharedHaptics,
  type HapticsActor,
} from '../machines/haptics-machine.ts';

/** The shared haptics actor, configured from the stored settings while the caller is mounted. */
export function useHaptics(): HapticsActor {
  const haptics = getSharedHaptics();
  const { settings, isLoading } = useOutdoorSettings();
  const { hapticSettings, isOutdoorMode, vibrationEnabled } = settings;
  useEffect(() => {
    // Until the stored settings are read, the defaults would switch a silenced engine back on.
    if (isLoading) return;
    applyHapticSettings(haptics, hapticSettings, isOutdoorMode, vibrationEnabled);
  }, [haptics, isLoading, hapticSettings, isOutdoorMode, vibrationEnabled]);
  return haptics;
}
