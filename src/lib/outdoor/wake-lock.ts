/**
 * Screen wake lock (requirements §core-4 "Outdoor settings": held while screenLockPrevention is on
 * and re-acquired when the page becomes visible again). Browsers release a wake lock whenever
 * the page is hidden, so the controller listens for visibilitychange and asks again.
 */

/** The parts of `navigator.wakeLock` and `document` the controller uses. */
export interface WakeLockEnvironment {
  request?:
    | (() => Promise<{
        release(): Promise<void>;
        addEventListener?: (type: 'release', listener: () => void) => void;
      }>)
    | undefined;
  isVisible: () => boolean;
  onVisibilityChange: (listener: () => void) => () => void;
}

/** State of the controller, for the settings screen. */
export type WakeLockStatus = 'off' | 'held' | 'waiting-for-visible' | 'unsupported' | 'refused';

/** A wake-lock controller: `setWanted(true)` keeps the screen on until `setWanted(false)`. */
export interface WakeLockController {
  setWanted(wanted: boolean): void;
  status(): WakeLockStatus;
  subscribe(listener: (status: WakeLockStatus) => void): () => void;
  dispose(): void;
}

/** Creates a controller over the given environment (see `browserWakeLockEnvironment`). */
export function createWakeLockController(env: WakeLockEnvironment): WakeLockController {
  let wanted = false;
  let sentinel: { release(): Promise<void> } | null = null;
  let current: WakeLockStatus = env.request ? 'off' : 'unsupported';
  let pending = false;
  const listeners = new Set<(status: WakeLockStatus) => void>();
  const set = (next: WakeLockStatus) => {
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener(next);
  };

  const acquire = () => {
    if (!env.request) return set('unsupported');
    if (!wanted || sentinel || pending) return;
    if (!env.isVisible()) return set('waiting-for-visible');
    pending = true;
    env.request().then(
      (lock) => {
        pending = false;
        if (!wanted) {
          void lock.release().catch(() => undefined);
          return;
        }
        sentinel = lock;
        lock.addEventListener?.('release', () => {
          if (sentinel === lock) sentinel = null;
          if (wanted) set('waiting-for-visible');
        });
        set('held');
      },
      () => {
        pending = false;
        set('refused');
      },
    );
  };

  const stopListening = env.onVisibilityChange(() => {
    if (env.isVisible()) acquire();
    else if (wanted && !sentinel) set('waiting-for-visible');
  });

  return {
    setWanted(next) {
      wanted = next;
      if (next) acquire();
      else {
        const lock = sentinel;
        sentinel = null;
        if (lock) void lock.release().catch(() => undefined);
        set(env.request ? 'off' : 'unsupported');
      }
    },
    status: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      this.setWanted(false);
      stopListening();
      listeners.clear();
    },
  };
}

/** The browser's wake lock and page visibility. */
export function browserWakeLockEnvironment(): WakeLockEnvironment {
  const wakeLock = (
    navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } }
  ).wakeLock;
  return {
    request: wakeLock ? () => wakeLock.request('screen') : undefined,
    isVisible: () => document.visibilityState === 'visible',
    onVisibilityChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}
