/**
 * The voice engines in Debian's Chromium (voice-navigation-campgrounds §4.1, §7.1, §8, §9):
 * - a spoken sentence (espeak-ng WAV as Chromium's fake microphone) goes through the real
 *   recorder and offline engine into the speech worker's real message handling, first channel
 *   resampled to 16 kHz;
 * - the real Whisper worker (transformers.js, onnxruntime-web) loads an installed model from
 *   /models/ and nowhere else; the placeholder weights then fail as a broken model would
 *   (no Whisper weights can be had on these machines);
 * - with no model installed the engine reports 'not-installed' before any download;
 * - a realtime session against a local provider whose WebRTC peer (werift) answers the SDP:
 *   client secret through the sync server, data-channel events both ways, the photo question,
 *   microphone audio over RTP.
 * The page is a test harness served by Vite's dev server (tests/e2e/harness/), proxying the API
 * to a sync server built in this process; the app's panel belongs to the voice UI.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../sync-server/app.ts';
import { writeTestSpeechModel } from '../fixtures/speech-model.ts';
import { imageQuestion } from '../../src/lib/voice/realtime-voice.ts';
import {
  providerApiKey,
  providerReplyChunks,
  startFakeRealtimeProvider,
  type FakeRealtimeProvider,
} from '../fixtures/fake-realtime-provider.ts';
import { makeScratchDir } from '../support/scratch.ts';

const root = new URL('../..', import.meta.url).pathname;
const harnessPath = '/tests/e2e/harness/voice-engines.html';
const rider = { username: 'voice-rider', password: 'voice-rider-password' };

interface Stack {
  app: FastifyInstance;
  vite: ViteDevServer;
  pageUrl: string;
}

let scratch: string;
let wavPath: string;
let provider: FakeRealtimeProvider;
const stacks: Stack[] = [];
let browser: { context: BrowserContext; page: Page; profile: string } | null = null;

/** Sync server (own database, models folder, realtime settings) behind a Vite dev server. */
async function startStack(modelsDir: string, realtime: boolean): Promise<Stack> {
  const app = await buildApp({
    databaseFile: join(mkdtempSync(join(scratch, 'db-')), 'db.sqlite'),
    staticDir: null,
    modelsDir,
    realtime: realtime
      ? { apiUrl: provider.apiUrl, apiKey: providerApiKey, model: 'gpt-realtime' }
      : null,
    auth: {
      initialAdmin: rider,
      passwordHashing: { memoryCost: 1024, timeCost: 1 },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    server: {
      host: '127.0.0.1',
      port: 0,
      hmr: false,
      proxy: { '/api': appUrl, '/models': appUrl },
    },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await vite.listen();
  const viteAddress = vite.httpServer?.address();
  const port = typeof viteAddress === 'object' && viteAddress ? viteAddress.port : 0;
  const stack = { app, vite, pageUrl: `http://127.0.0.1:${port}${harnessPath}` };
  stacks.push(stack);
  return stack;
}

async function openHarness(url: string): Promise<Page> {
  if (!browser) {
    const profile = makeScratchDir('nst-chromium-voice-');
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      viewport: { width: 390, height: 844 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wavPath}`,
        // WebRTC on loopback only: no mDNS names, loopback candidates allowed.
        '--allow-loopback-in-peer-connection',
        '--disable-features=WebRtcHideLocalIpsWithMdns',
      ],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    browser = { context, page, profile };
  }
  await browser.page.goto(url);
  await browser.page.waitForFunction(() => 'voiceHarness' in window, null, { timeout: 60_000 });
  return browser.page;
}

beforeAll(async () => {
  scratch = makeScratchDir('nst-voice-e2e-');
  wavPath = join(scratch, 'question.wav');
  const spoken = spawnSync('espeak-ng', [
    '-v',
    'en-us',
    '-w',
    wavPath,
    'Find A T V trails near Hot Springs',
  ]);
  if (spoken.status !== 0) {
    throw new Error('espeak-ng is missing: run scripts/setup-test-env.sh (npm test does).');
  }
  provider = await startFakeRealtimeProvider();
});

afterAll(async () => {
  if (browser) {
    await browser.context.close();
    rmSync(browser.profile, { recursive: true, force: true });
  }
  for (const stack of stacks) {
    await stack.vite.close();
    await stack.app.close();
  }
  await provider?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('offline speech', () => {
  it('records the spoken question and hands the worker its first channel at 16 kHz', async () => {
    const modelsDir = join(scratch, 'models-measure');
    writeTestSpeechModel(join(modelsDir, 'whisper-tiny.en'));
    const stack = await startStack(modelsDir, false);
    const page = await openHarness(stack.pageUrl);

    const result = await page.evaluate(() => window.voiceHarness.recordAndTranscribe(2500));

    // The microphone runs at the audio device's rate, not Whisper's.
    expect(result.recordedSampleRate).not.toBe(16_000);
    const expectedSamples = (result.recordedSamples * 16_000) / result.recordedSampleRate;
    expect(Math.abs(result.worker.samples - expectedSamples)).toBeLessThanOrEqual(2);
    // About 2.5 s of audio reached the worker...
    expect(result.worker.samples / 16_000).toBeGreaterThan(1.5);
    // ...and it is the spoken sentence (espeak's level and voice pitch), not silence.
    expect(result.worker.rms).toBeGreaterThan(0.01);
    expect(result.worker.zeroCrossingHz).toBeGreaterThan(60);
    expect(result.worker.zeroCrossingHz).toBeLessThan(4000);
    expect(result.status).toMatchObject({ state: 'ready', progress: 1, error: null });
    // The listing told the size before the download (two 4096-byte .onnx files + JSON files).
    expect(result.status.modelBytes).toBeGreaterThan(8192);
  });

  it('loads the installed model with transformers.js from /models/ only, and reports a broken one', async () => {
    const modelsDir = join(scratch, 'models-real');
    writeTestSpeechModel(join(modelsDir, 'whisper-tiny.en'));
    const stack = await startStack(modelsDir, false);
    const page = await openHarness(stack.pageUrl);
    const requested: string[] = [];
    const onRequest = (request: { url(): string }) => requested.push(request.url());
    browser!.context.on('request', onRequest);

    const result = await page.evaluate(() => window.voiceHarness.initRealWorker());
    browser!.context.off('request', onRequest);

    expect(result.beforeInit.modelBytes).toBeGreaterThan(8192);
    expect(result.statuses.some((status) => status.state === 'initializing')).toBe(true);
    // Placeholder weights are no ONNX graph: the real loader fails with the §8 text.
    expect(result.status).toMatchObject({
      state: 'error',
      error: 'Failed to initialize offline speech',
    });
    expect(result.transcribeError).toBe('Model not ready');
    const modelRequests = requested.filter((url) => url.includes('/models/whisper-tiny.en/'));
    expect(modelRequests.some((url) => url.endsWith('/config.json'))).toBe(true);
    expect(modelRequests.some((url) => url.endsWith('/onnx/encoder_model_quantized.onnx'))).toBe(
      true,
    );
    // Nothing from a model hub or a CDN: every request stayed on this machine.
    const external = requested.filter((url) => !/^(http:\/\/127\.0\.0\.1:|blob:|data:)/.test(url));
    expect(external).toEqual([]);
  });

  it('says offline speech is not installed when the server has no model', async () => {
    const stack = await startStack(join(scratch, 'models-none'), false);
    const page = await openHarness(stack.pageUrl);

    const result = await page.evaluate(() => window.voiceHarness.initRealWorker());

    expect(result.beforeInit).toMatchObject({ state: 'not-installed', modelBytes: null });
    expect(result.status.state).toBe('not-installed');
    expect(result.transcribeError).toBe('Worker not initialized');
  });
});

describe('realtime voice', () => {
  let stack: Stack;
  let accessToken: string;

  beforeAll(async () => {
    stack = await startStack(join(scratch, 'models-none'), true);
    const address = stack.app.server.address();
    const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rider),
    });
    accessToken = ((await login.json()) as { accessToken: string }).accessToken;
  });

  it('connects over WebRTC, sends the camera photo with its question and a typed one, and hears the replies', async () => {
    const page = await openHarness(stack.pageUrl);
    const photo = await page.evaluate(() => window.voiceHarness.capturePhoto());
    // §9: the rear camera at an ideal 1280x720, one frame as JPEG.
    expect(photo).toMatchObject({ width: 1280, height: 720 });
    expect(photo.dataUrl).toMatch(/^data:image\/jpeg;base64,/);

    const result = await page.evaluate(
      ([token, image]) => window.voiceHarness.realtime(token, image),
      [accessToken, photo.dataUrl] as const,
    );

    expect(result.error).toBeNull();
    const types = result.events.map((event) => event.type);
    expect(types[0]).toBe('connected');
    const deltas = result.events.flatMap((event) =>
      event.type === 'reply.delta' ? [event.delta] : [],
    );
    expect(deltas).toEqual([...providerReplyChunks, ...providerReplyChunks]);
    expect(types.filter((type) => type === 'reply.done')).toHaveLength(2);
    expect(types.at(-1)).toBe('closed');

    // The server asked the provider with its own key and the default voice.
    const secretRequest = provider.record.clientSecretRequests.at(-1)!;
    expect(secretRequest.authorization).toBe(`Bearer ${providerApiKey}`);
    expect(secretRequest.body).toMatchObject({
      session: { type: 'realtime', audio: { output: { voice: 'marin' } } },
    });
    // The browser used the short-lived secret, never the key, for the SDP offer.
    expect(provider.record.calls.at(-1)).toMatchObject({
      authorization: 'Bearer ek_test_1',
      contentType: 'application/sdp',
    });
    const items = provider.record.events.filter(
      (event) => event.type === 'conversation.item.create',
    );
    expect(items[0]).toMatchObject({
      item: {
        role: 'user',
        content: [
          { type: 'input_text', text: imageQuestion },
          { type: 'input_image', image_url: photo.dataUrl },
        ],
      },
    });
    expect(items[1]).toMatchObject({
      item: { content: [{ type: 'input_text', text: 'Is Wolf Pen Gap open to side-by-sides?' }] },
    });
    // The fake microphone's audio travelled over RTP and came back as a transcript event.
    expect(provider.record.audioPackets).toBeGreaterThan(0);
    expect(result.events).toContainEqual({ type: 'transcript', text: 'heard the rider' });
  });

  it('reports the SDP exchange status when the provider refuses the call', async () => {
    const page = await openHarness(stack.pageUrl);
    provider.failNextCall(429);

    const result = await page.evaluate((token) => window.voiceHarness.realtime(token), accessToken);

    expect(result.error).toBe('SDP exchange failed: 429');
  });

  it('needs a signed-in rider', async () => {
    const page = await openHarness(stack.pageUrl);

    const result = await page.evaluate(() => window.voiceHarness.realtime(null));

    expect(result.error).toBe('Failed to get client secret');
  });

  it('tells the client when realtime voice is not configured, so it can fall back', async () => {
    const unconfigured = await startStack(join(scratch, 'models-none'), false);
    const address = unconfigured.app.server.address();
    const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rider),
    });
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    const page = await openHarness(unconfigured.pageUrl);

    const result = await page.evaluate((value) => window.voiceHarness.realtime(value), token);

    expect(result.error).toBe('Realtime voice is not configured on this server');
  });
});
