/**
 * The intelligent advisor in Chromium at 390 px, for the layout only a real browser has: the
 * advice for a trail on the water, with its USGS gauges and their links, fits the screen with
 * no horizontal scrolling (offline, so the gauges say live levels need a connection). The
 * advice by day for an active plan, the live gauge level online, the keyboard and the offline
 * page are in tests/component/advisor.test.tsx; the server's gauge route in
 * tests/integration/server/gauges.test.ts.
 */
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

describe('intelligent advisor at 390 px', () => {
  it('fits a river trail’s advice and gauges within the screen', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await page.goto(`${baseUrl}/intelligent-advisor`);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.getByRole('heading', { level: 1, name: 'Intelligent advisor' }).waitFor();
    await page.getByLabel('Trail', { exact: true }).selectOption('mulberry-river-float');
    const gauge = page
      .getByRole('list', { name: 'USGS gauges near Mulberry River (float)' })
      .getByRole('listitem')
      .filter({ hasText: 'USGS 07252000' });
    await gauge.getByText('Live levels need a network connection.').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'advisor-offline-390');
    await gauge.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'advisor-gauge-offline-390');
  });
});
