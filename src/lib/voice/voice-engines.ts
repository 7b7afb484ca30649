/**
 * The speech engines the voice machine drives (requirements §voice-4.1, §voice-7.1, §voice-8).
 * Implementations live in src/lib/voice/ (offline Whisper client, microphone recorder, realtime
 * client); the machine receives them as input so tests can replace them.
 */

/** Offline speech engine status (§voice-3.1 "Offline speech state"). progress is 0–1. */
export interface OfflineSpeechStatus {
  state: 'not-installed' | 'not-ready' | 'initializing' | 'ready' | 'error';
  /** Download/initialisation progress, 0–1. */
  progress: number;
  /** Model size in bytes when the server lists it, else null. */
  modelBytes: number | null;
  /** The model folder the server lists (GET /api/models), else null. */
  modelId: string | null;
  /** One of the §voice-8 texts, when state is 'error'. */
  error: string | null;
}

/** Whisper in a web worker (workers/speech-worker.ts) behind the §voice-7.1 message protocol. */
export interface OfflineSpeechEngine {
  getStatus(): OfflineSpeechStatus;
  /** Calls listener on every status change; returns an unsubscribe function. */
  subscribe(listener: (status: OfflineSpeechStatus) => void): () => void;
  /**
   * Starts the worker and loads the model (downloads and caches it on first use). Call it only
   * once the rider agreed to the download (src/lib/voice/offline-model-consent.ts).
   */
  init(): Promise<void>;
  /** Asks the server again which model it offers (the status then carries its size). */
  refreshListing(): Promise<void>;
  /** Whether every file of the listed model is in the device's cache (no network used). */
  isModelOnDevice(): Promise<boolean>;
  /** Stops a download or load in progress; the status goes back to 'not-ready'. */
  cancel(): void;
  /** Stops the model and deletes its files from the device; the status goes to 'not-ready'. */
  remove(): Promise<void>;
  /**
   * Transcribes mono audio (first channel only) at the given sample rate; resampled to 16 kHz
   * inside. A recording longer than Whisper's 30 s is transcribed in overlapping 30 s windows
   * (src/lib/voice/long-form-transcription.ts), each within the §voice-9 time-out. Rejects with
   * Error('Model not ready' | 'Worker not initialized' | 'Transcription timeout') per §voice-8.
   */
  transcribe(audio: Float32Array, sampleRate: number): Promise<string>;
}

/** Microphone capture to PCM. Rejects with the §voice-8 microphone texts. */
export interface MicrophoneRecorder {
  start(): Promise<void>;
  /** Stops capture and returns the first channel. */
  stop(): Promise<{ audio: Float32Array; sampleRate: number }>;
  /** Stops capture and discards audio. */
  cancel(): void;
}

/** Events the realtime session reports (§voice-7.1 data-channel events). */
export type RealtimeEvent =
  | { type: 'connected' }
  | { type: 'transcript'; text: string }
  | { type: 'reply.delta'; delta: string }
  | { type: 'reply.done' }
  | { type: 'error'; message: string }
  | { type: 'closed' };

/** Realtime AI voice session (online): client secret, SDP exchange, data channel. */
export interface RealtimeVoice {
  /**
   * Gets a client secret from POST /api/realtime/client-secret, exchanges SDP and opens the
   * data channel; resolves when connected. Rejects with Error('Failed to get client secret' |
   * 'SDP exchange failed: {status}' | 'Connection failed' | 'Realtime voice is not configured
   * on this server').
   */
  connect(options: {
    imageDataUrl?: string;
    onEvent: (event: RealtimeEvent) => void;
  }): Promise<void>;
  /** Sends a typed question (conversation item + response request). */
  sendText(text: string): void;
  close(): void;
}
