/**
 * Trail reports from the field in Chromium against the real server, at 390 px: a rider with no
 * signal reports Mill Creek closed with two photos; the report shows at once as waiting to send
 * with its photos, and once back online it and its photos reach the server. A second rider who
 * saved the trail is told, and sees the trail marked closed on its page (with the report and its
 * thumbnails), on its card in the saved list and on the map (the report's marker; a reported
 * trail with lines, Moccasin Gap, has its lines drawn in the reported style). An admin hides one
 * photo: after their next sync neither phone shows it, and the server no longer serves it. A
 * visitor who never opened the trail downloads the Ozarks map region while online, goes offline,
 * and still sees the report with its remaining thumbnail on the trail's page.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { photoUrl } from '../../schemas/photos.ts';
import { newTempId } from '../../schemas/identity.ts';
import {
  promotionPath,
  replicationBasePath,
  type PromotionResponse,
} from '../../schemas/sync-protocol.ts';
import type { TrailReport } from '../../schemas/trail-reports.ts';
import { overlaySourceId, reportedTrailLineLayerPrefix } from '../../src/map/map-style.ts';
import type { MapContainerElement } from '../../src/map/maplibre-map.tsx';
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

/**
 * Files a Some issues report on the Moccasin Gap system (whose USFS lines are on the phone's
 * statewide map, and which no other browser test draws) as `rider`, through the API as a device
 * does: promotion, then push.
 */
async function fileMoccasinGapReport(rider: { id: string; token: string }): Promise<void> {
  const headers = { authorization: `Bearer ${rider.token}`, 'content-type': 'application/json' };
  const promoted = await fetch(`${baseUrl}${promotionPath}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ collection: 'trailReports', tempIds: [newTempId()] }),
  });
  expect(promoted.status).toBe(200);
  const { id } = ((await promoted.json()) as PromotionResponse).promotions[0]!;
  const now = Date.now();
  const report: TrailReport = {
    id,
    userId: rider.id,
    trailId: 'moccasin-gap-trail',
    // The system's trailhead.
    position: { lon: -93.06878, lat: 35.57387 },
    status: 'some-issues',
    condition: 'muddy',
    observations: [],
    crowding: null,
    expectedReopening: null,
    note: '',
    photos: [],
    observedAt: now,
    confirmations: 0,
    clears: 0,
    flags: 0,
    hidden: false,
    reporterLabel: '',
    createdAt: now,
    updatedAt: now,
  };
  const pushed = await fetch(`${baseUrl}${replicationBasePath('trailReports')}/push`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ rows: [{ newDocumentState: { ...report, _deleted: false } }] }),
  });
  expect(pushed.status).toBe(200);
}

/**
 * What the statewide map of /map drew: the labels of the report markers, and the trail systems
 * whose lines are drawn in a rider-reported status.
 */
function reportsOnMap(page: Page): Promise<{ markers: string[]; reportedSystems: string[] }> {
  return page.evaluate(
    ({ markerLayer, reportedLayer }) => {
      const map = document.querySelector<MapContainerElement>('.map-page .map-canvas')?.maplibreMap;
      if (!map?.getLayer(reportedLayer)) return { markers: [], reportedSystems: [] };
      const features = (layer: string) => map.queryRenderedFeatures({ layers: [layer] });
      return {
        markers: [...new Set(features(markerLayer).map((f) => String(f.properties.label)))],
        reportedSystems: [
          ...new Set(features(reportedLayer).map((f) => String(f.properties.systemId))),
        ],
      };
    },
    {
      markerLayer: `${overlaySourceId}-markers`,
      reportedLayer: `${reportedTrailLineLayerPrefix}statewide`,
    },
  );
}

/** Whether the device's photo store (IndexedDB "nst-photos") holds the image `hash`. */
function photoOnDevice(page: Page, hash: string): Promise<boolean> {
  return page.evaluate(
    (key) =>
      new Promise<boolean>((resolve) => {
        const request = indexedDB.open('nst-photos');
        request.onerror = () => resolve(false);
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('photos')) {
            database.close();
            resolve(false);
            return;
          }
          const read = database.transaction('photos').objectStore('photos').get(key);
          read.onsuccess = () => {
            database.close();
            resolve(read.result !== undefined);
          };
          read.onerror = () => {
            database.close();
            resolve(false);
          };
        };
      }),
    hash,
  );
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
    await expect.poll(() => mine.locator('img.photo-thumbnails__thumbnail').count()).toBe(2);
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
      .poll(() => theirs.locator('img.photo-thumbnails__thumbnail').count(), { timeout: 60_000 })
      .toBe(2);
    await other.page
      .getByText(/^Closed now \(rider report/)
      .first()
      .waitFor();
    await saveScreenshot(other.page, 'trail-report-second-rider-phone');
    await other.page.goto(`${baseUrl}/notification-center`);
    await other.page.getByText('Mill Creek OHV Trail: Closed (rider report)').first().waitFor();
    // Its card in the saved list says it is closed.
    await other.page.goto(`${baseUrl}/saved`);
    await other.page
      .getByRole('article', { name: 'Mill Creek OHV Trail' })
      .getByText(/^Closed now \(rider report/)
      .waitFor();
    // The map shows the report's marker, and draws a reported trail's lines in its status.
    await fileMoccasinGapReport(await apiSignIn(baseUrl, reporter));
    await other.page.goto(`${baseUrl}/map`);
    await other.page.locator('.map-page [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => reportsOnMap(other.page), { timeout: 60_000 })
      .toEqual({
        markers: expect.arrayContaining(['Closed (rider report)', 'Some issues (rider report)']),
        reportedSystems: ['moccasin-gap-trail'],
      });
    await saveScreenshot(other.page, 'trail-report-map-phone');

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
    await page.goto(trailPage);
    await expect
      .poll(() => reportList(page).locator('img.photo-thumbnails__thumbnail').count(), {
        timeout: 60_000,
      })
      .toBe(1);
    // The saver's phone drops it too, even when its page left between RxDB storing the pulled
    // report and storing its bookkeeping (src/db/pull-bookkeeping-repair.ts).
    await other.page.goto(trailPage);
    await expect
      .poll(() => reportList(other.page).locator('img.photo-thumbnails__thumbnail').count(), {
        timeout: 60_000,
      })
      .toBe(1);
    await Promise.all(sessions.splice(0).map((session) => session.close()));

    // A visitor who never opened the trail downloads the Ozarks region while online: the
    // report's visible thumbnail is kept on the device, so the trail page shows it offline.
    const visitor = await openBrowser(viewports.phone);
    sessions.push(visitor);
    await visitor.page.goto(`${baseUrl}/map`);
    await waitForOfflineReady(visitor.page);
    await visitor.page
      .locator('[data-region="statewide"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    await visitor.page.getByRole('button', { name: 'Download Ozarks' }).click();
    await visitor.page
      .locator('[data-region="ozarks"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    const shownPhoto = report!.photos[1]!;
    await expect
      .poll(() => photoOnDevice(visitor.page, shownPhoto.thumbnailHash), { timeout: 30_000 })
      .toBe(true);
    expect(await photoOnDevice(visitor.page, shownPhoto.hash)).toBe(false);
    await visitor.context.setOffline(true);
    await visitor.page.goto(trailPage);
    const offline = reportList(visitor.page);
    await expect
      .poll(() => offline.locator('img.photo-thumbnails__thumbnail').count(), { timeout: 30_000 })
      .toBe(1);
    await visitor.page
      .getByText(/^Closed now \(rider report/)
      .first()
      .waitFor();
    await saveScreenshot(visitor.page, 'trail-report-offline-visitor-phone');
  });
});
