/**
 * Applies the outdoor settings to the whole app (issue 7; core-platform §3, §4 "Outdoor
 * settings"): touch-target, glove-mode and font-size classes on <html> and <body>, the
 * high-contrast theme while isHighContrast is on, the screen wake lock while
 * screenLockPrevention is on (or an emergency is active with enableWakeLock), the haptics
 * machine's config, the floating emergency button when alwaysShowEmergencyButton is on, and the
 * fall detection and safety check-ins (safety-watch.tsx). Mounted once by the root layout inside the database provider.
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useOutdoorSettings } from '../db/safety-settings.ts';
import {
  ALL_OUTDOOR_BODY_CLASSES,
  outdoorBodyClasses,
  type OutdoorSettings,
} from '../lib/outdoor/outdoor-settings.ts';
import {
  browserWakeLockEnvironment,
  createWakeLockController,
  type WakeLockController,
  type WakeLockStatus,
} from '../lib/outdoor/wake-lock.ts';
import { hapticConfigFromSettings } from '../lib/outdoor/haptic-settings.ts';
import { hapticCategoriesFromSettings } from '../machines/haptics-engine.ts';
import { getSharedHaptics } from '../machines/haptics-machine.ts';
import { FloatingEmergencyButton } from './floating-emergency-button.tsx';
import { SafetyWatch } from './safety-watch.tsx';

/** Class of the high-contrast theme (src/app/theme/themes.ts); later in the stylesheet, it wins. */
const HIGH_CONTRAST_CLASS = 'high-contrast';

interface OutdoorContextValue {
  settings: OutdoorSettings;
  isLoading: boolean;
  wakeLockStatus: WakeLockStatus;
  /** Marks an emergency as active (keeps the screen on when enableWakeLock is set). */
  setEmergencyActive: (active: boolean) => void;
}

const OutdoorContext = createContext<OutdoorContextValue | null>(null);

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

/** Provides the outdoor settings and applies them to the document. */
export function OutdoorSettingsProvider({ children }: { children: ReactNode }) {
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
    const haptics = getSharedHaptics();
    const config = hapticConfigFromSettings(hapticSettings, isOutdoorMode);
    haptics.send({
      type: 'haptics.configure',
      config: { ...config, enabled: config.enabled && vibrationEnabled },
    });
    haptics.send({
      type: 'haptics.categories',
      categories: hapticCategoriesFromSettings(hapticSettings),
    });
  }, [hapticSettings, isOutdoorMode, vibrationEnabled]);

  const value = useMemo<OutdoorContextValue>(
    () => ({ settings, isLoading, wakeLockStatus, setEmergencyActive }),
    [settings, isLoading, wakeLockStatus],
  );
  const emergency = settings.emergencySettings;
  return (
    <OutdoorContext.Provider value={value}>
      {children}
      {!isLoading && emergency.alwaysShowEmergencyButton && emergency.emergencyModeEnabled ? (
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

/** The outdoor settings context; throws outside the provider (core-platform §8). */
export function useOutdoor(): OutdoorContextValue {
  const value = useContext(OutdoorContext);
  if (!value) throw new Error('useOutdoor must be used within an OutdoorSettingsProvider');
  return value;
}
