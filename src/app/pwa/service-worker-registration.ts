/**
 * Registers the service worker at /sw.js with workbox-window (voice-navigation §7.2: only on
 * secure contexts; a failure is only logged) and exposes its life cycle as a tiny store the
 * update prompt subscribes to. Production builds only: the dev server has no /sw.js.
 */
import { Workbox } from 'workbox-window';

export interface ServiceWorkerState {
  /** A new version is installed and waiting for the rider to accept it. */
  updateWaiting: boolean;
  /** The app shell is cached: the app now opens with the network off. */
  offlineReady: boolean;
}

type Listener = (state: ServiceWorkerState) => void;

let workbox: Workbox | null = null;
let state: ServiceWorkerState = { updateWaiting: false, offlineReady: false };
const listeners = new Set<Listener>();

function setState(patch: Partial<ServiceWorkerState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener(state);
}

/** Current state and a subscription; the returned function unsubscribes. */
export function subscribeToServiceWorker(listener: Listener): () => void {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

/**
 * Starts registration once. Safe to call repeatedly; does nothing without service-worker
 * support, outside a secure context, or in development.
 */
export function registerServiceWorker(): void {
  if (workbox || import.meta.env.DEV) return;
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;

  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => setState({ updateWaiting: true }));
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate) setState({ offlineReady: true });
  });
  workbox.register().then(
    (registration) => {
      // An already-controlling worker means the shell was cached on an earlier visit.
      if (registration?.active && navigator.serviceWorker.controller) {
        setState({ offlineReady: true });
      }
    },
    (error: unknown) => console.error('Service worker registration failed', error),
  );
}

/** Activates the waiting version; the page reloads once it has taken control. */
export function applyServiceWorkerUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
