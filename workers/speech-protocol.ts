/**
 * The offline speech worker's message protocol and handling (requirements §voice-7.1,
 * §voice-8, §voice-9), kept free of transformers.js so tests drive it with an injected transcriber.
 *
 * In: `init` (which model to load from `/models/`), `transcribe` (PCM audio).
 * Out: `status` (initializing | initialized), `download_progress` (0–1), `ready`, `processing`,
 * `result` (text), `error` (one of the §voice-8 texts).
 */
import { resample } from 'wave-resampler';

/** Whisper's input rate (§voice-9 "16000 Hz offline"). */
export const speechSampleRate = 16_000;

/** Longest a transcription may take before it is abandoned (§voice-9: 30 seconds). */
export const transcriptionTimeoutMs = 30_000;

/** §voice-8 "Offline speech" texts. */
export const offlineSpeechErrors = {
  timeout: 'Transcription timeout',
  workerInitialization: 'Worker initialization failed',
  initialization: 'Failed to initialize offline speech',
  modelNotReady: 'Model not ready',
  workerNotInitialized: 'Worker not initialized',
} as const;

/** Said when a loaded model fails on one recording; §voice-8 names no text for it. */
export const transcriptionFailedText = 'Transcription failed';

/** The ONNX weight precisions an installed Whisper model may come in (transformers.js dtypes). */
export type WhisperDtype = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'q4f16';

/** Messages the page sends to the worker. */
export type SpeechWorkerRequest =
  | {
      type: 'init';
      /** Folder name of the model under `modelsBaseUrl` (GET /api/models lists it). */
      modelId: string;
      /** Where model folders are served, e.g. `/models/`. */
      modelsBaseUrl: string;
      dtype: WhisperDtype;
    }
  | {
      type: 'transcribe';
      /** Matches the answer to the request. */
      id: number;
      /** One channel, or every channel of a recording (only the first is used). */
      audio: Float32Array | Float32Array[];
      /** Rate of `audio` in Hz. */
      sampleRate: number;
    };

/** Messages the worker sends back. */
export type SpeechWorkerResponse =
  | { type: 'status'; status: 'initializing' | 'initialized' }
  | { type: 'download_progress'; progress: number }
  | { type: 'ready' }
  | { type: 'processing'; id: number; samples: number; sampleRate: number }
  | { type: 'result'; id: number; text: string }
  | { type: 'error'; id?: number; error: string };

/** Transcribes 16 kHz mono audio to text. */
export type Transcriber = (audio: Float32Array) => Promise<string>;

/** Loads the model; reports download progress 0–1 through `onProgress`. */
export type TranscriberLoader = (
  request: Extract<SpeechWorkerRequest, { type: 'init' }>,
  onProgress: (progress: number) => void,
) => Promise<Transcriber>;

/** Dependencies of `createSpeechWorkerHandler`. */
export interface SpeechWorkerHandlerOptions {
  loadTranscriber: TranscriberLoader;
  post: (message: SpeechWorkerResponse) => void;
  /** Default `transcriptionTimeoutMs`. */
  timeoutMs?: number;
}

/**
 * The first channel of `audio` resampled to 16 kHz (Whisper's rate) with wave-resampler's
 * low-pass filtered cubic interpolation. Throws RangeError for a rate that is not a positive
 * finite number.
 */
export function toWhisperInput(
  audio: Float32Array | Float32Array[],
  sampleRate: number,
): Float32Array {
  if (!Number.isFinite(sampleRate) || sampleRate <= 0) {
    throw new RangeError(`Sample rate must be a positive number of Hz, not ${sampleRate}.`);
  }
  const firstChannel = Array.isArray(audio) ? (audio[0] ?? new Float32Array(0)) : audio;
  if (sampleRate === speechSampleRate || firstChannel.length === 0) return firstChannel;
  return Float32Array.from(resample(firstChannel, sampleRate, speechSampleRate));
}

function isFloat32Audio(value: unknown): value is Float32Array | Float32Array[] {
  return (
    value instanceof Float32Array ||
    (Array.isArray(value) && value.every((channel) => channel instanceof Float32Array))
  );
}

/**
 * Returns the worker's `onmessage` body. One model load at a time; a second `init` while
 * loading or after success only reports the status. Transcriptions run one after another (the
 * wasm runtime is single-threaded here) and each is abandoned after `timeoutMs`.
 */
export function createSpeechWorkerHandler({
  loadTranscriber,
  post,
  timeoutMs = transcriptionTimeoutMs,
}: SpeechWorkerHandlerOptions): (message: unknown) => Promise<void> {
  let state: 'idle' | 'initializing' | 'ready' | 'failed' = 'idle';
  let transcriber: Transcriber | null = null;
  let queue: Promise<void> = Promise.resolve();

  async function init(request: Extract<SpeechWorkerRequest, { type: 'init' }>): Promise<void> {
    if (state === 'ready') {
      post({ type: 'status', status: 'initialized' });
      post({ type: 'ready' });
      return;
    }
    if (state === 'initializing') {
      post({ type: 'status', status: 'initializing' });
      return;
    }
    state = 'initializing';
    post({ type: 'status', status: 'initializing' });
    post({ type: 'download_progress', progress: 0 });
    try {
      let last = 0;
      transcriber = await loadTranscriber(request, (progress) => {
        // Files report one after another; never let the bar run backwards.
        const clamped = Math.min(1, Math.max(last, progress));
        if (clamped === last && progress !== 0) return;
        last = clamped;
        post({ type: 'download_progress', progress: clamped });
      });
      state = 'ready';
      post({ type: 'download_progress', progress: 1 });
      post({ type: 'status', status: 'initialized' });
      post({ type: 'ready' });
    } catch {
      state = 'failed';
      post({ type: 'error', error: offlineSpeechErrors.initialization });
    }
  }

  async function transcribe(
    request: Extract<SpeechWorkerRequest, { type: 'transcribe' }>,
  ): Promise<void> {
    const { id } = request;
    if (state === 'idle') {
      post({ type: 'error', id, error: offlineSpeechErrors.workerNotInitialized });
      return;
    }
    if (state !== 'ready' || !transcriber) {
      post({ type: 'error', id, error: offlineSpeechErrors.modelNotReady });
      return;
    }
    let input: Float32Array;
    try {
      input = toWhisperInput(request.audio, request.sampleRate);
    } catch (error) {
      post({ type: 'error', id, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    post({ type: 'processing', id, samples: input.length, sampleRate: speechSampleRate });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(offlineSpeechErrors.timeout)), timeoutMs);
    });
    try {
      const text = await Promise.race([transcriber(input), timeout]);
      post({ type: 'result', id, text: text.trim() });
    } catch (error) {
      const timedOut = error instanceof Error && error.message === offlineSpeechErrors.timeout;
      post({
        type: 'error',
        id,
        error: timedOut ? offlineSpeechErrors.timeout : transcriptionFailedText,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return async (message: unknown) => {
    const request = message as Partial<SpeechWorkerRequest> | null;
    if (request?.type === 'init' && typeof request.modelId === 'string') {
      await init(request as Extract<SpeechWorkerRequest, { type: 'init' }>);
      return;
    }
    if (
      request?.type === 'transcribe' &&
      typeof request.id === 'number' &&
      typeof request.sampleRate === 'number' &&
      isFloat32Audio(request.audio)
    ) {
      const run = queue.then(() =>
        transcribe(request as Extract<SpeechWorkerRequest, { type: 'transcribe' }>),
      );
      queue = run;
      await run;
      return;
    }
    post({ type: 'error', error: 'Unknown message' });
  };
}
