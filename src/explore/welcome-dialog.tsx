/**
 * First-visit welcome (requirements §voice-2.2: "a welcome screen appears after a 1 second delay").
 */
import { useEffect, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Bookmark, CloudOff, Download, MapPinned } from 'lucide-react';
import { useLocalSetting } from '../db-react/settings.ts';
import { holdWaitingToasts } from '../lib/toast.ts';

/** Delay before the welcome screen opens on a first visit, in ms (requirements §voice-2.2). */
export const WELCOME_DELAY_MS = 1000;

/** Local setting key; the flag is per device, like the rest of the rider's preferences. */
const WELCOME_SETTING_KEY = 'welcome-dismissed';

/**
 * Opens {@link WELCOME_DELAY_MS} after the home page mounts, only while the device has not
 * dismissed it before; dismissing (button, Escape or a click outside) stores the flag.
 * Explains what works offline and how to get the most from it. Until it is dismissed, toasts
 * raised with `showToastWhenIdle` wait.
 */
export function WelcomeDialog() {
  const setting = useLocalSetting<{ dismissed: boolean }>(WELCOME_SETTING_KEY, {
    dismissed: false,
  });
  const [isOpen, setIsOpen] = useState(false);
  const shouldShow = !setting.isLoading && !setting.value.dismissed;

  useEffect(() => {
    if (!shouldShow) return;
    const timer = window.setTimeout(() => setIsOpen(true), WELCOME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [shouldShow]);

  // Announcements that can wait ("Ready to ride offline") would show under the dialog, or just
  // before it opens, and end unseen: they wait until it is dismissed.
  useEffect(() => (shouldShow ? holdWaitingToasts() : undefined), [shouldShow]);

  const dismiss = () => {
    setIsOpen(false);
    void setting.setValue({ dismissed: true });
  };

  return (
    <ModalOverlay
      className="welcome-overlay"
      isDismissable
      isOpen={isOpen && shouldShow}
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
    >
      <Modal className="welcome-modal">
        <Dialog className="welcome-dialog">
          <Heading slot="title" className="welcome-dialog__title">
            Welcome to Natural State Trails
          </Heading>
          <p className="welcome-dialog__lead">
            Built for Arkansas riders, hikers, cyclists, hunters and anglers, and for the places
            where the signal drops.
          </p>
          <ul className="welcome-dialog__list">
            <li>
              <CloudOff size={22} aria-hidden="true" />
              <span>
                <strong>Works offline.</strong> Trails and hunting areas you have opened stay on
                this device, so search and trail details keep working with no signal.
              </span>
            </li>
            <li>
              <Bookmark size={22} aria-hidden="true" />
              <span>
                <strong>Save before you go.</strong> Saved trails, with coordinates and sources, are
                kept on this device.
              </span>
            </li>
            <li>
              <Download size={22} aria-hidden="true" />
              <span>
                <strong>Install it.</strong> Add the app to your home screen from your browser menu
                to open it like any other app, online or not.
              </span>
            </li>
            <li>
              <MapPinned size={22} aria-hidden="true" />
              <span>
                <strong>Check the point.</strong> Many trailheads are approximate; each trail page
                says so and lists its sources.
              </span>
            </li>
          </ul>
          <Button
            className="button button--primary welcome-dialog__action"
            onPress={dismiss}
            autoFocus
          >
            Start exploring
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
