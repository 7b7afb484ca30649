/**
 * temp- ids in Chromium against the real server (issue 11, defects 1 and 2): a signed-in rider's
 * trip page follows its trip from the temp- id to the server id once the sync engine promotes it,
 * and GPX waypoints imported offline count as waiting, reach the server with a server id and
 * show on a second profile of the same rider.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { positionAlong, prepareRoute } from '../../src/lib/geo/route-geometry.ts';
import { trailheadRoute } from '../unit/recording/gps-walk.ts';
import { registerRider, serverDocuments, signIn } from './accounts.ts';
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
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

const gpxFile = fileURLToPath(new URL('../fixtures/gpx/garmin-etrex.gpx', import.meta.url));
/** The one waypoint of that file and the name of its one track. */
const waypointName = '001';
const trackName = 'Current Track: 04 OCT 2025 10:00';
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const serverIdPath = new RegExp(`/trips/${uuid}$`);
/** The line the file's track follows (its header comment). */
const route = prepareRoute(
  trailheadRoute(['cedar-falls-trail', 'petit-jean-rim-trail', 'bear-cave-trail']),
);

describe('temp- ids in Chromium', () => {
  it('keeps the trip page on the trip when a signed-in import is promoted, and follows old temp- links', async () => {
    const rider = await registerRider(baseUrl, 'follow-rider');
    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const { page } = phone;
    await signIn(page, baseUrl, rider);
    await page.goto(`${baseUrl}/record`);
    const historyBefore = await page.evaluate(() => history.length);

    await page.getByLabel('Import GPX file').setInputFiles(gpxFile);
    // The import opens the trip under its temp- id; the sync engine promotes it moments later
    // and the page must follow to the server id rather than say "Trip not found".
    await page.waitForURL(/\/trips\/temp-/);
    const tempPath = new URL(page.url()).pathname;
    await page.waitForURL(serverIdPath, { timeout: 30_000 });
    await page.getByRole('heading', { name: trackName, level: 1 }).waitFor();
    await page
      .getByText(/· Synced/)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await page.getByText('Trip not found').count()).toBe(0);
    await saveScreenshot(page, 'temp-id-followed');
    const serverPath = new URL(page.url()).pathname;
    const serverTrips = await serverDocuments(baseUrl, rider, 'trips');
    expect(serverTrips.map((trip) => `/trips/${trip.id}`)).toEqual([serverPath]);

    // Replaced, not pushed: one entry for the trip page, and Back returns to the trips list.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
    await page.goBack();
    await page.waitForURL(/\/record$/);

    // A link or bookmark still holding the temp- id opens the trip under its server id, offline too.
    await waitForOfflineReady(page);
    await phone.context.setOffline(true);
    await page.goto(`${baseUrl}${tempPath}`);
    await page.waitForURL(serverIdPath);
    expect(new URL(page.url()).pathname).toBe(serverPath);
    await page.getByRole('heading', { name: trackName, level: 1 }).waitFor();

    // A temp- id this device never had is still simply not found.
    await page.goto(`${baseUrl}/trips/temp-never-made-here`);
    await page.getByRole('heading', { name: 'Trip not found', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/trips/temp-never-made-here');
    await saveScreenshot(page, 'temp-id-unknown-offline');
  });

  it('keeps guiding along an offline import while its promotion moves the page to the server id', async () => {
    const rider = await registerRider(baseUrl, 'navigate-rider');
    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const { context, page } = phone;
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
    await signIn(page, baseUrl, rider);
    await waitForOfflineReady(page);

    await context.setOffline(true);
    await page.goto(`${baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(gpxFile);
    await page.getByRole('link', { name: 'Follow this track' }).click();
    await page.waitForURL(/\/navigate\/temp-/);
    for (const metres of [0, 40, 80, 120, 160]) await moveTo(metres);
    // About 170 m off the line: the alarm is state the guidance built from several fixes.
    for (const metres of [200, 240, 280]) await moveTo(metres, 0.0015);
    const alarm = page.getByRole('alert').filter({ hasText: 'Off route' });
    await alarm.waitFor();
    // Marks the guidance's page element (the one holding the alarm, not any other ride page the
    // document may still hold): a restarted guidance would be a new element without the mark.
    await page.evaluate(() => {
      document
        .querySelector('.nav-offroute')!
        .closest('.ride-page')!
        .setAttribute('data-before-promotion', '');
    });

    await context.setOffline(false);
    await page.waitForURL(new RegExp(`/navigate/${uuid}$`), { timeout: 30_000 });
    await page.getByRole('link', { name: 'All trips' }).waitFor();
    // The same guidance, not restarted: the alarm raised before the promotion is still up.
    expect(await page.locator('.ride-page[data-before-promotion]').count()).toBe(1);
    expect(await alarm.count()).toBe(1);
    await saveScreenshot(page, 'temp-id-navigate-followed');
  });

  it('counts GPX waypoints imported offline as waiting and syncs them to a second profile', async () => {
    const rider = await registerRider(baseUrl, 'waypoint-rider');
    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    await signIn(phone.page, baseUrl, rider);
    await waitForOfflineReady(phone.page);

    await phone.context.setOffline(true);
    await phone.page.goto(`${baseUrl}/record`);
    await phone.page.getByLabel('Import GPX file').setInputFiles(gpxFile);
    await phone.page.getByRole('heading', { name: 'Waypoints' }).waitFor();
    await phone.page.goto(`${baseUrl}/profile`);
    // One trip and one waypoint have not reached the server.
    await phone.page.locator('#sync').getByText('2 waiting to sync').first().waitFor();
    await saveScreenshot(phone.page, 'temp-id-waypoint-pending-offline');
    expect(await serverDocuments(baseUrl, rider, 'waypoints')).toEqual([]);

    await phone.context.setOffline(false);
    await phone.page.locator('#sync').getByText('All synced').first().waitFor({ timeout: 60_000 });
    const [trip] = await serverDocuments(baseUrl, rider, 'trips');
    const waypoints = await serverDocuments(baseUrl, rider, 'waypoints');
    expect(waypoints).toHaveLength(1);
    expect(waypoints[0]).toMatchObject({ name: waypointName, tripId: trip!.id });
    expect(waypoints[0]!.id).not.toMatch(/^temp-/);

    const tablet = await openBrowser(viewports.phone);
    sessions.push(tablet);
    await signIn(tablet.page, baseUrl, rider);
    await tablet.page.goto(`${baseUrl}/record`);
    const link = tablet.page.getByRole('link', { name: new RegExp(trackName) }).first();
    await link.waitFor({ timeout: 60_000 });
    await link.click();
    await tablet.page.waitForURL(`${baseUrl}/trips/${trip!.id}`);
    const section = tablet.page.getByRole('region', { name: 'Waypoints' });
    await section.getByText(waypointName).waitFor({ timeout: 60_000 });
    await saveScreenshot(tablet.page, 'temp-id-waypoint-second-profile');
  });
});
