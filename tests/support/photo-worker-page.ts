// A page built by Vite around the app's photo worker (src/photos/prepare-photos.ts), served on
// 127.0.0.1 and opened in Debian's Chromium, for what needs a real browser (createImageBitmap,
// OffscreenCanvas): the browser check that a camera JPEG with EXIF GPS comes out resized and
// without metadata, and the bench's main-thread figure while photos are prepared.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveFolder } from '../bench/first-screen.ts';

const root = new URL('../..', import.meta.url).pathname;

/** The page's script: a camera-like JPEG maker and the worker's entry on `window`. */
const pageScript = `
import { prepareInWorker } from '${join(root, 'src/photos/prepare-photos.ts')}';

const u16 = (value) => [(value >> 8) & 0xff, value & 0xff];
/** An APP1 EXIF segment (little-endian TIFF) whose IFD0 points to a GPS IFD (N 35.8°). */
function exifWithGps() {
  const tiff = [
    0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0,
    1, 0, 0x25, 0x88, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0,
    2, 0,
    1, 0, 2, 0, 2, 0, 0, 0, 0x4e, 0, 0, 0,
    2, 0, 5, 0, 1, 0, 0, 0, 56, 0, 0, 0,
    0, 0, 0, 0,
    35, 0, 0, 0, 1, 0, 0, 0,
  ];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  return [0xff, 0xe1, ...u16(body.length + 2), ...body];
}

/** A width × height JPEG from a canvas with an EXIF GPS segment spliced in after SOI. */
window.cameraJpeg = async (width, height) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#2d5016');
  gradient.addColorStop(1, '#c9a66b');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  for (let index = 0; index < 400; index += 1) {
    context.fillStyle = 'hsl(' + (index * 37) % 360 + ' 60% 50%)';
    context.fillRect((index * 97) % width, (index * 61) % height, 40, 40);
  }
  const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })).arrayBuffer());
  const spliced = new Uint8Array([...bytes.subarray(0, 2), ...exifWithGps(), ...bytes.subarray(2)]);
  return new Blob([spliced], { type: 'image/jpeg' });
};
/** Bytes hold an EXIF identifier ("Exif\0"). */
function hasExif(bytes) {
  for (let index = 0; index + 5 < bytes.length; index += 1) {
    if (bytes[index] === 0x45 && bytes[index + 1] === 0x78 && bytes[index + 2] === 0x69 &&
        bytes[index + 3] === 0x66 && bytes[index + 4] === 0) return true;
  }
  return false;
}

/** Makes the camera photos, then prepares them in the worker while watching the main thread. */
window.measurePrepare = async ({ count, width, height }) => {
  const inputs = [];
  for (let index = 0; index < count; index += 1) inputs.push(await window.cameraJpeg(width, height));
  const input = new Uint8Array(await inputs[0].arrayBuffer());
  let longestTask = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  let longestGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  const prepared = await prepareInWorker(inputs);
  const elapsedMs = performance.now() - started;
  clearInterval(ticker);
  observer.disconnect();
  const full = new Uint8Array(prepared[0].full.data);
  return {
    inputBytes: input.byteLength,
    inputHadExif: hasExif(input),
    full: {
      width: prepared[0].full.width,
      height: prepared[0].full.height,
      bytes: full.byteLength,
      hasExif: hasExif(full),
      startsAsJpeg: full[0] === 0xff && full[1] === 0xd8,
    },
    thumbnail: {
      width: prepared[0].thumbnail.width,
      height: prepared[0].thumbnail.height,
      bytes: prepared[0].thumbnail.data.byteLength,
    },
    longestTaskMs: longestTask,
    longestTimerGapMs: longestGap,
    elapsedMs,
  };
};
window.prepareInWorker = prepareInWorker;
document.body.dataset.ready = 'yes';
`;

/** A served build of the photo worker page and a Chromium showing it. */
export interface PhotoWorkerPage {
  page: Page;
  close(): Promise<void>;
}

/** Builds the page (Vite, into node_modules/.cache), serves it and opens it in Chromium. */
export async function openPhotoWorkerPage(): Promise<PhotoWorkerPage> {
  // Inside the repo so Vite resolves the app's modules and dependencies.
  const folder = join(root, 'node_modules', '.cache', `photo-worker-page-${process.pid}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(join(folder, 'main.js'), pageScript);
  writeFileSync(join(folder, 'vite.config.mjs'), "export default { worker: { format: 'es' } };\n");
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      folder,
      '--outDir',
      join(folder, 'dist'),
      '--logLevel',
      'error',
      '--config',
      join(folder, 'vite.config.mjs'),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('the photo worker page did not build');
  let server: Server | null = null;
  let browser: Browser | null = null;
  try {
    const served = await serveFolder(join(folder, 'dist'));
    server = served.server;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const page = await browser.newPage();
    await page.goto(served.url);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached' });
    const opened = { browser, server };
    return {
      page,
      async close() {
        await opened.browser.close();
        await new Promise((resolve) => opened.server.close(resolve));
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    server?.close();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** What preparing camera photos in the page gave: the first photo's figures, and the blocking. */
export interface PreparedInBrowser {
  /** Size of the input JPEG and whether it held an EXIF segment (it should). */
  inputBytes: number;
  inputHadExif: boolean;
  full: { width: number; height: number; bytes: number; hasExif: boolean; startsAsJpeg: boolean };
  thumbnail: { width: number; height: number; bytes: number };
  /**
   * Longest task on the main thread while the photos were prepared, ms, as the Long Tasks API
   * reports them (tasks over 50 ms only: 0 means none).
   */
  longestTaskMs: number;
  /**
   * Longest lateness of a 5 ms timer meanwhile, ms: also counts the main thread waiting for a
   * core (the worker and other processes share them), so it is an upper bound of blocking.
   */
  longestTimerGapMs: number;
  /** Wall time to prepare all of them, ms. */
  elapsedMs: number;
}

/**
 * Makes `count` camera JPEGs of `width` × `height` px with EXIF GPS, then prepares them in the
 * worker while watching the main thread (its long tasks, and the lateness of a 5 ms timer).
 */
export function prepareCameraPhotos(
  page: Page,
  { count = 1, width = 4032, height = 3024 } = {},
): Promise<PreparedInBrowser> {
  // The measuring runs in the page's own script: code handed to evaluate from here would carry
  // tsx's name helpers, which the page lacks.
  return page.evaluate(
    (options) =>
      (
        window as unknown as {
          measurePrepare(options: object): Promise<PreparedInBrowser>;
        }
      ).measurePrepare(options),
    { count, width, height },
  );
}
