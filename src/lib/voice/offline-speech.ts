/**
 * Offline speech engine (voice-navigation-campgrounds §4.1, §7.1, §8): asks the server which
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
  /** Default 30 s (§9). */
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

/**
 * Creates the engine and starts reading the listing at once, so the status carries the model
 * size (`modelBytes`) or 'not-installed' before the rider starts a download. `init()` never
 * rejects: failures land in the status as §8 texts.
 */
export function createOfflineSpeechEngine(
  options: OfflineSpeechEngineOptions = {},
): OfflineSpeechEngine {
  const modelsBaseUrl = options.modelsBaseUrl ?? '/models/';
  const listingUrl = options.listingUrl ?? '/api/models';
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const timeoutMs = options.timeoutMs ?? transcriptionTimeoutMs;
  const createWorker =
    options.createWorker ??
    (() =>
      new Worker(new URL('../../../workers/speech-worker.ts', import.meta.url), {
        type: 'module',
      }));

  let status: OfflineSpeechStatus = {
    state: 'not-ready',
    progress: 0,
    modelBytes: null,
    error: null,
  };
  const listeners = new Set<(status: OfflineSpeechStatus) => void>();
  let worker: Worker | null = null;
  let initPromise: Promise<void> | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();

  function setStatus(patch: Partial<OfflineSpeechStatus>): void {
    status = { ...status, ...patch };
    for (const listener of listeners) listener(status);
  }

  async function readListing(): Promise<ModelsListing | null> {
    try {
      const response = await fetchImpl(listingUrl, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET ${listingUrl}: ${response.status}`);
      const listing = parseListing(await response.json());
      if (listing) storage?.setItem(listingStorageKey, JSON.stringify(listing));
      return listing;
    } catch {
      // No signal: the listing seen last time says which model the device has downloaded.
      const remembered = storage?.getItem(listingStorageKey);
      if (!remembered) return null;
      try {
        return parseListing(JSON.parse(remembered));
      } catch {
        return null;
      }
    }
  }

  const listingPromise = readListing().then((listing) => {
    if (status.state === 'not-ready') {
      if (listing?.speech === null) setStatus({ state: 'not-installed', modelBytes: null });
      else if (listing?.speech) setStatus({ modelBytes: listing.speech.bytes });
    }
    return listing;
  });

  function rejectAll(message: string): void {
    for (const [id, request] of pending) {
      pending.delete(id);
      request.reject(new Error(message));
    }
  }

  function onWorkerMessage(message: SpeechWorkerResponse, settle: () => void): void {
    switch (message.type) {
      case 'status':
        if (message.status === 'initializing' && status.state !== 'ready') {
          setStatus({ state: 'initializing', error: null });
        }
        return;
      case 'download_progress':
        setStatus({ progress: message.progress });
        return;
      case 'ready':
        setStatus({ state: 'ready', progress: 1, error: null });
        settle();
        return;
      case 'processing':
        return;
      case 'result': {
        const request = pending.get(message.id);
        pending.delete(message.id);
        request?.resolve(message.text);
        return;
      }
      case 'error': {
        if (message.id !== undefined) {
          const request = pending.get(message.id);
          pending.delete(message.id);
          request?.reject(new Error(message.error));
          return;
        }
        if (status.state !== 'ready') {
          setStatus({ state: 'error', error: message.error });
          settle();
        }
        return;
      }
    }
  }

  async function start(retry: boolean): Promise<void> {
    // A retry asks the server again: the first listing may have failed for want of signal.
    const listing = retry ? await readListing() : await listingPromise;
    if (!listing) {
      setStatus({ state: 'error', error: offlineSpeechErrors.initialization });
      return;
    }
    if (!listing.speech) {
      setStatus({ state: 'not-installed', modelBytes: null, error: null });
      return;
    }
    const model = listing.speech;
    setStatus({ state: 'initializing', progress: 0, modelBytes: model.bytes, error: null });
    await new Promise<void>((settle) => {
      try {
        worker = createWorker();
      } catch {
        worker = null;
        setStatus({ state: 'error', error: offlineSpeechErrors.workerInitialization });
        settle();
        return;
      }
      worker.onmessage = (event: MessageEvent<SpeechWorkerResponse>) =>
        onWorkerMessage(event.data, settle);
      worker.onerror = (event) => {
        // A script that cannot load or throws at the top level never answers.
        event.preventDefault();
        rejectAll(offlineSpeechErrors.workerInitialization);
        if (status.state !== 'ready') {
          setStatus({ state: 'error', error: offlineSpeechErrors.workerInitialization });
        }
        settle();
      };
      const request: SpeechWorkerRequest = {
        type: 'init',
        modelId: model.id,
        modelsBaseUrl,
        dtype: model.dtype,
      };
      worker.postMessage(request);
    });
  }

  return {
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    init() {
      if (initPromise && status.state !== 'error') return initPromise;
      const retry = initPromise !== null;
      worker?.terminate();
      worker = null;
      initPromise = start(retry);
      return initPromise;
    },
    transcribe(audio, sampleRate) {
      if (!worker) return Promise.reject(new Error(offlineSpeechErrors.workerNotInitialized));
      if (status.state !== 'ready') {
        return Promise.reject(new Error(offlineSpeechErrors.modelNotReady));
      }
      const id = nextId++;
      const activeWorker = worker;
      return new Promise<string>((resolve, reject) => {
        // The worker's own timer cannot fire while inference holds its thread; this one can.
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(offlineSpeechErrors.timeout));
        }, timeoutMs);
        pending.set(id, {
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
        activeWorker.postMessage(request, [copy.buffer]);
      });
    },
  };
}
