/**
 * The notification centre and its preferences with no network: a guest earns an achievement
 * and finds it in /notification-center (and as a system notification once allowed), marks it
 * read and still finds it read when the app is opened anew; a kind turned off on
 * /notification-preferences is not logged; a signed-in rider whose sync the server refuses is
 * told "Sync finished with errors". The service worker's system notification stays in
 * tests/e2e/notifications.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseWithCatalogues, renderApp, settleDatabase } from './render-app.tsx';
import {
  clearRiderData,
  forgetRider,
  gpxFile,
  renderAppWithApi,
  signInRider,
} from './rider-fixtures.tsx';

/** The titles of system notifications the app showed (jsdom has no Notification API). */
const systemNotifications: string[] = [];

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = () => Promise.resolve(FakeNotification.permission);
  constructor(title: string) {
    systemNotifications.push(title);
  }
}

beforeEach(async () => {
  // The previous test's achievement evaluation may still be writing; its announcement must not
  // land in this test's (cleared) notification log.
  await settleDatabase();
  await clearRiderData(await databaseWithCatalogues());
  systemNotifications.length = 0;
  vi.stubGlobal('Notification', FakeNotification);
});

afterEach(forgetRider);

async function importRide(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.upload(await screen.findByLabelText('Import GPX file'), gpxFile());
  const toasts = screen.getByRole('region', { name: 'Notifications' });
  await within(toasts).findByText('Achievement earned: First Tracks', {}, { timeout: 10_000 });
}

describe('notifications', () => {
  it('logs an achievement earned offline, shows it by the system when allowed, and keeps it read', async () => {
    const user = userEvent.setup({ delay: null });
    const app = await renderApp('/notification-center');
    expect(await screen.findByText(/^No notifications yet\./)).toBeTruthy();

    await app.router.navigate({ to: '/notification-preferences' });
    expect(
      await screen.findByText('Your browser allows this app to show system notifications.'),
    ).toBeTruthy();
    const system = screen.getByRole('switch', { name: /Also show them as system notifications/ });
    expect((system as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByText('Also show them as system notifications'));
    // The switch follows the stored setting, written a moment after the tap.
    await waitFor(() => expect((system as HTMLInputElement).checked).toBe(true));

    await app.router.navigate({ to: '/record' });
    await importRide(user);
    await waitFor(() => expect(systemNotifications).toContain('Achievement earned: First Tracks'));

    await app.router.navigate({ to: '/notification-center' });
    const list = await screen.findByRole('list', { name: 'Notifications on this device' });
    expect(
      // "Unread: " is a visually hidden prefix of the title.
      await within(list).findByRole('heading', {
        name: /^Unread:\s*Achievement earned: First Tracks$/,
      }),
    ).toBeTruthy();
    expect(screen.getByText('1 unread of 1.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('0 unread of 1.')).toBeTruthy();

    app.unmount();
    await renderApp('/notification-center');
    expect(await screen.findByText('0 unread of 1.')).toBeTruthy();
    const reopened = screen.getByRole('list', { name: 'Notifications on this device' });
    expect(
      within(reopened).getByRole('heading', { name: 'Achievement earned: First Tracks' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    expect(await screen.findByText('Nothing unread.')).toBeTruthy();
  });

  it('does not log a kind the rider turned off', async () => {
    const user = userEvent.setup({ delay: null });
    const app = await renderApp('/notification-preferences');
    const achievements = await screen.findByRole('switch', { name: /Achievements earned/ });
    expect((achievements as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByText('Achievements earned', { exact: true }));
    await waitFor(() => expect((achievements as HTMLInputElement).checked).toBe(false));
    app.unmount();

    const reopened = await renderApp('/notification-preferences');
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: /Achievements earned/ }) as HTMLInputElement).checked,
      ).toBe(false),
    );
    await reopened.router.navigate({ to: '/record' });
    await importRide(user);
    await reopened.router.navigate({ to: '/notification-center' });
    expect(await screen.findByText('0 unread of 0.')).toBeTruthy();
  });

  it('tells a signed-in rider that a sync finished with errors', async () => {
    signInRider({ username: 'notices' });
    await renderAppWithApi('/notification-center', [
      {
        method: 'POST',
        path: /^\/api\/sync\//,
        answer: {
          status: 503,
          body: { error: 'Service Unavailable', message: 'Down for maintenance' },
        },
      },
      {
        path: /^\/api\/sync\//,
        answer: {
          status: 503,
          body: { error: 'Service Unavailable', message: 'Down for maintenance' },
        },
      },
    ]);
    expect(
      await screen.findByRole(
        'heading',
        { name: /^Unread:\s*Sync finished with errors$/ },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The server had a problem (503). Sync will try again. Your changes stay on this device and are sent at the next try.',
      ),
    ).toBeTruthy();
  });
});
