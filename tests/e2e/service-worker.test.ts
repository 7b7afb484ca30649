/**
 * The service worker's first install (workers/sw.ts): the app's files arrive in one precache
 * pack instead of one request each, stored whole, and are served offline from it with the types a browser
 * needs to run them, and the "Ready to ride offline" announcement comes only after the app and
 * the trails are both on the device (and after the first visit's welcome dialog is closed). A
 * page the worker's claim missed asks to be claimed. And its update: a new worker is offered
 * once installed, the old one serves meanwhile, and "Update now" reloads under the new one,
 * whose precache holds the new version of a pre-rendered page.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, viewports, waitForOfflineReady, type BrowserSession } from './browser.ts';
import { makeScratchDir } from '../support/scratch.ts';
import { startServer, type RunningServer } from './server.ts';

const baseUrl = inject('baseUrl');
const root = new URL('../..', import.meta.url).pathname;
let session: BrowserSession | null = null;
let server: RunningServer | null = null;
let build: string | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
  await server?.stop();
  server = null;
  if (build) rmSync(build, { recursive: true, force: true });
  build = null;
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

    // What the worker downloaded while installing: the pack and the app shell (for the
    // server's page headers), not ~300 scripts nor a request per pre-rendered page.
    const worker = context.serviceWorkers()[0]!;
    const downloaded = await worker.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(downloaded.filter((path) => /\/precache-pack-[0-9a-f]+\.bin$/.test(path))).toHaveLength(
      1,
    );
    expect(downloaded.filter((path) => path.endsWith('.js')).length).toBeLessThan(5);
    expect(downloaded.filter((path) => path.endsWith('.html'))).toEqual(['/app-shell.html']);

    // A hard reload (what Shift+Reload does) loads the page past the worker, uncontrolled; the
    // page asks the active worker to claim it, so its requests reach the caches again.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Page.reload', { ignoreCache: true });
    await page.waitForLoadState('load');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
      timeout: 30_000,
    });

    // Pages never opened online load from the pack's files with the network off, under the
    // server's content security policy.
    await context.setOffline(true);
    const safety = await page.goto(`${baseUrl}/safety`);
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    expect(safety?.fromServiceWorker()).toBe(true);
    expect(safety?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(safety?.headers()['x-frame-options']).toBe('SAMEORIGIN');

    // Every script the app loaded comes from the worker offline with a script type (a module
    // served as anything else would not run), read from its slice of the stored pack. The page
    // arrives whole in its HTML, so wait for the app itself: its database opens once the first
    // screen's code and the code loaded after it have run.
    await page.waitForFunction(() => performance.getEntriesByName('database-open').length > 0);
    const served = await page.evaluate(async () => {
      const scripts = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\/assets\/[^/]+\.js$/.test(url));
      const types = await Promise.all(
        scripts.map(async (url) => {
          const answer = await fetch(url);
          const body = await answer.text();
          return `${answer.status} ${answer.headers.get('content-type')} ${body.length > 0}`;
        }),
      );
      return { scripts: scripts.length, types: [...new Set(types)] };
    });
    expect(served.scripts).toBeGreaterThan(20);
    expect(served.types).toEqual(['200 text/javascript; charset=utf-8 true']);
    await page.goto(`${baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Mill Creek OHV Trail' }).first().waitFor();
  });

  it('offers a new version once it is installed and switches to it when the rider accepts', async () => {
    // A server of its own over a copy of the build, so this test can deploy a new worker.
    build = makeScratchDir('nst-e2e-build-');
    cpSync(join(root, 'dist'), build, { recursive: true });
    server = await startServer({
      env: { STATIC_DIR: build },
      seededDataDir: inject('seededDataDir'),
    });
    session = await openBrowser(viewports.phone, { profile: 'fresh' });
    const { page, context } = session;
    await page.goto(`${server.baseUrl}/safety`);
    await waitForOfflineReady(page);

    // A deploy: the server now sends a different worker script (one more line) whose precache
    // lists a new revision of the pre-rendered /safety page, which changed too.
    const safetyFile = join(build, 'safety.html');
    writeFileSync(
      safetyFile,
      readFileSync(safetyFile, 'utf8').replace(
        '</head>',
        '<meta name="deployed-version" content="next"></head>',
      ),
    );
    const workerFile = join(build, 'sw.js');
    const worker = readFileSync(workerFile, 'utf8');
    const safetyEntry = /"revision":"[0-9a-f]+","url":"safety\.html"/;
    expect(worker).toMatch(safetyEntry);
    writeFileSync(
      workerFile,
      `${worker.replace(safetyEntry, '"revision":"next","url":"safety.html"')}\nself.deployedVersion = 'next';\n`,
    );
    for (const compressed of ['sw.js.br', 'sw.js.gz', 'safety.html.br', 'safety.html.gz'])
      rmSync(join(build, compressed), { force: true });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('status').filter({
      hasText: 'A new version of Natural State Trails is ready.',
    });
    await prompt.waitFor({ timeout: 30_000 });
    // Until the rider accepts, the old version keeps serving the page.
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Update now' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    // The page reloaded under the new version, which now controls it.
    const controller = await context
      .serviceWorkers()
      .find((worker) => worker.url().endsWith('/sw.js'))
      ?.evaluate(() => (self as unknown as { deployedVersion?: string }).deployedVersion);
    expect(controller).toBe('next');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(
      page.getByText('A new version of Natural State Trails is ready.').count(),
    ).resolves.toBe(0);

    // The new version's pre-rendered page comes from its precache, with the network off too.
    await context.setOffline(true);
    await page.goto(`${server.baseUrl}/safety`);
    await page.getByRole('heading', { name: 'Safety Center', level: 1 }).waitFor();
    expect(
      await page.evaluate(() =>
        document.querySelector('meta[name="deployed-version"]')?.getAttribute('content'),
      ),
    ).toBe('next');
    // The files the update did not change still come from the first install's pack.
    await page.goto(`${server.baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Mill Creek OHV Trail' }).first().waitFor();
  });
});
