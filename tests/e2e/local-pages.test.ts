/**
 * The Local pages and the founder's story fit a 390 px phone in Chromium: no page scrolls sideways
 * once its content (catalogue facts, campgrounds nearby, the articles) is on screen. What each
 * page says, and Services listing the campgrounds near a chosen trail, are component tests
 * (tests/component/local-pages.test.tsx); serving them offline is the journey
 * tests/e2e/offline-routes-learn.test.ts's.
 */
import { describe, expect, it, inject } from 'vitest';
import { openBrowser, saveScreenshot, viewports } from './browser.ts';

const baseUrl = inject('baseUrl');

/** Each page, its heading, and a text shown once its content is on screen. */
const pages: readonly { path: string; heading: string; text: string }[] = [
  { path: '/macks-pines', heading: "Mack's Pines", text: 'OSM node 1191586163' },
  { path: '/hot-springs-offroad-park', heading: 'Hot Springs Off-Road Park', text: '1,242 acres' },
  { path: '/jerusalem-area-trails', heading: 'Jerusalem Area Trails', text: 'Other trails' },
  { path: '/carters-riding-park', heading: "Carter's Riding Park", text: '3.8 miles' },
  { path: '/local-services', heading: 'Local Services', text: 'Camping near a trail' },
  { path: '/local-shopping-network', heading: 'Local Shopping', text: 'Tow strap' },
  { path: '/blog', heading: "Founder's Story", text: 'On this device right now' },
];

describe('local pages at 390 px', () => {
  it('fit the phone without sideways scrolling', async () => {
    const session = await openBrowser(viewports.phone);
    const { page } = session;
    try {
      for (const entry of pages) {
        await page.goto(`${baseUrl}${entry.path}`);
        await page.getByRole('heading', { name: entry.heading, level: 1 }).waitFor();
        await page.getByText(entry.text, { exact: false }).first().waitFor();
        if (entry.path === '/macks-pines') await page.locator('.local-nearby a').first().waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, entry.path).toBeLessThanOrEqual(viewports.phone.width);
        await saveScreenshot(page, `local${entry.path.replaceAll('/', '-')}-phone`);
      }

      // Services with a trail chosen: the list of campgrounds near it fits too.
      await page.goto(`${baseUrl}/local-services`);
      await page.getByLabel('Trail or park you are riding').selectOption('macks-pines');
      await page.getByText("within 15 miles of Mack's Pines", { exact: false }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, '/local-services with a trail chosen').toBeLessThanOrEqual(
        viewports.phone.width,
      );
      await saveScreenshot(page, 'local-services-chosen-phone');
    } finally {
      await session.close();
    }
  });
});
