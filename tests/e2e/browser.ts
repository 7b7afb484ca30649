/**
 * Debian's Chromium through playwright-core, launched as docs/architecture.md#testing says
 * (a fresh persistent profile per test so service workers and IndexedDB behave as on a phone).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Opens a fresh Chromium profile with one page at the given viewport. */
export async function openBrowser(
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<BrowserSession> {
  const profileDir = mkdtempSync(join(tmpdir(), 'nst-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // An uncaught error in the app is the first thing to read when a browser test times out.
  context.on('weberror', (webError) => {
    console.error(`[page error] ${page.url()}: ${webError.error().message}`);
  });
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot under tests/e2e/screenshots/ (git-ignored) for a person to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const folder = new URL('./screenshots/', import.meta.url).pathname;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * Waits until the page is what the app calls offline-ready: the service worker controls it (the
 * app shell is precached, so the next reload works with the network off) and the public
 * catalogues are stored on the device (the root's `data-offline-ready`, set by
 * src/app/pwa/pwa-update-prompt.tsx once this page's catalogue sync has finished). Waiting for
 * the worker alone let a slow machine go offline before the trails were stored. Call it online.
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
      timeout: 30_000,
    });
  }
  await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, {
    timeout: 60_000,
  });
}
