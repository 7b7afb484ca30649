/**
 * System notifications through the browser's Notification API: shown only where the
 * browser has it and the rider granted permission; everywhere else the in-app centre is all
 * there is, and the preferences page says so.
 */

/** What the browser allows: no API at all, not asked yet, refused, or granted. */
export type SystemNotificationState = 'unsupported' | 'default' | 'denied' | 'granted';

/** The browser's current answer for system notifications. */
export function systemNotificationState(): SystemNotificationState {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission;
}

/** Asks the browser for permission (must follow a tap); resolves to the answer. */
export async function requestSystemNotifications(): Promise<SystemNotificationState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/**
 * Shows `title` and `body` as a system notification when permitted; false otherwise. Uses the
 * service worker's registration where there is one (Android Chrome refuses `new Notification`
 * in a page), the page's constructor elsewhere. Never throws: a refused notification is only
 * logged, the in-app entry exists regardless.
 */
export async function showSystemNotification(
  title: string,
  body: string,
  tag: string,
): Promise<boolean> {
  if (systemNotificationState() !== 'granted') return false;
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) {
      await registration.showNotification(title, { body, tag, icon: '/icons/icon-192.png' });
    } else {
      new Notification(title, { body, tag });
    }
    return true;
  } catch (error) {
    console.warn('System notification refused', error);
    return false;
  }
}
