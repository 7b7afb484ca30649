/**
 * Every route opens with the network off, as a rider who installed the app and lost signal
 * would open a bookmark or a shared link: in Chromium at 390 px, each route of the feature
 * directory (src/features/directory.ts), the route table's aliases and a group ride address is
 * loaded afresh from the service worker and shows its own first heading, never the 404 page,
 * and never scrolls sideways. What each page says is checked by the component tests; this
 * journey checks what only a browser proves: the worker serves every deep link offline, with
 * the page's lazily loaded code and its data on the device.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { FEATURES } from '../../src/features/directory.ts';
import { openBrowser, viewports, waitForOfflineReady, type BrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const aliases = ['/equipment', '/gps', '/trail-riding-game'];
const routes = [
  ...new Set([...FEATURES.map((feature) => feature.route), ...aliases, '/group/no-such-ride']),
];

describe('every route offline', () => {
  it('loads each route afresh offline at 390 px with its own heading and no sideways scroll', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await page.goto(`${baseUrl}/`);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    // Two tabs share the routes: each page load mostly waits on the worker and the device's
    // database, so two at a time finish sooner on two cores.
    const second = await context.newPage();
    const failures: string[] = [];
    const walk = async (tab: typeof page, share: readonly string[]) => {
      for (const route of share) {
        await tab.goto(`${baseUrl}${route}`);
        // The loading skeleton has no heading: the first h1 is the lazily loaded page's own.
        const heading = await tab.locator('main h1').first().textContent({ timeout: 15_000 });
        const sideways = await tab.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        );
        if (heading === '404 Page Not Found') failures.push(`${route}: 404`);
        if (sideways) failures.push(`${route}: scrolls sideways`);
      }
    };
    await Promise.all([
      walk(
        page,
        routes.filter((_, index) => index % 2 === 0),
      ),
      walk(
        second,
        routes.filter((_, index) => index % 2 === 1),
      ),
    ]);
    expect(routes.length).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  }, 300_000);
});
