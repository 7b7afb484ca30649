/**
 * Following an imported track in Chromium with the network off : import a
 * Garmin-dialect GPX, follow it from its trip page, ride along it with the geolocation override,
 * leave it by about 170 m and come back: the off-route alarm shows, then "Back on route."
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { positionAlong, prepareRoute } from '../../src/lib/geo/route-geometry.ts';
import { trailheadRoute } from '../unit/recording/gps-walk.ts';
import {
  moveDevice,
  observeGeolocation,
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

/** The line the Garmin fixture follows (tests/fixtures/gpx/garmin-etrex.gpx header comment). */
const route = prepareRoute(
  trailheadRoute(['cedar-falls-trail', 'petit-jean-rim-trail', 'bear-cave-trail']),
);
const garminFixture = fileURLToPath(new URL('../fixtures/gpx/garmin-etrex.gpx', import.meta.url));
/** About 170 m north: well past the off-route threshold. */
const offRouteLatitudeShift = 0.0015;

describe('navigation along an imported track in Chromium', () => {
  it('follows a GPX track offline and raises, then clears, the off-route alarm', async () => {
    session = await openBrowser(viewports.phone);
    const { context, page } = session;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await observeGeolocation(context);
    const moveTo = async (metres: number, latitudeShift = 0) => {
      const [longitude, latitude] = positionAlong(route, metres);
      await moveDevice(context, page, longitude, latitude + latitudeShift);
    };
    const [startLongitude, startLatitude] = positionAlong(route, 0);
    await context.setGeolocation({
      longitude: startLongitude,
      latitude: startLatitude,
      accuracy: 5,
    });

    await page.goto(`${baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Mill Creek OHV Trail' }).first().waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);

    await page.goto(`${baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(garminFixture);
    await page.getByText('Imported track').first().waitFor();
    await page.getByRole('link', { name: 'Follow this track' }).click();
    await page.waitForURL(/\/navigate\//);

    for (const metres of [0, 40, 80, 120, 160]) await moveTo(metres);
    await page.locator('.ride-stat', { hasText: 'Remaining' }).waitFor();
    await expect(page.getByRole('alert').filter({ hasText: 'Off route' }).count()).resolves.toBe(0);

    for (const metres of [200, 240, 280]) await moveTo(metres, offRouteLatitudeShift);
    await page.getByRole('alert').filter({ hasText: 'Off route' }).waitFor();
    await saveScreenshot(page, 'navigate-off-route-phone-offline');

    for (const metres of [320, 360, 400]) await moveTo(metres);
    await page.getByText('Back on route.').waitFor();
    await expect(page.getByRole('alert').filter({ hasText: 'Off route' }).count()).resolves.toBe(0);
    await saveScreenshot(page, 'navigate-back-on-route-phone-offline');
  });
});
