/**
 * The emergency feature test (core-platform §5: passes at 70 % or more of 7 checks; §6: page
 * /emergency-test for admin and test roles). Seven real checks of what the emergency system
 * needs on this device, each returning whether it passed and a sentence saying why. The browser
 * APIs come in through `CapabilityEnvironment` so tests can run every branch.
 */

/** Fraction of checks that must pass (core-platform §5). */
export const EMERGENCY_TEST_PASS_RATIO = 0.7;

/** Ids of the seven checks, in display order. */
export type CapabilityCheckId =
  | 'geolocation'
  | 'vibration'
  | 'speech-synthesis'
  | 'notifications'
  | 'wake-lock'
  | 'persistent-storage'
  | 'offline-ready';

/** Result of one check. */
export interface CapabilityResult {
  id: CapabilityCheckId;
  label: string;
  passed: boolean;
  /** What was found and what it means for an emergency. */
  detail: string;
}

/** Browser capabilities the checks use; each may be missing. */
export interface CapabilityEnvironment {
  /** Resolves to a fix's accuracy in metres, or rejects with the browser's reason. */
  getPosition?: (() => Promise<{ accuracy: number }>) | undefined;
  vibrate?: ((pattern: number[]) => boolean) | undefined;
  /** Number of installed speech voices (0 when none), or undefined without speech synthesis. */
  speechVoices?: (() => Promise<number>) | undefined;
  /** Notification.permission, or undefined without the Notifications API. */
  notificationPermission?: NotificationPermission | undefined;
  /** Acquires and releases a screen wake lock; rejects when refused. */
  tryWakeLock?: (() => Promise<void>) | undefined;
  /** navigator.storage.persisted()/persist(); undefined without the Storage API. */
  persistentStorage?: (() => Promise<boolean>) | undefined;
  /** Whether a service worker controls the page. */
  serviceWorkerControlling: boolean;
  /** Number of trails stored on the device. */
  storedTrailCount: number;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs all seven checks; never rejects (a failing API is a failed check). */
export async function runCapabilityChecks(env: CapabilityEnvironment): Promise<CapabilityResult[]> {
  const results: CapabilityResult[] = [];

  if (!env.getPosition) {
    results.push({
      id: 'geolocation',
      label: 'GPS location',
      passed: false,
      detail:
        'This browser has no geolocation: your coordinates cannot go into the emergency text.',
    });
  } else {
    try {
      const { accuracy } = await env.getPosition();
      results.push({
        id: 'geolocation',
        label: 'GPS location',
        passed: true,
        detail: `Got a position fix accurate to about ${Math.round(accuracy)} m. GPS works without a data connection.`,
      });
    } catch (error) {
      results.push({
        id: 'geolocation',
        label: 'GPS location',
        passed: false,
        detail: `No position fix: ${errorText(error)}. Allow location for this site and try outdoors.`,
      });
    }
  }

  const vibrated = env.vibrate ? env.vibrate([100]) : false;
  results.push({
    id: 'vibration',
    label: 'Vibration',
    passed: vibrated,
    detail: vibrated
      ? 'The device accepted a vibration: countdown ticks and the SOS pattern can be felt through gloves.'
      : 'This device or browser cannot vibrate (iPhones and desktops cannot): watch the on-screen countdown instead.',
  });

  if (!env.speechVoices) {
    results.push({
      id: 'speech-synthesis',
      label: 'Spoken prompts',
      passed: false,
      detail: 'No speech synthesis: emergency audio prompts will be silent.',
    });
  } else {
    const voices = await env.speechVoices().catch(() => 0);
    results.push({
      id: 'speech-synthesis',
      label: 'Spoken prompts',
      passed: voices > 0,
      detail:
        voices > 0
          ? `${voices} voice${voices === 1 ? '' : 's'} installed: emergency prompts can be spoken offline.`
          : 'Speech synthesis exists but no voice is installed: prompts will be silent.',
    });
  }

  const permission = env.notificationPermission;
  results.push({
    id: 'notifications',
    label: 'Notifications permission',
    passed: permission === 'granted',
    detail:
      permission === undefined
        ? 'This browser has no notifications.'
        : permission === 'granted'
          ? 'Notifications are allowed: while the app is open in the background, a fall or check-in “Are you OK?” also shows as a notification. A locked phone pauses the app, so none come then.'
          : permission === 'denied'
            ? 'Notifications are blocked for this site: change it in the browser’s site settings.'
            : 'Notifications have not been allowed yet: use “Allow notifications” below.',
  });

  if (!env.tryWakeLock) {
    results.push({
      id: 'wake-lock',
      label: 'Screen wake lock',
      passed: false,
      detail:
        'No Screen Wake Lock API: the screen may lock during an emergency. Raise the auto-lock time in the phone settings.',
    });
  } else {
    try {
      await env.tryWakeLock();
      results.push({
        id: 'wake-lock',
        label: 'Screen wake lock',
        passed: true,
        detail: 'The screen can be kept on while the emergency screen is open.',
      });
    } catch (error) {
      results.push({
        id: 'wake-lock',
        label: 'Screen wake lock',
        passed: false,
        detail: `The wake lock was refused: ${errorText(error)}.`,
      });
    }
  }

  if (!env.persistentStorage) {
    results.push({
      id: 'persistent-storage',
      label: 'Persistent storage',
      passed: false,
      detail: 'No Storage API: the browser may clear offline data when space runs low.',
    });
  } else {
    const persisted = await env.persistentStorage().catch(() => false);
    results.push({
      id: 'persistent-storage',
      label: 'Persistent storage',
      passed: persisted,
      detail: persisted
        ? 'Storage is persistent: contacts, medical notes and trails will not be evicted.'
        : 'Storage is not persistent: the browser may evict offline data under pressure. Installing the app usually fixes this.',
    });
  }

  const ready = env.serviceWorkerControlling && env.storedTrailCount > 0;
  results.push({
    id: 'offline-ready',
    label: 'Offline ready',
    passed: ready,
    detail: ready
      ? `The app is installed for offline use and ${env.storedTrailCount} trails are stored on this device.`
      : !env.serviceWorkerControlling
        ? 'The offline app shell is not active yet: open the app once with a connection and reload.'
        : 'No trails are stored yet: open the trails list once with a connection.',
  });

  return results;
}

/** Score of a run: passed count, total, percentage and whether it meets the 70 % bar. */
export function scoreCapabilityChecks(results: readonly CapabilityResult[]): {
  passed: number;
  total: number;
  percent: number;
  overallPass: boolean;
} {
  const passed = results.filter((result) => result.passed).length;
  const total = results.length;
  const ratio = total === 0 ? 0 : passed / total;
  return {
    passed,
    total,
    percent: Math.round(ratio * 100),
    overallPass: ratio >= EMERGENCY_TEST_PASS_RATIO,
  };
}
