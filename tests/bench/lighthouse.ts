/**
 * Lighthouse 12 (the npm package, driving the local Chromium) on a first visit to some of the
 * routes a newcomer lands on, with its mobile defaults: an emulated mid-range phone, simulated
 * slow 4G and a CPU 4x slower. Each route gets a browser of its own with an empty profile, so
 * every run is a first visit (no service worker, no stored catalogue). Printed: the four category
 * scores (0–100) with the targets performance ≥ 90 and accessibility 100, and the audits behind
 * the performance score that matter most here: total blocking time, largest contentful paint
 * (ms) and cumulative layout shift.
 */
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../../scripts/free-port.ts';

/** One route's Lighthouse result. */
export interface LighthouseResult {
  path: string;
  /** Category scores 0–100, null when Lighthouse could not score it (the page failed to load). */
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number | null>;
  totalBlockingTimeMs: number | null;
  largestContentfulPaintMs: number | null;
  cumulativeLayoutShift: number | null;
  /** Lighthouse's own error for the run (NO_FCP, …), when it reported one. */
  runtimeError: string | null;
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const performanceTarget = 90;
const accessibilityTarget = 100;

function numeric(value: number | undefined): number | null {
  return value === undefined || Number.isNaN(value) ? null : value;
}

/** Runs Lighthouse on each of `paths` under `baseUrl` (e.g. http://127.0.0.1:8787), one after another. */
export async function runLighthouse(
  baseUrl: string,
  paths: readonly string[],
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const path of paths) {
    // Lighthouse drives the browser over its DevTools port; Playwright only starts it.
    const port = await freePort();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
    });
    try {
      const run = await lighthouse(`${baseUrl}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      });
      const report = run?.lhr;
      const score = (name: (typeof categories)[number]) => {
        const value = report?.categories[name]?.score;
        return typeof value === 'number' ? Math.round(value * 100) : null;
      };
      results.push({
        path,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        totalBlockingTimeMs: numeric(report?.audits['total-blocking-time']?.numericValue),
        largestContentfulPaintMs: numeric(report?.audits['largest-contentful-paint']?.numericValue),
        cumulativeLayoutShift: numeric(report?.audits['cumulative-layout-shift']?.numericValue),
        runtimeError: report?.runtimeError?.code ?? null,
      });
    } finally {
      await browser.close();
    }
  }
  return results;
}

/** Prints `results` under `title`, with PASS or MISS for the performance and accessibility targets. */
export function printLighthouseReport(results: readonly LighthouseResult[], title: string): void {
  const shown = (value: number | null, unit = '') =>
    value === null ? 'n/a' : `${Math.round(value).toLocaleString('en-US')}${unit}`;
  console.log(`${title}: Lighthouse 12, mobile defaults (slow 4G, CPU 4x), first visit`);
  for (const result of results) {
    const { performance, accessibility } = result.scores;
    const verdicts = [
      `performance ${shown(performance)} (target ≥ ${performanceTarget}) ${performance !== null && performance >= performanceTarget ? 'PASS' : 'MISS'}`,
      `accessibility ${shown(accessibility)} (target ${accessibilityTarget}) ${accessibility === accessibilityTarget ? 'PASS' : 'MISS'}`,
      `best practices ${shown(result.scores['best-practices'])}`,
      `SEO ${shown(result.scores.seo)}`,
    ];
    console.log(`   ${result.path}`);
    console.log(`     ${verdicts.join('; ')}`);
    console.log(
      `     total blocking time ${shown(result.totalBlockingTimeMs, ' ms')}, LCP ${shown(result.largestContentfulPaintMs, ' ms')}, CLS ${result.cumulativeLayoutShift === null ? 'n/a' : result.cumulativeLayoutShift.toFixed(3)}${result.runtimeError ? `, Lighthouse error ${result.runtimeError}` : ''}`,
    );
  }
}
