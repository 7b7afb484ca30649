import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { RefreshCw } from 'lucide-react';
import { filter, take } from 'rxjs';
import { showToastWhenIdle } from '../../lib/toast.ts';
import { useSyncEngine } from '../../sync/sync-context.tsx';
import {
  applyServiceWorkerUpdate,
  subscribeToServiceWorker,
  type ServiceWorkerState,
  watchServiceWorker,
} from './service-worker-registration.ts';
import './pwa-update-prompt.css';

const offlineAnnouncedKey = 'nst-offline-ready-announced';

/** Sets performance mark `name` unless this page already has one. */
function markOnce(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

/**
 * Whether the public catalogues have been stored on the device, read from the sync engine's
 * status as it changes rather than through `useSyncStatus`, whose changes render as transitions
 * behind whatever the page renders then: offline-ready (and its `catalogue-stored` mark) is the
 * moment the catalogues were stored, not a render later.
 */
function useCatalogueStored(): boolean {
  const { store } = useSyncEngine();
  const [stored, setStored] = useState(() => store.get().catalogue.lastSyncedAt !== null);
  useEffect(() => {
    // Once stored, they stay stored: the first such status is the only one this needs.
    const subscription = store.status$
      .pipe(
        filter((status) => status.catalogue.lastSyncedAt !== null),
        take(1),
      )
      .subscribe(() => {
        markOnce('catalogue-stored');
        setStored(true);
      });
    return () => subscription.unsubscribe();
  }, [store]);
  return stored;
}

/**
 * Follows the service worker (registered at the first paint by the root layout) and, when a new
 * version is waiting, asks the rider whether to reload into it now or later (never mid-ride
 * without asking). Announces once when the app first
 * becomes usable offline: the service worker has cached the app and the public catalogues
 * (trails, WMAs, campgrounds) have been stored on the device, not before (the
 * "offline-ready" moment, which `npm run bench` times through the `offline-ready` performance
 * mark).
 */
export function PwaUpdatePrompt() {
  const [workerState, setWorkerState] = useState<ServiceWorkerState>({
    updateWaiting: false,
    offlineReady: false,
  });
  const [dismissed, setDismissed] = useState(false);
  const catalogueStored = useCatalogueStored();
  const offlineReady = workerState.offlineReady && catalogueStored;

  useEffect(() => {
    void watchServiceWorker();
    return subscribeToServiceWorker(setWorkerState);
  }, []);

  // The two halves of offline-ready, for a first visit's timeline in `npm run bench`.
  useEffect(() => {
    if (workerState.offlineReady) markOnce('service-worker-ready');
  }, [workerState.offlineReady]);

  useEffect(() => {
    if (!offlineReady) return;
    // Tests and support staff can see offline readiness without a toast having been seen.
    document.documentElement.dataset.offlineReady = 'true';
    markOnce('offline-ready');
    if (localStorage.getItem(offlineAnnouncedKey)) return;
    localStorage.setItem(offlineAnnouncedKey, '1');
    showToastWhenIdle({
      title: 'Ready to ride offline',
      description: 'The app and the trails on this device now work with no signal.',
    });
  }, [offlineReady]);

  if (!workerState.updateWaiting || dismissed) return null;
  return (
    <div className="pwa-update" role="status" aria-live="polite">
      <RefreshCw aria-hidden="true" size={20} />
      <p className="pwa-update__text">A new version of Natural State Trails is ready.</p>
      <Button
        className="pwa-update__button pwa-update__button--primary"
        onPress={applyServiceWorkerUpdate}
      >
        Update now
      </Button>
      <Button className="pwa-update__button" onPress={() => setDismissed(true)}>
        Later
      </Button>
    </div>
  );
}
