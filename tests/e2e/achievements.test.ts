/**
 * Achievements in Chromium at phone size with the network off: a guest opens /achievements
 * (nothing earned), imports a real GPX ride (tests/fixtures/gpx/garmin-etrex.gpx), sees the
 * toast "Achievement earned: First Tracks" and the achievement haptic pattern reach the
 * vibration motor, then finds First Tracks earned with its date, still after a reload.
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

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

const ride = fileURLToPath(new URL('../fixtures/gpx/garmin-etrex.gpx', import.meta.url));

describe('achievements in Chromium', () => {
  it('earns First Tracks offline from an imported ride, with a toast and a pulse, kept after reload', async () => {
    session = await openBrowser(viewports.phone);
    const { context, page } = session;
    // Records what the app asks of the vibration motor (headless Chromium has none).
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      Object.defineProperty(window, '__vibrations', { value: calls });
      Object.defineProperty(navigator, 'vibrate', {
        value: (pattern: unknown) => {
          calls.push(pattern);
          return true;
        },
      });
    });
    await page.goto(`${baseUrl}/achievements`);
    await page.getByText('0 of 27 earned').waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Achievements', level: 1 }).waitFor();
    await page.getByText('0 of 27 earned').waitFor();
    await page.getByText('0 of 1 trip').first().waitFor();
    expect(await page.getByText('Not tracked yet in this app').count()).toBe(4);
    await saveScreenshot(page, 'achievements-phone-offline-empty');

    await page.goto(`${baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(ride);
    const toast = page.getByRole('region', { name: 'Notifications' });
    await toast.getByText('Achievement earned: First Tracks').waitFor();
    const vibrations = await page.evaluate(
      () => (window as unknown as { __vibrations: unknown[] }).__vibrations,
    );
    // The achievement pattern [60, 60, 100, 60, 200] ms, scaled by the haptic settings.
    expect(vibrations.some((pattern) => Array.isArray(pattern) && pattern.length === 5)).toBe(true);
    await page.waitForTimeout(500); // the toast's entry animation
    await saveScreenshot(page, 'achievements-toast-phone-offline');

    await page.goto(`${baseUrl}/achievements`);
    const earned = page.getByRole('region', { name: /^Earned/ });
    await earned.getByRole('heading', { name: 'First Tracks' }).waitFor();
    await earned.getByText(/Earned \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).waitFor();
    await page.getByText('1 of 27 earned').waitFor();
    await saveScreenshot(page, 'achievements-phone-offline-earned');

    await page.reload();
    await page
      .getByRole('region', { name: /^Earned/ })
      .getByRole('heading', { name: 'First Tracks' })
      .waitFor();
    await page.getByRole('radio', { name: 'Learning' }).click();
    await page.getByText('0 of 1 lesson').waitFor();
    expect(await page.getByRole('heading', { name: 'First Tracks' }).count()).toBe(0);
  });
});
