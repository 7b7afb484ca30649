/**
 * Trail reports from the field in Chromium against the real server, at 390 px: a rider with no
 * signal reports Mill Creek closed with two photos; the report shows at once as waiting to send
 * with its photos, and once back online it and its photos reach the server. A second rider who
 * saved the trail is told, and sees the trail marked closed with the report and its thumbnails.
 * An admin hides one photo: after their next sync neither phone shows it, and the server no
 * longer serves it.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { photoUrl } from '../../schemas/photos.ts';
import { replicationBasePath } from '../../schemas/sync-protocol.ts';
import type { TrailReport } from '../../schemas/trail-reports.ts';
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

const trailId = 'mill-creek-ohv-trail';
const trailPage = `${baseUrl}/map/${trailId}`;

/** A camera-sized JPEG drawn in the page (each `hue` a different picture, so a different hash). */
async function cameraJpeg(page: Page, hue: number): Promise<Buffer> {
  const bytes = await page.evaluate(async (shade) => {
    const canvas = new OffscreenCanvas(1200, 900);
    const context = canvas.getContext('2d')!;
    context.fillStyle = `hsl(${shade} 60% 45%)`;
    context.fillRect(0, 0, 1200, 900);
    context.fillStyle = '#fff';
    context.fillRect(200 + shade, 300, 400, 200);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, hue);
  return Buffer.from(bytes);
}

/** The server's copy of the trail's reports, as a visitor pulls them. */
async function serverReports(): Promise<TrailReport[]> {
  const answer = await fetch(`${baseUrl}${replicationBasePath('trailReports')}/pull?limit=500`);
  const body = (await answer.json()) as { documents: TrailReport[] };
  return body.documents.filter((report) => report.trailId === trailId);
}

/** The report list of the trail page's "Rider reports" section. */
const reportList = (page: Page) => page.getByRole('listitem', { name: 'Closed report' });

describe('trail reports in Chromium', () => {
  it('files a Closed report with two photos offline, sends it, tells a saver, and hides a photo', async () => {
    const reporter = await registerRider(baseUrl, 'reporter');
    const saver = await registerRider(baseUrl, 'saver');

    // The second rider saved Mill Creek earlier.
    const other = await openBrowser(viewports.phone);
    sessions.push(other);
    await signIn(other.page, baseUrl, saver);
    await other.page.goto(trailPage);
    await other.page.getByRole('button', { name: 'Save trail' }).first().click();
    await other.page.getByText('Saved', { exact: true }).first().waitFor();

    // The reporter, at the trail with no signal.
    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const { page, context } = phone;
    await signIn(page, baseUrl, reporter);
    await waitForOfflineReady(page);
    await page.goto(trailPage);
    await page.getByRole('heading', { name: 'Mill Creek OHV Trail', level: 1 }).waitFor();
    const photos = [await cameraJpeg(page, 20), await cameraJpeg(page, 200)];
    await context.setOffline(true);

    await page.getByRole('button', { name: 'Report conditions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report conditions' });
    // react-aria keeps the radio input visually hidden under its label.
    await dialog.getByRole('radio', { name: 'Closed' }).check({ force: true });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose photos' }).click();
    await (
      await chooser
    ).setFiles(
      photos.map((buffer, index) => ({
        name: `IMG_00${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer,
      })),
    );
    await dialog.getByRole('button', { name: 'Remove photo 2' }).waitFor();
    await dialog.getByLabel('Note').fill('Gate locked at the county road.');
    await saveScreenshot(page, 'trail-report-form-phone');
    await dialog.getByRole('button', { name: 'File report' }).click();

    const mine = reportList(page);
    await mine.getByText('Waiting to send').waitFor();
    await expect.poll(() => mine.locator('img.report-photos__thumbnail').count()).toBe(2);
    await saveScreenshot(page, 'trail-report-waiting-phone');
    expect(await serverReports()).toEqual([]);

    // Back online: the report and both photos (and thumbnails) reach the server, once.
    await context.setOffline(false);
    await mine.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 60_000 });
    let stored: TrailReport[] = [];
    await expect
      .poll(async () => (stored = await serverReports()).length, { timeout: 30_000 })
      .toBe(1);
    const [report] = stored;
    expect(report!.status).toBe('closed');
    expect(report!.id.startsWith('temp-')).toBe(false);
    expect(report!.photos).toHaveLength(2);
    for (const photo of report!.photos) {
      await expect
        .poll(async () => (await fetch(`${baseUrl}${photoUrl(photo.hash)}`)).status, {
          timeout: 30_000,
        })
        .toBe(200);
    }

    // The rider who saved the trail is told, and sees it marked closed with the photos.
    await other.page.goto(trailPage);
    const theirs = reportList(other.page);
    await expect
      .poll(() => theirs.locator('img.report-photos__thumbnail').count(), { timeout: 60_000 })
      .toBe(2);
    await other.page
      .getByText(/^Closed now \(rider report/)
      .first()
      .waitFor();
    await saveScreenshot(other.page, 'trail-report-second-rider-phone');
    await other.page.goto(`${baseUrl}/notification-center`);
    await other.page.getByText('Mill Creek OHV Trail: Closed (rider report)').first().waitFor();

    // An admin hides the first photo: the server stops serving it, and each phone drops it at
    // its next sync (a fresh load of the page syncs).
    const admin = await apiSignIn(baseUrl, e2eAccounts.admin);
    const [hiddenPhoto] = report!.photos;
    const hidden = await fetch(
      `${baseUrl}/api/admin/trail-reports/${encodeURIComponent(report!.id)}/photos/${hiddenPhoto!.hash}/hidden`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ hidden: true }),
      },
    );
    expect(hidden.status, await hidden.clone().text()).toBe(200);
    expect((await fetch(`${baseUrl}${photoUrl(hiddenPhoto!.hash)}`)).status).toBe(404);
    for (const device of [other.page, page]) {
      await device.goto(trailPage);
      await expect
        .poll(() => reportList(device).locator('img.report-photos__thumbnail').count(), {
          timeout: 60_000,
        })
        .toBe(1);
    }
  });
});
