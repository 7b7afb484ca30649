/**
 * The hunting and fishing pages in Chromium at phone size with the network off (issue 16):
 * every route renders its own content (never the directory placeholder), the shooting time is
 * worked out for the rider's GPS position, and a scouting waypoint marked offline is still
 * there after an offline reload.
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

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

/** Stuttgart, Arkansas County: duck country. */
const position = { latitude: 34.5004, longitude: -91.5526, accuracy: 8 };

/** Each route, its heading, and a piece of its content that no directory entry holds. */
const routes = [
  { path: '/hunting', heading: 'Hunting and fishing in Arkansas', content: /33 of 33 areas shown/ },
  {
    path: '/duck-hunting-guide',
    heading: 'Duck hunting guide',
    content: /Shooting starts/,
  },
  { path: '/scouting-guide', heading: 'Arkansas scouting guide', content: /Mark a waypoint/ },
  { path: '/fishing', heading: 'Fishing Arkansas lakes and rivers', content: /Greers Ferry Lake/ },
  {
    path: '/arkansas-wma-permits',
    heading: 'Arkansas WMA permits',
    content: /Whether a hunt on that area is by draw/,
  },
] as const;

async function expectRealPage(page: Page, route: (typeof routes)[number]): Promise<void> {
  await page.getByRole('heading', { level: 1, name: route.heading }).waitFor({ timeout: 30_000 });
  await page.getByText(route.content).first().waitFor({ timeout: 30_000 });
  expect(await page.locator('.feature-page').count()).toBe(0);
}

/** Visible controls smaller than `min` px either way, and how far the page overflows sideways. */
async function layoutProblems(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) problems.push(`page is ${overflow} px wider than the screen`);
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="checkbox"]';
    for (const control of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      // A checkbox inside its label is tapped through the label: measure that.
      const element =
        control instanceof HTMLInputElement && control.type === 'checkbox'
          ? (control.closest('label') ?? control)
          : control;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden')
        continue;
      if (element.closest('.visually-hidden') || (box.width <= 1 && box.height <= 1)) continue;
      if (!element.closest('.hunt-page')) continue;
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

describe('hunting and fishing pages offline at 390 px (issue 16)', () => {
  it('renders every route with its own content after an offline reload', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await page.goto(`${baseUrl}/hunting`);
    await expectRealPage(page, routes[0]);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    for (const route of routes) {
      await page.goto(`${baseUrl}${route.path}`);
      await expectRealPage(page, route);
      expect(await layoutProblems(page, 44)).toEqual([]);
      await saveScreenshot(page, `hunting${route.path.replaceAll('/', '-')}-offline`);
    }
    // The WMA finder filters as the rider types.
    await page.getByLabel('Find an area by name or county').fill('Jefferson');
    await page.getByText(/^1 of 33 areas shown/).waitFor();
    await page.locator('.wma-list').getByText('George H. Dunklin Jr. Bayou Meto WMA').waitFor();
  });

  it('works out shooting time for the rider’s position offline', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation(position);
    await page.goto(`${baseUrl}/duck-hunting-guide`);
    await expectRealPage(page, routes[1]);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('Date', { exact: true }).fill('2025-12-15');
    await page.getByRole('button', { name: 'Use my position' }).click();
    await page.getByText(/At your position \(±8 m\), 34\.500, -91\.553/).waitFor();
    const times = page.locator('.shooting-times');
    await times.getByText(/^6:3\d AM CST$/).waitFor();
    await times.getByText(/^7:0\d AM CST$/).waitFor();
    await times.getByText('12:00 PM CST').waitFor();
    await page.getByText(/2026-27: dates not yet published by AGFC/).waitFor();
    await saveScreenshot(page, 'hunting-shooting-time-offline');
  });

  it('marks a scouting waypoint offline and still shows it after an offline reload', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation(position);
    await page.goto(`${baseUrl}/scouting-guide`);
    await expectRealPage(page, routes[2]);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Use my position' }).click();
    await page.getByText(/Picked: 34\.50040, -91\.55260 \(GPS fix ±8 m\)/).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Flooded timber hole');
    await page.getByLabel('Note (optional)').fill('Mallards working the north edge');
    await page.getByRole('button', { name: 'Save waypoint' }).click();
    await page.getByText('Saved “Flooded timber hole” on this device.').waitFor();

    await page.reload();
    const mine = page.getByRole('region', { name: 'Your waypoints' });
    await mine.getByText('Flooded timber hole').waitFor({ timeout: 30_000 });
    await mine.getByText(/34\.50040, -91\.55260 · on this phone, waiting to sync/).waitFor();
    await mine.getByText('Mallards working the north edge').waitFor();
    expect(await page.locator('.locator-map__point--rider').count()).toBe(1);
    await saveScreenshot(page, 'hunting-scouting-waypoint-offline');
  });

  it('gives every control 60 px in glove mode, offline', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await page.goto(`${baseUrl}/safety`);
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.getByLabel('Glove mode').click();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    for (const route of routes) {
      await page.goto(`${baseUrl}${route.path}`);
      await expectRealPage(page, route);
      await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
      expect(await layoutProblems(page, 60)).toEqual([]);
    }
    await saveScreenshot(page, 'hunting-wma-permits-glove-offline');
  });
});
