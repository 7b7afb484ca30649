/**
 * Voice assistant benchmark (issue 13, `npm run bench:voice` and part 5 of `npm run bench`):
 * with the network off, the time from the end of a typed question (Enter) to the spoken reply
 * (`speechSynthesis.speak` called), against the time from a tap on the voice button to the
 * panel's first rendered frame, both measured inside the page on its own clock
 * (`performance.now()`), median of several rounds. Recognised offline questions and Whisper's
 * real-time factor need an installed offline speech model (`npm run models`); without one the
 * benchmark says so rather than printing a figure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../e2e/server.ts';

const root = new URL('../..', import.meta.url).pathname;
const rounds = 5;
const questions = [
  "I'm stuck in mud",
  'nearest campground',
  'my engine is overheating',
  'tell me about wolf pen gap',
];

/** Figures of one run, all in ms. */
export interface VoiceBenchmarkResult {
  panelFirstFrameMs: number;
  typedAnswerMs: Record<string, number>;
  offlineModelInstalled: boolean;
}

interface PageMarks {
  opened: number[];
  panel: number[];
  asked: number[];
  spoken: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Marks the moments the benchmark times, on the page's own clock. */
function installMarks(): void {
  const marks: PageMarks = { opened: [], panel: [], asked: [], spoken: [] };
  (window as unknown as { __voiceMarks: PageMarks }).__voiceMarks = marks;
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('.voice-fab'))
        marks.opened.push(performance.now());
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && (event.target as Element | null)?.closest('.voice-ask')) {
        marks.asked.push(performance.now());
      }
    },
    true,
  );
  let panelShown = false;
  new MutationObserver(() => {
    const shown = document.querySelector('.voice-panel') !== null;
    if (shown && !panelShown) requestAnimationFrame(() => marks.panel.push(performance.now()));
    panelShown = shown;
  }).observe(document, { childList: true, subtree: true });
  const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
  window.speechSynthesis.speak = (utterance) => {
    marks.spoken.push(performance.now());
    speak(utterance);
  };
}

async function marksOf(page: Page): Promise<PageMarks> {
  return page.evaluate(() => (window as unknown as { __voiceMarks: PageMarks }).__voiceMarks);
}

/** Runs the offline rounds against a server already serving the built app at `baseUrl`. */
export async function runVoiceBenchmark(baseUrl: string): Promise<VoiceBenchmarkResult> {
  const listing = (await (await fetch(`${baseUrl}/api/models`)).json()) as { speech: unknown };
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation({ latitude: 35.2784, longitude: -93.1338 });
    await context.addInitScript(installMarks);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/ai-trails`);
    await page.getByRole('heading', { name: 'Mill Creek OHV Trail' }).first().waitFor();
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await context.setOffline(true);

    const panelTimes: number[] = [];
    const answerTimes = new Map<string, number[]>(questions.map((question) => [question, []]));
    for (let round = 0; round < rounds; round += 1) {
      await page.reload();
      await page.getByRole('button', { name: 'Voice assistant' }).click();
      await page.getByRole('dialog', { name: 'Voice assistant' }).waitFor();
      await page.waitForFunction(
        () => (window as unknown as { __voiceMarks: PageMarks }).__voiceMarks.panel.length > 0,
      );
      const opened = await marksOf(page);
      panelTimes.push(opened.panel[0]! - opened.opened[0]!);
      for (const question of questions) {
        const before = (await marksOf(page)).spoken.length;
        const box = page.getByRole('textbox', { name: 'Type a question' });
        await box.fill(question);
        await box.press('Enter');
        await page.waitForFunction(
          (count) =>
            (window as unknown as { __voiceMarks: PageMarks }).__voiceMarks.spoken.length > count,
          before,
        );
        const marks = await marksOf(page);
        answerTimes.get(question)!.push(marks.spoken.at(-1)! - marks.asked.at(-1)!);
      }
    }
    return {
      panelFirstFrameMs: median(panelTimes),
      typedAnswerMs: Object.fromEntries(
        [...answerTimes].map(([question, times]) => [question, median(times)]),
      ),
      offlineModelInstalled: listing.speech !== null,
    };
  } finally {
    await browser.close();
  }
}

/** Prints the figures as ratios against the panel's first frame. */
export function printVoiceReport(result: VoiceBenchmarkResult, heading: string): void {
  console.log(`${heading}: offline voice answers (median of ${rounds} rounds, network off)`);
  console.log(
    `   panel first frame after the tap:   ${result.panelFirstFrameMs.toFixed(0)} ms (baseline)`,
  );
  for (const [question, ms] of Object.entries(result.typedAnswerMs)) {
    const ratio = (ms / result.panelFirstFrameMs).toFixed(2);
    console.log(`   typed "${question}" → spoken reply: ${ms.toFixed(0)} ms, ${ratio}x the panel`);
  }
  console.log(
    result.offlineModelInstalled
      ? '   recognised questions and Whisper real-time factor: not part of this run (it needs a spoken recording fed to the model)'
      : '   recognised questions and Whisper real-time factor: not measured, no offline speech model is installed (npm run models)',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const server = await startServer();
  try {
    printVoiceReport(await runVoiceBenchmark(server.baseUrl), 'Voice');
  } finally {
    await server.stop();
  }
}
