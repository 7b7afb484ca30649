/**
 * The pre-rendered first screens (scripts/prerender-build.ts) in Chromium at 390 px: each
 * pre-rendered route arrives with its page in the HTML, and the app takes it over without a
 * hydration mismatch (React's recoverable hydration errors and uncaught render errors) and
 * without moving it: the page's cumulative layout shift, measured in the page by a
 * 'layout-shift' PerformanceObserver until the page is hydrated and shows its own heading, stays
 * at most 0.1. One browser, the routes in a loop, served by the service worker as a returning
 * rider's are (the same files the server sends, tests/integration/server/http.test.ts).
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { prerenderedRoutes } from '../../src/app/prerender/prerendered-routes.ts';
import { openBrowser, viewports, type BrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
let session: BrowserSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
});

/** The largest cumulative layout shift a page may have (Core Web Vitals' "good"). */
const maximumLayoutShift = 0.1;

/** What React reports when hydration fails, in production builds (its error codes) or not. */
const hydrationFailure = /hydrat|did not match|react\.dev\/errors\/(418|419|422|423|425)\b/i;

describe('pre-rendered first screens in Chromium at 390 px', () => {
  it('hydrates every pre-rendered route without a mismatch or a layout shift over 0.1', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    const failures: string[] = [];
    let route = '';
    page.on('pageerror', (error) => failures.push(`${route}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && hydrationFailure.test(message.text())) {
        failures.push(`${route}: ${message.text()}`);
      }
    });
    // Before any page script: every layout shift not caused by the rider, summed; and the
    // elements the HTML brought, taken once parsing ends and before the deferred app module
    // runs (the map and other non-React code add elements of their own later).
    await page.addInitScript(`
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          window.__prerenderedElements = [...document.querySelectorAll('#root *')];
        }
      });
      window.__layoutShift = 0;
      window.__shiftedElements = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.hadRecentInput) continue;
          window.__layoutShift += entry.value;
          // What moved, for the failure message: tag.class, where from, where to.
          for (const { node, previousRect: from, currentRect: to } of entry.sources) {
            const name = node ? node.nodeName.toLowerCase() + '.' + String(node.className) : '?';
            window.__shiftedElements.push(
              entry.value.toFixed(3) + ' ' + name + ' ' + from.x + ',' + from.y + ' ' + from.width +
                'x' + from.height + ' -> ' + to.x + ',' + to.y + ' ' + to.width + 'x' + to.height,
            );
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    `);

    const shifts: Record<string, number> = {};
    const shiftedElements: Record<string, string[]> = {};
    for (const prerendered of prerenderedRoutes) {
      route = prerendered.renderAt ?? prerendered.path;
      const response = await page.goto(`${baseUrl}${route}`);
      expect(await response?.text(), route).toContain('id="prerender-data"');
      // Hydrated: every pre-rendered element still on the page carries React's node (a part
      // still waiting for its code keeps the server's markup without one), and the page shows
      // its own heading.
      await page.waitForFunction(
        () => {
          const { __prerenderedElements: prerendered } = window as unknown as {
            __prerenderedElements: Element[];
          };
          return (
            document.querySelector('#main h1') !== null &&
            prerendered.length > 0 &&
            prerendered.every(
              (element) =>
                !element.isConnected ||
                Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
            )
          );
        },
        null,
        { timeout: 30_000 },
      );
      // The frame after the last change, so its shift (if any) has been reported.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
      );
      shifts[route] = await page.evaluate(
        () => (window as unknown as { __layoutShift: number }).__layoutShift,
      );
      shiftedElements[route] = await page.evaluate(
        () => (window as unknown as { __shiftedElements: string[] }).__shiftedElements,
      );
    }
    expect(failures).toEqual([]);
    const tooMuch = Object.entries(shifts).filter(([, shift]) => shift > maximumLayoutShift);
    const moved = tooMuch.map(([tooMuchRoute]) => [tooMuchRoute, shiftedElements[tooMuchRoute]]);
    expect(tooMuch, JSON.stringify({ shifts, moved })).toEqual([]);
  }, 180_000);
});
