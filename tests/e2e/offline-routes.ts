/**
 * The walk of every route with the network off, shared by the two journeys that split it
 * (offline-routes-ride.test.ts and offline-routes-learn.test.ts, so neither is the suite's
 * long tail): in Chromium at 390 px, each route of the feature directory
 * (src/features/directory.ts), the route table's aliases and a group ride address is loaded
 * afresh from the service worker and must show its own first heading, never the 404 page, and
 * never scroll sideways.
 */
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { FEATURES, type FeatureCategory } from '../../src/features/directory.ts';
import { openBrowser, viewports, waitForOfflineReady, type BrowserSession } from './browser.ts';

/** Which journey walks a category's routes; a new category fails the type-check until placed. */
export type OfflineRouteShare = 'ride' | 'learn';

const shareOfCategory: Record<FeatureCategory, OfflineRouteShare> = {
  Explore: 'ride',
  Ride: 'ride',
  Safety: 'ride',
  Hunting: 'ride',
  Garage: 'ride',
  Learn: 'learn',
  Local: 'learn',
  Me: 'learn',
  Admin: 'ride',
};

/** Routes that are no directory entry of their own, with the category of the page they show. */
const extraRoutes: Record<string, FeatureCategory> = {
  '/equipment': 'Garage',
  '/gps': 'Ride',
  '/group/no-such-ride': 'Ride',
  '/trail-riding-game': 'Learn',
};

/** The distinct routes one journey walks (directory routes with a query included). */
export function offlineRoutes(share: OfflineRouteShare): string[] {
  const all = [
    ...FEATURES.map((feature) => ({ route: feature.route, category: feature.category })),
    ...Object.entries(extraRoutes).map(([route, category]) => ({ route, category })),
  ];
  return [
    ...new Set(
      all.filter(({ category }) => shareOfCategory[category] === share).map(({ route }) => route),
    ),
  ];
}

/**
 * Opens the offline-ready profile at 390 px, goes offline and loads each of `routes` afresh in
 * two tabs; fails the test with every route that showed the 404 page or scrolled sideways.
 * Closes the browser itself, also when the walk fails.
 */
export async function expectEveryRouteOffline(routes: readonly string[]): Promise<void> {
  const baseUrl = inject('baseUrl');
  const session: BrowserSession = await openBrowser(viewports.phone);
  try {
    const { page, context } = session;
    await page.goto(`${baseUrl}/`);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    // Two tabs share the routes: each page load mostly waits on the worker and the device's
    // database, so two at a time finish sooner on two cores.
    const second = await context.newPage();
    const failures: string[] = [];
    const walk = async (tab: Page, share: readonly string[]) => {
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
    expect(failures).toEqual([]);
  } finally {
    await session.close();
  }
}
