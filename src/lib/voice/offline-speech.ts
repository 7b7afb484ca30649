/**
 * Offline speech engine (requirements §voice-4.1, §voice-7.1, §voice-8): asks the server which
 * Whisper model it offers (GET /api/models), then, once told to (`init`, after the rider agreed),
 * runs workers/speech-worker.ts, which downloads the model from `/models/` once (the service
 * worker keeps it for offline use) and transcribes, a long recording in overlapping 30 s windows.
 */
import { speechModelCacheName } from '../../../workers/speech-model-cache.ts';
import {
  offlineSpeechErrors,
  transcriptionTimeoutMs,
  type SpeechWorkerRequest,
  type SpeechWorkerResponse,
  type WhisperDtype,
} from '../../../workers/speech-protocol.ts';
import { joinWindowTranscripts, transcriptionWindows } from './long-form-transcription.ts';
import type { OfflineSpeechEngine, OfflineSpeechStatus } from './voice-engines.ts';

/** What the panel says when the server has no model (GET /api/models lists none). */
export const offlineSpeechNotInstalledText = 'Offline speech is not installed on this server';

/** One file of the model, relative to its folder, with its size in bytes. */
export interface SpeechModelFile {
  path: string;
  bytes: number;
}

/**
 * The speech model GET /api/models lists; `bytes` is what a first download fetches (the sum of
 * `files`, measured by the server from the installed files).
 */
export interface SpeechModelListing {
  id: string;
  dtype: WhisperDtype;
  bytes: number;
  /** Absent in a listing remembered by an older version of the app. */
  files?: SpeechModelFile[];
  /**
   * Bytes of the speech runtime (worker and ONNX wasm) the first download also fetches; null
   * or absent when the server does not know (it hosts no build, or is older).
   */
  runtimeBytes?: number | null;
}

/** What downloading `model` fetches the first time, bytes: its files and the speech runtime. */
export function firstDownloadBytes(model: SpeechModelListing): number {
  return model.bytes + (model.runtimeBytes ?? 0);
}

/** GET /api/models answer: `speech` is null when MODELS_DIR holds no usable model. */
export interface ModelsListing {
  speech: SpeechModelListing | null;
}

/** The last listing, kept so a rider who downloaded the model can start it with no signal. */
const listingStorageKey = 'nst.offline-speech.listing';

/** Options of `createOfflineSpeechEngine`; tests replace the worker and the network. */
export interface OfflineSpeechEngineOptions {
  /** Where model folders are served; default `/models/`. */
  modelsBaseUrl?: string;
  /** The models listing; default `/api/models`. */
  listingUrl?: string;
  fetch?: typeof fetch;
  createWorker?: () => Worker;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Where the model files are cached; default the browser's CacheStorage (null: none). */
  caches?: Pick<CacheStorage, 'open' | 'delete'> | null;
  /** Default 30 s (§voice-9), per 30 s window of audio. */
  timeoutMs?: number;
}

function parseFiles(value: unknown): SpeechModelFile[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const files = value.filter(
    (file): file is SpeechModelFile =>
      typeof file === 'object' &&
      file !== null &&
      typeof (file as SpeechModelFile).path === 'string' &&
      typeof (file as SpeechModelFile).bytes === 'number',
  );
  return files.map(({ path, bytes }) => ({ path, bytes }));
}

function parseListing(value: unknown): ModelsListing | null {
  if (typeof value !== 'object' || value === null || !('speech' in value)) return null;
  const speech = (value as { speech: unknown }).speech;
  if (speech === null) return { speech: null };
  if (typeof speech !== 'object') return null;
  const { id, dtype, bytes, files } = speech as Record<string, unknown>;
  if (typeof id !== 'string' || typeof dtype !== 'string' || typeof bytes !== 'number') {
    return null;
  }
  const parsedFiles = parseFiles(files);
  return {
    speech: {
      id,
      dtype: dtype as WhisperDtype,
      bytes,
      ...(parsedFiles ? { files: parsedFiles } : {}),
    },
  };
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function defaultCaches(): Pick<CacheStorage, 'open' | 'delete'> | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** `OfflineSpeechEngineOptions` with every default filled in. */
interface ResolvedSpeechOptions {
  modelsBaseUrl: string;
  listingUrl: string;
  fetch: typeof fetch;
  createWorker: () => Worker;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  caches: Pick<CacheStorage, 'open' | 'delete'> | null;
  timeoutMs: number;
}

/** Fills in the defaults: `/models/`, `/api/models`, the browser fetch and localStorage, 30 s. */
function resolveOptions(options: OfflineSpeechEngineOptions): ResolvedSpeechOptions {
  return {
    modelsBaseUrl: options.modelsBaseUrl ?? '/models/',
    listingUrl: options.listingUrl ?? '/api/models',
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    storage: options.storage === undefined ? defaultStorage() : options.storage,
    caches: options.caches === undefined ? defaultCaches() : options.caches,
    timeoutMs: options.timeoutMs ?? transcriptionTimeoutMs,
    createWorker:
      options.createWorker ??
      (() =>
        new Worker(new URL('../../../workers/speech-worker.ts', import.meta.url), {
          type: 'module',
        })),
  };
}

/**
 * Reads GET /api/models and remembers the answer; with no signal it falls back to the listing
 * seen last time (which says which model the device has downloaded). Null when neither exists
 * or either is malformed.
 */
async function readListing(options: ResolvedSpeechOptions): Promise<ModelsListing | null> {
  const { listingUrl, storage } = options;
  try {
    const response = await options.fetch(listingUrl, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${listingUrl}: ${response.status}`);
    const listing = parseListing(await response.json());
    if (listing) storage?.setItem(listingStorageKey, JSON.stringify(listing));
    return listing;
  } catch {
    const remembered = storage?.getItem(listingStorageKey);
    if (!remembered) return null;
    try {
      return parseListing(JSON.parse(remembered));
    } catch {
      return null;
    }
  }
}

/** One transcription waiting for the worker's answer, keyed by request id. */
interface PendingTranscription {
  resolve(text: string): void;
  reject(error: Error): void;
}

/**
 * The engine's state: the status listeners see, the worker and the transcriptions it still
 * owes. `createOfflineSpeechEngine` exposes it through plain functions.
 */
class SpeechWorkerEngine {
  status: OfflineSpeechStatus = {
    state: 'not-ready',
    progress: 0,
    modelBytes: null,
    modelId: null,
    error: null,
  };
  private readonly listeners = new Set<(status: OfflineSpeechStatus) => void>();
  private worker: Worker | null = null;
  private initPromise: Promise<void> | null = null;
  /** Ends the load in progress (resolves `init`'s promise) when it is cancelled. */
  private settleLoad: (() => void) | null = null;
  /** Bumped by cancel, so a load still reading the listing does not start a worker after it. */
  private generation = 0;
  private nextId = 1;
  private readonly pending = new Map<number, PendingTranscription>();
  private listingPromise: Promise<ModelsListing | null>;

  constructor(private readonly options: ResolvedSpeechOptions) {
    this.listingPromise = this.readAndShowListing();
  }

  /** See `OfflineSpeechEngine` in voice-engines.ts for the public methods. */
  subscribe(listener: (status: OfflineSpeechStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  init(): Promise<void> {
    if (this.initPromise && this.status.state !== 'error') return this.initPromise;
    const retry = this.initPromise !== null;
    this.stopWorker();
    this.initPromise = this.start(retry, this.generation);
    return this.initPromise;
  }

  async refreshListing(): Promise<void> {
    this.listingPromise = this.readAndShowListing();
    await this.listingPromise;
  }

  async isModelOnDevice(): Promise<boolean> {
    const listing = await this.listingPromise;
    const model = listing?.speech;
    const cacheStorage = this.options.caches;
    if (!model?.files?.length || !cacheStorage) return false;
    try {
      const cache = await cacheStorage.open(speechModelCacheName);
      const found = await Promise.all(
        model.files.map((file) => cache.match(this.fileUrl(model.id, file.path))),
      );
      return found.every((response) => response !== undefined);
    } catch {
      return false;
    }
  }

  cancel(): void {
    this.generation += 1;
    this.stopWorker();
    this.initPromise = null;
    this.setStatus({ state: 'not-ready', progress: 0, error: null });
  }

  async remove(): Promise<void> {
    this.cancel();
    await this.options.caches?.delete(speechModelCacheName).catch(() => false);
  }

  async transcribe(audio: Float32Array, sampleRate: number): Promise<string> {
    if (!this.worker) throw new Error(offlineSpeechErrors.workerNotInitialized);
    if (this.status.state !== 'ready') throw new Error(offlineSpeechErrors.modelNotReady);
    // A bad rate is the worker's to report (speech-protocol.ts), with the whole recording.
    if (!(sampleRate > 0) || !Number.isFinite(sampleRate)) {
      return this.transcribeWindow(audio, sampleRate);
    }
    // Whisper hears 30 s at most: longer recordings go in overlapping windows, one at a time.
    const texts: string[] = [];
    for (const window of transcriptionWindows(audio.length, sampleRate)) {
      texts.push(await this.transcribeWindow(audio.subarray(window.start, window.end), sampleRate));
    }
    return joinWindowTranscripts(texts);
  }

  /** Where the worker fetches `path` of model `id` (and the service worker caches it). */
  private fileUrl(id: string, path: string): string {
    const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
    return new URL(`${this.options.modelsBaseUrl}${id}/${path}`, base).href;
  }

  /** Reads the listing and shows what it says (size, or not installed) while nothing runs. */
  private readAndShowListing(): Promise<ModelsListing | null> {
    return readListing(this.options).then((listing) => {
      if (this.status.state === 'not-ready' || this.status.state === 'not-installed') {
        if (listing?.speech === null) {
          this.setStatus({ state: 'not-installed', modelBytes: null, modelId: null });
        } else if (listing?.speech) {
          this.setStatus({
            state: 'not-ready',
            modelBytes: firstDownloadBytes(listing.speech),
            modelId: listing.speech.id,
          });
        }
      }
      return listing;
    });
  }

  /** One window (at most 30 s) through the worker, abandoned after the §voice-9 time-out. */
  private transcribeWindow(audio: Float32Array, sampleRate: number): Promise<string> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error(offlineSpeechErrors.workerNotInitialized));
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      // The worker's own timer cannot fire while inference holds its thread; this one can.
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(offlineSpeechErrors.timeout));
      }, this.options.timeoutMs);
      this.pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      // A copy is transferred so the caller keeps its array.
      const copy = audio.slice();
      const request: SpeechWorkerRequest = { type: 'transcribe', id, audio: copy, sampleRate };
      worker.postMessage(request, [copy.buffer]);
    });
  }

  /** Ends the worker and whatever it still owed. */
  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.rejectAll(offlineSpeechErrors.workerNotInitialized);
    const settle = this.settleLoad;
    this.settleLoad = null;
    settle?.();
  }

  /** Applies `patch` and tells every listener the new status. */
  private setStatus(patch: Partial<OfflineSpeechStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener(this.status);
  }

  /** Settles the transcription `id` (if still waiting) with its text or error. */
  private settleRequest(id: number, outcome: { text: string } | { error: Error }): void {
    const request = this.pending.get(id);
    this.pending.delete(id);
    if ('text' in outcome) request?.resolve(outcome.text);
    else request?.reject(outcome.error);
  }

  /** Fails every waiting transcription with `message` (the worker died). */
  private rejectAll(message: string): void {
    for (const id of [...this.pending.keys()])
      this.settleRequest(id, { error: new Error(message) });
  }

  /** Reads the listing and starts the worker; failures end up in the status, never thrown. */
  private async start(retry: boolean, generation: number): Promise<void> {
    // A retry asks the server again: the first listing may have failed for want of signal.
    if (retry) this.listingPromise = readListing(this.options);
    const listing = await this.listingPromise;
    if (generation !== this.generation) return;
    if (!listing) {
      this.setStatus({ state: 'error', error: offlineSpeechErrors.initialization });
      return;
    }
    if (!listing.speech) {
      this.setStatus({ state: 'not-installed', modelBytes: null, modelId: null, error: null });
      return;
    }
    const model = listing.speech;
    this.setStatus({
      state: 'initializing',
      progress: 0,
      modelBytes: firstDownloadBytes(model),
      modelId: model.id,
      error: null,
    });
    await new Promise<void>((settle) => {
      this.settleLoad = settle;
      this.startWorker(model, () => {
        this.settleLoad = null;
        settle();
      });
    });
  }

  /** Starts the worker and asks it to load `model`; `settle` runs once it is ready or failed. */
  private startWorker(model: SpeechModelListing, settle: () => void): void {
    let worker: Worker;
    try {
      worker = this.options.createWorker();
    } catch {
      this.worker = null;
      this.setStatus({ state: 'error', error: offlineSpeechErrors.workerInitialization });
      settle();
      return;
    }
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<SpeechWorkerResponse>) =>
      this.onWorkerMessage(event.data, settle);
    worker.onerror = (event) => {
      // A script that cannot load or throws at the top level never answers.
      event.preventDefault();
      this.rejectAll(offlineSpeechErrors.workerInitialization);
      if (this.status.state !== 'ready') {
        this.setStatus({ state: 'error', error: offlineSpeechErrors.workerInitialization });
      }
      settle();
    };
    const request: SpeechWorkerRequest = {
      type: 'init',
      modelId: model.id,
      modelsBaseUrl: this.options.modelsBaseUrl,
      dtype: model.dtype,
    };
    worker.postMessage(request);
  }

  /** Applies one worker message (speech-protocol.ts) to the status or a waiting request. */
  private onWorkerMessage(message: SpeechWorkerResponse, settle: () => void): void {
    switch (message.type) {
      case 'status':
        if (message.status === 'initializing' && this.status.state !== 'ready') {
          this.setStatus({ state: 'initializing', error: null });
        }
        return;
      case 'download_progress':
        this.setStatus({ progress: message.progress });
        return;
      case 'ready':
        this.setStatus({ state: 'ready', progress: 1, error: null });
        settle();
        return;
      case 'processing':
        return;
      case 'result':
        this.settleRequest(message.id, { text: message.text });
        return;
      case 'error':
        if (message.id !== undefined) {
          this.settleRequest(message.id, { error: new Error(message.error) });
        } else if (this.status.state !== 'ready') {
          this.setStatus({ state: 'error', error: message.error });
          settle();
        }
        return;
    }
  }
}

/**
 * Creates the engine and starts reading the listing at once (GET /api/models only, never a model
 * file), so the status carries the model size (`modelBytes`) or 'not-installed' before the rider
 * agrees to a download. `init()` never rejects: failures land in the status as §voice-8 texts.
 */
export function createOfflineSpeechEngine(
  options: OfflineSpeechEngineOptions = {},
): OfflineSpeechEngine {
  const engine = new SpeechWorkerEngine(resolveOptions(options));
  return {
    getStatus: () => engine.status,
    subscribe: (listener) => engine.subscribe(listener),
    init: () => engine.init(),
    refreshListing: () => engine.refreshListing(),
    isModelOnDevice: () => engine.isModelOnDevice(),
    cancel: () => engine.cancel(),
    remove: () => engine.remove(),
    transcribe: (audio, sampleRate) => engine.transcribe(audio, sampleRate),
  };
}
