/**
 * `npm run bench:maps`: the offline maps' figures, each printed as a ratio against a
 * baseline measured in the same run (never asserted in `npm test`):
 *
 * 1. Archive size, build time and bytes per tile of every region, against the statewide
 *    archive; gzip-compressed bytes per tile against the raw MVT bytes.
 * 2. Time to the first complete map frame of /map/{an Ozarks trail}: offline from the stored
 *    archive against online from the server (pmtiles over HTTP range requests), in one
 *    Chromium run. The app must be built (`npx vite build`) first.
 * 3. The USFS trail lines: each archive's bytes with the `trail_lines` layer against the same
 *    archive built without it, and the first offline frame of Brock Creek's page (its 23 lines
 *    fill the map) with the lines against the same page on archives without them.
 * 4. The labelled default map: the same two figures with the label layers (the 220 towns, county
 *    names, trail-line names) against archives without any of them, a stricter baseline than
 *    the map before labels (which had 17 town labels). Budget: at most 2x the bytes of every
 *    region and 1.2x the first offline frame.
 * Parts 3 and 4 rebuild data/tiles without their layers for a moment and restore it at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { buildTiles } from '../../scripts/tiles/build.ts';
import type { LayerName } from '../../scripts/tiles/map-layers.ts';
import { openBrowser, viewports, waitForOfflineReady } from '../e2e/browser.ts';
import { startServer } from '../e2e/server.ts';

const trailId = 'mill-creek-ohv-trail';

function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}x`;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function firstRenderMs(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const map = page.locator('.trail-map [data-map-ready="true"]');
  await map.waitFor({ timeout: 60_000 });
  return Number(await map.getAttribute('data-first-render-ms'));
}

/** Downloads the statewide map and the Ozarks on a fresh server, then times two offline frames. */
async function offlineFrames(url: string): Promise<[number, number]> {
  const server = await startServer();
  const session = await openBrowser(viewports.phone, { profile: 'fresh' });
  try {
    const { page, context } = session;
    await page.goto(`${server.baseUrl}/`);
    await waitForOfflineReady(page);
    await page.goto(`${server.baseUrl}/map`);
    await page
      .locator('[data-region="statewide"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Download Ozarks' }).click();
    await page
      .locator('[data-region="ozarks"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    // Once online, so the trail page's chunk and the catalogue are on the device.
    await firstRenderMs(page, `${server.baseUrl}${url}`);
    await context.setOffline(true);
    const first = await firstRenderMs(page, `${server.baseUrl}${url}`);
    const again = await firstRenderMs(page, `${server.baseUrl}${url}`);
    await context.setOffline(false);
    return [first, again];
  } finally {
    await session.close();
    await server.stop();
  }
}

/**
 * Parts 3 and 4: archive bytes and offline first frames of Brock Creek's page with `layers`
 * against archives built without them, under `title`.
 */
async function layerFigures(title: string, layers: readonly LayerName[]): Promise<void> {
  const withDir = mkdtempSync(join(tmpdir(), 'nst-bench-with-'));
  const withoutDir = mkdtempSync(join(tmpdir(), 'nst-bench-without-'));
  const withLayers = await buildTiles({ outDir: withDir });
  const withoutLayers = await buildTiles({ outDir: withoutDir, omitLayers: layers });
  rmSync(withDir, { recursive: true, force: true });
  rmSync(withoutDir, { recursive: true, force: true });
  console.log(`${title} (baseline: the same archive without ${layers.join(', ')})`);
  console.log('   region                  with        without     vs without');
  for (const region of withLayers.catalog.regions) {
    const baseline = withoutLayers.catalog.regions.find((other) => other.id === region.id)!;
    console.log(
      `   ${region.name.padEnd(22)}  ${kib(region.bytes).padStart(10)}  ${kib(baseline.bytes).padStart(10)}  ${ratio(region.bytes, baseline.bytes).padStart(8)}`,
    );
  }
  const url = '/map/brock-creek-ohv-trail';
  let without: [number, number];
  try {
    await buildTiles({ omitLayers: layers });
    without = await offlineFrames(url);
  } finally {
    await buildTiles({ onlyIfStale: true });
  }
  const frames = await offlineFrames(url);
  console.log(`   first offline frame of ${url} (Chromium, phone size)`);
  console.log(
    `   with (first / again):     ${frames[0]} / ${frames[1]} ms  → ${ratio(frames[0], without[0])} / ${ratio(frames[1], without[1])} without`,
  );
  console.log(`   without (first / again):  ${without[0]} / ${without[1]} ms`);
}

async function main(): Promise<void> {
  // 1. A fresh build into a temporary folder, so the timings are real.
  const outDir = mkdtempSync(join(tmpdir(), 'nst-bench-tiles-'));
  const started = performance.now();
  const built = await buildTiles({ outDir });
  const totalMs = performance.now() - started;
  rmSync(outDir, { recursive: true, force: true });
  const [statewide] = built.catalog.regions;
  const perTile = (id: string, bytes: number) => bytes / built.tiles.get(id)!.tiles.length;
  console.log('\nNatural State Trails map benchmark (baselines measured in this run)\n');
  console.log(
    `1. Archives (whole build ${totalMs.toFixed(0)} ms; baseline: the statewide archive)`,
  );
  console.log(
    '   region                  size        vs state  build ms  vs state  bytes/tile  gzip vs raw',
  );
  for (const region of built.catalog.regions) {
    const tiles = built.tiles.get(region.id)!.tiles;
    const raw = tiles.reduce((sum, tile) => sum + tile.data.length, 0);
    const gzipped = tiles.reduce((sum, tile) => sum + gzipSync(tile.data, { level: 9 }).length, 0);
    console.log(
      `   ${region.name.padEnd(22)}  ${kib(region.bytes).padStart(10)}  ${ratio(region.bytes, statewide!.bytes).padStart(8)}` +
        `  ${String(region.buildMs).padStart(8)}  ${ratio(region.buildMs, statewide!.buildMs).padStart(8)}` +
        `  ${perTile(region.id, region.bytes).toFixed(0).padStart(10)}  ${ratio(gzipped, raw).padStart(11)}`,
    );
  }

  // 2. First frame offline (stored archive) against online (server), same browser run.
  await buildTiles({ onlyIfStale: true });
  const server = await startServer();
  const session = await openBrowser(viewports.phone, { profile: 'fresh' });
  try {
    const { page, context } = session;
    await page.goto(`${server.baseUrl}/`);
    await waitForOfflineReady(page);
    // Online, nothing downloaded: the map streams the archives from the server.
    const onlineCold = await firstRenderMs(page, `${server.baseUrl}/map/${trailId}`);
    const onlineWarm = await firstRenderMs(page, `${server.baseUrl}/map/${trailId}`);
    await page.goto(`${server.baseUrl}/map`);
    await page
      .locator('[data-region="statewide"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Download Ozarks' }).click();
    await page
      .locator('[data-region="ozarks"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    const offline = await firstRenderMs(page, `${server.baseUrl}/map/${trailId}`);
    const offlineAgain = await firstRenderMs(page, `${server.baseUrl}/map/${trailId}`);
    await context.setOffline(false);
    console.log(
      '2. Time to the first complete frame of /map/{an Ozarks trail} (Chromium, phone size)',
    );
    console.log(`   online, streamed from the server (first):  ${onlineCold} ms`);
    console.log(`   online, streamed from the server (again):  ${onlineWarm} ms`);
    console.log(
      `   offline, stored archive (first):           ${offline} ms  → ${ratio(offline, onlineCold)} the first online frame`,
    );
    console.log(
      `   offline, stored archive (again):           ${offlineAgain} ms  → ${ratio(offlineAgain, onlineWarm)} the repeated online frame`,
    );
  } finally {
    await session.close();
    await server.stop();
  }
  await layerFigures('3. USFS trail lines', ['trail_lines']);
  await layerFigures('4. Labelled default map', ['towns', 'county_labels', 'trail_line_labels']);
}

await main();
