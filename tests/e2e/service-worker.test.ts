/**
 * The service worker's first install (workers/sw.ts, issue 18): the app's hashed files arrive in
 * one precache pack instead of one request each, are served offline with the types a browser
 * needs to run them, and the "Ready to ride offline" announcement comes only after the app and
 * the trails are both on the device (and after the first visit's welcome dialog is closed). A
 * page the worker's claim missed asks to be claimed.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, viewports, waitForOfflineReady, type BrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

describe('service worker install', () => {
  it('precaches the app from one pack download and serves every route offline', async () => {
    session = await openBrowser(viewports.phone, { profile: 'fresh' });
    const { page, context } = session;
    await page.goto(`${baseUrl}/`);
    await waitForOfflineReady(page);
    expect(await page.evaluate(() => document.documentElement.dataset.offlineReady)).toBe('true');
    // A first visit's welcome dialog covers the page: the announcement waits until the rider
    // has closed it, rather than showing (and ending) unseen beneath it.
    const welcome = page.getByRole('dialog', { name: 'Welcome to Natural State Trails' });
    await welcome.waitFor();
    expect(await page.getByText('Ready to ride offline').count()).toBe(0);
    await page.getByRole('button', { name: 'Start exploring' }).click();
    await page.getByText('Ready to ride offline').waitFor({ timeout: 10_000 });

    // What the worker downloaded while installing: the pack, and a handful of files that are
    // not content-hashed (index.html, the web app manifest, icons), not ~300 scripts.
    const worker = context.serviceWorkers()[0]!;
    const downloaded = await worker.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(downloaded.filter((path) => /\/precache-pack-[0-9a-f]+\.bin$/.test(path))).toHaveLength(
      1,
    );
    expect(downloaded.filter((path) => path.endsWith('.js')).length).toBeLessThan(5);

    // Every script the app loaded is in the precache with a script type (a module served as
    // anything else would not run offline).
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = await caches.open(names.find((name) => name.includes('precache'))!);
      const scripts = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\/assets\/[^/]+\.js$/.test(url));
      const types = await Promise.all(
        scripts.map(
          async (url) => (await precache.match(url))?.headers.get('content-type') ?? 'missing',
        ),
      );
      return { scripts: scripts.length, types: [...new Set(types)] };
    });
    expect(cached.scripts).toBeGreaterThan(20);
    expect(cached.types).toEqual(['text/javascript; charset=utf-8']);

    // A hard reload (what Shift+Reload does) loads the page past the worker, uncontrolled; the
    // page asks the active worker to claim it, so its requests reach the caches again.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Page.reload', { ignoreCache: true });
    await page.waitForLoadState('load');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
      timeout: 30_000,
    });

    // Pages never opened online load from the pack's files with the network off.
    await context.setOffline(true);
    await page.goto(`${baseUrl}/safety`);
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    await page.goto(`${baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Mill Creek OHV Trail' }).first().waitFor();
  });
});
