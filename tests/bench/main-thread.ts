/**
 * The main thread during a first visit on the emulated mid-range phone (used by run.ts, part
 * 2): a fresh profile opens the home page with Lighthouse's mobile throttling as Chrome
 * DevTools applies it (CPU 4x slower, slow 4G: first-screen.ts), and the Long Tasks API records
 * every task over 50 ms from the first contentful paint until the app is ready offline (the
 * `offline-ready` mark: service worker installed, public catalogues stored). Reported per visit:
 *
 * - the longest task (target ≤ 200 ms: a tap waits at most that long);
 * - total blocking time, Lighthouse's definition over that window: the sum of each long task's
 *   time beyond 50 ms (target ≤ 600 ms).
 *
 * The same figures of the bare React page (first-screen.ts) are the baseline: what the browser
 * and React alone cost on the same phone.
 */
import type { Browser, Page } from 'playwright-core';
import { cpuSlowdown, slow4g } from './first-screen.ts';

/** One visit's main thread, ms. */
export interface MainThreadFigures {
  longestTaskMs: number;
  totalBlockingTimeMs: number;
  /** Long tasks in the window. */
  longTasks: number;
  /** When the window ended, ms after navigation start (offline-ready, or the ready check). */
  windowEndMs: number;
}

/** A task's time beyond this counts as blocking (Lighthouse, Long Tasks API). */
const blockingThresholdMs = 50;

/** Records long tasks and the first contentful paint from the page's very start. */
const recorder = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** The long tasks of the visit between the first contentful paint and `endMs`, as figures. */
async function figuresOf(page: Page, endMs: number): Promise<MainThreadFigures> {
  const { tasks, fcp } = await page.evaluate(() => ({
    tasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }));
  // Lighthouse counts the part of a task after the first contentful paint.
  const inWindow = tasks
    .map(([start, duration]) => {
      const end = start + duration;
      return Math.max(0, Math.min(end, endMs) - Math.max(start, fcp));
    })
    .filter((duration) => duration > blockingThresholdMs);
  return {
    longestTaskMs: Math.max(0, ...inWindow),
    totalBlockingTimeMs: inWindow.reduce(
      (sum, duration) => sum + duration - blockingThresholdMs,
      0,
    ),
    longTasks: inWindow.length,
    windowEndMs: endMs,
  };
}

/**
 * One first visit to `url` in a fresh profile on the throttled phone; the window ends when
 * `ready` resolves to a time (ms after navigation start), e.g. the offline-ready mark.
 */
async function firstVisitOnce(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<number>,
): Promise<MainThreadFigures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(recorder);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const endMs = await ready(page);
    // A task running at the end is reported when it finishes.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return await figuresOf(page, endMs);
  } finally {
    await context.close();
  }
}

/** Each figure's median over `runs` first visits (they are noisy on a shared machine). */
export async function firstVisitMainThread(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<number>,
  runs = 3,
): Promise<MainThreadFigures> {
  const visits: MainThreadFigures[] = [];
  for (let run = 0; run < runs; run += 1) visits.push(await firstVisitOnce(browser, url, ready));
  const median = (pick: (figures: MainThreadFigures) => number) => {
    const values = visits.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return {
    longestTaskMs: median((figures) => figures.longestTaskMs),
    totalBlockingTimeMs: median((figures) => figures.totalBlockingTimeMs),
    longTasks: median((figures) => figures.longTasks),
    windowEndMs: median((figures) => figures.windowEndMs),
  };
}

/** Waits for the app's `offline-ready` mark and answers its time, ms after navigation start. */
export async function offlineReadyMark(page: Page): Promise<number> {
  await page.waitForFunction(
    () => performance.getEntriesByName('offline-ready', 'mark').length > 0,
    null,
    { timeout: 180_000 },
  );
  return page.evaluate(() => performance.getEntriesByName('offline-ready', 'mark')[0]!.startTime);
}
