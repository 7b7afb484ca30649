/**
 * Donate, privacy policy and terms fit a 390 px phone in Chromium, and the mobile performance test
 * measures the device and shows figures for the tester. What these pages say, their metadata, and
 * the device pages' role gating and Bluetooth messages are component tests
 * (tests/component/static-pages.test.tsx); serving them offline is the journeys
 * tests/e2e/offline-routes-learn.test.ts's (donate, privacy policy and terms) and
 * offline-routes-ride.test.ts's (the device pages).
 */
import { afterEach, describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, saveScreenshot, viewports, type BrowserSession } from './browser.ts';
import { e2eAccounts } from './server.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function signInAsTester(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/profile`);
  await page.getByLabel('Username').first().fill(e2eAccounts.tester.username);
  await page.getByLabel('Password').first().fill(e2eAccounts.tester.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/profile'), { timeout: 15_000 });
}

/**
 * Installs Playwright's clock (`page.clock.install`) for the pages `page` opens from now on,
 * keeping Chromium's `performance.memory`: the clock's stand-in `performance` object only keeps
 * `now` and `timeOrigin`, so without this the page would report that it cannot read its memory.
 * The figures stay the real heap's, read from the browser's own `performance`, which the clock
 * keeps beside its stand-in.
 */
async function installClockKeepingMemory(page: Page): Promise<void> {
  await page.clock.install();
  // Registered after the clock's own script, so it runs after it in every new document.
  await page.context().addInitScript(() => {
    const clock = (globalThis as { __pwClock?: { builtins?: { performance?: Performance } } })
      .__pwClock;
    const real = clock?.builtins?.performance;
    if (!real || real === performance) return;
    Object.defineProperty(performance, 'memory', {
      get: () => (real as Performance & { memory?: unknown }).memory,
      configurable: true,
    });
  });
}

/** Each page, its heading, and its last section's text (on screen once the page is complete). */
const aboutPages = [
  { path: '/donate', heading: 'Support Natural State Trails', text: 'What donations are for' },
  { path: '/privacy-policy', heading: 'Privacy Policy', text: 'No third-party analytics' },
  { path: '/terms-of-service', heading: 'Terms of Service', text: 'not legal advice' },
] as const;

describe('donate, privacy policy and terms', () => {
  it('fit a 390 px phone without sideways scrolling', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    for (const { path, heading, text } of aboutPages) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByText(text).first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(viewports.phone.width);
      await saveScreenshot(page, `static${path.replace('/', '-')}-phone`);
    }
  });
});

describe('admin-and-test device pages', () => {
  it('measures the device and shows figures with units for the tester', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation({ latitude: 35.0887, longitude: -92.4421, accuracy: 12 });
    // The GPS part watches the position for 10 s of the page's time: with Playwright's clock
    // installed before the app's scripts run, the test moves that time on instead of waiting it
    // out (the clock runs at real speed otherwise, so the frames are counted as they come).
    await installClockKeepingMemory(page);
    await signInAsTester(page);
    await page.goto(`${baseUrl}/mobile-performance-test`);
    await page.getByRole('button', { name: 'Run the test' }).click();
    const figure = (key: string) =>
      page.locator(`[data-measurement="${key}"]`).textContent() as Promise<string>;
    // The write figure shows once the writes are done, by when the GPS watch has started.
    await page
      .locator('[data-measurement="indexedDb"]')
      .getByText(/writes per second/)
      .waitFor({ timeout: 30_000 });
    await page.clock.fastForward(10_000);
    const report = page.getByTestId('performance-report');
    await report.waitFor();
    await expect(figure('frameRate')).resolves.toMatch(/^\d+\.\d frames per second/);
    await expect(figure('memory')).resolves.toMatch(/MB in use of a .* limit/);
    await expect(figure('storage')).resolves.toMatch(/MB used of .* allowed/);
    await expect(figure('indexedDb')).resolves.toMatch(/^\d+ writes per second \(200 records/);
    await expect(figure('gps')).resolves.toMatch(/fixes per second \(\d+ fixes in/);
    await expect(report.textContent()).resolves.toContain(
      'Natural State Trails mobile performance test',
    );
    await page.getByRole('button', { name: 'Copy results' }).waitFor();
    const databases = await page.evaluate(async () =>
      (await indexedDB.databases()).map((database) => database.name),
    );
    expect(databases).not.toContain('nst-performance-scratch');
    await saveScreenshot(page, 'static-mobile-performance-test-phone');
  });
});
