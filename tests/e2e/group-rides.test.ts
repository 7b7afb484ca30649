/**
 * Group rides in Chromium at phone size, two riders in two browser profiles on the real server,
 * for what needs both: members who opt in see each other's position (from the browsers'
 * geolocation) live, and when the organiser cancels, the other member's page shows it at once.
 * The ride is made and joined through the API; creating, joining, the roster, the offline copy
 * and the signed-out page are in tests/component/group-rides.test.tsx, and the routes in
 * tests/integration/group-rides/group-rides.test.ts.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { GroupRide, GroupRidePlan } from '../../schemas/group-rides.ts';
import type { Trail } from '../../schemas/trails.ts';
import { openBrowser, saveScreenshot, viewports, type BrowserSession } from './browser.ts';
import { registerRider, signIn, type TestAccount } from './accounts.ts';

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

/** `account`'s access token. */
async function tokenOf(account: TestAccount): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

async function post<T>(path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A ride on Brock Creek, meeting at Austin Trailhead two days ahead, created by `organiser`. */
async function createRide(organiser: TestAccount): Promise<GroupRide> {
  const trails = (await (await fetch(`${baseUrl}/api/trails`)).json()) as Trail[];
  const trail = trails.find((candidate) => candidate.name.startsWith('Brock Creek OHV Trails'))!;
  const trailhead = trails.find((candidate) =>
    candidate.name.startsWith('Austin Trailhead (Brock Creek OHV)'),
  )!;
  const plan: GroupRidePlan = {
    trailId: trail.id,
    trailheadId: trailhead.id,
    startsAt: Date.now() + 2 * 24 * 60 * 60 * 1000,
    vehicleTypes: ['atv', 'utv'],
    sizeLimit: 8,
    notes: 'Bring a tow strap.',
  };
  return (await post<{ ride: GroupRide }>('/api/group-rides', await tokenOf(organiser), plan)).ride;
}

async function optIn(page: Page): Promise<void> {
  await page.getByText('Share my position with this ride').click();
  await page
    .getByRole('checkbox', { name: 'Share my position with this ride', checked: true })
    .waitFor({ state: 'attached' });
}

describe('group rides', () => {
  it('shares positions live between opted-in members and shows a cancellation at once', async () => {
    const riderA = await registerRider(baseUrl, 'ridea');
    const riderB = await registerRider(baseUrl, 'rideb');
    const ride = await createRide(riderA);
    await post(`/api/group-rides/${ride.id}/join`, await tokenOf(riderB));
    const a = await open(-93.31, 35.61);
    const b = await open(-93.32, 35.62);
    await signIn(a.page, baseUrl, riderA);
    await signIn(b.page, baseUrl, riderB);
    for (const { page } of [a, b]) {
      await page.goto(`${baseUrl}/group/${ride.id}`);
      await page.getByRole('heading', { name: /Brock Creek OHV Trails/ }).waitFor();
      await optIn(page);
    }

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
  });
});
