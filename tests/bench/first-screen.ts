/**
 * Start-up figures of issue 18 measured with Chromium's performance timeline (used by run.ts):
 *
 * - `firstScreenScripts`: the JavaScript a first visit fetches before the home page's first
 *   screen (the shell and the page heading in `#main`) has painted, i.e. what stands between a
 *   rider and the first screen. Scripts loaded after that paint (RxDB, the sync engine, the
 *   voice assistant) are reported separately by run.ts as the whole first visit.
 * - `largestContentfulPaint`: the `largest-contentful-paint` entry of a page loaded on a
 *   simulated mid-range phone, Lighthouse's mobile profile as applied by Chrome DevTools: CPU
 *   4x slower, "slow 4G" (562.5 ms request latency, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9
 *   up), median of `runs` fresh visits.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** Chrome DevTools' "slow 4G" preset (Lighthouse mobile throttling, devtools method). */
export const slow4g = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
} as const;

/** CPU slowdown of a mid-range phone against a desktop CPU (Lighthouse's default). */
export const cpuSlowdown = 4;

/**
 * Installs (before any page script runs) a recorder of the first frame painted after an `h1`
 * appears inside `#main`: `window.__firstScreenMs`, milliseconds since navigation start.
 */
export async function recordFirstScreen(page: Page): Promise<void> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.addInitScript(`
    new MutationObserver((records, observer) => {
      if (window.__firstScreenMs !== undefined || !document.querySelector('#main h1')) return;
      observer.disconnect();
      // The frame after the heading was inserted is the one that paints it.
      requestAnimationFrame(() => { window.__firstScreenMs = performance.now(); });
    }).observe(document, { childList: true, subtree: true });
  `);
}

/** Script URLs whose request started before the first screen painted (resource timing). */
export async function firstScreenScripts(page: Page): Promise<{ urls: string[]; atMs: number }> {
  await page.waitForFunction(
    () => (window as unknown as { __firstScreenMs?: number }).__firstScreenMs !== undefined,
  );
  return page.evaluate(() => {
    const atMs = (window as unknown as { __firstScreenMs: number }).__firstScreenMs;
    const urls = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= atMs && new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.name);
    return { urls, atMs };
  });
}

async function lcpOnce(browser: Browser, url: string, ready: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await ready(page);
    // Later, larger paints replace the candidate; give them a moment after the first screen.
    await page.waitForTimeout(2000);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/** Median largest contentful paint (ms) of `runs` fresh visits to `url` on the throttled phone. */
export async function largestContentfulPaint(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  runs = 3,
): Promise<number> {
  const values: number[] = [];
  for (let run = 0; run < runs; run += 1) values.push(await lcpOnce(browser, url, ready));
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)]!;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Serves a built folder over HTTP on 127.0.0.1 the way the app server sends its files (whole
 * files, no compression), so the bare page and the app travel the same throttled network.
 */
export async function serveFolder(folder: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = join(folder, normalize(path === '/' ? '/index.html' : path));
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/`, server };
}
