/**
 * The operator road map in Chromium with real WebGL: a server of its own has the tiny
 * Protomaps-schema basemap of tests/fixtures/basemap in its data folder and cuts it into the
 * regions; after the rider downloads the Ouachitas, the map of Wolf Pen Gap draws the fixture's
 * test road (queried from what MapLibre rendered) in a layer below the trail lines, and where
 * the road crosses a trail line the trail line is what shows.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { MapContainerElement } from '../../src/map/maplibre-map.tsx';
import { basemapFlavor } from '../../src/map/basemap-style.ts';
import { palettes, type MapVariant } from '../../src/map/map-style.ts';
import {
  buildProtomapsFixture,
  testRoad,
  testRoadCrossings,
} from '../fixtures/basemap/protomaps-fixture.ts';
import { openBrowser, saveScreenshot, viewports, type BrowserSession } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

let server: RunningServer;
let session: BrowserSession;

beforeAll(async () => {
  server = await startServer({
    seededDataDir: inject('seededDataDir'),
    files: { 'basemap.pmtiles': buildProtomapsFixture().bytes },
  });
  // The catalog answers 503 while the server cuts the road map into the regions.
  await vi.waitFor(
    async () => expect((await fetch(`${server.baseUrl}/api/map-regions`)).status).toBe(200),
    { timeout: 60_000, interval: 200 },
  );
  // A profile of its own: the shared one belongs to the shared server's address.
  session = await openBrowser(viewports.phone, { profile: 'fresh' });
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

/** What the trail map rendered around the crossing, asked of MapLibre in the page. */
interface RenderedAtCrossing {
  layerIds: string[];
  roads: { layer: string; source: string; name: unknown }[];
  atCrossing: string[];
  crossingPx: [number, number];
  alongRoadPx: [number, number];
}

/** Centres the trail map on `crossing` at z13, waits for it to draw, and asks what it drew. */
function renderedAtCrossing(
  page: Page,
  crossing: [number, number],
  alongRoad: [number, number],
): Promise<RenderedAtCrossing> {
  return page.evaluate(
    async ({ crossing, alongRoad }) => {
      const container = document.querySelector<MapContainerElement>('.trail-map .map-canvas');
      const map = container?.maplibreMap;
      if (!map) throw new Error('no map on the trail page');
      map.jumpTo({ center: crossing, zoom: 13 });
      await new Promise((resolve) => map.once('idle', resolve));
      const layerIds = map.getStyle().layers.map((layer) => layer.id);
      const roads = map
        .queryRenderedFeatures({ layers: layerIds.filter((id) => id.startsWith('basemap-roads_')) })
        .map((feature) => ({
          layer: feature.layer.id,
          source: feature.source,
          name: feature.properties.name,
        }));
      const point = map.project(crossing);
      const along = map.project(alongRoad);
      const atCrossing = map
        .queryRenderedFeatures([
          [point.x - 3, point.y - 3],
          [point.x + 3, point.y + 3],
        ])
        .map((feature) => feature.layer.id);
      return {
        layerIds,
        roads,
        atCrossing,
        crossingPx: [point.x, point.y],
        alongRoadPx: [along.x, along.y],
      };
    },
    { crossing, alongRoad },
  );
}

/** The map canvas as RGBA pixels, from a screenshot (WebGL buffers are not readable). */
async function canvasPixels(page: Page): Promise<{ data: number[]; width: number; scale: number }> {
  const canvas = page.locator('.trail-map canvas.maplibregl-canvas');
  const png = (await canvas.screenshot()).toString('base64');
  const box = (await canvas.boundingBox())!;
  return page.evaluate(
    async ({ png, cssWidth }) => {
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      return { data: Array.from(data), width, scale: width / cssWidth };
    },
    { png, cssWidth: box.width },
  );
}

/** The pixels (RGB) within `radius` CSS px of a point of the canvas, row by row. */
function patch(
  pixels: { data: number[]; width: number; scale: number },
  [cssX, cssY]: [number, number],
  radius: number,
): number[][] {
  const { data, width, scale } = pixels;
  const [cx, cy] = [Math.round(cssX * scale), Math.round(cssY * scale)];
  const reach = Math.ceil(radius * scale);
  const out: number[][] = [];
  for (let y = cy - reach; y <= cy + reach; y++) {
    for (let x = cx - reach; x <= cx + reach; x++) {
      const i = (y * width + x) * 4;
      out.push([data[i]!, data[i + 1]!, data[i + 2]!]);
    }
  }
  return out;
}

/** Largest channel difference (0–255) between two patches of the same size. */
function patchDifference(a: number[][], b: number[][]): number {
  return Math.max(
    ...a.map((pixel, index) => Math.max(...pixel.map((v, c) => Math.abs(v - b[index]![c]!)))),
  );
}

/** Smallest largest-channel difference between `color` and any pixel of a patch. */
function distanceTo(pixels: number[][], color: string): number {
  const value = Number.parseInt(color.slice(1), 16);
  const rgb = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return Math.min(
    ...pixels.map((pixel) => Math.max(...pixel.map((v, c) => Math.abs(v - rgb[c]!)))),
  );
}

/** Hides (or shows again) the road lines of the road map, and waits for the map to draw. */
function setRoadLinesVisible(page: Page, visible: boolean): Promise<void> {
  return page.evaluate(async (visible) => {
    const map = document.querySelector<MapContainerElement>('.trail-map .map-canvas')!.maplibreMap!;
    for (const layer of map.getStyle().layers) {
      if (layer.id.startsWith('basemap-roads_') && layer.type === 'line') {
        map.setLayoutProperty(layer.id, 'visibility', visible ? 'visible' : 'none');
      }
    }
    await new Promise((resolve) => map.once('idle', resolve));
  }, visible);
}

describe('the operator road map', () => {
  it('draws the downloaded region’s road under the trail lines', async () => {
    const { page } = session;
    const baseUrl = server.baseUrl;
    await page.goto(`${baseUrl}/map`);
    await page
      .locator('[data-region="statewide"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Download Ouachitas' }).click();
    await page
      .locator('[data-region="ouachitas"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });

    await page.goto(`${baseUrl}/map/wolf-pen-gap-ohv-trail`);
    await page.locator('.trail-map [data-map-ready="true"]').waitFor({ timeout: 60_000 });
    const crossing = testRoadCrossings().at(-1)!;
    const [longitude, latitude] = crossing.position;
    // A point on the road 0.006° (about 660 m) south of the crossing, away from every line.
    const rendered = await renderedAtCrossing(page, crossing.position, [
      longitude,
      latitude - 0.006,
    ]);
    await page.locator('.trail-map').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'maps-road-map-under-trail-lines');

    // The road is drawn, from the downloaded Ouachitas archive, in a road-map layer.
    const road = rendered.roads.find(
      (feature) => feature.name === testRoad.name && feature.source === 'ouachitas',
    );
    expect(road, JSON.stringify(rendered.roads)).toBeDefined();
    // Every trail-line layer (casing, each status, highlight, label) lies above the road.
    const trailLineLayers = rendered.layerIds.filter((id) => /^trail-lines-.*ouachitas$/.test(id));
    expect(trailLineLayers).toContain('trail-lines-casing-ouachitas');
    const roadIndex = rendered.layerIds.indexOf(road!.layer);
    expect(roadIndex).toBeGreaterThan(0);
    for (const id of trailLineLayers) {
      expect(roadIndex, id).toBeLessThan(rendered.layerIds.indexOf(id));
    }
    // Both meet at the crossing, and the trail line is the one a rider sees there.
    expect(rendered.atCrossing).toContain(road!.layer);
    expect(rendered.atCrossing).toContain('trail-lines-casing-ouachitas');
    const variant = (await page
      .locator('.trail-map .map-canvas')
      .getAttribute('data-map-variant')) as MapVariant;
    const roadColour = basemapFlavor(variant, palettes[variant]).major;
    // A toast (the download's achievement) would lie over the pixels read below.
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
      await dismiss.click();
    }
    await page.getByRole('button', { name: 'Dismiss notification' }).waitFor({ state: 'detached' });
    const withRoad = await canvasPixels(page);
    await setRoadLinesVisible(page, false);
    const withoutRoad = await canvasPixels(page);
    await setRoadLinesVisible(page, true);
    const along = (pixels: typeof withRoad) => patch(pixels, rendered.alongRoadPx, 2);
    const crossingPatch = (pixels: typeof withRoad) => patch(pixels, rendered.crossingPx, 1);
    // Beside the trail the road shows, in its colour; hidden, it is gone from there.
    expect(distanceTo(along(withRoad), roadColour)).toBeLessThanOrEqual(24);
    expect(patchDifference(along(withRoad), along(withoutRoad))).toBeGreaterThan(48);
    // Where it crosses the trail line, the picture is the same with or without the road: the
    // trail line covers it.
    expect(
      patchDifference(crossingPatch(withRoad), crossingPatch(withoutRoad)),
    ).toBeLessThanOrEqual(8);
  });
});
