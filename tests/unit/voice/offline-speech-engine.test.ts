/**
 * The offline speech engine the voice machine drives (voice-navigation-campgrounds §4.1, §8):
 * the server's model listing (size before download, "not installed"), the worker's progress
 * and readiness, transcription answers and the §8 errors. The worker runs the real message
 * handling (workers/speech-protocol.ts) in-process with the pipeline injected.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createOfflineSpeechEngine,
  offlineSpeechNotInstalledText,
  type ModelsListing,
} from '../../../src/lib/voice/offline-speech.ts';
import type { OfflineSpeechStatus } from '../../../src/lib/voice/voice-engines.ts';
import {
  createSpeechWorkerHandler,
  type SpeechWorkerResponse,
  type TranscriberLoader,
} from '../../../workers/speech-protocol.ts';

const listing: ModelsListing = {
  speech: { id: 'whisper-tiny.en', dtype: 'q8', bytes: 41_234_567 },
};

function listingFetch(body: ModelsListing): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status: 200 });
}

const offlineFetch: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

/** A Worker whose messages go through the real handler with `load` as the pipeline. */
function fakeWorker(load: TranscriberLoader, received: unknown[] = []): () => Worker {
  return () => {
    const worker = {
      onmessage: null as ((event: MessageEvent<SpeechWorkerResponse>) => void) | null,
      onerror: null,
      postMessage(message: unknown) {
        received.push(message);
        queueMicrotask(() => void handle(message));
      },
      terminate() {},
    };
    const handle = createSpeechWorkerHandler({
      loadTranscriber: load,
      post: (message) =>
        worker.onmessage?.({ data: message } as MessageEvent<SpeechWorkerResponse>),
    });
    return worker as unknown as Worker;
  };
}

const echoLoader: TranscriberLoader = async (_request, onProgress) => {
  onProgress(0.5);
  return async (audio) => `heard ${audio.length} samples`;
};

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

async function settled(engine: { getStatus(): OfflineSpeechStatus }): Promise<void> {
  await vi.waitFor(() => expect(engine.getStatus().state).not.toBe('not-ready'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('before the download', () => {
  it('knows the model size from the listing', async () => {
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: fakeWorker(echoLoader),
      storage: null,
    });

    await vi.waitFor(() => expect(engine.getStatus().modelBytes).toBe(41_234_567));
    expect(engine.getStatus()).toMatchObject({ state: 'not-ready', progress: 0, error: null });
  });

  it('is not installed when the server lists no model, and never starts a worker', async () => {
    const createWorker = vi.fn(fakeWorker(echoLoader));
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch({ speech: null }),
      createWorker,
      storage: null,
    });
    await settled(engine);

    await engine.init();

    expect(engine.getStatus()).toEqual({
      state: 'not-installed',
      progress: 0,
      modelBytes: null,
      modelId: null,
      error: null,
    });
    expect(createWorker).not.toHaveBeenCalled();
    await expect(engine.transcribe(new Float32Array(10), 16_000)).rejects.toThrow(
      'Worker not initialized',
    );
    expect(offlineSpeechNotInstalledText).toBe('Offline speech is not installed on this server');
  });
});

describe('init and transcribe', () => {
  it('reports initializing with progress, then ready, then transcribes', async () => {
    const received: unknown[] = [];
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: fakeWorker(echoLoader, received),
      storage: null,
      modelsBaseUrl: '/models/',
    });
    const seen: OfflineSpeechStatus[] = [];
    engine.subscribe((status) => seen.push(status));

    await engine.init();

    expect(received[0]).toEqual({
      type: 'init',
      modelId: 'whisper-tiny.en',
      modelsBaseUrl: '/models/',
      dtype: 'q8',
    });
    expect(seen.some((status) => status.state === 'initializing' && status.progress === 0.5)).toBe(
      true,
    );
    expect(engine.getStatus()).toEqual({
      state: 'ready',
      progress: 1,
      modelBytes: 41_234_567,
      modelId: 'whisper-tiny.en',
      error: null,
    });
    const recording = new Float32Array(48_000);
    await expect(engine.transcribe(recording, 48_000)).resolves.toBe('heard 16000 samples');
    // The caller keeps its recording (a copy is transferred to the worker).
    expect(recording.length).toBe(48_000);
  });

  it('says "Model not ready" while the model is loading', async () => {
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: fakeWorker(() => new Promise(() => undefined)),
      storage: null,
    });
    void engine.init();
    await vi.waitFor(() => expect(engine.getStatus().state).toBe('initializing'));

    await expect(engine.transcribe(new Float32Array(10), 16_000)).rejects.toThrow(
      'Model not ready',
    );
  });

  it('says "Failed to initialize offline speech" when the model fails to load, and can retry', async () => {
    let attempts = 0;
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: fakeWorker(async (request, onProgress) => {
        attempts++;
        if (attempts === 1) throw new Error('network');
        return echoLoader(request, onProgress);
      }),
      storage: null,
    });

    await engine.init();
    expect(engine.getStatus()).toMatchObject({
      state: 'error',
      error: 'Failed to initialize offline speech',
    });
    await engine.init();
    expect(engine.getStatus()).toMatchObject({ state: 'ready', error: null });
  });

  it('says "Worker initialization failed" when the worker cannot start', async () => {
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: () => {
        throw new Error('SecurityError');
      },
      storage: null,
    });

    await engine.init();

    expect(engine.getStatus()).toMatchObject({
      state: 'error',
      error: 'Worker initialization failed',
    });
  });

  it('gives up with "Transcription timeout" when the worker stays silent for 30 s', async () => {
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: fakeWorker(async () => () => new Promise<string>(() => undefined)),
      storage: null,
      timeoutMs: 30_000,
    });
    await engine.init();
    vi.useFakeTimers();

    const result = engine.transcribe(new Float32Array(16_000), 16_000);
    const assertion = expect(result).rejects.toThrow('Transcription timeout');
    await vi.advanceTimersByTimeAsync(30_000);

    await assertion;
  });
});

describe('without signal', () => {
  it('starts the model it listed last time', async () => {
    const storage = memoryStorage();
    const online = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: fakeWorker(echoLoader),
      storage,
    });
    await vi.waitFor(() => expect(online.getStatus().modelBytes).toBe(41_234_567));

    const offline = createOfflineSpeechEngine({
      fetch: offlineFetch,
      createWorker: fakeWorker(echoLoader),
      storage,
    });
    await offline.init();

    expect(offline.getStatus()).toMatchObject({ state: 'ready', modelBytes: 41_234_567 });
  });

  it('reports a failed start when it never saw a listing', async () => {
    const engine = createOfflineSpeechEngine({
      fetch: offlineFetch,
      createWorker: fakeWorker(echoLoader),
      storage: memoryStorage(),
    });

    await engine.init();

    expect(engine.getStatus()).toMatchObject({
      state: 'error',
      error: 'Failed to initialize offline speech',
    });
  });

  it('asks the server again when the rider retries with signal back', async () => {
    let online = false;
    const engine = createOfflineSpeechEngine({
      fetch: (input, init) =>
        online ? listingFetch(listing)(input, init) : offlineFetch(input, init),
      createWorker: fakeWorker(echoLoader),
      storage: memoryStorage(),
    });
    await engine.init();
    expect(engine.getStatus().state).toBe('error');

    online = true;
    await engine.init();

    expect(engine.getStatus()).toMatchObject({ state: 'ready', modelBytes: 41_234_567 });
  });
});

/**
 * A rider's 75 s question at 16 kHz where each sample holds its own index, and a "model" that
 * hears one word every half second (w0 at 0 s, w1 at 0.5 s, …) in whatever stretch it is given.
 */
const riderWords = Array.from({ length: 150 }, (_, index) => `w${index}`);
const wordHearingLoader: TranscriberLoader = async () => async (audio) => {
  const from = audio[0]! / 16_000;
  const to = from + audio.length / 16_000;
  return riderWords.filter((_, index) => index * 0.5 >= from && index * 0.5 < to).join(' ');
};

describe('long recordings', () => {
  it('transcribes a 75 s recording in 30 s windows and keeps every word once', async () => {
    const received: unknown[] = [];
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: fakeWorker(wordHearingLoader, received),
      storage: null,
    });
    await engine.init();
    const recording = Float32Array.from({ length: 75 * 16_000 }, (_, index) => index);

    const text = await engine.transcribe(recording, 16_000);

    expect(text).toBe(riderWords.join(' '));
    const windows = received.filter(
      (message): message is { type: 'transcribe'; audio: Float32Array } =>
        (message as { type: string }).type === 'transcribe',
    );
    expect(windows.map((message) => message.audio.length / 16_000)).toEqual([30, 30, 19]);
  });
});

describe('the rider stays in charge of the download', () => {
  it('reads only the listing until told to load the model', async () => {
    const requested: string[] = [];
    const createWorker = vi.fn(fakeWorker(echoLoader));
    const engine = createOfflineSpeechEngine({
      fetch: async (input, init) => {
        requested.push(String(input));
        return listingFetch(listing)(input, init);
      },
      createWorker,
      storage: null,
    });

    await vi.waitFor(() => expect(engine.getStatus().modelId).toBe('whisper-tiny.en'));

    expect(requested).toEqual(['/api/models']);
    expect(createWorker).not.toHaveBeenCalled();
  });

  it('cancels a download in progress and can start it again later', async () => {
    const terminated = vi.fn();
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch(listing),
      createWorker: () => {
        const worker = fakeWorker(() => new Promise(() => undefined))();
        worker.terminate = terminated;
        return worker;
      },
      storage: null,
    });
    const loading = engine.init();
    await vi.waitFor(() => expect(engine.getStatus().state).toBe('initializing'));

    engine.cancel();

    await loading;
    expect(terminated).toHaveBeenCalledTimes(1);
    expect(engine.getStatus()).toMatchObject({ state: 'not-ready', progress: 0 });
    void engine.init();
    await vi.waitFor(() => expect(engine.getStatus().state).toBe('initializing'));
  });

  it('knows when every model file is cached on the device, and removes them', async () => {
    const cached = new Set(['http://localhost/models/whisper-tiny.en/config.json']);
    const cacheStorage = {
      open: async () =>
        ({
          match: async (url: string) => (cached.has(url) ? new Response('') : undefined),
        }) as unknown as Cache,
      delete: vi.fn(async () => {
        cached.clear();
        return true;
      }),
    };
    const engine = createOfflineSpeechEngine({
      fetch: listingFetch({
        speech: {
          ...listing.speech!,
          files: [
            { path: 'config.json', bytes: 1_000 },
            { path: 'onnx/encoder_model_quantized.onnx', bytes: 41_233_567 },
          ],
        },
      }),
      createWorker: fakeWorker(echoLoader),
      storage: null,
      caches: cacheStorage,
      modelsBaseUrl: 'http://localhost/models/',
    });
    await expect(engine.isModelOnDevice()).resolves.toBe(false);
    cached.add('http://localhost/models/whisper-tiny.en/onnx/encoder_model_quantized.onnx');
    await expect(engine.isModelOnDevice()).resolves.toBe(true);
    await engine.init();

    await engine.remove();

    expect(cacheStorage.delete).toHaveBeenCalledWith('speech-models');
    expect(engine.getStatus().state).toBe('not-ready');
    await expect(engine.isModelOnDevice()).resolves.toBe(false);
  });
});
