/**
 * System notifications in Chromium at phone size, the part only a real browser has: once the
 * rider allowed them, an achievement earned from an imported ride is shown through the service
 * worker's registration (as Android Chrome requires). The notification centre, the
 * preferences and the sync-error entry are in tests/component/notifications.test.tsx.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, saveScreenshot, viewports, type BrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const ride = fileURLToPath(new URL('../fixtures/gpx/garmin-etrex.gpx', import.meta.url));

/**
 * What the rider could see when the system notification did not come (it failed twice under CI
 * load, never here): the session's state, the record page (was the ride imported?) and the
 * notification centre (an achievement entry there means only the system notification is
 * missing), so the next failure says which step stopped.
 */
async function whatTheAppShows(page: Page): Promise<string> {
  const session = await page.evaluate(() => document.documentElement.dataset.session);
  const trips = (await page.locator('#main').innerText()).slice(0, 400);
  await page.goto(`${baseUrl}/notification-center`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The log is read from the device database once it opens.
  await page
    .getByText(/unread of/)
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  const centre = (await page.locator('#main').innerText()).slice(0, 800);
  return `Session: ${session}\nThe record page showed:\n${trips}\nThe notification centre showed:\n${centre}`;
}

describe('system notifications in Chromium', () => {
  it('shows an achievement earned from an imported ride through the service worker', async () => {
    session = await openBrowser(viewports.phone);
    const { context, page } = session;
    // What the app warned about (a refused notification, a failed progress write) explains a
    // missing notification better than the timeout does.
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await context.grantPermissions(['notifications'], { origin: baseUrl });
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
    await saveScreenshot(page, 'notification-preferences-phone');

    // To Record Trip through the More sheet, as a rider would: the page stays loaded, so the
    // notification centre's watcher, which loads after a page's first screen, is listening
    // (after a full page load, an achievement earned in its first moments reaches only the
    // toast).
    await page.locator('.bottom-nav').getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByText('Record Trip').click();
    await page.waitForURL(`${baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(ride);
    // Only the system notification is awaited: the app shows one toast at a time, and the
    // import's own "GPX imported" toast may replace the achievement's within milliseconds (the
    // toast is checked in tests/component/achievements.test.tsx).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((notice) => notice.title);
          }),
        { timeout: 30_000 },
      )
      .toContain('Achievement earned: First Tracks')
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\nThe page warned:\n${warnings.join('\n')}\n${await whatTheAppShows(page)}`,
        );
      });
  });
});
