/**
 * The garage area in Chromium at phone size with the network off (issue 16): every garage
 * route (/garage, /equipment-intelligence and /equipment with their categories, /diagnostic,
 * /equipment-guide, /arkansas-repair-shops, /riding-techniques) shows its own content, not the
 * directory placeholder, after a reload offline and within a 390 px screen; the diagnostic
 * wizard runs to advice by touch and by keyboard with Back and Start over, in glove mode with
 * every control at least 60 px; the circuit calculator and the packing checklist answer.
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

async function goOffline(current: BrowserSession, path: string): Promise<void> {
  await current.page.goto(`${baseUrl}${path}`);
  await waitForOfflineReady(current.page);
  await current.context.setOffline(true);
  await current.page.reload();
}

/** Visible interactive elements smaller than `min` px either way, described for the failure. */
async function undersizedControls(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, [role="button"]';
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
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
  }, min);
}

const routes = [
  { path: '/garage', heading: 'Garage', text: 'Numbers to remember' },
  {
    path: '/equipment-intelligence',
    heading: 'Equipment Intelligence',
    text: 'Recovery gear',
  },
  {
    path: '/equipment?category=lighting',
    heading: 'Equipment Intelligence',
    text: 'Lighting whips',
  },
  {
    path: '/equipment-intelligence?category=electrical',
    heading: 'Equipment Intelligence',
    text: 'Battery isolator',
  },
  { path: '/diagnostic', heading: 'Diagnostic Wizard', text: 'What is the vehicle doing?' },
  { path: '/equipment-guide', heading: 'Equipment Guide', text: '1 gallon of water per person' },
  { path: '/arkansas-repair-shops', heading: 'Repair Shops', text: 'Know a good shop?' },
  { path: '/riding-techniques', heading: 'Riding Techniques', text: 'Water crossings' },
] as const;

describe('garage pages offline at 390 px', () => {
  it('shows every garage route’s own content offline, never the placeholder', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await goOffline(session, '/garage');
    for (const route of routes) {
      await page.goto(`${baseUrl}${route.path}`);
      await page.getByRole('heading', { name: route.heading, level: 1 }).waitFor();
      await page.getByText(route.text, { exact: false }).first().waitFor();
      expect(await page.locator('.feature-page').count(), route.path).toBe(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, route.path).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `garage${route.path.replace(/[/?=]/g, '-')}-phone-offline`);
    }
    // The category query shows that section only.
    await page.goto(`${baseUrl}/equipment?category=lighting`);
    await page.getByRole('heading', { name: 'Lighting whips' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Battery isolator' }).count()).toBe(0);
  });

  it('runs the diagnostic wizard offline by touch and keyboard, in glove mode', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await goOffline(session, '/safety');
    await page.getByLabel('Glove mode').click();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));

    await page.goto(`${baseUrl}/diagnostic`);
    await page.getByRole('heading', { name: 'What is the vehicle doing?' }).waitFor();
    await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
    expect(await undersizedControls(page, 60)).toEqual([]);

    await page.getByRole('button', { name: 'It won’t start' }).click();
    await page.getByRole('button', { name: /turns over normally but won’t fire/ }).click();
    await page.getByRole('heading', { name: 'Is there fuel in the tank?' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page
      .getByRole('heading', {
        name: 'What happens when you press the start button or turn the key?',
      })
      .waitFor();
    await page.getByRole('button', { name: /A click or rapid clicking/ }).click();
    await page
      .getByRole('heading', { name: 'Clicking: the starter isn’t getting enough current' })
      .waitFor();
    await page.getByText('Check both battery terminals', { exact: false }).waitFor();
    expect(await undersizedControls(page, 60)).toEqual([]);
    await saveScreenshot(page, 'diagnostic-advice-glove-phone-offline');

    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('heading', { name: 'What is the vehicle doing?' }).waitFor();
    // Focus lands on the new question; Tab reaches the first answer, Enter picks it.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'What is the vehicle doing?',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('heading', { name: 'Once the engine has cooled, what do you find?' })
      .waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'A blocked radiator' }).waitFor();
    await saveScreenshot(page, 'diagnostic-keyboard-phone-offline');

    await page.reload();
    await page.getByRole('heading', { name: 'What is the vehicle doing?' }).waitFor();
  });

  it('sizes an accessory circuit and ticks off the packing list offline', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await goOffline(session, '/equipment-intelligence?category=electrical');
    await page.getByRole('heading', { name: 'Accessory circuit calculator' }).waitFor();
    await page.getByLabel('Power (watts)').fill('240');
    await page.getByLabel('Power (watts)').press('Tab');
    // 240 W / 12 V = 20 A; ×1.25 = 25 A fuse; 20 A × 2 h / 50% = 80 Ah.
    await page.getByText('20.0 A', { exact: true }).waitFor();
    await page.getByText('25 A blade fuse', { exact: true }).waitFor();
    await page.getByText('at least 80 Ah rated capacity', { exact: true }).waitFor();
    await page.getByText('Lithium (LiFePO4)', { exact: true }).click();
    await page.getByText('at least 50 Ah rated capacity', { exact: true }).waitFor();
    await saveScreenshot(page, 'equipment-calculator-phone-offline');

    await page.goto(`${baseUrl}/equipment-guide`);
    const status = page.getByRole('status').filter({ hasText: 'packed' });
    const total = Number(/of (\d+) packed/.exec((await status.textContent()) ?? '')?.[1]);
    await expect(status.textContent()).resolves.toBe(`0 of ${total} packed`);
    await page.getByText('Tire plug kit').first().click();
    await expect(page.getByRole('checkbox', { name: /Tire plug kit/ }).isChecked()).resolves.toBe(
      true,
    );
    await expect(status.textContent()).resolves.toBe(`1 of ${total} packed`);
    await page.getByText('Weekend', { exact: true }).click();
    await page.getByText('Spare fuel in an approved can', { exact: false }).waitFor();
    const weekendTotal = Number(/of (\d+) packed/.exec((await status.textContent()) ?? '')?.[1]);
    expect(weekendTotal).toBeGreaterThan(total);
    await saveScreenshot(page, 'equipment-guide-phone-offline');
  });
});
