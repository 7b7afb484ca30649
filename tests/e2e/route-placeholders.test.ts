/**
 * Every route of the route table has a page of its own (issue 17 "Done when": the directory
 * placeholder is gone): in Chromium at phone size, after an offline reload, every route of the
 * feature directory (src/features/directory.ts), the table's aliases (/equipment, /gps,
 * /trail-riding-game) and a group ride address shows its own first heading, never the 404 page
 * and never the old placeholder card (`.feature-page`).
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { FEATURES, SKILLS_SUBPAGES } from '../../src/features/directory.ts';
import { openBrowser, viewports, waitForOfflineReady, type BrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const aliases = ['/equipment', '/gps', '/trail-riding-game'];
const directoryRoutes = FEATURES.map((feature) => feature.route);
const routes = [...new Set([...directoryRoutes, ...aliases, '/group/no-such-ride'])];

describe('every route renders its own page', () => {
  it('walks the whole directory, skills subpages included', () => {
    for (const slug of SKILLS_SUBPAGES) {
      expect(directoryRoutes).toContain(`/arkansas-skills/${slug}`);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  it('shows a page of its own on every route offline at 390 px', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await page.goto(`${baseUrl}/garage`);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    const withoutPage: string[] = [];
    for (const route of routes) {
      await page.goto(`${baseUrl}${route}`);
      // The loading skeleton has no heading: the first h1 is the lazily loaded page's own.
      const heading = await page.locator('main h1').first().textContent();
      const placeholder = (await page.locator('.feature-page').count()) > 0;
      if (placeholder || heading === '404 Page Not Found') withoutPage.push(route);
    }
    expect(withoutPage).toEqual([]);
    // About 80 routes, each loaded offline from the service worker: minutes on a slow machine.
  }, 420_000);
});
