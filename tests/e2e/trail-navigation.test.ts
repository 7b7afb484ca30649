/**
 * Catalogue trails with lines and seasons in Chromium: the trail catalogue the app
 * pulls gets two extra trails made from the real BROCK CREEK #51 line (tests/fixtures/trails),
 * one open year-round as its source says and one given a test season that is closed today.
 * With the network off the rider follows the open one along its line (turn cue and distance
 * remaining), and sees the closed one marked "Closed until …" in search, left out by "Open now",
 * and announced before navigation starts. The Brock Creek system, which has no line of its own,
 * guides to its trailhead and offers the segment. Navigation draws the real map from the
 * downloaded Ozarks region offline, with the line, the rider's arrow above it and follow mode
 * (paused by a drag, resumed by "Follow my position").
 */
import { addDays, format } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Trail } from '../../schemas/trails.ts';
import { positionAlong, prepareRoute } from '../../src/lib/geo/route-geometry.ts';
import { brockCreek51Line, brockCreek51Trail } from '../fixtures/trails/brock-creek-51.ts';
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

const route = prepareRoute(brockCreek51Line);
const lineTrail = brockCreek51Trail();
const today = new Date();
const opensOn = addDays(today, 30);
/** The same line with a made-up season that opens in 30 days: closed today whatever the date. */
const closedTrail = brockCreek51Trail({
  id: 'brock-creek-51-closed-fixture',
  name: 'Brock Creek #51 test closure',
  season: {
    yearRound: false,
    openFrom: format(opensOn, 'MM-dd'),
    openUntil: format(addDays(today, 90), 'MM-dd'),
    source: 'test season, not a real closure',
  },
});

/**
 * Adds the fixture trails to every trails pull the app makes: the browser starts from a profile
 * that already holds the catalogue, so its pulls carry a checkpoint, and a pull answer may
 * repeat a document (the device stores it once).
 */
async function serveFixtureTrails(context: BrowserContext, trails: Trail[]): Promise<void> {
  await context.route(/\/api\/sync\/trails\/v\d+\/pull/, async (request) => {
    const response = await request.fetch();
    const body = (await response.json()) as { documents: Record<string, unknown>[] };
    const stamp = Date.now();
    body.documents.push(
      ...trails.map((trail) => ({ ...trail, updatedAt: stamp, _deleted: false })),
    );
    await request.fulfill({ response, json: body });
  });
}

/**
 * Downloads the statewide map and the Ozarks region (Brock Creek's) on the Offline maps page,
 * which also keeps the map engine for offline use, as a rider does before leaving signal.
 */
async function downloadOzarks(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/map`);
  await page
    .locator('[data-region="statewide"][data-status="downloaded"]')
    .waitFor({ timeout: 60_000 });
  await page.locator('.map-page [data-map-ready="true"]').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Download Ozarks' }).click();
  await page
    .locator('[data-region="ozarks"][data-status="downloaded"]')
    .waitFor({ timeout: 60_000 });
}

async function openOffline(
  trails: Trail[],
  { withMaps = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  session = await openBrowser(viewports.phone);
  const { context, page } = session;
  await context.grantPermissions(['geolocation'], { origin: baseUrl });
  await observeGeolocation(context);
  await serveFixtureTrails(context, trails);
  await page.goto(`${baseUrl}/ai-trails?q=brock`);
  await page.getByRole('heading', { name: trails[0]!.name }).first().waitFor();
  await waitForOfflineReady(page);
  if (withMaps) await downloadOzarks(page);
  await context.setOffline(true);
  return { context, page };
}

/** Whether two boxes share any area. */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

/**
 * The map under navigation, offline: drawn from the downloaded region (no "not downloaded"
 * note), the rider's arrow rendered above the line and kept in the middle by follow mode; a drag
 * pauses follow and shows "Follow my position" (44 px or more), which recentres the map. The
 * guidance card stays clear of the map and the page does not scroll sideways.
 */
async function checkNavigationMap(page: Page): Promise<void> {
  const map = page.locator('.nav-map');
  const canvas = map.locator('.map-canvas');
  await map.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
  await map.locator('canvas.maplibregl-canvas').waitFor();
  await map.locator('[data-rider-drawn="arrow"][data-rider-centred="true"]').waitFor();
  expect(await map.locator('.map-note').count()).toBe(0);
  const guidance = page.getByRole('region', { name: 'Guidance' });
  expect(overlaps((await guidance.boundingBox())!, (await map.boundingBox())!)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await map.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'navigate-map-following-phone-offline');

  const follow = page.getByRole('button', { name: 'Follow my position' });
  expect(await follow.count()).toBe(0);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Up and right: the lower part of the map may sit under a toast (an achievement just earned),
  // which would take the pointer.
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 - 80, { steps: 8 });
  await page.mouse.up();
  await follow.waitFor();
  await map.locator('[data-rider-centred="false"]').waitFor();
  const button = (await follow.boundingBox())!;
  expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(44);
  expect(overlaps((await guidance.boundingBox())!, button)).toBe(false);
  await saveScreenshot(page, 'navigate-map-follow-paused-phone-offline');
  await follow.click();
  await map.locator('[data-rider-centred="true"]').waitFor();
  expect(await follow.count()).toBe(0);
}

async function statValue(page: Page, label: string): Promise<string> {
  return (await page.locator('.ride-stat', { hasText: label }).locator('dd').textContent()) ?? '';
}

describe('trail lines and seasons in Chromium', () => {
  it('navigates a trail along its line offline with the next cue and distance remaining', async () => {
    const { context, page } = await openOffline([lineTrail], { withMaps: true });
    const moveTo = async (metres: number) => {
      const [longitude, latitude] = positionAlong(route, metres);
      await moveDevice(context, page, longitude, latitude);
    };
    const [startLongitude, startLatitude] = positionAlong(route, 0);
    await context.setGeolocation({
      longitude: startLongitude,
      latitude: startLatitude,
      accuracy: 5,
    });
    await page.goto(`${baseUrl}/navigate/${lineTrail.id}`);
    await page.getByRole('heading', { name: 'Brock Creek #51', exact: true }).waitFor();
    await page.locator('.ride-stat', { hasText: 'Remaining' }).waitFor();
    const startRemaining = parseFloat(await statValue(page, 'Remaining'));
    expect(startRemaining).toBeGreaterThan(2);

    for (let metres = 40; metres <= 320; metres += 40) await moveTo(metres);
    await expect.poll(() => statValue(page, 'Next cue')).toMatch(/^slight left in \d+ feet$/);
    const laterRemaining = parseFloat(await statValue(page, 'Remaining'));
    expect(laterRemaining).toBeLessThan(startRemaining - 0.15);
    await expect(page.getByText('No trail line published').count()).resolves.toBe(0);
    await saveScreenshot(page, 'navigate-trail-line-phone-offline');
    await checkNavigationMap(page);

    // The Brock Creek system point has no line of its own: trailhead guidance, and its segment.
    await page.goto(`${baseUrl}/navigate/brock-creek-ohv-trail`);
    await page.getByText('No trail line published: guiding to the trailhead.').waitFor();
    // The fixture is named as published; the imported segment's name adds its trail number.
    await page.getByRole('link', { name: 'Navigate Brock Creek #51', exact: true }).click();
    await page.waitForURL(new RegExp(`/navigate/${lineTrail.id}$`));
    await page.locator('.ride-stat', { hasText: 'Next cue' }).waitFor();
  });

  it('marks a trail closed today in search and warns before navigation starts', async () => {
    const { page } = await openOffline([closedTrail, lineTrail]);
    const closedLabel = `Closed until ${format(opensOn, 'MMMM d')}`;
    await page.reload();
    const closedCard = page.locator('article', { hasText: closedTrail.name });
    await closedCard.getByText(closedLabel).waitFor();
    await page
      .locator('article', { hasText: 'Brock Creek #51' })
      .getByText('Open year-round')
      .first()
      .waitFor();
    await closedCard.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'search-closed-trail-phone-offline');

    const openNow = page.getByRole('button', { name: 'Open now' });
    await openNow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => openNow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => closedCard.count()).toBe(0);
    await page.getByRole('heading', { name: lineTrail.name, exact: true }).waitFor();

    await page.goto(`${baseUrl}/navigate/${closedTrail.id}`);
    const warning = page.getByRole('alertdialog');
    await warning
      .getByText(
        `${closedTrail.name} is closed until ${format(opensOn, 'MMMM d')} (test season, not a real closure).`,
      )
      .waitFor();
    await expect(page.locator('.ride-stat').count()).resolves.toBe(0);
    await saveScreenshot(page, 'navigate-closed-warning-phone-offline');
    await warning.getByRole('button', { name: 'Go on anyway' }).click();
    await page
      .locator('.ride-card', { hasText: 'Waiting for a GPS fix' })
      .or(page.locator('.ride-stat', { hasText: 'Remaining' }))
      .first()
      .waitFor();

    await page.goto(`${baseUrl}/navigate/${closedTrail.id}`);
    await page.getByRole('link', { name: 'Go back' }).click();
    await page.waitForURL(new RegExp(`/map/${closedTrail.id}$`));
    await page.getByText(closedLabel).first().waitFor();
    await saveScreenshot(page, 'trail-page-closed-phone-offline');
  });
});
