/**
 * The default map at riding zooms, as a rider near Mena sees it on a phone with the Ouachitas
 * region downloaded and the network off (Chromium, real WebGL): MapLibre's own list of what it
 * drew (queryRenderedFeatures) must hold the "Mena" town label and a campground icon at z11,
 * at least five Wolf Pen Gap trail lines carrying their names at z13, and the trailhead's icon.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MapContainerElement } from '../../src/map/maplibre-map.tsx';
import { openBrowser, saveScreenshot, viewports, type BrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(viewports.phone);
});

afterAll(async () => {
  await session?.close();
});

/** Moves the /map camera to `center` ([longitude, latitude]) and `zoom`; resolves when drawn. */
function showView(page: Page, center: [number, number], zoom: number): Promise<void> {
  return page.evaluate(
    ({ center, zoom }) =>
      new Promise<void>((resolve) => {
        const map =
          document.querySelector<MapContainerElement>('.map-page .map-canvas')!.maplibreMap!;
        // 'idle': every visible tile loaded and every label placed, fades finished.
        map.once('idle', () => resolve());
        map.jumpTo({ center, zoom });
      }),
    { center, zoom },
  );
}

/**
 * What MapLibre drew in layers whose id starts with `layerPrefix` (one per archive), as the
 * distinct values of `property` of the drawn features.
 */
function drawn(page: Page, layerPrefix: string, property: string): Promise<string[]> {
  return page.evaluate(
    ({ layerPrefix, property }) => {
      const map =
        document.querySelector<MapContainerElement>('.map-page .map-canvas')!.maplibreMap!;
      const layers = map
        .getStyle()
        .layers.map((layer) => layer.id)
        .filter((id) => id.startsWith(layerPrefix));
      const features = map.queryRenderedFeatures({ layers });
      return [...new Set(features.map((feature) => String(feature.properties[property])))];
    },
    { layerPrefix, property },
  );
}

describe('the map a rider rides by', () => {
  it('labels Mena, campgrounds, Wolf Pen Gap trail lines and its trailhead offline', async () => {
    const { page, context } = session;
    await page.goto(`${baseUrl}/map`);
    await page
      .locator('[data-region="statewide"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Download Ouachitas' }).click();
    await page
      .locator('[data-region="ouachitas"][data-status="downloaded"]')
      .waitFor({ timeout: 60_000 });

    const leftThePage: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/tiles/')) leftThePage.push(request.url());
    });
    await context.setOffline(true);
    await page.reload();
    await page.locator('.map-page [data-map-ready="true"]').waitFor({ timeout: 60_000 });

    // About 8 miles west of the emergency-location test point (34.59, -94.10).
    await showView(page, [-94.2, 34.58], 11);
    expect(await drawn(page, 'towns-label-', 'name')).toContain('Mena');
    await saveScreenshot(page, 'riding-map-mena-z11');
    // Camp Pioneer, an OpenStreetMap campground 8 miles west of Mena.
    await showView(page, [-94.38, 34.53], 11);
    expect(await drawn(page, 'campgrounds-label-', 'name')).toContain('Camp Pioneer');

    await showView(page, [-94.07, 34.46], 13);
    const labelled = await drawn(page, 'trail-lines-label-', 'id');
    expect(labelled.filter((id) => id.startsWith('wolf-pen-gap-ohv-trail--')).length).toBe(
      labelled.length,
    );
    expect(labelled.length).toBeGreaterThanOrEqual(5);
    await saveScreenshot(page, 'riding-map-wolf-pen-gap-z13');

    await showView(page, [-94.04, 34.46], 13);
    expect(await drawn(page, 'trails-icon-', 'id')).toContain('wolf-pen-gap-ohv-trail');

    expect(leftThePage).toEqual([]);
    await context.setOffline(false);
  });
});
