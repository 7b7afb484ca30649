/**
 * The navigation bars' menus load after the first screen, each in a chunk of its own in the
 * built app. On a slow connection a rider may press More, Local or a top-bar dropdown before
 * its code has arrived: the press must not be lost, the menu opens as soon as it loads. The
 * menu chunk is held back here to make that window as long as a slow network would.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, viewports, type BrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

/** Holds every request for a script matching `pattern` until the returned function is called. */
async function holdScript(
  current: BrowserSession,
  pattern: RegExp,
): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markRequested = () => {};
  // Within a time limit: a page that never asks (its worker answered from the cache, a renamed
  // chunk) fails here with a reason instead of at the test's own timeout.
  let limit: ReturnType<typeof setTimeout> | undefined;
  const requested = new Promise<void>((resolve, reject) => {
    markRequested = () => {
      clearTimeout(limit);
      resolve();
    };
    limit = setTimeout(
      () => reject(new Error(`The page never asked for ${String(pattern)}.`)),
      30_000,
    );
  });
  // Awaited later by the test; one that fails before then leaves no unhandled rejection.
  requested.catch(() => undefined);
  await current.context.route(pattern, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { release, requested };
}

/** Waits until the page has painted twice, so whatever a press changed is on screen. */
async function nextPaint(page: BrowserSession['page']): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

// Fresh profiles: in the offline-ready one the service worker serves the menu chunk from its
// cache, where no request can be held back. The Safety Center rather than the home page: a
// first visit's welcome dialog opens over the home page a second after it mounts, and on a busy
// machine it came up just before the press and took it.
const firstPage = `${baseUrl}/safety`;

describe('menus that load after the first screen', () => {
  it('opens the More sheet pressed on a phone before its code arrived', async () => {
    session = await openBrowser(viewports.phone, { profile: 'fresh', serviceWorkers: 'block' });
    const { page } = session;
    const held = await holdScript(session, /bottom-nav-menus-[\w-]+\.js$/);
    await page.goto(firstPage);
    await page.locator('#main h1').first().waitFor();
    await held.requested;

    await page.locator('.bottom-nav').getByRole('button', { name: 'More' }).click();
    await nextPaint(page);
    expect(await page.getByRole('dialog', { name: 'More' }).count()).toBe(0);

    held.release();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.waitFor();
    await expect(sheet.getByRole('radiogroup').count()).resolves.toBe(1);
  });

  it('opens a top-bar dropdown pressed on a desktop before its code arrived', async () => {
    session = await openBrowser(viewports.desktop, { profile: 'fresh', serviceWorkers: 'block' });
    const { page } = session;
    const held = await holdScript(session, /top-nav-menus-[\w-]+\.js$/);
    await page.goto(firstPage);
    await page.locator('#main h1').first().waitFor();
    await held.requested;

    await page.locator('.top-nav').getByRole('button', { name: 'Discover' }).click();
    await nextPaint(page);
    expect(await page.getByRole('menu', { name: 'Discover' }).count()).toBe(0);

    held.release();
    const menu = page.getByRole('menu', { name: 'Discover' });
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: /Browse All Features/ }).waitFor();
  });
});
