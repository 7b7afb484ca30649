/**
 * The offline AI trip planner in Chromium at phone width (issue 15): with the network off a
 * rider plans a two-day ATV trip from Russellville from the catalogues on the device, sees the
 * straight-line drive labelled as such, is refused a §5 generic plan name, saves the plan, and
 * after a reload (still offline) finds it as the active plan on the planner and the home page,
 * then opens navigation on its first trail and sees that trail's line drawn.
 */
import { addDays, format } from 'date-fns';
import { afterEach, describe, expect, inject, it } from 'vitest';
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

describe('AI trip planner offline', () => {
  it('plans, saves and reopens a two-day ATV trip from Russellville with no network', async () => {
    session = await openBrowser(viewports.phone);
    const { context, page } = session;
    // The catalogues arrive while online; everything after runs offline.
    await page.goto(`${baseUrl}/ai-trails?q=moccasin`);
    await page
      .getByRole('heading', { name: /Moccasin Gap/ })
      .first()
      .waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);

    await page.goto(`${baseUrl}/ai-trip-planner`);
    await page.getByRole('heading', { name: 'AI Trip Planner', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Town' }).fill('Russellville');
    await page.getByRole('option', { name: /^Russellville/ }).click();
    await page.getByRole('radio', { name: 'ATV' }).check();
    await page.getByLabel('Days (1–7)').fill('2');
    const startDate = format(addDays(new Date(), 14), 'yyyy-MM-dd');
    await page.getByLabel('Start date').fill(startDate);
    await page.getByRole('button', { name: 'Plan my trip' }).click();

    const days = page.getByRole('list', { name: 'Planned days' });
    await days.waitFor();
    await expect(days.locator('> li').count()).resolves.toBe(2);
    await page
      .getByText(
        /from Russellville and between the day's trails: straight-line distance \(as the crow flies\), not road miles\./,
      )
      .waitFor();
    const firstTrail = (await days.locator('.plan-trail__name').first().textContent())!;
    await page.getByText('Estimated cost: not known.').waitFor();
    await days.locator('> li').first().scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'trip-planner-plan-phone-offline');

    const name = page.getByRole('textbox', { name: 'Plan name' });
    await expect(name.inputValue()).resolves.toBe('2-day ATV trip from Russellville');
    await name.fill('Trip plan');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText(/"Trip plan" is a generic name the app removes/).waitFor();

    await name.fill('Moccasin Gap weekend');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByRole('status').getByText('Saved “Moccasin Gap weekend”').waitFor();
    // The trip context is stored 1 s after the change (core-platform §4).
    await page.waitForTimeout(1500);

    await page.reload();
    const active = page.getByRole('heading', { name: 'Active plan: Moccasin Gap weekend' });
    await active.waitFor();
    const mapLink = page.getByRole('link', { name: `Open on the map: ${firstTrail}` }).first();
    await expect(mapLink.getAttribute('href')).resolves.toMatch(/^\/map\/moccasin-gap-trail--/);
    await saveScreenshot(page, 'trip-planner-active-phone-offline');
    await page.goto(`${baseUrl}/`);
    // First visit of home: the welcome dialog appears after 1 s; a rider dismisses it first.
    await page.getByRole('button', { name: 'Start exploring' }).click();
    await page.getByRole('heading', { name: 'Moccasin Gap weekend' }).waitFor();
    await page.getByText(`First trail: ${firstTrail}.`).waitFor();
    await saveScreenshot(page, 'trip-planner-home-card-phone-offline');

    await page.getByRole('link', { name: 'Navigate the first trail' }).click();
    await page.waitForURL(/\/navigate\/moccasin-gap-trail--/);
    await page.getByRole('heading', { name: firstTrail }).waitFor();
    const drawing = page.getByRole('img', { name: `Route of ${firstTrail} with your position` });
    await drawing.waitFor();
    const points = await drawing.locator('polyline').first().getAttribute('points');
    expect(points!.split(' ').length).toBeGreaterThan(5);
    await saveScreenshot(page, 'trip-planner-navigate-phone-offline');
  });
});
