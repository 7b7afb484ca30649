/**
 * Every learning, local and account route opens with the network off, as a rider who
 * installed the app and lost signal would open a bookmark or a shared link (the walk:
 * tests/e2e/offline-routes.ts; exploring, riding, safety, hunting, garage and admin routes:
 * offline-routes-ride.test.ts). What each page says is checked by the component tests; this
 * journey checks what only a browser proves: the worker serves every deep link offline, with
 * the page's lazily loaded code and its data on the device.
 */
import { describe, expect, it } from 'vitest';
import { expectEveryRouteOffline, offlineRoutes } from './offline-routes.ts';

describe('every route offline', () => {
  it('loads each learning, local and account route afresh offline at 390 px with its own heading and no sideways scroll', async () => {
    const routes = offlineRoutes('learn');
    expect(routes.length).toBeGreaterThan(30);
    await expectEveryRouteOffline(routes);
  }, 300_000);
});
