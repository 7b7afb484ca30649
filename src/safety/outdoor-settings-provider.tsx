/**
 * Applies the outdoor settings to the whole app (requirements §core-3, §core-4 "Outdoor
 * settings"): touch-target, glove-mode and font-size classes on <html> and <body>, the
 * high-contrast theme while isHighContrast is on, the screen wake lock while
 * screenLockPrevention is on (or an emergency is active with enableWakeLock), the haptics
 * machine's config, the floating emergency button when alwaysShowEmergencyButton is on, and the
 * fall detection and safety check-ins (safety-watch.tsx). The root layout holds the context
 * (outdoor-context.ts) and loads `OutdoorSettingsHost` after the first paint, once the database
 * is open.
 */
import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useOutdoorSettings } from '../db-react/safety-settings.ts';
import { ALL_OUTDOOR_BODY_CLASSES, outdoorBodyClasses } from '../lib/outdoor/outdoor-settings.ts';
import {
  browserWakeLockEnvironment,
  createWakeLockController,
  type WakeLockController,
  type WakeLockStatus,
} from '../lib/outdoor/wake-lock.ts';
import { applyHapticSettings, getSharedHaptics } from '../machines/haptics-machine.ts';
import { FloatingEmergencyButton } from './floating-emergency-button.tsx';
import { OutdoorContext, type OutdoorContextValue } from './outdoor-context.ts';
import { SafetyWatch } from './safety-watch.tsx';

/** Class of the high-contrast theme (src/ui/themes.ts); later in the stylesheet, it wins. */
const HIGH_CONTRAST_CLASS = 'high-contrast';

function useWakeLock(wanted: boolean): WakeLockStatus {
  const [controller] = useState<WakeLockController | null>(() =>
    typeof document === 'undefined' ? null : createWakeLockController(browserWakeLockEnvironment()),
  );
  useEffect(() => () => controller?.dispose(), [controller]);
  useEffect(() => {
    controller?.setWanted(wanted);
  }, [controller, wanted]);
  return useSyncExternalStore(
    (listener) => controller?.subscribe(listener) ?? (() => undefined),
    () => controller?.status() ?? 'unsupported',
    () => 'unsupported',
  );
}

/** Keeps the high-contrast class on <html> and <body> even when the theme provider re-applies. */
function useHighContrast(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const elements = [document.documentElement, document.body];
    const apply = () => {
      for (const element of elements) {
        if (!element.classList.contains(HIGH_CONTRAST_CLASS))
          element.classList.add(HIGH_CONTRAST_CLASS);
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    for (const element of elements) observer.observe(element, { attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      // Leave the class only if the rider chose the high-contrast theme itself.
      const chosen = localStorage.getItem('nst.theme')?.includes(`"${HIGH_CONTRAST_CLASS}"`);
      if (!chosen) for (const element of elements) element.classList.remove(HIGH_CONTRAST_CLASS);
    };
  }, [on]);
}

/**
 * Reads the outdoor settings, applies them to the document, renders the floating emergency
 * button and the safety watch, and hands the context value to `onValue` (the root layout
 * provides it to every page). Needs the database provider above it.
 *
 * The emergency button follows `shown`, the value the pages render with now (the root layout
 * shows each value as a transition, a render after this host's): the voice button, which moves
 * up to clear it, then moves in the same commit instead of overlapping it for a moment.
 */
export function OutdoorSettingsHost({
  onValue,
  shown,
}: {
  onValue: (value: OutdoorContextValue) => void;
  shown: OutdoorContextValue | null;
}) {
  const { settings, isLoading } = useOutdoorSettings();
  const [emergencyActive, setEmergencyActive] = useState(false);
  const classes = outdoorBodyClasses(settings).join(' ');

  useEffect(() => {
    const wanted = classes.split(' ');
    for (const element of [document.documentElement, document.body]) {
      element.classList.remove(...ALL_OUTDOOR_BODY_CLASSES);
      element.classList.add(...wanted);
    }
  }, [classes]);

  useHighContrast(settings.isHighContrast);

  const wakeLockStatus = useWakeLock(
    settings.screenLockPrevention || (emergencyActive && settings.emergencySettings.enableWakeLock),
  );

  const { hapticSettings, isOutdoorMode, vibrationEnabled } = settings;
  useEffect(() => {
    applyHapticSettings(getSharedHaptics(), hapticSettings, isOutdoorMode, vibrationEnabled);
  }, [hapticSettings, isOutdoorMode, vibrationEnabled]);

  const value = useMemo<OutdoorContextValue>(
    () => ({ settings, isLoading, wakeLockStatus, setEmergencyActive }),
    [settings, isLoading, wakeLockStatus],
  );
  useEffect(() => onValue(value), [onValue, value]);
  const emergency = shown?.settings.emergencySettings;
  return (
    <OutdoorContext.Provider value={value}>
      {shown &&
      !shown.isLoading &&
      emergency?.alwaysShowEmergencyButton &&
      emergency.emergencyModeEnabled ? (
        <FloatingEmergencyButton
          mode={emergency.emergencyPanelMode}
          position={emergency.emergencyPanelPosition}
          size={emergency.emergencyButtonSize}
          uiTimeoutS={emergency.emergencyUITimeout}
        />
      ) : null}
      <SafetyWatch />
    </OutdoorContext.Provider>
  );
}

/** The outdoor settings context; throws outside the provider (requirements §core-8). */
export function useOutdoor(): OutdoorContextValue {
  const value = useContext(OutdoorContext);
  if (!value) throw new Error('useOutdoor must be used within an OutdoorSettingsProvider');
  return value;
}
