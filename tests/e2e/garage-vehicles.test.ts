/**
 * My vehicles on /garage in Chromium at phone size (issue 16): with the network off a rider
 * adds a vehicle (the form says what is missing first) and logs a CVT belt change with the
 * keyboard, sees the reminder counted from the odometer, finds both after an offline reload and
 * edits the vehicle; in glove mode
 * every control is at least 60 px; after signing in online, the vehicle and its log reach a
 * second profile of the same rider.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { replicationBasePath } from '../../schemas/sync-protocol.ts';
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

/** Visible controls smaller than `min` px either way (glove mode needs 60). */
async function undersizedControls(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = 'main button, main input:not([type="hidden"]), main label[data-rac]';
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.height < minimum || box.width < minimum) {
        problems.push(`${element.textContent?.trim() ?? ''} ${box.width}x${box.height}`);
      }
    }
    return problems;
  }, min);
}

async function addVehicleOffline(page: Page) {
  await page.getByText('No vehicles yet.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Add a vehicle' }).click();
  const form = page.getByRole('form', { name: 'Add a vehicle' });
  await form.getByRole('button', { name: 'Add vehicle' }).click();
  await form.getByText('Enter the make, e.g. Polaris.').waitFor();
  await form.getByText('Enter the odometer in miles (0 for a new machine).').waitFor();
  await saveScreenshot(page, 'garage-vehicle-form-errors-offline');
  await form.getByText('UTV', { exact: true }).click();
  await form.getByLabel('Make').fill('Polaris');
  await form.getByLabel('Model').fill('RZR XP 1000');
  await form.getByLabel('Year (optional)').fill('2021');
  await form.getByLabel('Odometer (miles)').fill('1480');
  // Leave the field first: a number field shows its fixed value (and drops the error under
  // it) when it loses focus, which moves the button up between press and release.
  await page.keyboard.press('Tab');
  await form.getByRole('button', { name: 'Add vehicle' }).click();
  await page.getByRole('heading', { name: '2021 Polaris RZR XP 1000' }).waitFor();
  await page.getByText('CVT belt: none logged yet.', { exact: false }).waitFor();
}

async function logBeltChange(page: Page) {
  // Keyboard: focus the button and press Enter to open the log form.
  await page.getByRole('button', { name: 'Log maintenance' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Log maintenance' });
  await form.getByLabel('Odometer then (miles)').fill('1100');
  await form.getByLabel('Notes (optional)').fill('Spare belt from the kit');
  await form.getByRole('button', { name: 'Save entry' }).click();
  await page.getByText('CVT belt: due in 120 miles').waitFor();
  await page.getByText('Spare belt from the kit', { exact: false }).waitFor();
  // Focus comes back to the button that opened the form.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe('Log maintenance');
}

async function editVehicle(page: Page) {
  await page.getByRole('button', { name: 'Edit 2021 Polaris RZR XP 1000' }).click();
  const form = page.getByRole('form', { name: 'Edit vehicle' });
  await form.getByLabel('Nickname (optional)').fill('Red');
  await form.getByLabel('Odometer (miles)').fill('1560');
  await page.keyboard.press('Tab');
  await form.getByRole('button', { name: 'Save vehicle' }).click();
  await page.getByRole('heading', { name: 'Red (2021 Polaris RZR XP 1000)' }).waitFor();
  // 1,560 − 1,100 at the belt change = 460 miles on the belt.
  await page.getByText('CVT belt: due in 40 miles').waitFor();
}

describe('my vehicles in Chromium', () => {
  it('adds a vehicle and a log entry offline, keeps them, and syncs to a second profile', async () => {
    const rider = await registerRider(baseUrl, 'garage');
    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const { page } = phone;
    await page.goto(`${baseUrl}/garage`);
    await waitForOfflineReady(page);
    await phone.context.setOffline(true);
    await page.reload();

    await addVehicleOffline(page);
    await logBeltChange(page);
    await page.locator('.garage-vehicle').screenshot({
      path: new URL('./screenshots/garage-vehicle-offline.png', import.meta.url).pathname,
    });

    await page.reload();
    await page.getByRole('heading', { name: '2021 Polaris RZR XP 1000' }).waitFor();
    await page.getByText('CVT belt: due in 120 miles').waitFor();
    await page.getByText('Oil change: no interval set.', { exact: false }).waitFor();
    await editVehicle(page);

    await page.goto(`${baseUrl}/safety`);
    await page.getByLabel('Glove mode').click();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    await page.goto(`${baseUrl}/garage`);
    await page.getByText('CVT belt: due in 40 miles').waitFor();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    await page.getByRole('button', { name: 'Log maintenance' }).click();
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'garage-log-form-glove-offline');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await phone.context.setOffline(false);
    await signIn(page, baseUrl, rider);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rider),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    await expect
      .poll(
        async () => {
          const pulled = await fetch(`${baseUrl}${replicationBasePath('records')}/pull?limit=50`, {
            headers: { authorization: `Bearer ${accessToken}` },
          });
          const body = (await pulled.json()) as { documents: { kind: string }[] };
          return body.documents.map((document) => document.kind).sort();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toEqual(['maintenance', 'vehicle']);

    const other = await openBrowser(viewports.phone);
    sessions.push(other);
    await signIn(other.page, baseUrl, rider);
    await other.page.goto(`${baseUrl}/garage`);
    await other.page
      .getByRole('heading', { name: 'Red (2021 Polaris RZR XP 1000)' })
      .waitFor({ timeout: 60_000 });
    await other.page.getByText('CVT belt: due in 40 miles').waitFor({ timeout: 30_000 });
    await other.page.getByText('Spare belt from the kit', { exact: false }).waitFor();
    await saveScreenshot(other.page, 'garage-vehicle-second-profile');
  });
});
