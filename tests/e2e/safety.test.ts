/**
 * The safety system end to end in Chromium (issue 7), with geolocation overridden and the
 * network off: a contact is added, the panic button is held (mouse down, 3 s) with its visible
 * countdown, the alert is confirmed, and the SMS link carries the coordinates; glove mode makes
 * every control on the safety and emergency pages at least 60 px; /emergency-test reports its
 * seven checks for a tester.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { e2eAccounts } from './server.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

/** A point just east of Conway, in Faulkner County (us-atlas county boundaries). */
const position = { latitude: 35.0887, longitude: -92.4421, accuracy: 9 };

async function withLocation(current: BrowserSession): Promise<void> {
  await current.context.grantPermissions(['geolocation'], { origin: baseUrl });
  await current.context.setGeolocation(position);
}

async function goOffline(page: Page, current: BrowserSession, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await waitForOfflineReady(page);
  await current.context.setOffline(true);
  await page.reload();
}

/** Sizes of every visible interactive element smaller than `min` px in either dimension. */
async function undersizedControls(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="switch"]',
    ].join(',');
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Not rendered, or visually hidden for screen readers only (react-aria's hidden inputs).
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (element.closest('.visually-hidden') || (box.width <= 1 && box.height <= 1)) continue;
      if (box.width < minimum || box.height < minimum) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        problems.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return problems;
  }, min);
}

describe('safety and emergency in Chromium', () => {
  it('holds the panic button offline, confirms, and offers an SMS with the coordinates', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await withLocation(session);
    await goOffline(page, session, '/safety');
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await expect(page.getByText('Carry 1 gallon of water per person.').isVisible()).resolves.toBe(
      true,
    );

    await page.getByLabel('Name').fill('Dana Rivers');
    await page.getByLabel('Mobile phone').fill('(501) 555-0142');
    await page.getByLabel('Relation (optional)').fill('Sister');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText('(501) 555-0142 · Sister · Primary').waitFor();

    await page.getByRole('link', { name: 'Open the Emergency screen' }).click();
    await page.waitForURL(`${baseUrl}/emergency`);
    const panic = page.getByRole('button', { name: /Hold for SOS/ });
    await panic.waitFor();
    // The card shows where the rider is, from the shipped data, before any emergency.
    await page.getByText('Faulkner County, Arkansas', { exact: true }).waitFor();
    await expect(page.getByTestId('card-decimal').textContent()).resolves.toBe(
      '35.08870, -92.44210',
    );

    await panic.hover();
    await page.mouse.down();
    await page.getByText(/Keep holding: [123] s/).waitFor({ timeout: 2000 });
    await saveScreenshot(page, 'emergency-countdown-phone-offline');
    await page.getByRole('heading', { name: 'Send an emergency alert?' }).waitFor({
      timeout: 5000,
    });
    await page.mouse.up();
    await expect(
      page.getByText(/Help is sent in \d+ s unless you cancel/).isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('button', { name: 'Send help now' }).click();
    await page.getByRole('heading', { name: 'Emergency active' }).waitFor();

    const sms = page.getByTestId('sms-all');
    await sms.waitFor();
    const href = (await sms.getAttribute('href')) ?? '';
    expect(href.startsWith('sms:+15015550142?&body=')).toBe(true);
    const body = decodeURIComponent(href.split('body=')[1] ?? '');
    expect(body).toContain('EMERGENCY: I need help.');
    expect(body).toContain('35.08870, -92.44210 (±9 m)');
    expect(body).toContain('https://www.openstreetmap.org/?mlat=35.08870&mlon=-92.44210');
    await expect(
      page.getByRole('link', { name: 'Call 911', exact: true }).getAttribute('href'),
    ).resolves.toBe('tel:911');
    await saveScreenshot(page, 'emergency-active-phone-offline');

    // Stopping is destructive: it takes two confirmations.
    await page.getByRole('button', { name: 'Stop emergency' }).click();
    await page.getByRole('button', { name: 'Yes, stop' }).click();
    await page.getByText('Step 2 of 2').waitFor();
    await page.getByRole('button', { name: 'Yes, stop' }).click();
    await page.getByText('Emergency stopped.').waitFor();
  });

  it('releases early to cancel the hold', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await withLocation(session);
    await page.goto(`${baseUrl}/emergency`);
    const panic = page.getByRole('button', { name: /Hold for SOS/ });
    await panic.hover();
    await page.mouse.down();
    await page.getByText(/Keep holding/).waitFor();
    await page.mouse.up();
    await page.getByText('Cancelled: you let go before the countdown ended.').waitFor();
    await page.waitForTimeout(3500);
    await expect(
      page.getByRole('heading', { name: 'Send an emergency alert?' }).count(),
    ).resolves.toBe(0);
  });

  it('glove mode makes every control on the page at least 60 px, and the setting survives a reload', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await withLocation(session);
    await goOffline(page, session, '/safety');
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    expect((await undersizedControls(page, 60)).length).toBeGreaterThan(0);

    await page.getByLabel('Glove mode').click();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'safety-glove-phone-offline');

    await page.reload();
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    await expect(page.getByLabel('Glove mode').isChecked()).resolves.toBe(true);

    await page.goto(`${baseUrl}/emergency`);
    await page.getByRole('button', { name: /Hold for SOS/ }).waitFor();
    // Settings come from the on-device database, a moment after the page itself.
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    await page.getByText('Faulkner County, Arkansas', { exact: true }).waitFor();
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'emergency-glove-phone-offline');

    // The whole emergency flow with gloves on: hold, confirm, and the active screen's controls.
    await page.getByRole('button', { name: /Hold for SOS/ }).hover();
    await page.mouse.down();
    await page.getByRole('heading', { name: 'Send an emergency alert?' }).waitFor({
      timeout: 5000,
    });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Send help now' }).click();
    await page.getByRole('heading', { name: 'Emergency active' }).waitFor();
    await page.getByText('35.08870, -92.44210').first().waitFor();
    await expect(
      page.getByRole('link', { name: 'Call 911', exact: true }).getAttribute('href'),
    ).resolves.toBe('tel:911');
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'emergency-active-glove-phone-offline');

    await page.setViewportSize(viewports.desktop);
    await page.goto(`${baseUrl}/safety`);
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'safety-glove-desktop-offline');
  });

  it('runs the seven emergency checks for a tester and says why each passed or failed', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await withLocation(session);
    await page.goto(`${baseUrl}/profile`);
    await page.getByLabel('Username').first().fill(e2eAccounts.tester.username);
    await page.getByLabel('Password').first().fill(e2eAccounts.tester.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/profile'), { timeout: 15_000 });
    await page.goto(`${baseUrl}/emergency-test`);
    const score = page.getByTestId('emergency-test-score');
    await score.waitFor({ timeout: 30_000 });
    await expect(score.textContent()).resolves.toMatch(/(Passed|Not passed): \d of 7 checks/);
    await expect(page.locator('.test-result').count()).resolves.toBe(7);
    await expect(
      page.getByRole('heading', { name: 'GPS location: pass' }).isVisible(),
    ).resolves.toBe(true);
    await saveScreenshot(page, 'emergency-test-desktop');
  });

  it('lists the shipped lakes and rivers with coordinates and says live levels need a network', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await page.goto(`${baseUrl}/access-point-map`);
    await page.getByText('The shipped map data has no boat ramps or river access points').waitFor();
    await page.getByRole('rowheader', { name: 'Greers Ferry Lake' }).waitFor();
    await page.goto(`${baseUrl}/waterway-conditions`);
    await page.getByText('Live river levels and flows need a network.').waitFor();
    await page.getByText(/bundled on 11\/20\/2026/).waitFor();
    await saveScreenshot(page, 'waterway-conditions-phone');
  });
});
