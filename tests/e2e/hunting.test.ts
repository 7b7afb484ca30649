/**
 * The hunting and fishing pages at 390 px in Chromium: every route fits the screen and every
 * control is at least 44 px either way, 60 px with glove mode on. What the pages say and do (the
 * WMA finder, shooting time for the rider's position, scouting waypoints kept on the device) are
 * component tests (tests/component/hunting.test.tsx); serving the pages offline is the journey
 * tests/e2e/offline-routes-ride.test.ts's.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, saveScreenshot, viewports, type BrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

/** Each route, its heading, and a piece of its content shown once the page is complete. */
const routes = [
  { path: '/hunting', heading: 'Hunting and fishing in Arkansas', content: /33 of 33 areas shown/ },
  { path: '/duck-hunting-guide', heading: 'Duck hunting guide', content: /Shooting starts/ },
  { path: '/scouting-guide', heading: 'Arkansas scouting guide', content: /Mark a waypoint/ },
  { path: '/fishing', heading: 'Fishing Arkansas lakes and rivers', content: /Greers Ferry Lake/ },
  {
    path: '/arkansas-wma-permits',
    heading: 'Arkansas WMA permits',
    content: /Whether a hunt on that area is by draw/,
  },
] as const;

async function openRoute(page: Page, route: (typeof routes)[number]): Promise<void> {
  await page.goto(`${baseUrl}${route.path}`);
  await page.getByRole('heading', { level: 1, name: route.heading }).waitFor({ timeout: 30_000 });
  await page.getByText(route.content).first().waitFor({ timeout: 30_000 });
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

describe('hunting and fishing pages at 390 px', () => {
  it('fit the screen with 44 px controls, and 60 px controls in glove mode', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    for (const route of routes) {
      await openRoute(page, route);
      expect(await layoutProblems(page, 44), route.path).toEqual([]);
      await saveScreenshot(page, `hunting${route.path.replaceAll('/', '-')}`);
    }

    await page.goto(`${baseUrl}/safety`);
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await page.getByLabel('Glove mode').click();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    for (const route of routes) {
      await openRoute(page, route);
      await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
      expect(await layoutProblems(page, 60), `${route.path} in glove mode`).toEqual([]);
    }
    await saveScreenshot(page, 'hunting-wma-permits-glove');
  });
});
