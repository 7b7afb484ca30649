/**
 * Sync in Chromium against the real server (issue 4 "Done when"): a rider imports a trip with
 * the network off, reloads, goes online, sees it synced with a server id; a second browser
 * profile signed in as the same rider receives it.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { replicationBasePath, type PullResponse } from '../../schemas/sync-protocol.ts';
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
const rider = {
  username: `sync-rider-${Date.now().toString(36)}`,
  password: 'long enough password',
};

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/profile`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(rider.username);
  await form.getByLabel('Password').fill(rider.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Welcome back, ${rider.username}!`).waitFor();
}

async function serverTrips(): Promise<PullResponse['documents']> {
  const login = (await (
    await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rider),
    })
  ).json()) as { accessToken: string };
  const answer = await fetch(`${baseUrl}${replicationBasePath('trips')}/pull?limit=100`, {
    headers: { authorization: `Bearer ${login.accessToken}` },
  });
  return ((await answer.json()) as PullResponse).documents;
}

describe('sync in Chromium', () => {
  it('syncs a trip made offline, after a reload, to a second profile of the same rider', async () => {
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...rider, email: `${rider.username}@example.org` }),
    });
    expect(registered.status).toBe(201);

    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    await signIn(phone.page);
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
    await signIn(tablet.page);
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
