/**
 * Sync in Chromium against the real server (issue 4 "Done when"): a rider imports a trip with
 * the network off, reloads, goes online, sees it synced with a server id; a second browser
 * profile signed in as the same rider receives it.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { registerRider, serverDocuments, signIn } from './accounts.ts';
import {
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
describe('sync in Chromium', () => {
  it('syncs a trip made offline, after a reload, to a second profile of the same rider', async () => {
    const rider = await registerRider(baseUrl, 'sync-rider');
    const serverTrips = () => serverDocuments(baseUrl, rider, 'trips');

    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    await signIn(phone.page, baseUrl, rider);
    await waitForOfflineReady(phone.page);

    await phone.context.setOffline(true);
    await phone.page.goto(`${baseUrl}/record`);
    await phone.page.getByLabel('Import GPX file').setInputFiles(gpxFile);
    await phone.page.getByText('Imported track').first().waitFor();
    expect(phone.page.url()).toMatch(/\/trips\/temp-/);
    const tripName = await phone.page.getByRole('heading', { level: 1 }).innerText();

    await phone.page.reload();
    await phone.page.getByRole('heading', { name: tripName, level: 1 }).waitFor();
    await phone.page.goto(`${baseUrl}/profile`);
    await phone.page
      .getByText(/waiting to sync/)
      .first()
      .waitFor();
    await phone.page
      .locator('#sync')
      .getByText('Offline — will sync when back online')
      .first()
      .waitFor();
    await saveScreenshot(phone.page, 'sync-offline-pending');
    expect(await serverTrips()).toEqual([]);

    await phone.context.setOffline(false);
    await phone.page.locator('#sync').getByText('All synced').first().waitFor({ timeout: 60_000 });
    await saveScreenshot(phone.page, 'sync-online-synced');
    const onServer = await serverTrips();
    expect(onServer.length).toBeGreaterThan(0);
    expect(onServer.some((trip) => trip.id.startsWith('temp-'))).toBe(false);
    expect(onServer.map((trip) => trip.name)).toContain(tripName);

    const tablet = await openBrowser(viewports.desktop);
    sessions.push(tablet);
    await signIn(tablet.page, baseUrl, rider);
    // The trips list of the record page shows what this device holds.
    await tablet.page.goto(`${baseUrl}/record`);
    await tablet.page
      .getByRole('link', { name: new RegExp(tripName) })
      .first()
      .waitFor({ timeout: 60_000 });
    const href = await tablet.page
      .getByRole('link', { name: new RegExp(tripName) })
      .first()
      .getAttribute('href');
    expect(href).not.toMatch(/temp-/);
    expect(onServer.map((trip) => `/trips/${trip.id}`)).toContain(href);
    await saveScreenshot(tablet.page, 'sync-second-profile');
  });
});
