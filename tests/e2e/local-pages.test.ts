/**
 * The Local pages and the founder's story (issue 16) in Chromium at 390 px: opened once with
 * signal, then every one of them offline after a reload shows its real content (catalogue facts,
 * campgrounds nearby, honest empty states, the articles), never the directory placeholder, and
 * fits the phone's width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, saveScreenshot, viewports, waitForOfflineReady } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Real content each page must show offline, beyond its directory entry. */
const pages: readonly { path: string; heading: string; texts: readonly string[] }[] = [
  {
    path: '/macks-pines',
    heading: "Mack's Pines",
    texts: ['Pope County', 'Fee unknown', 'Season and hours', 'Campgrounds', 'OSM node 1191586163'],
  },
  {
    path: '/hot-springs-offroad-park',
    heading: 'Hot Springs Off-Road Park',
    texts: ['Location approximate', '1,242 acres', 'not verified', 'Garland County'],
  },
  {
    path: '/jerusalem-area-trails',
    heading: 'Jerusalem Area Trails',
    texts: ['Brock Creek', 'Van Buren County', 'Other trails'],
  },
  {
    path: '/carters-riding-park',
    heading: "Carter's Riding Park",
    texts: ['Location not yet verified', '3.8 miles', 'not verified'],
  },
  {
    path: '/local-services',
    heading: 'Local Services',
    texts: ['No towing or fuel businesses listed yet', 'Camping near a trail'],
  },
  {
    path: '/local-shopping-network',
    heading: 'Local Shopping',
    texts: ['No shops listed yet', 'Tow strap'],
  },
  {
    path: '/blog',
    heading: "Founder's Story",
    texts: ['built and maintained by one person', 'offline-first', 'On this device right now'],
  },
];

async function expectRealPage(page: Page, entry: (typeof pages)[number]) {
  await page.getByRole('heading', { name: entry.heading, level: 1 }).waitFor();
  for (const text of entry.texts) {
    await page.getByText(text, { exact: false }).first().waitFor();
  }
  expect(await page.locator('.feature-page').count(), entry.path).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    viewports.phone.width,
  );
}

describe('local pages at 390 px (issue 16)', () => {
  it('show their real content online, and offline after a reload', async () => {
    const session = await openBrowser(viewports.phone);
    const { context, page } = session;
    try {
      await page.goto(`${server.baseUrl}/macks-pines`);
      await expectRealPage(page, pages[0]!);
      await page.locator('.local-nearby a').first().waitFor();
      await saveScreenshot(page, 'local-macks-pines-phone-online');
      await waitForOfflineReady(page);

      await context.setOffline(true);
      for (const entry of pages) {
        await page.goto(`${server.baseUrl}${entry.path}`);
        await page.reload();
        await expectRealPage(page, entry);
        await saveScreenshot(page, `local${entry.path.replaceAll('/', '-')}-phone-offline`);
      }

      // Services: choosing a trail lists the campgrounds near it, from the device's data.
      await page.goto(`${server.baseUrl}/local-services`);
      await page.getByLabel('Trail or park you are riding').selectOption('macks-pines');
      await page.getByText("within 15 miles of Mack's Pines", { exact: false }).waitFor();
      await saveScreenshot(page, 'local-services-chosen-phone-offline');
    } finally {
      await session.close();
    }
  });
});
