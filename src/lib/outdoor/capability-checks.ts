/**
 * The emergency feature test (requirements §core-5: passes at 70 % or more of 7 checks; §core-6:
 * page /emergency-test for admin and test roles). Seven real checks of what the emergency system
 * needs on this device, each returning whether it passed and a sentence saying why. The browser
 * APIs come in through `CapabilityEnvironment` so tests can run every branch.
 */

/** Fraction of checks that must pass (requirements §core-5). */
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

/** GPS: a position fix with its accuracy (m); GPS needs no data connection. */
async function checkGeolocation(env: CapabilityEnvironment): Promise<CapabilityResult> {
  const base = { id: 'geolocation', label: 'GPS location' } as const;
  if (!env.getPosition) {
    return {
      ...base,
      passed: false,
      detail:
        'This browser has no geolocation: your coordinates cannot go into the emergency text.',
    };
  }
  try {
    const { accuracy } = await env.getPosition();
    return {
      ...base,
      passed: true,
      detail: `Got a position fix accurate to about ${Math.round(accuracy)} m. GPS works without a data connection.`,
    };
  } catch (error) {
    return {
      ...base,
      passed: false,
      detail: `No position fix: ${errorText(error)}. Allow location for this site and try outdoors.`,
    };
  }
}

/** Vibration: one 100 ms pulse the device must accept. */
function checkVibration(env: CapabilityEnvironment): CapabilityResult {
  const vibrated = env.vibrate ? env.vibrate([100]) : false;
  return {
    id: 'vibration',
    label: 'Vibration',
    passed: vibrated,
    detail: vibrated
      ? 'The device accepted a vibration: countdown ticks and the SOS pattern can be felt through gloves.'
      : 'This device or browser cannot vibrate (iPhones and desktops cannot): watch the on-screen countdown instead.',
  };
}

/** Spoken prompts: speech synthesis with at least one installed voice. */
async function checkSpeechSynthesis(env: CapabilityEnvironment): Promise<CapabilityResult> {
  const base = { id: 'speech-synthesis', label: 'Spoken prompts' } as const;
  if (!env.speechVoices) {
    return {
      ...base,
      passed: false,
      detail: 'No speech synthesis: emergency audio prompts will be silent.',
    };
  }
  const voices = await env.speechVoices().catch(() => 0);
  return {
    ...base,
    passed: voices > 0,
    detail:
      voices > 0
        ? `${voices} voice${voices === 1 ? '' : 's'} installed: emergency prompts can be spoken offline.`
        : 'Speech synthesis exists but no voice is installed: prompts will be silent.',
  };
}

/** Notifications: passes only when permission is granted; says how to get there otherwise. */
function checkNotifications(env: CapabilityEnvironment): CapabilityResult {
  const permission = env.notificationPermission;
  return {
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
  };
}

/** Screen wake lock: acquired and released once. */
async function checkWakeLock(env: CapabilityEnvironment): Promise<CapabilityResult> {
  const base = { id: 'wake-lock', label: 'Screen wake lock' } as const;
  if (!env.tryWakeLock) {
    return {
      ...base,
      passed: false,
      detail:
        'No Screen Wake Lock API: the screen may lock during an emergency. Raise the auto-lock time in the phone settings.',
    };
  }
  try {
    await env.tryWakeLock();
    return {
      ...base,
      passed: true,
      detail: 'The screen can be kept on while the emergency screen is open.',
    };
  } catch (error) {
    return { ...base, passed: false, detail: `The wake lock was refused: ${errorText(error)}.` };
  }
}

/** Persistent storage: the browser promises not to evict offline data. */
async function checkPersistentStorage(env: CapabilityEnvironment): Promise<CapabilityResult> {
  const base = { id: 'persistent-storage', label: 'Persistent storage' } as const;
  if (!env.persistentStorage) {
    return {
      ...base,
      passed: false,
      detail: 'No Storage API: the browser may clear offline data when space runs low.',
    };
  }
  const persisted = await env.persistentStorage().catch(() => false);
  return {
    ...base,
    passed: persisted,
    detail: persisted
      ? 'Storage is persistent: contacts, medical notes and trails will not be evicted.'
      : 'Storage is not persistent: the browser may evict offline data under pressure. Installing the app usually fixes this.',
  };
}

/** Offline ready: a service worker controls the page and trails are stored on the device. */
function checkOfflineReady(env: CapabilityEnvironment): CapabilityResult {
  const ready = env.serviceWorkerControlling && env.storedTrailCount > 0;
  return {
    id: 'offline-ready',
    label: 'Offline ready',
    passed: ready,
    detail: ready
      ? `The app is installed for offline use and ${env.storedTrailCount} trails are stored on this device.`
      : !env.serviceWorkerControlling
        ? 'The offline app shell is not active yet: open the app once with a connection and reload.'
        : 'No trails are stored yet: open the trails list once with a connection.',
  };
}

/**
 * Runs all seven checks one after another, in display order (a permission prompt never
 * overlaps another); never rejects (a failing API is a failed check).
 */
export async function runCapabilityChecks(env: CapabilityEnvironment): Promise<CapabilityResult[]> {
  const results: CapabilityResult[] = [];
  results.push(await checkGeolocation(env));
  results.push(checkVibration(env));
  results.push(await checkSpeechSynthesis(env));
  results.push(checkNotifications(env));
  results.push(await checkWakeLock(env));
  results.push(await checkPersistentStorage(env));
  results.push(checkOfflineReady(env));
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
