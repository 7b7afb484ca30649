/**
 * The offline speech worker's message handling (voice-navigation-campgrounds §7.1, §8, §9) with
 * the Whisper pipeline injected: progress and readiness, first channel only, resampling to
 * 16 kHz, the 30 s time-out and the §8 error texts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSpeechWorkerHandler,
  toWhisperInput,
  transcriptionTimeoutMs,
  type SpeechWorkerRequest,
  type SpeechWorkerResponse,
  type Transcriber,
  type TranscriberLoader,
} from '../../../workers/speech-protocol.ts';

const initMessage: SpeechWorkerRequest = {
  type: 'init',
  modelId: 'whisper-tiny.en',
  modelsBaseUrl: '/models/',
  dtype: 'q8',
};

/** A sine tone of `hz` at `sampleRate` for `seconds`. */
function tone(hz: number, sampleRate: number, seconds: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(sampleRate * seconds) },
    (_, index) => 0.5 * Math.sin((2 * Math.PI * hz * index) / sampleRate),
  );
}

/** Dominant frequency from zero crossings, in Hz, of audio at 16 kHz. */
function pitchAt16k(audio: Float32Array): number {
  let crossings = 0;
  for (let index = 1; index < audio.length; index++) {
    if (Math.sign(audio[index]!) !== Math.sign(audio[index - 1]!)) crossings++;
  }
  return crossings / 2 / (audio.length / 16_000);
}

function setup(transcriber: Transcriber, load?: TranscriberLoader) {
  const posted: SpeechWorkerResponse[] = [];
  const heard: Float32Array[] = [];
  const handle = createSpeechWorkerHandler({
    loadTranscriber:
      load ??
      (async (_request, onProgress) => {
        onProgress(0.25);
        onProgress(0.75);
        return async (audio) => {
          heard.push(audio);
          return transcriber(audio);
        };
      }),
    post: (message) => posted.push(message),
  });
  return { handle, posted, heard };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('init', () => {
  it('reports initializing, download progress from 0 to 1, initialized and ready', async () => {
    const { handle, posted } = setup(async () => 'ok');

    await handle(initMessage);

    expect(posted).toEqual([
      { type: 'status', status: 'initializing' },
      { type: 'download_progress', progress: 0 },
      { type: 'download_progress', progress: 0.25 },
      { type: 'download_progress', progress: 0.75 },
      { type: 'download_progress', progress: 1 },
      { type: 'status', status: 'initialized' },
      { type: 'ready' },
    ]);
  });

  it('passes the model, its folder and its precision to the loader', async () => {
    const load = vi.fn<TranscriberLoader>(async () => async () => 'ok');
    const { handle } = setup(async () => 'ok', load);

    await handle(initMessage);

    expect(load).toHaveBeenCalledWith(initMessage, expect.any(Function));
  });

  it('never lets the progress bar run backwards', async () => {
    const { handle, posted } = setup(
      async () => 'ok',
      async (_request, onProgress) => {
        onProgress(0.6);
        onProgress(0.3);
        onProgress(0.9);
        return async () => 'ok';
      },
    );

    await handle(initMessage);

    const progress = posted.flatMap((message) =>
      message.type === 'download_progress' ? [message.progress] : [],
    );
    expect(progress).toEqual([0, 0.6, 0.9, 1]);
  });

  it('says "Failed to initialize offline speech" when the model cannot be loaded', async () => {
    const { handle, posted } = setup(
      async () => 'ok',
      async () => {
        throw new Error('404 /models/whisper-tiny.en/config.json');
      },
    );

    await handle(initMessage);

    expect(posted.at(-1)).toEqual({ type: 'error', error: 'Failed to initialize offline speech' });
  });

  it('answers a second init with the status instead of loading again', async () => {
    const load = vi.fn<TranscriberLoader>(async () => async () => 'ok');
    const { handle, posted } = setup(async () => 'ok', load);
    await handle(initMessage);
    posted.length = 0;

    await handle(initMessage);

    expect(load).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([{ type: 'status', status: 'initialized' }, { type: 'ready' }]);
  });
});

describe('transcribe', () => {
  it('says "Worker not initialized" before init', async () => {
    const { handle, posted } = setup(async () => 'never');

    await handle({ type: 'transcribe', id: 1, audio: new Float32Array(160), sampleRate: 16_000 });

    expect(posted).toEqual([{ type: 'error', id: 1, error: 'Worker not initialized' }]);
  });

  it('says "Model not ready" while the model is still loading or failed to load', async () => {
    let finish: (transcriber: Transcriber) => void = () => undefined;
    const { handle, posted } = setup(
      async () => 'never',
      () => new Promise<Transcriber>((resolve) => (finish = resolve)),
    );
    const loading = handle(initMessage);

    await handle({ type: 'transcribe', id: 7, audio: new Float32Array(160), sampleRate: 16_000 });

    expect(posted.at(-1)).toEqual({ type: 'error', id: 7, error: 'Model not ready' });
    finish(async () => 'ok');
    await loading;
  });

  it('transcribes the first channel only, resampled from 48 kHz to 16 kHz', async () => {
    const { handle, posted, heard } = setup(async () => '  Find ATV trails near me. ');
    await handle(initMessage);
    const first = tone(440, 48_000, 1);
    const second = tone(3000, 48_000, 1);

    await handle({ type: 'transcribe', id: 3, audio: [first, second], sampleRate: 48_000 });

    expect(heard).toHaveLength(1);
    expect(heard[0]!.length).toBe(16_000);
    expect(pitchAt16k(heard[0]!)).toBeCloseTo(440, -1);
    expect(posted.slice(-2)).toEqual([
      { type: 'processing', id: 3, samples: 16_000, sampleRate: 16_000 },
      { type: 'result', id: 3, text: 'Find ATV trails near me.' },
    ]);
  });

  it('resamples a 44.1 kHz recording and keeps 16 kHz audio as it is', async () => {
    const { handle, heard } = setup(async () => 'ok');
    await handle(initMessage);
    const at16k = tone(300, 16_000, 0.5);

    await handle({ type: 'transcribe', id: 1, audio: tone(300, 44_100, 2), sampleRate: 44_100 });
    await handle({ type: 'transcribe', id: 2, audio: at16k, sampleRate: 16_000 });

    expect(heard[0]!.length).toBe(32_000);
    expect(pitchAt16k(heard[0]!)).toBeCloseTo(300, -1);
    expect(heard[1]).toBe(at16k);
  });

  it('says "Transcription timeout" after 30 seconds', async () => {
    vi.useFakeTimers();
    const { handle, posted } = setup(() => new Promise<string>(() => undefined));
    await handle(initMessage);

    const running = handle({
      type: 'transcribe',
      id: 9,
      audio: new Float32Array(16_000),
      sampleRate: 16_000,
    });
    await vi.advanceTimersByTimeAsync(transcriptionTimeoutMs - 1);
    expect(posted.at(-1)?.type).toBe('processing');
    await vi.advanceTimersByTimeAsync(1);
    await running;

    expect(transcriptionTimeoutMs).toBe(30_000);
    expect(posted.at(-1)).toEqual({ type: 'error', id: 9, error: 'Transcription timeout' });
  });

  it('reports a failing transcription for that request and keeps working', async () => {
    let fail = true;
    const { handle, posted } = setup(async () => {
      if (fail) throw new Error('onnx run failed');
      return 'hello';
    });
    await handle(initMessage);

    await handle({ type: 'transcribe', id: 1, audio: new Float32Array(160), sampleRate: 16_000 });
    fail = false;
    await handle({ type: 'transcribe', id: 2, audio: new Float32Array(160), sampleRate: 16_000 });

    expect(posted).toContainEqual({ type: 'error', id: 1, error: 'Transcription failed' });
    expect(posted.at(-1)).toEqual({ type: 'result', id: 2, text: 'hello' });
  });

  it('rejects a bad sample rate and unknown messages with an error', async () => {
    const { handle, posted } = setup(async () => 'ok');
    await handle(initMessage);

    await handle({ type: 'transcribe', id: 4, audio: new Float32Array(10), sampleRate: 0 });
    await handle({ type: 'transcribe', id: 5, audio: [1, 2, 3], sampleRate: 16_000 });

    expect(posted.at(-2)).toMatchObject({ type: 'error', id: 4 });
    expect(posted.at(-1)).toEqual({ type: 'error', error: 'Unknown message' });
  });
});

describe('toWhisperInput', () => {
  it('returns an empty recording unchanged', () => {
    expect(toWhisperInput([], 48_000)).toHaveLength(0);
  });
});
