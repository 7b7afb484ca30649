/**
 * The admin tools in Chromium at phone size (issue 17), against a server of their own so the
 * counts are only this test's: pages a visitor opens offline are counted once the phone is back
 * online and appear on the admin's /analytics-dashboard (chart and table); a rider's garage
 * vehicle appears on the admin's /fleet, found with the search; a rider is refused both pages;
 * offline the dashboard says it needs a connection and shows no figures.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnalyticsSummary } from '../../schemas/analytics.ts';
import { replicationBasePath } from '../../schemas/sync-protocol.ts';
import { apiSignIn, registerRider, signIn } from './accounts.ts';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { e2eAccounts, startServer, type RunningServer } from './server.ts';

let server: RunningServer;
let baseUrl: string;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  server = await startServer({ seededDataDir: inject('seededDataDir') });
  baseUrl = server.baseUrl;
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function open(): Promise<BrowserSession> {
  // A profile of its own: the shared one belongs to the shared server's address.
  const session = await openBrowser(viewports.phone, { profile: 'fresh' });
  sessions.push(session);
  return session;
}

async function routeViews(token: string, route: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/admin/analytics?days=7`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const summary = (await response.json()) as AnalyticsSummary;
  return summary.topRoutes.find((entry) => entry.route === route)?.count ?? 0;
}

/**
 * Page views waiting in the device's usage queue (an RxDB local document in IndexedDB), read
 * straight from IndexedDB: every stored record's `page-view` entries are counted.
 */
function queuedPageViews(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const request = <T>(operation: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        operation.onsuccess = () => resolve(operation.result);
        operation.onerror = () => reject(operation.error);
      });
    let views = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const database = await request(indexedDB.open(name));
      for (const store of Array.from(database.objectStoreNames)) {
        const records = await request(database.transaction(store).objectStore(store).getAll());
        views += JSON.stringify(records).split('"kind":"page-view"').length - 1;
      }
      database.close();
    }
    return views;
  });
}

/** True when the page scrolls sideways (wider than the 390 px viewport). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('admin tools', () => {
  it('counts pages opened offline once back online and shows them on the dashboard', async () => {
    const { token: adminToken } = await apiSignIn(baseUrl, e2eAccounts.admin);
    const visitor = await open();
    await visitor.page.goto(`${baseUrl}/safety`);
    await waitForOfflineReady(visitor.page);
    await visitor.context.setOffline(true);
    for (const route of ['/access-point-map', '/map/mill-creek-ohv-trail', '/access-point-map']) {
      const queued = await queuedPageViews(visitor.page);
      await visitor.page.goto(`${baseUrl}${route}`);
      await visitor.page.locator('main h1').first().waitFor();
      // The lazily loaded reporter queues the view on the device; leave once it has.
      await expect
        .poll(() => queuedPageViews(visitor.page), { timeout: 30_000 })
        .toBeGreaterThan(queued);
    }
    await expect(routeViews(adminToken, '/access-point-map')).resolves.toBe(0);
    await visitor.context.setOffline(false);
    await expect
      .poll(() => routeViews(adminToken, '/access-point-map'), { timeout: 60_000 })
      .toBe(2);
    expect(await routeViews(adminToken, '/map/$trailId')).toBe(1);

    const admin = await open();
    await signIn(admin.page, baseUrl, e2eAccounts.admin);
    await admin.page.goto(`${baseUrl}/analytics-dashboard`);
    const routes = admin.page.getByTestId('analytics-top-routes');
    await routes.getByRole('row', { name: '/access-point-map 2' }).waitFor();
    await routes.getByRole('row', { name: '/map/$trailId 1' }).waitFor();
    await admin.page.locator('.analytics-chart canvas').first().waitFor();
    await admin.page.getByText('Page views per day as a table').click();
    expect(await scrollsSideways(admin.page)).toBe(false);
    await saveScreenshot(admin.page, 'analytics-dashboard-phone');
    await admin.page.getByRole('radio', { name: 'Last 30 days' }).click();
    // The table of the days lists one row per day of the chosen period.
    await expect
      .poll(() => admin.page.locator('.admin-details tbody tr').count(), { timeout: 30_000 })
      .toBe(30);

    await waitForOfflineReady(admin.page);
    await admin.context.setOffline(true);
    await admin.page.reload();
    await admin.page.getByText('This page needs a connection').waitFor();
    expect(await admin.page.getByTestId('analytics-top-routes').count()).toBe(0);
    await saveScreenshot(admin.page, 'analytics-dashboard-offline-phone');
  }, 300_000);

  it('lists a rider’s garage vehicle on /fleet for the admin, and refuses the rider', async () => {
    const rider = await registerRider(baseUrl, 'fleet');
    const { token: accessToken, id: userId } = await apiSignIn(baseUrl, rider);
    const at = Date.now();
    const pushed = await fetch(`${baseUrl}${replicationBasePath('records')}/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        rows: [
          {
            newDocumentState: {
              id: `${userId}:vehicle:veh-e2e`,
              userId,
              kind: 'vehicle',
              data: {
                vehicleId: 'veh-e2e',
                type: 'atv',
                make: 'Honda',
                model: 'FourTrax Rancher',
                year: 2019,
                nickname: 'Mule',
                odometerMiles: 2310,
                odometerAt: at,
                oilIntervalMiles: null,
                airFilterIntervalMiles: null,
              },
              status: 'pending',
              createdAt: at,
              updatedAt: at,
              _deleted: false,
            },
          },
        ],
      }),
    });
    expect(pushed.status).toBe(200);

    const riderSession = await open();
    await signIn(riderSession.page, baseUrl, rider);
    for (const route of ['/fleet', '/analytics-dashboard']) {
      await riderSession.page.goto(`${baseUrl}${route}`);
      await riderSession.page.getByRole('heading', { name: 'Not permitted' }).waitFor();
    }

    const admin = await open();
    await signIn(admin.page, baseUrl, e2eAccounts.admin);
    await admin.page.goto(`${baseUrl}/fleet`);
    await admin.page.getByRole('heading', { name: 'Fleet Dashboard' }).waitFor();
    await admin.page.getByLabel('Find a rider or vehicle').fill('rancher');
    const card = admin.page.getByTestId('fleet-rider');
    await card.getByText('2019 Honda FourTrax Rancher').waitFor();
    expect(await card.count()).toBe(1);
    await expect(card.getByRole('heading').textContent()).resolves.toContain(rider.username);
    await expect(admin.page.getByTestId('fleet-totals').textContent()).resolves.toContain('ATV1');
    await expect(admin.page.locator('main').textContent()).resolves.not.toContain('@example');
    expect(await scrollsSideways(admin.page)).toBe(false);
    await card.first().scrollIntoViewIfNeeded();
    await saveScreenshot(admin.page, 'fleet-phone');
  });
});
