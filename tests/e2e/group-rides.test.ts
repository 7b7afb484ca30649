/**
 * Group rides (issue 17) in Chromium at phone size, two riders in two browser profiles: rider A
 * creates a ride from the catalogue, rider B opens its link and joins, both opt in to position
 * sharing and see each other's position live, A cancels and B's page shows it cancelled at
 * once, and B's copy of the ride opens after a reload with the network off.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { registerRider, signIn } from './accounts.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

/** A browser profile allowed to read its (fake) position at [lon, lat]. */
async function open(longitude: number, latitude: number): Promise<BrowserSession> {
  const session = await openBrowser(viewports.phone);
  sessions.push(session);
  await session.context.grantPermissions(['geolocation'], { origin: baseUrl });
  await session.context.setGeolocation({ longitude, latitude, accuracy: 10 });
  return session;
}

/** Two days ahead at 09:00, as the datetime-local field takes it. */
function startText(): string {
  const date = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:00`;
}

async function createRide(page: Page): Promise<string> {
  // The trail picker lists the catalogue on the device: let it arrive first.
  await page.goto(`${baseUrl}/ai-trails?q=brock`);
  await page
    .getByRole('heading', { name: /Brock Creek/ })
    .first()
    .waitFor();
  await page.goto(`${baseUrl}/group-ride`);
  const form = page.getByRole('form', { name: 'Create a group ride' });
  await form.waitFor();
  await page
    .getByText('Loading the trail catalogue…')
    .waitFor({ state: 'hidden', timeout: 90_000 });
  await form.getByRole('combobox', { name: 'Trail' }).fill('Brock Creek OHV');
  await saveScreenshot(page, 'group-ride-trail-picker-phone');
  await page
    .getByRole('option', { name: /Brock Creek OHV Trails/ })
    .first()
    .click();
  await form.getByText(/^Austin Trailhead \(Brock Creek OHV\)/).click();
  await expect(form.getByRole('radio', { name: /Austin Trailhead/ }).isChecked()).resolves.toBe(
    true,
  );
  await form.getByLabel('Date and time the group meets').fill(startText());
  await form.getByLabel('Notes for the group (optional)').fill('Bring a tow strap.');
  await saveScreenshot(page, 'group-ride-create-phone');
  await form.getByRole('button', { name: 'Create ride' }).click();
  await page.waitForURL(/\/group\/[A-Za-z0-9-]+$/);
  return new URL(page.url()).pathname;
}

async function optIn(page: Page): Promise<void> {
  await page.getByText('Share my position with this ride').click();
  await page
    .getByRole('checkbox', { name: 'Share my position with this ride', checked: true })
    .waitFor({ state: 'attached' });
}

describe('group rides', () => {
  it('is created, joined, shares positions between opted-in members, is cancelled and opens offline', async () => {
    const riderA = await registerRider(baseUrl, 'ridea');
    const riderB = await registerRider(baseUrl, 'rideb');
    const a = await open(-93.31, 35.61);
    const b = await open(-93.32, 35.62);
    await signIn(a.page, baseUrl, riderA);
    const path = await createRide(a.page);
    await a.page.getByRole('heading', { name: /Brock Creek OHV Trails/ }).waitFor();
    await a.page.getByText('Austin Trailhead (Brock Creek OHV)').first().waitFor();

    await signIn(b.page, baseUrl, riderB);
    await b.page.goto(`${baseUrl}${path}`);
    await b.page.getByRole('button', { name: 'Join this ride' }).click();
    await b.page.getByRole('button', { name: 'Leave this ride' }).waitFor();
    const roster = a.page.getByRole('region', { name: 'Roster' });
    await roster.getByText(riderB.username).waitFor();

    await optIn(a.page);
    await optIn(b.page);
    const positionsOfA = a.page.getByRole('list', { name: 'Shared positions' });
    const positionsOfB = b.page.getByRole('list', { name: 'Shared positions' });
    await positionsOfA.getByText(riderB.username).waitFor({ timeout: 30_000 });
    await positionsOfB.getByText(riderA.username).waitFor({ timeout: 30_000 });
    await expect(positionsOfB.textContent()).resolves.toContain('35.61000');
    await saveScreenshot(b.page, 'group-ride-positions-phone');

    await a.page.getByRole('button', { name: 'Cancel this ride' }).click();
    await a.page.getByRole('button', { name: 'Yes, cancel the ride' }).click();
    await b.page.getByText('This ride was cancelled by its organiser.').waitFor();
    await expect(positionsOfB.count()).resolves.toBe(0);

    await waitForOfflineReady(b.page);
    await b.context.setOffline(true);
    await b.page.reload();
    await b.page
      .getByText(/You are offline\. This is the copy kept on this device, last updated/)
      .waitFor();
    await b.page.getByText('This ride was cancelled by its organiser.').waitFor();
    await b.page.getByRole('heading', { name: /Brock Creek OHV Trails/ }).waitFor();
    await saveScreenshot(b.page, 'group-ride-offline-phone');
  });

  it('tells a signed-out visitor an account is needed, with a sign-in link that returns', async () => {
    const visitor = await open(-93.3, 35.6);
    await visitor.page.goto(`${baseUrl}/group-ride`);
    const link = visitor.page.getByRole('link', { name: 'Sign in or register' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toContain('redirect=%2Fgroup-ride');
  });
});
