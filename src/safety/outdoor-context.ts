/**
 * The outdoor settings context without its provider's machinery, so the app shell can
 * hold it from the first paint while the provider itself (haptics, wake lock, safety watch)
 * loads after the first paint. Pages read it with `useOutdoor` from
 * outdoor-settings-provider.tsx.
 */
import { createContext } from 'react';
import type { OutdoorSettings } from '../lib/outdoor/outdoor-settings.ts';
import type { WakeLockStatus } from '../lib/outdoor/wake-lock.ts';

/** What `useOutdoor` returns. */
export interface OutdoorContextValue {
  settings: OutdoorSettings;
  isLoading: boolean;
  wakeLockStatus: WakeLockStatus;
  /** Marks an emergency as active (keeps the screen on when enableWakeLock is set). */
  setEmergencyActive: (active: boolean) => void;
}

/** Null until the outdoor settings provider has read the settings. */
export const OutdoorContext = createContext<OutdoorContextValue | null>(null);
