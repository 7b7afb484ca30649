/**
 * Trail submission and review (issue 17) in Chromium at phone size against the real server: a
 * rider opens the drawing map, goes offline, draws a trail by tapping the map on /submit-trail and submits it ("Saved
 * on this device…"); back online it is sent; the admin approves it on /admin/trail-review with
 * the line on the map; the rider sees it approved with a toast; a second profile finds the trail
 * in search, sees the rider credited and opens its navigation along the line.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';
import type { Trail } from '../../schemas/trails.ts';
import { registerRider, signIn } from './accounts.ts';
import { e2eAccounts } from './server.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function open(): Promise<BrowserSession> {
  const session = await openBrowser(viewports.phone);
  sessions.push(session);
  return session;
}

/** Selects a radio or checkbox from the keyboard (react-aria keeps the input visually hidden). */
async function choose(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => control.isChecked()).toBe(true);
}

/** Taps the drawing map at offsets (CSS px) from its centre, waiting for each point to count. */
async function tapPoints(page: Page, offsets: [number, number][]): Promise<void> {
  const map = page.locator('.submit-trail__map .map-canvas');
  await map.waitFor();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  for (const [index, [dx, dy]] of offsets.entries()) {
    await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
    await page.getByText(new RegExp(`^${index + 1} points?`)).waitFor();
  }
}

describe('trail submissions', () => {
  it('submits a drawn trail offline, an admin approves it, a second rider navigates it', async () => {
    const trailName = `Bench Loop ${Date.now().toString(36)}`;
    const rider = await registerRider(baseUrl, 'submit');
    const { page, context } = await open();
    await signIn(page, baseUrl, rider);
    await page.goto(`${baseUrl}/submit-trail`);
    await page.getByRole('heading', { name: 'Submit a Trail', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Submit a trail' });
    // The map engine is kept for offline use once it has been opened with a connection.
    await choose(page, form.getByRole('radio', { name: 'Draw it on the map' }));
    await page.locator('.submit-trail__map [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.getByText('You are offline. You can still submit').waitFor();

    // Submitting with nothing filled in shows what is missing.
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await form.getByText('Choose a trip or a GPX file, or tap at least two points.').waitFor();
    await form.getByText('Give the trail a name of at least 3 characters.').waitFor();
    await form.getByText('Choose at least one activity.').waitFor();

    await tapPoints(page, [
      [-40, 30],
      [-10, 0],
      [20, -20],
      [60, -30],
    ]);
    await form.getByRole('button', { name: 'Undo last point' }).click();
    await page.getByText(/^3 points, /).waitFor();
    await saveScreenshot(page, 'submit-trail-drawing-map-phone-offline');
    await form.getByLabel('Trail name').fill(trailName);
    await choose(page, form.getByRole('checkbox', { name: 'ATV' }));
    await choose(page, form.getByRole('checkbox', { name: 'UTV' }));
    await choose(page, form.getByRole('radio', { name: 'Moderate' }));
    await choose(page, form.getByRole('radio', { name: 'All year' }));
    await form.getByLabel('Notes (optional)').fill('Gravel bench above the creek.');
    await saveScreenshot(page, 'submit-trail-drawn-phone-offline');
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await page
      .getByText(
        `“${trailName}” submitted. Saved on this device. It will be sent when you are online.`,
      )
      .waitFor();
    const mine = page.locator('.submit-trail__item', { hasText: trailName });
    await mine.getByText('Saved on this device. It will be sent when you are online.').waitFor();

    await context.setOffline(false);
    await mine.getByText('Sent. Waiting for an admin to review it.').waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'submit-trail-sent-phone');

    const admin = await open();
    await signIn(admin.page, baseUrl, e2eAccounts.admin);
    await admin.page.goto(`${baseUrl}/admin/trail-review`);
    await admin.page.getByRole('button', { name: `${trailName} · ${rider.username}` }).click();
    await admin.page.getByRole('heading', { name: trailName, level: 2 }).waitFor();
    await admin.page
      .locator('.trail-review__map [data-map-ready="true"]')
      .waitFor({ timeout: 60_000 });
    const approveForm = admin.page.getByRole('form', { name: 'Edit and approve' });
    await expect(approveForm.getByLabel('Trail name').inputValue()).resolves.toBe(trailName);
    await saveScreenshot(admin.page, 'trail-review-admin-phone');
    await approveForm.getByRole('button', { name: 'Approve and publish' }).click();
    await admin.page.getByText(`${trailName} (${rider.username}): approved`).waitFor();

    // The rider's device pulls the review: status, link and the toast.
    await mine
      .getByText(/^Approved .*: it is in the trail catalogue\./)
      .waitFor({ timeout: 30_000 });
    await page.getByText(`Trail approved: ${trailName}`).first().waitFor();
    await saveScreenshot(page, 'submit-trail-approved-phone');

    // A second profile finds it in search and navigates it along its line.
    const visitor = await open();
    await visitor.context.grantPermissions(['geolocation'], { origin: baseUrl });
    await visitor.page.goto(`${baseUrl}/ai-trails?q=${encodeURIComponent(trailName)}`);
    await visitor.page.getByRole('link', { name: trailName, exact: true }).click();
    await visitor.page.getByRole('heading', { name: trailName, level: 1 }).waitFor();
    await visitor.page
      .getByText(`rider submission, reviewed: submitted by ${rider.username}`, { exact: false })
      .first()
      .waitFor();
    await visitor.page.getByRole('link', { name: 'Navigate' }).click();
    await visitor.page.waitForURL(/\/navigate\/rider-submission-/);
    await visitor.page.getByRole('heading', { name: trailName, exact: true }).waitFor();
    // Standing at the start of the submitted line, the rider is guided along it.
    const trailId = new URL(visitor.page.url()).pathname.split('/').at(-1)!;
    const trail = (await (await fetch(`${baseUrl}/api/trails/${trailId}`)).json()) as Trail;
    expect(trail.sources[0]).toContain(`submitted by ${rider.username}`);
    await visitor.context.setGeolocation({
      longitude: trail.path![0]![0]!,
      latitude: trail.path![0]![1]!,
      accuracy: 5,
    });
    await visitor.page.locator('.ride-stat', { hasText: 'Remaining' }).waitFor();
    await expect(visitor.page.getByText('No trail line published').count()).resolves.toBe(0);
    await saveScreenshot(visitor.page, 'submitted-trail-navigate-phone');
  });

  it('tells a signed-out visitor that submitting needs an account', async () => {
    const { page } = await open();
    await page.goto(`${baseUrl}/submit-trail`);
    await page.getByRole('heading', { name: 'Submitting needs an account' }).waitFor();
    await page.getByRole('link', { name: 'Sign in or create an account' }).waitFor();
  });
});
