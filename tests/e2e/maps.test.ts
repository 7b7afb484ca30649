/**
 * Offline maps end to end (issue 5) in Chromium with real WebGL: download the Ozarks region,
 * turn the network off, reload /map/{an Ozarks trail}, and check that the canvas drew the map
 * (non-background pixels, the trail's difficulty colour at the trailhead), that no tile or
 * archive request left the page, and that tapping the trail opens its card.
 */
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { overlayTrackLayerId, palettes } from '../../src/map/map-style.ts';
import type { MapContainerElement } from '../../src/map/maplibre-map.tsx';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';

/** An Ozarks trail of data/places/trails.geojson (difficulty "hard"). */
const ozarksTrail = { id: 'mill-creek-ohv-trail', name: 'Mill Creek OHV Trail' };

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(viewports.phone);
});

afterAll(async () => {
  await session?.close();
});

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/**
 * Pixel statistics of the map canvas from a screenshot (WebGL buffers are not readable after
 * the frame): share of pixels that differ from the background, and whether `color` appears
 * within `radius` px of the canvas centre.
 */
async function canvasPixels(
  page: Page,
  selector: string,
  background: string,
  color: string,
): Promise<{ nonBackgroundShare: number; colorNearCentre: number }> {
  const canvas = page.locator(`${selector} canvas.maplibregl-canvas`);
  const png = (await canvas.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, background, color }) => {
      // No fetch of a data: URL: the context is offline and Chromium refuses it then.
      const binary = atob(png);
      const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const near = (i: number, rgb: number[], tolerance: number) =>
        Math.abs(data[i]! - rgb[0]!) <= tolerance &&
        Math.abs(data[i + 1]! - rgb[1]!) <= tolerance &&
        Math.abs(data[i + 2]! - rgb[2]!) <= tolerance;
      let different = 0;
      let colorHits = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (!near(i, background, 6)) different++;
          if (Math.hypot(x - width / 2, y - height / 2) < 30 && near(i, color, 24)) colorHits++;
        }
      }
      return { nonBackgroundShare: different / (width * height), colorNearCentre: colorHits };
    },
    { png, background: hexToRgb(background), color: hexToRgb(color) },
  );
}

/**
 * Where on the map canvas a trail line is drawn: the `line`-coloured pixel with the most
 * line-coloured neighbours that lies at least `clearance` px from every pixel of `avoid` (the
 * trailhead circles, so a click there hits the line, not a point). Also the count of line pixels.
 */
async function linePixel(
  page: Page,
  selector: string,
  line: string,
  avoid: string,
  clearance = 40,
): Promise<{ linePixels: number; x: number; y: number } | null> {
  const canvas = page.locator(`${selector} canvas.maplibregl-canvas`);
  const png = (await canvas.screenshot()).toString('base64');
  const box = (await canvas.boundingBox())!;
  return page.evaluate(
    async ({ png, line, avoid, clearance, box }) => {
      const binary = atob(png);
      const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const near = (i: number, rgb: number[]) =>
        Math.abs(data[i]! - rgb[0]!) <= 24 &&
        Math.abs(data[i + 1]! - rgb[1]!) <= 24 &&
        Math.abs(data[i + 2]! - rgb[2]!) <= 24;
      const lines: [number, number][] = [];
      const points: [number, number][] = [];
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (near(i, line)) lines.push([x, y]);
          else if (near(i, avoid)) points.push([x, y]);
        }
      }
      const onLine = new Set(lines.map(([x, y]) => y * width + x));
      let best: { score: number; x: number; y: number } | null = null;
      // Stay off the edges, where the attribution button and the zoom controls sit.
      for (const [x, y] of lines) {
        if (x < 50 || y < 50 || x > width - 50 || y > height - 50) continue;
        if (points.some(([px, py]) => Math.hypot(px - x, py - y) < clearance)) continue;
        let score = 0;
        for (let dy = -3; dy <= 3; dy++) {
          for (let dx = -3; dx <= 3; dx++) if (onLine.has((y + dy) * width + x + dx)) score++;
        }
        if (!best || score > best.score) best = { score, x, y };
      }
      if (!best) return null;
      // Screenshot pixels are device pixels; the click needs CSS pixels of the page.
      const scale = width / box.width;
      return { linePixels: lines.length, x: box.x + best.x / scale, y: box.y + best.y / scale };
    },
    { png, line: hexToRgb(line), avoid: hexToRgb(avoid), clearance, box },
  );
}

/** The GPX fixture: a ride near Petit Jean, drawn from real trailhead points. */
const gpxFixture = new URL('../fixtures/gpx/garmin-etrex.gpx', import.meta.url).pathname;

/**
 * Ids of the rider's tracks MapLibre drew in the map under `selector` (queryRenderedFeatures on
 * the overlay's track layer, over the visible map); [] before the map or the layer exists.
 */
function renderedTrackIds(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    ({ selector, layer }) => {
      const container = document.querySelector<MapContainerElement>(`${selector} .map-canvas`);
      const map = container?.maplibreMap;
      if (!map?.getLayer(layer)) return [];
      const features = map.queryRenderedFeatures({ layers: [layer] });
      return [...new Set(features.map((feature) => String(feature.properties.id)))];
    },
    { selector, layer: overlayTrackLayerId },
  );
}

describe('offline maps', () => {
  it('downloads the Ozarks, then renders /map/{trail} offline from the stored archive', async () => {
    const { page, context } = session;
    await page.goto(`${baseUrl}/`);
    await waitForOfflineReady(page);

    await page.goto(`${baseUrl}/map`);
    // The statewide archive downloads on its own, before any region.
    await page
      .locator('[data-region="statewide"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    await page.locator('.map-page [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    const ozarks = page.locator('[data-region="ozarks"]');
    await expect(ozarks.getByText('Not downloaded')).toBeTruthy();
    await page.getByRole('button', { name: 'Download Ozarks' }).click();
    await page
      .locator('[data-region="ozarks"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    await saveScreenshot(page, 'maps-panel-downloaded');

    // Visit the trail page once online so its route chunk is in the service worker cache.
    await page.goto(`${baseUrl}/map/${ozarksTrail.id}`);
    await page.locator('.trail-map [data-map-ready="true"]').waitFor({ timeout: 60_000 });

    const leftThePage: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/tiles/') || url.pathname.startsWith('/api/map-regions')) {
        leftThePage.push(request.url());
      }
    });
    await context.setOffline(true);
    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: ozarksTrail.name })
      .waitFor({ timeout: 30_000 });
    await page.locator('.trail-map [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    // Any late tile fetch has started (and been counted) once the network is quiet.
    await page.waitForLoadState('networkidle');

    const variant = (await page
      .locator('.trail-map .map-canvas')
      .getAttribute('data-map-variant')) as 'light' | 'dark' | 'high-contrast';
    const palette = palettes[variant];
    const pixels = await canvasPixels(
      page,
      '.trail-map',
      palette.background,
      palette.difficulty.hard,
    );
    await page.locator('.trail-map').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'maps-trail-offline');

    expect(leftThePage).toEqual([]);
    expect(pixels.nonBackgroundShare).toBeGreaterThan(0.5);
    expect(pixels.colorNearCentre).toBeGreaterThan(20);
    // The trail sits in a downloaded region: no "region not downloaded" note.
    expect(await page.locator('.trail-map .map-note').count()).toBe(0);

    // Tap the trailhead (the map is centred on it): its card opens.
    const box = (await page.locator('.trail-map canvas.maplibregl-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const card = page.locator('.map-feature-card');
    await card.getByRole('heading', { name: ozarksTrail.name }).waitFor({ timeout: 10_000 });
    expect(await card.getByText('Hard').count()).toBeGreaterThan(0);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'maps-trail-card-offline');

    // Outside the downloaded regions the statewide map still shows, with a clear note.
    await page.goto(`${baseUrl}/map`).catch(() => {});
    await page.locator('.map-page [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    expect(leftThePage).toEqual([]);
    await context.setOffline(false);
  });

  // Runs after the test above, on the same device: the Ozarks region is downloaded there.
  it('draws the Brock Creek trail lines offline, and a tapped line opens its trail', async () => {
    const { page, context } = session;
    const system = { id: 'brock-creek-ohv-trail', name: 'Brock Creek OHV Trails (Jerusalem area)' };
    await page.goto(`${baseUrl}/map/${system.id}`);
    await page.locator('.trail-map [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: system.name }).waitFor({ timeout: 30_000 });
    await page.locator('.trail-map [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');

    const variant = (await page
      .locator('.trail-map .map-canvas')
      .getAttribute('data-map-variant')) as 'light' | 'dark' | 'high-contrast';
    const palette = palettes[variant];
    const target = await linePixel(
      page,
      '.trail-map',
      palette.trailLine,
      palette.difficulty.unknown,
    );
    await page.locator('.trail-map').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'maps-brock-creek-lines-offline');
    // The 23 lines of the system fill the map fitted to them.
    expect(target).not.toBeNull();
    expect(target!.linePixels).toBeGreaterThan(2000);
    const list = page.getByRole('region', { name: 'Trails of this system' });
    expect(
      await list.getByRole('list', { name: 'Trail lines' }).getByRole('listitem').count(),
    ).toBe(23);
    expect(await list.getByText(/^23 USFS trail lines/).count()).toBe(1);
    // The system's exact USFS trailheads are listed apart from its lines.
    await list
      .getByRole('list', { name: 'Trailheads' })
      .getByRole('link', { name: 'Austin Trailhead (Brock Creek OHV)' })
      .waitFor();

    // Tap the line: its card names a Brock Creek trail and opens that trail's page.
    await page.mouse.click(target!.x, target!.y);
    const card = page.locator('.map-feature-card');
    const heading = card.getByRole('heading', { name: /^Brock Creek #\d+ \(trail \d+\)$/ });
    await heading.waitFor({ timeout: 10_000 });
    const lineName = (await heading.textContent())!;
    expect(await card.getByText('Open to').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'maps-brock-creek-line-card-offline');
    await card.getByRole('link', { name: 'Open trail page' }).click();
    await page.getByRole('heading', { level: 1, name: lineName }).waitFor({ timeout: 30_000 });
    const section = page.getByRole('region', { name: 'Trail line' });
    expect(await section.getByText('Elevation not published for this line.').count()).toBe(1);
    expect(await section.getByText('June 8, 2021').count()).toBe(1);
    expect(await section.getByText(/^\d+(\.\d)? mi$/).count()).toBe(1);
    await page.locator('.trail-map [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'maps-brock-creek-segment-offline');
    await context.setOffline(false);
  });

  it('draws an imported GPX track on its trip page and on /map, where My tracks clears it', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/record`);
    await page.getByLabel('Import GPX file').setInputFiles(gpxFixture);
    await page.waitForURL(/\/trips\//, { timeout: 30_000 });
    const tripId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    await page.locator('.trip-map [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => renderedTrackIds(page, '.trip-map')).toEqual([`track:${tripId}`]);
    await page.locator('.trip-map').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'maps-trip-track');

    await page.goto(`${baseUrl}/map`);
    await page.locator('.map-page [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => renderedTrackIds(page, '.map-page')).toContain(`track:${tripId}`);
    await saveScreenshot(page, 'maps-my-tracks');

    await page.locator('.my-tracks__switch').click();
    await expect.poll(() => renderedTrackIds(page, '.map-page')).toEqual([]);
    expect(await page.getByRole('switch', { name: /My tracks/ }).isChecked()).toBe(false);
  });
});
