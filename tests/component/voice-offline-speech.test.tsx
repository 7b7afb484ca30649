/**
 * The offline speech model download as a rider meets it in the voice assistant
 * (voice-navigation-campgrounds §4.1 "Offline engine", §2.7): the panel offers the model with the
 * size the server publishes and nothing is fetched until the rider agrees; the agreement is kept
 * on the device so the next page load starts the model by itself; on a metered or data-saver
 * connection an agreed download waits for "Download anyway"; a download can be cancelled.
 * The speech worker is a stand-in that records what it is asked (jsdom has no Worker).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readLocalSetting, writeLocalSetting } from '../../src/db/settings.ts';
import {
  OFFLINE_SPEECH_CONSENT_KEY,
  type OfflineSpeechConsent,
} from '../../src/lib/voice/offline-model-consent.ts';
import { databaseWithCatalogues } from './render-app.tsx';
import { renderAppWithApi, type ApiRoute } from './rider-fixtures.tsx';

/** The speech worker stand-in: remembers its messages and reports a download under way. */
class RecordingWorker {
  static started: RecordingWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly messages: unknown[] = [];
  terminated = false;
  constructor() {
    RecordingWorker.started.push(this);
  }
  postMessage(message: { type: string }) {
    this.messages.push(message);
    if (message.type !== 'init') return;
    queueMicrotask(() => {
      this.onmessage?.({ data: { type: 'status', status: 'initializing' } } as MessageEvent);
      this.onmessage?.({ data: { type: 'download_progress', progress: 0.25 } } as MessageEvent);
    });
  }
  terminate() {
    this.terminated = true;
  }
}

/** GET /api/models of a server with whisper-tiny.en installed (sizes as the server sums them). */
const modelsRoute: ApiRoute = {
  path: '/api/models',
  answer: {
    body: {
      speech: {
        id: 'whisper-tiny.en',
        dtype: 'q8',
        bytes: 41_234_567,
        files: [
          { path: 'config.json', bytes: 2_000 },
          { path: 'onnx/encoder_model_quantized.onnx', bytes: 10_000_000 },
          { path: 'onnx/decoder_model_merged_quantized.onnx', bytes: 31_232_567 },
        ],
      },
      realtime: { configured: false },
    },
  },
};

function setConnection(connection: object | undefined): void {
  Object.defineProperty(window.navigator, 'connection', {
    configurable: true,
    get: () => connection,
  });
}

async function storedConsent(): Promise<OfflineSpeechConsent | null> {
  const database = await databaseWithCatalogues();
  return readLocalSetting<OfflineSpeechConsent | null>(database, OFFLINE_SPEECH_CONSENT_KEY, null);
}

async function openOfflineSpeech(): Promise<HTMLElement> {
  // The assistant is a lazy chunk loaded after the first screen: the first import is slow here.
  const button = await screen.findByRole(
    'button',
    { name: 'Voice assistant' },
    { timeout: 15_000 },
  );
  fireEvent.click(button);
  return screen.findByRole('region', { name: 'Offline speech' });
}

beforeAll(async () => {
  vi.stubGlobal('Worker', RecordingWorker);
  // The assistant is a lazy chunk the shell loads after the first screen; transforming it the
  // first time takes longer than a test should wait for a button.
  await import('../../src/voice/voice-assistant-root.tsx');
}, 60_000);

afterEach(async () => {
  setConnection(undefined);
  RecordingWorker.started = [];
  await writeLocalSetting(await databaseWithCatalogues(), OFFLINE_SPEECH_CONSENT_KEY, null);
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('offline speech model download', () => {
  it('shows the size, downloads nothing before the rider agrees, and can be cancelled', async () => {
    const { requests } = await renderAppWithApi('/', [modelsRoute]);
    const section = await openOfflineSpeech();

    const download = await within(section).findByRole('button', {
      name: 'Download offline speech model (41 MB)',
    });
    expect(RecordingWorker.started).toHaveLength(0);
    expect(requests.some((request) => request.path.startsWith('/models/'))).toBe(false);

    fireEvent.click(download);

    await within(section).findByRole('progressbar', { name: 'Offline speech model download' });
    expect(RecordingWorker.started).toHaveLength(1);
    expect(RecordingWorker.started[0]!.messages[0]).toMatchObject({
      type: 'init',
      modelId: 'whisper-tiny.en',
    });
    await waitFor(async () =>
      expect(await storedConsent()).toMatchObject({
        modelId: 'whisper-tiny.en',
        bytes: 41_234_567,
      }),
    );

    fireEvent.click(within(section).getByRole('button', { name: 'Cancel download' }));

    await within(section).findByRole('button', { name: 'Download offline speech model (41 MB)' });
    expect(RecordingWorker.started[0]!.terminated).toBe(true);
    await waitFor(async () => expect(await storedConsent()).toBeNull());
  });

  it('on a data-saver connection, an agreed download waits for "Download anyway"', async () => {
    await writeLocalSetting(await databaseWithCatalogues(), OFFLINE_SPEECH_CONSENT_KEY, {
      modelId: 'whisper-tiny.en',
      bytes: 41_234_567,
      agreedAt: Date.now(),
    });
    setConnection({ saveData: true, type: 'wifi' });
    await renderAppWithApi('/', [modelsRoute]);
    const section = await openOfflineSpeech();

    const anyway = await within(section).findByRole('button', {
      name: 'Download anyway (41 MB)',
    });
    expect(within(section).getByRole('alert').textContent).toMatch(
      /^You are on a metered or data-saver connection/,
    );
    expect(RecordingWorker.started).toHaveLength(0);

    fireEvent.click(anyway);

    await within(section).findByRole('progressbar', { name: 'Offline speech model download' });
    expect(RecordingWorker.started).toHaveLength(1);
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel download' }));
    await within(section).findByRole('button', { name: /^Download offline speech model/ });
  });

  it('warns before the first download on a cellular connection', async () => {
    setConnection({ type: 'cellular' });
    await renderAppWithApi('/', [modelsRoute]);
    const section = await openOfflineSpeech();

    await within(section).findByRole('button', { name: 'Download offline speech model (41 MB)' });
    expect(section.textContent).toContain('You are on a metered or data-saver connection');
    expect(RecordingWorker.started).toHaveLength(0);
  });

  it('starts the model the rider agreed to on a later page load, without asking again', async () => {
    await writeLocalSetting(await databaseWithCatalogues(), OFFLINE_SPEECH_CONSENT_KEY, {
      modelId: 'whisper-tiny.en',
      bytes: 41_234_567,
      agreedAt: Date.now(),
    });
    await renderAppWithApi('/', [modelsRoute]);

    // Before the rider even opens the assistant.
    await waitFor(() => expect(RecordingWorker.started).toHaveLength(1));
    const section = await openOfflineSpeech();
    await within(section).findByRole('progressbar', { name: 'Offline speech model download' });
    expect(within(section).queryByRole('button', { name: /^Download/ })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel download' }));
    await within(section).findByRole('button', { name: /^Download offline speech model/ });
  });
});
