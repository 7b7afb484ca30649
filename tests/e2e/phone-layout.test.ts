/**
 * Layout and copy at 390 px (issue 11 defect 6), online and offline in Chromium: the Safety
 * Center fits the phone, the bottom bar's targets are at least 44 px (60 px in glove mode) with
 * labels of at least 12 px, the trail map's buttons are at least 44 px with its attribution
 * collapsed and the "region not downloaded" note beside (not over) the map, and on 2026-11-23 the
 * home and duck pages say the 2025-26 season is over.
 */
import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';

/** "Today" for the copy checks (the brief's date); the app reads the real clock. */
const today = new Date('2026-11-23T15:00:00-06:00');

const baseUrl = inject('baseUrl');

/** Every visible bottom-bar item: its name, box (px) and label font size (px). */
async function barItems(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.bottom-nav .bar-item'))
      .filter((item) => item.getBoundingClientRect().width > 0)
      .map((item) => {
        const box = item.getBoundingClientRect();
        const label = item.querySelector<HTMLElement>('.bar-item__label');
        return {
          name: label?.textContent?.trim() ?? '',
          width: Math.round(box.width * 10) / 10,
          height: Math.round(box.height * 10) / 10,
          labelPx: label ? Number.parseFloat(getComputedStyle(label).fontSize) : 0,
        };
      }),
  );
}

/** Where saveScreenshot puts `name` (for element screenshots of the map panel). */
function screenshotPath(name: string): string {
  return new URL(`./screenshots/${name}.png`, import.meta.url).pathname;
}

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function withSession(run: (session: BrowserSession) => Promise<void>) {
  const session = await openBrowser(viewports.phone);
  try {
    await run(session);
  } finally {
    await session.close();
  }
}

describe('phone layout at 390 px', () => {
  it('keeps the Safety Center inside the screen and the bottom bar readable, online and offline, with and without gloves', async () => {
    await withSession(async ({ context, page }) => {
      await page.goto(`${baseUrl}/safety`);
      await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
      await page.getByLabel('Glove mode').waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewports.phone.width);

      const online = await barItems(page);
      expect(online.map((item) => item.name)).toEqual([
        'Home',
        'Maps',
        'Trails',
        'Safety',
        'Local',
        'Search',
        'More',
        'Login',
      ]);
      for (const item of online) {
        expect(item.width, item.name).toBeGreaterThanOrEqual(44);
        expect(item.height, item.name).toBeGreaterThanOrEqual(44);
        expect(item.labelPx, item.name).toBeGreaterThanOrEqual(12);
      }
      await saveScreenshot(page, 'layout-safety-phone-online');

      // Donate left the bar for More on a phone; it is still one tap away there.
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Donate' }).waitFor();
      await page.keyboard.press('Escape');

      await waitForOfflineReady(page);
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
      await page.getByLabel('Glove mode').click();
      await page.waitForFunction(() => document.body.classList.contains('touch-glove'));
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewports.phone.width);
      const gloved = await barItems(page);
      expect(gloved.map((item) => item.name)).toEqual([
        'Home',
        'Maps',
        'Trails',
        'Safety',
        'More',
        'Login',
      ]);
      for (const item of gloved) {
        expect(item.width, item.name).toBeGreaterThanOrEqual(60);
        expect(item.height, item.name).toBeGreaterThanOrEqual(60);
        expect(item.labelPx, item.name).toBeGreaterThanOrEqual(12);
      }
      await saveScreenshot(page, 'layout-safety-glove-phone-offline');
    });
  });

  it('gives the trail map 44 px buttons, a collapsed attribution and its note below the map', async () => {
    await withSession(async ({ page }) => {
      await page.goto(`${baseUrl}/map/macks-pines`);
      await page.getByRole('heading', { name: "Mack's Pines", level: 1 }).waitFor();
      const map = page.locator('.trail-map');
      await map.locator('.maplibregl-ctrl-attrib').waitFor();
      await map.locator('.map-note').waitFor();
      // Attribution text arrives with the style, and MapLibre may reopen the box when it does:
      // check the box once the style has loaded and the text is in.
      await map.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      await map
        .locator('.maplibregl-ctrl-attrib-inner')
        .filter({ hasText: /\S/ })
        .waitFor({ state: 'attached' });
      await map.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await saveScreenshot(page, 'layout-trail-map-phone-online');
      await map.screenshot({ path: screenshotPath('layout-trail-map-only-phone-online') });

      const controls = await map
        .locator('.maplibregl-ctrl-group button, .maplibregl-ctrl-attrib-button')
        .evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return {
              name: element.getAttribute('aria-label') ?? element.className,
              width: box.width,
              height: box.height,
            };
          }),
        );
      expect(controls.length).toBeGreaterThanOrEqual(4);
      for (const control of controls) {
        expect(control.width, control.name).toBeGreaterThanOrEqual(44);
        expect(control.height, control.name).toBeGreaterThanOrEqual(44);
      }

      await expect(map.locator('.maplibregl-ctrl-attrib-inner').isVisible()).resolves.toBe(false);
      // A <summary>, which Chromium exposes as a disclosure triangle rather than a button.
      await map.getByLabel('Toggle attribution').click();
      await map.getByText('© OpenStreetMap contributors', { exact: false }).first().waitFor();

      await map.screenshot({
        path: screenshotPath('layout-trail-map-attribution-open-phone-online'),
      });
      const canvas = (await map.locator('.map-view').boundingBox())!;
      const note = (await map.locator('.map-note').boundingBox())!;
      expect(note.y).toBeGreaterThanOrEqual(canvas.y + canvas.height);
    });
  });

  it('says on 2026-11-23 that the 2025-26 duck season is over and the next has no dates yet', async () => {
    await withSession(async ({ context, page }) => {
      await page.clock.setFixedTime(today);
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Start exploring' }).click();
      await page.getByText('2026-27 season: dates not yet published by AGFC').waitFor();
      await page.getByRole('heading', { name: '2026-27 Arkansas duck season' }).waitFor();
      await page.getByText('The 2025-26 season is over', { exact: false }).waitFor();
      const body = (await page.locator('body').textContent()) ?? '';
      expect(body).not.toMatch(/per product listing|product spec|Listed by the product/i);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewports.phone.width);
      await saveScreenshot(page, 'layout-home-phone-online');

      await waitForOfflineReady(page);
      await context.setOffline(true);
      await page.goto(`${baseUrl}/duck-hunting`);
      await page.getByRole('heading', { name: '2026-27 Arkansas duck season', level: 1 }).waitFor();
      await page.getByText('2026-27: dates not yet published by AGFC', { exact: false }).waitFor();
      await page.getByRole('heading', { name: "Last season's dates (2025-26)" }).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewports.phone.width);
      await saveScreenshot(page, 'layout-duck-hunting-phone-offline');

      // The Local menu's Mack's Pines leads to its own page (issue 16), offline too.
      await page.getByRole('button', { name: 'Local' }).click();
      await page.getByRole('menuitem', { name: "Mack's Pines" }).click();
      await page.waitForURL(`${baseUrl}/macks-pines`);
      await page.getByRole('heading', { name: "Mack's Pines", level: 1 }).waitFor();
    });
  });
});
