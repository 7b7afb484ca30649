/**
 * The garage area in Chromium at phone size, for what only a real browser shows: every garage
 * route opens with the network off (its page served by the service worker) and fits a 390 px
 * screen, and in glove mode the diagnostic wizard's answers and the garage's vehicle and
 * maintenance forms keep every control at least 60 px. What the pages say and do (the wizard,
 * the calculator, the packing list, adding and editing vehicles) is in
 * tests/component/garage.test.tsx and garage-vehicles.test.tsx.
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

/** Visible controls matched by `selector` smaller than `min` px either way, described. */
async function undersizedControls(page: Page, min: number, selector: string): Promise<string[]> {
  return page.evaluate(
    ({ minimum, query }) => {
      const problems: string[] = [];
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(query))) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (getComputedStyle(element).visibility === 'hidden') continue;
        if (element.closest('.visually-hidden')) continue;
        if (box.width < minimum || box.height < minimum) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
          problems.push(`${name} ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
      }
      return problems;
    },
    { minimum: min, query: selector },
  );
}

/** Every control of the page (the wizard's answers and the layout's bars). */
const anyControl = 'a[href], button, input:not([type="hidden"]), select, [role="button"]';
/** The controls of the page's own content (the garage forms). */
const mainControl = 'main button, main input:not([type="hidden"]), main label[data-rac]';

const routes = [
  { path: '/garage', heading: 'Garage' },
  { path: '/equipment-intelligence', heading: 'Equipment Intelligence' },
  { path: '/equipment?category=lighting', heading: 'Equipment Intelligence' },
  { path: '/equipment-intelligence?category=electrical', heading: 'Equipment Intelligence' },
  { path: '/diagnostic', heading: 'Diagnostic Wizard' },
  { path: '/equipment-guide', heading: 'Equipment Guide' },
  { path: '/arkansas-repair-shops', heading: 'Repair Shops' },
  { path: '/riding-techniques', heading: 'Riding Techniques' },
] as const;

describe('garage pages in Chromium at 390 px', () => {
  it('opens every garage route offline within the screen', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await page.goto(`${baseUrl}/garage`);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    for (const route of routes) {
      await page.goto(`${baseUrl}${route.path}`);
      await page.getByRole('heading', { name: route.heading, level: 1 }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, route.path).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `garage${route.path.replace(/[/?=]/g, '-')}-phone-offline`);
    }
  });

  it('keeps the wizard’s answers and the garage forms at least 60 px in glove mode', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await page.goto(`${baseUrl}/safety`);
    await page.getByLabel('Glove mode').click();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));

    await page.goto(`${baseUrl}/diagnostic`);
    await page.getByRole('heading', { name: 'What is the vehicle doing?' }).waitFor();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    expect(await undersizedControls(page, 60, anyControl)).toEqual([]);
    await page.getByRole('button', { name: 'It won’t start' }).click();
    await page.getByRole('button', { name: /A click or rapid clicking/ }).click();
    await page
      .getByRole('heading', { name: 'Clicking: the starter isn’t getting enough current' })
      .waitFor();
    expect(await undersizedControls(page, 60, anyControl)).toEqual([]);
    await saveScreenshot(page, 'diagnostic-advice-glove-phone');

    await page.goto(`${baseUrl}/garage`);
    await page.getByRole('button', { name: 'Add a vehicle' }).click();
    const form = page.getByRole('form', { name: 'Add a vehicle' });
    await form.getByLabel('Make').fill('Polaris');
    await form.getByLabel('Model').fill('RZR XP 1000');
    await form.getByLabel('Odometer (miles)').fill('1480');
    expect(await undersizedControls(page, 60, mainControl)).toEqual([]);
    // Leave the field first: a number field shows its fixed value when it loses focus, which
    // moves the button between press and release.
    await page.keyboard.press('Tab');
    await form.getByRole('button', { name: 'Add vehicle' }).click();
    await page.getByRole('heading', { name: 'Polaris RZR XP 1000' }).waitFor();
    await page.getByRole('button', { name: 'Log maintenance' }).click();
    await page.getByRole('form', { name: 'Log maintenance' }).waitFor();
    expect(await undersizedControls(page, 60, mainControl)).toEqual([]);
    await saveScreenshot(page, 'garage-log-form-glove-phone');
  });
});
