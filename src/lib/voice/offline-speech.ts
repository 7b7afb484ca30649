/**
 * Offline speech engine (requirements §voice-4.1, §voice-7.1, §voice-8): asks the server which
 * Whisper model it offers (GET /api/models), then runs workers/speech-worker.ts, which downloads
 * the model from `/models/` once (the browser keeps it for offline use) and transcribes.
 */
import {
  offlineSpeechErrors,
  transcriptionTimeoutMs,
  type SpeechWorkerRequest,
  type SpeechWorkerResponse,
  type WhisperDtype,
} from '../../../workers/speech-protocol.ts';
import type { OfflineSpeechEngine, OfflineSpeechStatus } from './voice-engines.ts';

/** What the panel says when the server has no model (GET /api/models lists none). */
export const offlineSpeechNotInstalledText = 'Offline speech is not installed on this server';

/** The speech model GET /api/models lists; `bytes` is what a first download fetches. */
export interface SpeechModelListing {
  id: string;
  dtype: WhisperDtype;
  bytes: number;
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
  /** Default 30 s (§voice-9). */
  timeoutMs?: number;
}

function parseListing(value: unknown): ModelsListing | null {
  if (typeof value !== 'object' || value === null || !('speech' in value)) return null;
  const speech = (value as { speech: unknown }).speech;
  if (speech === null) return { speech: null };
  if (typeof speech !== 'object') return null;
  const { id, dtype, bytes } = speech as Record<string, unknown>;
  if (typeof id !== 'string' || typeof dtype !== 'string' || typeof bytes !== 'number') {
    return null;
  }
  return { speech: { id, dtype: dtype as WhisperDtype, bytes } };
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** `OfflineSpeechEngineOptions` with every default filled in. */
interface ResolvedSpeechOptions {
  modelsBaseUrl: string;
  listingUrl: string;
  fetch: typeof fetch;
  createWorker: () => Worker;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  timeoutMs: number;
}

/** Fills in the defaults: `/models/`, `/api/models`, the browser fetch and localStorage, 30 s. */
function resolveOptions(options: OfflineSpeechEngineOptions): ResolvedSpeechOptions {
  return {
    modelsBaseUrl: options.modelsBaseUrl ?? '/models/',
    listingUrl: options.listingUrl ?? '/api/models',
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    storage: options.storage === undefined ? defaultStorage() : options.storage,
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
  status: OfflineSpeechStatus = { state: 'not-ready', progress: 0, modelBytes: null, error: null };
  private readonly listeners = new Set<(status: OfflineSpeechStatus) => void>();
  private worker: Worker | null = null;
  private initPromise: Promise<void> | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, PendingTranscription>();
  private readonly listingPromise: Promise<ModelsListing | null>;

  constructor(private readonly options: ResolvedSpeechOptions) {
    this.listingPromise = readListing(options).then((listing) => {
      if (this.status.state === 'not-ready') {
        if (listing?.speech === null) this.setStatus({ state: 'not-installed', modelBytes: null });
        else if (listing?.speech) this.setStatus({ modelBytes: listing.speech.bytes });
      }
      return listing;
    });
  }

  /** See `OfflineSpeechEngine` in voice-engines.ts for these three. */
  subscribe(listener: (status: OfflineSpeechStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  init(): Promise<void> {
    if (this.initPromise && this.status.state !== 'error') return this.initPromise;
    const retry = this.initPromise !== null;
    this.worker?.terminate();
    this.worker = null;
    this.initPromise = this.start(retry);
    return this.initPromise;
  }

  transcribe(audio: Float32Array, sampleRate: number): Promise<string> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error(offlineSpeechErrors.workerNotInitialized));
    if (this.status.state !== 'ready') {
      return Promise.reject(new Error(offlineSpeechErrors.modelNotReady));
    }
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
  private async start(retry: boolean): Promise<void> {
    // A retry asks the server again: the first listing may have failed for want of signal.
    const listing = retry ? await readListing(this.options) : await this.listingPromise;
    if (!listing) {
      this.setStatus({ state: 'error', error: offlineSpeechErrors.initialization });
      return;
    }
    if (!listing.speech) {
      this.setStatus({ state: 'not-installed', modelBytes: null, error: null });
      return;
    }
    const model = listing.speech;
    this.setStatus({ state: 'initializing', progress: 0, modelBytes: model.bytes, error: null });
    await new Promise<void>((settle) => this.startWorker(model, settle));
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
 * Creates the engine and starts reading the listing at once, so the status carries the model
 * size (`modelBytes`) or 'not-installed' before the rider starts a download. `init()` never
 * rejects: failures land in the status as §voice-8 texts.
 */
export function createOfflineSpeechEngine(
  options: OfflineSpeechEngineOptions = {},
): OfflineSpeechEngine {
  const engine = new SpeechWorkerEngine(resolveOptions(options));
  return {
    getStatus: () => engine.status,
    subscribe: (listener) => engine.subscribe(listener),
    init: () => engine.init(),
    transcribe: (audio, sampleRate) => engine.transcribe(audio, sampleRate),
  };
}
