/**
 * Every exploring, riding, safety, hunting, garage and admin route opens with the network off, as a
 * rider who installed the app and lost signal would open a bookmark or a shared link (the walk:
 * tests/e2e/offline-routes.ts; learning, local and account routes:
 * offline-routes-learn.test.ts). What each page says is checked by the component tests; this
 * journey checks what only a browser proves: the worker serves every deep link offline, with
 * the page's lazily loaded code and its data on the device.
 */
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/features/directory.ts';
import { expectEveryRouteOffline, offlineRoutes } from './offline-routes.ts';

describe('every route offline', () => {
  it('loads each exploring, riding, safety, hunting, garage and admin route afresh offline at 390 px with its own heading and no sideways scroll', async () => {
    const routes = offlineRoutes('ride');
    // The two journeys together walk every route of the directory, and the aliases.
    const walked = new Set([...routes, ...offlineRoutes('learn')]);
    expect(FEATURES.every((feature) => walked.has(feature.route))).toBe(true);
    expect(routes.length).toBeGreaterThan(30);
    await expectEveryRouteOffline(routes);
  }, 300_000);
});
