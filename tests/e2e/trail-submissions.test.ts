/**
 * Trail submission and review in Chromium at phone size against the real server, for what needs
 * a real browser: a rider opens the drawing map, goes offline, draws a trail by tapping the map
 * (the map engine kept for offline use) and submits it; back online it is sent; the admin
 * approves it on /admin/trail-review with the line on the map; a second profile finds the trail
 * and, standing at its start (the browser's geolocation), is guided along its line. The form's
 * messages, the submission's states, the approval toast and the published trail's page are in
 * tests/component/trail-submissions.test.tsx; the sync and the review in
 * tests/integration/sync/trail-submissions.test.ts.
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
  // In the middle of the screen, clear of toasts: one (an achievement just earned, say) shows
  // above the bottom bar, over the lower part of a map at the foot of the screen.
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
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
    await saveScreenshot(page, 'submit-trail-drawn-phone-offline');
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await page
      .getByText(
        `“${trailName}” submitted. Saved on this device. It will be sent when you are online.`,
      )
      .waitFor();
    const mine = page.locator('.submit-trail__item', { hasText: trailName });

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

    // A second profile finds it in search and navigates it along its line.
    const visitor = await open();
    await visitor.context.grantPermissions(['geolocation'], { origin: baseUrl });
    await visitor.page.goto(`${baseUrl}/ai-trails?q=${encodeURIComponent(trailName)}`);
    await visitor.page.getByRole('link', { name: trailName, exact: true }).click();
    await visitor.page.getByRole('heading', { name: trailName, level: 1 }).waitFor();
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
});
