import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { RefreshCw } from 'lucide-react';
import { showToast } from '../../lib/toast.ts';
import {
  applyServiceWorkerUpdate,
  registerServiceWorker,
  subscribeToServiceWorker,
  type ServiceWorkerState,
} from './service-worker-registration.ts';
import './pwa-update-prompt.css';

const offlineAnnouncedKey = 'nst-offline-ready-announced';

/**
 * Registers the service worker and, when a new version is waiting, asks the rider whether to
 * reload into it now or later (never mid-ride without asking). Announces once when the app first
 * becomes usable offline.
 */
export function PwaUpdatePrompt() {
  const [workerState, setWorkerState] = useState<ServiceWorkerState>({
    updateWaiting: false,
    offlineReady: false,
  });
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    registerServiceWorker();
    return subscribeToServiceWorker(setWorkerState);
  }, []);

  useEffect(() => {
    if (!workerState.offlineReady) return;
    // Tests and support staff can see offline readiness without a toast having been seen.
    document.documentElement.dataset.offlineReady = 'true';
    if (localStorage.getItem(offlineAnnouncedKey)) return;
    localStorage.setItem(offlineAnnouncedKey, '1');
    showToast({
      title: 'Ready to ride offline',
      description: 'The app and the trails on this device now work with no signal.',
    });
  }, [workerState.offlineReady]);

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
