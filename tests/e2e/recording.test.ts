/**
 * Trip recording end to end in Chromium with the geolocation override moving along a real line
 * (Petit Jean State Park trailheads from data/places/trails.geojson): with the network off,
 * record two simulated minutes (120 fixes), reload mid-way, resume the same trip, stop, see the
 * statistics, export the GPX (a real download) and import it again.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { FLUSH_EVERY_POINTS } from '../../src/db/trips/track-writer.ts';
import { positionAlong, prepareRoute } from '../../src/lib/geo/route-geometry.ts';
import { trailheadRoute } from '../unit/recording/gps-walk.ts';
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
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

const route = prepareRoute(trailheadRoute());
/** 3 m per fix at 1 fix a second of simulated GPS time: a walk of 3 m/s. */
const metresPerFix = 3;

async function moveAlong(
  context: BrowserSession['context'],
  page: BrowserSession['page'],
  fromFix: number,
  toFix: number,
) {
  for (let fix = fromFix; fix < toFix; fix += 1) {
    const [longitude, latitude] = positionAlong(route, fix * metresPerFix);
    await moveDevice(context, page, longitude, latitude);
  }
}

describe('trip recording in Chromium', () => {
  it('records offline across a reload, resumes, saves, exports and re-imports the GPX', async () => {
    session = await openBrowser(viewports.phone);
    const { context, page } = session;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await observeGeolocation(context, { fixIntervalMs: 1000 });
    const [startLongitude, startLatitude] = positionAlong(route, 0);
    await context.setGeolocation({
      longitude: startLongitude,
      latitude: startLatitude,
      accuracy: 5,
    });

    await page.goto(`${baseUrl}/record`);
    await page.getByRole('heading', { name: 'Record a trip' }).waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await saveScreenshot(page, 'record-idle-phone-offline');

    await page.getByLabel('Trip name (optional)').fill('Petit Jean test ride');
    await page.getByRole('button', { name: 'Start recording' }).click();
    // 60 points: the recorder stores every 5th point's buffer at once (or after 5 s), so the
    // "crash" below may cost only the points of a write still in flight.
    await moveAlong(context, page, 1, 61);
    await page.getByRole('status').filter({ hasText: 'Recording' }).first().waitFor();
    await saveScreenshot(page, 'record-live-phone-offline');
    await page.reload();

    await page.getByRole('button', { name: 'Resume recording' }).waitFor();
    await expect(page.getByText('Unfinished recording:').isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'record-resume-offer-phone');
    await page.getByRole('button', { name: 'Resume recording' }).click();
    await page.getByRole('button', { name: 'Stop and save' }).waitFor();
    await moveAlong(context, page, 61, 120);
    await page.getByRole('button', { name: 'Stop and save' }).click();
    await page.getByText('Ride saved on this device.').waitFor();
    await page.getByRole('link', { name: 'View trip' }).click();

    await page.getByRole('heading', { name: 'Petit Jean test ride', level: 1 }).waitFor();
    const pointsText = await page
      .locator('.ride-stat', { hasText: 'Track points' })
      .locator('dd')
      .innerText();
    const storedPoints = Number(pointsText.replace(/,/g, ''));
    // 120 fixes sent; the reload may cost what the recorder had not stored yet: the points
    // buffered towards the next write and the write in flight. This test sends fixes as fast as
    // the page takes them, far faster than a 1 Hz receiver, so on a busy machine the write in
    // flight may hold many; what must hold is that the 59 fixes after the resume are all kept,
    // and so is what was written before the reload (at least the first write).
    expect(storedPoints).toBeGreaterThanOrEqual(59 + FLUSH_EVERY_POINTS);
    expect(storedPoints).toBeLessThanOrEqual(120);
    const distanceText = await page
      .locator('.ride-stat', { hasText: 'Distance' })
      .locator('dd')
      .innerText();
    const miles = Number.parseFloat(distanceText);
    // 119 steps of 3 m = 357 m = 0.22 mi along the line; the corner at the rim trailhead cuts a little.
    expect(miles).toBeGreaterThan(0.18);
    expect(miles).toBeLessThan(0.25);
    await expect(page.getByText('Not synced yet').first().isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'trip-detail-phone-offline');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export GPX' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^petit-jean-test-ride-\d{4}-\d{2}-\d{2}\.gpx$/);
    const savedPath = join(mkdtempSync(join(tmpdir(), 'nst-gpx-')), download.suggestedFilename());
    await download.saveAs(savedPath);
    const gpx = readFileSync(savedPath, 'utf8');
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx.match(/<trkpt /g)?.length).toBe(storedPoints);
    expect(gpx.match(/<time>/g)?.length).toBeGreaterThanOrEqual(storedPoints);

    await page.goto(`${baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(savedPath);
    await page.getByText('Imported track').first().waitFor();
    await page.getByRole('heading', { name: 'Petit Jean test ride', level: 1 }).waitFor();
    const importedPoints = await page
      .locator('.ride-stat', { hasText: 'Track points' })
      .locator('dd')
      .innerText();
    expect(Number(importedPoints.replace(/,/g, ''))).toBe(storedPoints);
    await saveScreenshot(page, 'trip-imported-phone-offline');
  });

  it('navigates to a trailhead-only trail offline with distance, bearing and arrival', async () => {
    session = await openBrowser(viewports.desktop);
    const { context, page } = session;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    const [trailheadLongitude, trailheadLatitude] = trailheadRoute(['cedar-falls-trail'])[0]!;
    // Start about 1 km south of the trailhead.
    await context.setGeolocation({
      longitude: trailheadLongitude,
      latitude: trailheadLatitude - 0.009,
      accuracy: 8,
    });
    await page.goto(`${baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Mill Creek OHV Trail' }).first().waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.goto(`${baseUrl}/navigate/cedar-falls-trail`);
    await page.getByText('No trail line published: guiding to the trailhead.').waitFor();
    await page.locator('.ride-stat', { hasText: 'To trailhead' }).waitFor();
    const bearing = await page
      .locator('.ride-stat', { hasText: 'Bearing' })
      .locator('dd')
      .innerText();
    expect(bearing).toMatch(/north/);
    await saveScreenshot(page, 'navigate-trailhead-desktop-offline');
    await context.setGeolocation({
      longitude: trailheadLongitude,
      latitude: trailheadLatitude - 0.0002,
      accuracy: 8,
    });
    await page
      .getByText(/You have arrived at Cedar Falls/)
      .first()
      .waitFor();
  });
});
