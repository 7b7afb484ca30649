/**
 * Debian's Chromium through playwright-core, launched as docs/testing.md says: a persistent
 * profile per test, so service workers and IndexedDB behave as on a phone. A first visit (the
 * service worker's install, the catalogues stored) costs seconds, so the e2e global setup pays it
 * once in a template profile and each test starts from a copy of it, unless it asks for a fresh
 * profile because the first visit is what it checks.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { inject } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { makeScratchDir } from '../support/scratch.ts';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface OpenBrowserOptions {
  /**
   * 'offline-ready' (default): a copy of the global setup's profile, which has visited the
   * shared server once (service worker installed, catalogues stored; the welcome dialog, never
   * closed there, still greets), so
   * the app starts as it does for a returning rider. 'fresh': an empty profile, for tests of the
   * first visit itself or of a server of their own (a profile is tied to the server's origin).
   */
  profile?: 'offline-ready' | 'fresh';
  /**
   * 'block': the page cannot register the service worker. For a test that intercepts the
   * app's own scripts on a first visit: once the worker installs it claims the page and answers
   * from its cache, which the interception never sees.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** Profile files Chromium keeps only while running; a copy must not carry them. */
const runningProfileFiles = new Set(['SingletonLock', 'SingletonCookie', 'SingletonSocket']);

/** Opens a Chromium profile (see OpenBrowserOptions) with one page at the given viewport. */
export async function openBrowser(
  viewport: { width: number; height: number } = viewports.desktop,
  options: OpenBrowserOptions = {},
): Promise<BrowserSession> {
  const profileDir = makeScratchDir('nst-chromium-');
  if ((options.profile ?? 'offline-ready') === 'offline-ready') {
    cpSync(inject('offlineReadyProfileDir'), profileDir, {
      recursive: true,
      filter: (source) => !runningProfileFiles.has(basename(source)),
    });
  }
  const context = await launchChromium(profileDir, viewport, options.serviceWorkers);
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

/** Where Debian's chromium package installs the browser the journeys drive. */
const chromiumPath = '/usr/bin/chromium';

/**
 * Launches Debian's Chromium headless on a persistent profile folder. Throws, naming the script
 * that installs it, when the browser is missing (`npm test` runs that script first; a lone
 * `vitest --project e2e` does not).
 */
export function launchChromium(
  profileDir: string,
  viewport: { width: number; height: number },
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `${chromiumPath} is missing: run \`bash scripts/setup-test-env.sh\` (as root) to install Debian's Chromium, as \`npm test\` does before the journeys.`,
    );
  }
  return chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    viewport,
    serviceWorkers,
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
  // Polled with a time limit: a worker that never installs (a broken build) must fail the
  // test, where awaiting navigator.serviceWorker.ready would wait forever.
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
    timeout: 30_000,
  });
  await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, {
    timeout: 60_000,
  });
}

declare global {
  interface Window {
    /** Lon/lat of the last position the app's geolocation callbacks were handed. */
    __lastDeliveredFix?: [number, number];
  }
}

export interface ObserveGeolocationOptions {
  /**
   * Stamps the positions the app receives 1 fix per this many ms of simulated GPS time instead of
   * the wall clock, so a test can move the device as fast as the app takes fixes while the app
   * sees a plausible speed (a recorder drops fixes implying impossible speeds). The simulated
   * clock survives reloads (sessionStorage), as a real receiver's clock would.
   */
  fixIntervalMs?: number;
}

/**
 * Makes the app's pages note each position their geolocation callbacks received, so a test can
 * wait until the app has a fix instead of sleeping. Call before the page loads.
 */
export async function observeGeolocation(
  context: BrowserContext,
  options: ObserveGeolocationOptions = {},
): Promise<void> {
  await context.addInitScript((fixIntervalMs: number | null) => {
    const geolocation = navigator.geolocation;
    const restamp = (position: GeolocationPosition): GeolocationPosition => {
      if (fixIntervalMs === null) return position;
      const key = 'e2e-simulated-gps-time';
      const previous = Number(sessionStorage.getItem(key) ?? position.timestamp - fixIntervalMs);
      const timestamp = previous + fixIntervalMs;
      sessionStorage.setItem(key, String(timestamp));
      return { coords: position.coords, timestamp, toJSON: () => position.toJSON() };
    };
    const note = (position: GeolocationPosition) => {
      window.__lastDeliveredFix = [position.coords.longitude, position.coords.latitude];
    };
    const watch = geolocation.watchPosition.bind(geolocation);
    geolocation.watchPosition = (onPosition, onError, watchOptions) =>
      watch(
        (position) => {
          onPosition(restamp(position));
          note(position);
        },
        onError,
        watchOptions,
      );
    const get = geolocation.getCurrentPosition.bind(geolocation);
    geolocation.getCurrentPosition = (onPosition, onError, getOptions) =>
      get(
        (position) => {
          onPosition(restamp(position));
          note(position);
        },
        onError,
        getOptions,
      );
  }, options.fixIntervalMs ?? null);
}

/**
 * Moves the emulated device to `longitude`/`latitude` (degrees; accuracy 5 m) and waits until
 * the app's running geolocation watch has handled that fix. Needs `observeGeolocation` and a
 * page that is watching the position.
 */
export async function moveDevice(
  context: BrowserContext,
  page: Page,
  longitude: number,
  latitude: number,
): Promise<void> {
  await context.setGeolocation({ longitude, latitude, accuracy: 5 });
  await page.waitForFunction(
    ([expectedLongitude, expectedLatitude]) => {
      const fix = window.__lastDeliveredFix;
      return (
        fix !== undefined &&
        Math.abs(fix[0] - expectedLongitude) < 1e-9 &&
        Math.abs(fix[1] - expectedLatitude) < 1e-9
      );
    },
    [longitude, latitude] as const,
    { timeout: 10_000 },
  );
}

/** Waits until the app's geolocation callbacks have received a position (`observeGeolocation`). */
export async function waitForDeliveredFix(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__lastDeliveredFix !== undefined, null, {
    timeout: 15_000,
  });
}
