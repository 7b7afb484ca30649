/**
 * Search finds what riders type (issue 11, defect 5), in Chromium against the real server and
 * the shipped data: the Search tab and Ctrl+K find the Wolf Pen Gap trail and open it (online
 * and offline), /ai-trails?activity=atv filters to ATV trails with the ATV chip selected,
 * "atv trails near Russellville" lists ATV trails with their miles from Russellville, and
 * "near me" sorts by the rider's position or says plainly that location was refused.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
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

interface ApiTrail {
  id: string;
  name: string;
  activities: string[];
  systemId: string | null;
}

async function apiTrails(): Promise<ApiTrail[]> {
  return (await (await fetch(`${baseUrl}/api/trails`)).json()) as ApiTrail[];
}

/** The names on the trail cards of the finder's result list. */
async function resultNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Trails' })
    .getByRole('heading', { level: 3 })
    .allInnerTexts();
}

describe('search in Chromium', () => {
  it('the Search tab finds “Wolf Pen” and opens the trail, online and offline', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await page.goto(`${baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Wolf Pen Gap Trail Complex' }).first().waitFor();
    await waitForOfflineReady(page);

    for (const mode of ['online', 'offline'] as const) {
      if (mode === 'offline') {
        await context.setOffline(true);
        await page.goto(`${baseUrl}/safety`);
        // A rider taps Search once the page is on screen. One CI run pressed it straight after
        // the offline reload and the palette never opened; not reproduced locally.
        await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
      }
      await page.getByRole('button', { name: 'Search trails and features' }).click();
      const search = page.getByPlaceholder('Search features... (Cmd+K)');
      await search.fill('Wolf Pen');
      const option = page.getByRole('option', { name: /Wolf Pen Gap Trail Complex/ });
      await option.waitFor();
      await expect(
        page.getByRole('dialog').getByText('Trails', { exact: true }).isVisible(),
      ).resolves.toBe(true);
      await saveScreenshot(page, `search-tab-wolf-pen-phone-${mode}`);
      await option.click();
      await page.waitForURL(`${baseUrl}/map/wolf-pen-gap-ohv-trail`);
      await page.getByRole('heading', { name: 'Wolf Pen Gap Trail Complex', level: 1 }).waitFor();
      await expect(search.isVisible()).resolves.toBe(false);
    }
  });

  it('Ctrl+K finds trails, WMAs and campgrounds; a WMA opens the map with its card', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await page.goto(`${baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Wolf Pen Gap Trail Complex' }).first().waitFor();
    await page.keyboard.press('Control+k');
    const search = page.getByPlaceholder('Search features... (Cmd+K)');
    await search.fill('wolf pen');
    await page.getByRole('option', { name: /Wolf Pen Gap Trail Complex/ }).waitFor();
    // Pages still come first: the spec's groups are kept, the catalogue groups follow.
    await search.fill('duck');
    await page
      .getByRole('option', { name: /Duck Hunting/ })
      .first()
      .waitFor();
    await search.fill('Bayou Meto');
    const wma = page.getByRole('option', { name: /Bayou Meto/ }).first();
    await wma.waitFor();
    await expect(
      page.getByRole('dialog').getByText('WMAs', { exact: true }).isVisible(),
    ).resolves.toBe(true);
    await saveScreenshot(page, 'palette-bayou-meto-desktop');
    await wma.click();
    await page.waitForURL(`${baseUrl}/map?wma=bayou-meto-wma`);
    await page.getByRole('region', { name: /Bayou Meto/ }).waitFor();
    await page.getByRole('region', { name: /Bayou Meto/ }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'map-wma-card-from-palette-desktop');

    await page.keyboard.press('Control+k');
    await search.fill('zzzz qqqq');
    await page.getByText('No features found.').waitFor();
  });

  it('/ai-trails?activity=atv lists only ATV trails with the ATV chip selected', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    // Parts of a system (its USFS lines) are listed on the system's page, not in the finder.
    const atvTrails = (await apiTrails()).filter(
      (trail) => trail.activities.includes('atv') && trail.systemId === null,
    );
    expect(atvTrails.length).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/ai-trails?activity=atv`);
    await page.getByText(`${atvTrails.length} trails`).first().waitFor();
    expect((await resultNames(page)).sort()).toEqual(atvTrails.map((trail) => trail.name).sort());
    const chip = page.getByRole('radio', { name: 'ATV' });
    await expect(chip.getAttribute('aria-checked')).resolves.toBe('true');
    await saveScreenshot(page, 'ai-trails-activity-atv-phone');

    // A rider's word in the URL names the chip too; /trails keeps it.
    await page.goto(`${baseUrl}/trails?activity=side-by-side`);
    await page.waitForURL(`${baseUrl}/ai-trails?activity=utv`);
    await expect(
      page.getByRole('radio', { name: 'UTV / side-by-side' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
  });

  it('“atv trails near Russellville” lists ATV trails near Russellville with their miles', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    const byName = new Map((await apiTrails()).map((trail) => [trail.name, trail]));
    await page.goto(`${baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Wolf Pen Gap Trail Complex' }).first().waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);

    await page.getByLabel('Search trails', { exact: true }).fill('atv trails near Russellville');
    await page.getByText('Near Russellville · ATV').waitFor();
    await page
      .getByText(/^\d+ trails?$/)
      .first()
      .waitFor();
    const names = await resultNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(byName.get(name)?.activities).toContain('atv');
    const miles = await page.getByText(/mi from Russellville/).allInnerTexts();
    expect(miles).toHaveLength(names.length);
    const values = miles.map((text) => Number(/(\d+) mi from Russellville/.exec(text)![1]));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(Math.max(...values)).toBeLessThanOrEqual(40);
    await page.getByRole('heading', { name: /^\d+ trails?$/ }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'ai-trails-atv-near-russellville-phone-offline');

    await page.getByLabel('Search trails', { exact: true }).fill('atv trails near Boxley Valley');
    await page.getByText("We don't know where “boxley valley” is", { exact: false }).waitFor();
  });

  it('“near me” sorts by the rider’s position, and says so when location is refused', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await page.goto(`${baseUrl}/ai-trails?q=utv%20near%20me`);
    await page.getByText('Location access is turned off for this app', { exact: false }).waitFor();
    await saveScreenshot(page, 'ai-trails-near-me-refused-phone');

    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    // A rider in Mena (GeoNames point of the town).
    await context.setGeolocation({ latitude: 34.58622, longitude: -94.23966 });
    await page.reload();
    await page.getByText('9 mi from you').first().waitFor();
    expect((await resultNames(page))[0]).toBe('Wolf Pen Gap Trail Complex');
    await page.getByRole('heading', { name: /^\d+ trails?$/ }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'ai-trails-near-me-phone');
  });
});
