/**
 * The notification centre and its preferences in Chromium at phone size (issue 17): with the
 * network off a guest earns an achievement and finds it in /notification-center (and as a
 * system notification once allowed), marks it read, and the log survives a reload; a kind
 * turned off on /notification-preferences is not logged; a signed-in rider whose sync the
 * server refuses is told "Sync finished with errors".
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { registerRider, signIn } from './accounts.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

const ride = fileURLToPath(new URL('../fixtures/gpx/garmin-etrex.gpx', import.meta.url));

async function open(): Promise<BrowserSession> {
  const session = await openBrowser(viewports.phone);
  sessions.push(session);
  return session;
}

describe('notifications in Chromium', () => {
  it('logs an achievement earned offline, shows it by the system when allowed, and keeps it read', async () => {
    const { context, page } = await open();
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    await page.goto(`${baseUrl}/notification-center`);
    await page.getByText(/^No notifications yet\./).waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);

    await page.goto(`${baseUrl}/notification-preferences`);
    await page.getByText('Your browser allows this app to show system notifications.').waitFor();
    // The switch's input is visually hidden; a rider taps its label.
    await page.getByText('Also show them as system notifications').click();
    // The switch follows the stored setting, written a moment after the tap.
    await expect
      .poll(
        () =>
          page.getByRole('switch', { name: /Also show them as system notifications/ }).isChecked(),
        { timeout: 20_000 },
      )
      .toBe(true);
    await saveScreenshot(page, 'notification-preferences-phone-offline');

    await page.goto(`${baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(ride);
    await page.getByText('Achievement earned: First Tracks').first().waitFor();
    // The system notification follows the log entry's write; leaving the page (a full load
    // here, unlike a rider's in-app navigation) before then would cut it off.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((notice) => notice.title);
          }),
        { timeout: 20_000 },
      )
      .toContain('Achievement earned: First Tracks');

    await page.goto(`${baseUrl}/notification-center`);
    const list = page.getByRole('list', { name: 'Notifications on this device' });
    await list.getByRole('heading', { name: 'Unread: Achievement earned: First Tracks' }).waitFor();
    await page.getByText('1 unread of 1.').waitFor();
    await saveScreenshot(page, 'notification-center-phone-offline');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('0 unread of 1.').waitFor();
    await page.reload();
    await page.getByText('0 unread of 1.').waitFor();
    await list.getByRole('heading', { name: 'Achievement earned: First Tracks' }).waitFor();
    await page.getByRole('radio', { name: 'Unread' }).click();
    await page.getByText('Nothing unread.').waitFor();
  });

  it('does not log a kind the rider turned off', async () => {
    const { context, page } = await open();
    await page.goto(`${baseUrl}/notification-preferences`);
    const achievements = page.getByRole('switch', { name: /Achievements earned/ });
    await page.getByText('Achievements earned', { exact: true }).click();
    await expect.poll(() => achievements.isChecked(), { timeout: 20_000 }).toBe(false);
    await page.reload();
    expect(await page.getByRole('switch', { name: /Achievements earned/ }).isChecked()).toBe(false);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.goto(`${baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(ride);
    await page.getByText('Achievement earned: First Tracks').first().waitFor();
    await page.goto(`${baseUrl}/notification-center`);
    await page.getByText('0 unread of 0.').waitFor();
  });

  it('tells a signed-in rider that a sync finished with errors', async () => {
    const rider = await registerRider(baseUrl, 'notices');
    const { page } = await open();
    await page.route('**/api/sync/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service Unavailable', message: 'Down for maintenance' }),
      }),
    );
    await signIn(page, baseUrl, rider);
    await page.goto(`${baseUrl}/notification-center`);
    await page
      .getByRole('heading', { name: 'Unread: Sync finished with errors' })
      .waitFor({ timeout: 30_000 });
    await page
      .getByText(/Your changes stay on this device and are sent at the next try\./)
      .waitFor();
  });
});
