/**
 * Microphone capture for offline transcription (requirements §voice-4.1, §voice-8):
 * getUserMedia → MediaRecorder, then the browser decodes the recording into PCM and the first
 * channel is handed on at the decoder's rate (the speech worker resamples it to 16 kHz).
 */
import type { MicrophoneRecorder } from './voice-engines.ts';

/** §voice-8 microphone texts. */
export const microphoneErrors = {
  notFound: 'No microphone found. Please connect a microphone and try again.',
  denied: 'Microphone access denied. Please allow microphone access in your browser settings.',
  busy: 'Microphone is being used by another application. Please close other apps and try again.',
  other: 'Failed to access microphone',
  recording: 'Failed to start recording',
} as const;

/** The §voice-8 text for a getUserMedia failure (DOMException names per the Media Capture spec). */
export function microphoneErrorText(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return microphoneErrors.notFound;
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return microphoneErrors.denied;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return microphoneErrors.busy;
    default:
      return microphoneErrors.other;
  }
}

/** Options of `createMicrophoneRecorder`; tests pass fakes. */
export interface MicrophoneRecorderOptions {
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'>;
  /** Decodes the recorded file into PCM; default a fresh AudioContext's decodeAudioData. */
  decode?: (data: ArrayBuffer) => Promise<AudioBuffer>;
}

async function decodeWithAudioContext(data: ArrayBuffer): Promise<AudioBuffer> {
  const context = new AudioContext();
  try {
    return await context.decodeAudioData(data);
  } finally {
    void context.close();
  }
}

/**
 * Creates a recorder. `start()` rejects with a §voice-8 microphone text; `stop()` resolves with the
 * first channel of what was heard and its rate in Hz, or rejects with 'Failed to start
 * recording' when nothing is being recorded.
 */
export function createMicrophoneRecorder(
  options: MicrophoneRecorderOptions = {},
): MicrophoneRecorder {
  const decode = options.decode ?? decodeWithAudioContext;
  let stream: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  let chunks: Blob[] = [];

  function release(): void {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
    recorder = null;
    chunks = [];
  }

  return {
    async start() {
      if (recorder) return;
      const mediaDevices = options.mediaDevices ?? globalThis.navigator?.mediaDevices;
      if (!mediaDevices?.getUserMedia) throw new Error(microphoneErrors.other);
      try {
        stream = await mediaDevices.getUserMedia({
          audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
        });
      } catch (error) {
        release();
        throw new Error(microphoneErrorText(error));
      }
      try {
        recorder = new MediaRecorder(stream);
        chunks = [];
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0) chunks.push(event.data);
        };
        recorder.start();
      } catch {
        release();
        throw new Error(microphoneErrors.recording);
      }
    },

    async stop() {
      const active = recorder;
      if (!active) throw new Error(microphoneErrors.recording);
      const stopped = new Promise<void>((resolve) => {
        active.onstop = () => resolve();
      });
      active.stop();
      await stopped;
      const blob = new Blob(chunks, { type: active.mimeType });
      release();
      const buffer = await decode(await blob.arrayBuffer());
      return { audio: buffer.getChannelData(0).slice(), sampleRate: buffer.sampleRate };
    },

    cancel() {
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
      release();
    },
  };
}
