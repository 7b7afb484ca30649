/**
 * "Your data, in the rider's hands" in Chromium against the real server: a rider with a trip and
 * waypoints (imported on the phone), a trip plan, a campground review and an approved trail
 * submission downloads their data on the phone at 390 px, and the ZIP holds a JSON file per
 * collection and the trip as GPX, which the app's own importer reads back. The phone goes
 * offline; on a second device the rider deletes the account. Back online, the phone is signed
 * out with none of the rider's data left, and the server keeps only the public trail the
 * submission became, without the rider's name.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  riderTrailId,
  unreviewed,
  type TrailSubmissionData,
} from '../../schemas/trail-submissions.ts';
import type { Trail } from '../../schemas/trails.ts';
import {
  promotionPath,
  replicationBasePath,
  type PromotionResponse,
} from '../../schemas/sync-protocol.ts';
import { makeTripPlan } from '../integration/sync/sync-fixtures.ts';
import { apiSignIn, registerRider, signIn } from './accounts.ts';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import { e2eAccounts } from './server.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

const gpxFile = fileURLToPath(new URL('../fixtures/gpx/garmin-etrex.gpx', import.meta.url));
// Not the campground tests/e2e/campgrounds.test.ts reviews: its second profile expects one review.
const campgroundId = 'woolum-campground';

async function api(
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: object,
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function push(token: string, collection: string, documents: object[]): Promise<void> {
  const answer = await api('POST', `${replicationBasePath(collection as 'trips')}/push`, token, {
    rows: documents.map((document) => ({ newDocumentState: { ...document, _deleted: false } })),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/**
 * What the rider made on another device before: a plan, a review of Bear Creek Lake and a trail
 * submission an admin approved. Returns the public trail's id and the plan's name.
 */
async function riderHistory(rider: { id: string; token: string }, username: string) {
  const minted = (await (
    await api('POST', promotionPath, rider.token, {
      collection: 'tripPlans',
      tempIds: ['temp-your-data-plan'],
    })
  ).json()) as PromotionResponse;
  const planName = `Ouachita weekend of ${username}`;
  await push(rider.token, 'tripPlans', [
    makeTripPlan(minted.promotions[0]!.id, { userId: rider.id, name: planName }),
  ]);
  const now = Date.now();
  await push(rider.token, 'campgroundReviews', [
    {
      id: `${rider.id}:${campgroundId}`,
      userId: rider.id,
      campgroundId,
      overall: 4,
      cleanliness: 4,
      facilities: 3,
      location: 5,
      value: 4,
      text: 'Quiet sites by the lake.',
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    },
  ]);
  const submissionId = `cave-creek-${now.toString(36)}`;
  const data: TrailSubmissionData = {
    submissionId,
    name: 'Cave Creek bench',
    activities: ['atv'],
    difficulty: 'moderate',
    season: { yearRound: true, openFrom: null, openUntil: null },
    notes: 'Gate at the county road.',
    origin: 'drawn',
    line: Array.from({ length: 12 }, (_, index) => [
      Math.round((-93.2 + index * 0.0005) * 1e6) / 1e6,
      Math.round((36.0 + Math.sin(index / 6) * 0.002) * 1e6) / 1e6,
    ]),
    lengthMiles: 0.4,
    submittedAt: now,
    review: unreviewed,
  };
  const submission = {
    id: `${rider.id}:trailSubmission:${submissionId}`,
    userId: rider.id,
    kind: 'trailSubmission',
    data,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  };
  await push(rider.token, 'records', [submission]);
  const admin = await apiSignIn(baseUrl, e2eAccounts.admin);
  const approved = await api(
    'POST',
    `/api/admin/trail-submissions/${encodeURIComponent(submission.id)}/review`,
    admin.token,
    { decision: 'approve' },
  );
  expect(approved.status, await approved.clone().text()).toBe(200);
  return { trailId: riderTrailId(submissionId), planName };
}

describe('your data in Chromium', () => {
  it('downloads a rider’s data as a ZIP whose GPX re-imports, and a deletion elsewhere clears the offline phone', async () => {
    const account = await registerRider(baseUrl, 'your-data');
    const rider = await apiSignIn(baseUrl, account);
    const { trailId, planName } = await riderHistory(rider, account.username);
    const trailBefore = (await (await fetch(`${baseUrl}/api/trails/${trailId}`)).json()) as Trail;
    expect(JSON.stringify(trailBefore)).toContain(account.username);

    // The phone: signed in, the GPX (a track and a waypoint) imported, everything synced.
    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    await signIn(phone.page, baseUrl, account);
    await waitForOfflineReady(phone.page);
    await phone.page.goto(`${baseUrl}/record`);
    await phone.page.getByLabel('Import GPX file').setInputFiles(gpxFile);
    await phone.page.getByText('Imported track').first().waitFor();
    const tripName = await phone.page.getByRole('heading', { level: 1 }).innerText();
    await phone.page.goto(`${baseUrl}/profile`);
    await phone.page.locator('#sync').getByText('All synced').first().waitFor({ timeout: 60_000 });

    // Download my data, offline: the archive is made on the phone.
    await phone.context.setOffline(true);
    const card = phone.page.getByRole('region', { name: 'Download my data' });
    await card.getByRole('button', { name: 'Download my data' }).click();
    const saveLink = card.getByRole('link', { name: /^Save natural-state-trails-data-/ });
    await saveLink.waitFor({ timeout: 60_000 });
    await saveScreenshot(phone.page, 'your-data-download-phone');
    const [download] = await Promise.all([phone.page.waitForEvent('download'), saveLink.click()]);
    expect(download.suggestedFilename()).toMatch(
      /^natural-state-trails-data-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const files = unzipSync(readFileSync((await download.path())!));
    const json = <T>(name: string) => JSON.parse(strFromU8(files[name]!)) as T[];
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'trips.json', 'trackChunks.json', 'waypoints.json']),
    );
    expect(json<{ name: string }>('trips.json').map((trip) => trip.name)).toContain(tripName);
    expect(json<{ name: string }>('tripPlans.json').map((plan) => plan.name)).toEqual([planName]);
    expect(json<{ campgroundId: string }>('campgroundReviews.json')).toEqual([
      expect.objectContaining({ campgroundId, text: 'Quiet sites by the lake.' }),
    ]);
    expect(json<{ name: string }>('waypoints.json').map((waypoint) => waypoint.name)).toContain(
      '001',
    );
    expect(
      json<{ kind: string; data: { name?: string } }>('records.json').find(
        (record) => record.kind === 'trailSubmission',
      )?.data.name,
    ).toBe('Cave Creek bench');
    const gpxNames = Object.keys(files).filter((name) => name.startsWith('gpx/'));
    expect(gpxNames).toHaveLength(1);

    // On a second device, the rider deletes the account while the phone has no signal.
    const laptop = await openBrowser(viewports.desktop);
    sessions.push(laptop);
    await signIn(laptop.page, baseUrl, account);
    await laptop.page.goto(`${baseUrl}/profile`);
    await laptop.page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = laptop.page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await laptop.page
      .getByText('Your account was deleted. Nothing of it is left on this device.')
      .waitFor({ timeout: 30_000 });

    // The server keeps the public trail, without the rider's name, and nothing else of theirs.
    const trailAfter = (await (await fetch(`${baseUrl}/api/trails/${trailId}`)).json()) as Trail;
    expect(trailAfter.path).toEqual(trailBefore.path);
    expect(JSON.stringify(trailAfter)).not.toContain(account.username);
    const stale = await api('GET', `${replicationBasePath('trips')}/pull`, rider.token);
    expect(stale.status).toBe(410);
    expect(
      (
        await fetch(`${baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
        })
      ).status,
    ).toBe(401);

    // Back online, the phone learns of it at its next contact: signed out, nothing left.
    await phone.context.setOffline(false);
    await phone.page
      .getByText('Your account was deleted. Nothing of it is left on this device.')
      .waitFor({ timeout: 60_000 });
    await phone.page.goto(`${baseUrl}/profile`);
    await phone.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await phone.page.goto(`${baseUrl}/record`);
    await phone.page.getByText(/^No trips yet/).waitFor();
    await saveScreenshot(phone.page, 'your-data-deleted-phone');

    // The archive's GPX goes back in through the app's own importer, signed out.
    const gpxName = gpxNames[0]!;
    await phone.page.getByLabel('Import GPX file').setInputFiles({
      name: gpxName.slice('gpx/'.length),
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from(files[gpxName]!),
    });
    await phone.page.getByText('Imported track').first().waitFor();
    expect(await phone.page.getByRole('heading', { level: 1 }).innerText()).toBe(tripName);
  });
});
