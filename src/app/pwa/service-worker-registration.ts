/**
 * Registers the service worker at /sw.js (requirements §voice-7.2: only on secure contexts; a
 * failure is only logged) and exposes its life cycle as a tiny store the update prompt
 * subscribes to. Production builds only: the dev server has no /sw.js.
 *
 * Two steps (offline-ready sooner): `registerServiceWorkerEarly` starts the install the
 * moment the first screen has painted, with the browser's own API and nothing to download;
 * `watchServiceWorker` (workbox-window, loaded with the update prompt a little later) follows
 * the life cycle from then on, including an install already under way when it attaches.
 */
import type { Workbox } from 'workbox-window';

export interface ServiceWorkerState {
  /** A new version is installed and waiting for the rider to accept it. */
  updateWaiting: boolean;
  /** The app shell is cached: the app now opens with the network off. */
  offlineReady: boolean;
}

type Listener = (state: ServiceWorkerState) => void;

const scriptUrl = '/sw.js';

let earlyRegistration: Promise<ServiceWorkerRegistration | undefined> | null = null;
let workbox: Workbox | null = null;
let state: ServiceWorkerState = { updateWaiting: false, offlineReady: false };
const listeners = new Set<Listener>();

function setState(patch: Partial<ServiceWorkerState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener(state);
}

function serviceWorkersAvailable(): boolean {
  return !import.meta.env.DEV && 'serviceWorker' in navigator && window.isSecureContext;
}

/** Current state and a subscription; the returned function unsubscribes. */
export function subscribeToServiceWorker(listener: Listener): () => void {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

/**
 * Starts the service worker's install now. Safe to call repeatedly; does nothing without
 * service-worker support, outside a secure context, or in development.
 */
export function registerServiceWorkerEarly(): void {
  if (earlyRegistration || !serviceWorkersAvailable()) return;
  earlyRegistration = navigator.serviceWorker.register(scriptUrl, { scope: '/' }).catch((error) => {
    console.error('Service worker registration failed', error);
    return undefined;
  });
}

/**
 * Offline-ready is the moment this registration has an active worker: its install, the whole
 * precache, has succeeded, so the next load works with the network off. Waiting on the
 * registration rather than workbox-window's events also covers an install that started before
 * workbox-window attached, which it does not report. A page left uncontrolled (it loaded while
 * the worker was activating, so the worker's claim missed it, or by a hard reload) asks the
 * worker to claim it, so its own requests reach the caches too.
 */
async function reportOfflineReadyWhenActive(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  setState({ offlineReady: true });
  if (!navigator.serviceWorker.controller) {
    registration.active?.postMessage({ type: 'CLAIM_CLIENTS' });
  }
}

/**
 * Attaches workbox-window once (registering if `registerServiceWorkerEarly` did not): reports
 * offline readiness and waiting updates to the store. Same guards as the early registration.
 */
export async function watchServiceWorker(): Promise<void> {
  if (workbox || !serviceWorkersAvailable()) return;
  const { Workbox } = await import('workbox-window');
  if (workbox) return;
  workbox = new Workbox(scriptUrl, { scope: '/' });
  workbox.addEventListener('waiting', () => setState({ updateWaiting: true }));
  await earlyRegistration;
  try {
    const registration = await workbox.register({ immediate: true });
    if (registration) void reportOfflineReadyWhenActive();
  } catch (error) {
    console.error('Service worker registration failed', error);
  }
}

/** Activates the waiting version; the page reloads once it has taken control. */
export function applyServiceWorkerUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
