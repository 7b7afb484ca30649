/**
 * The speech worker's real message handling (workers/speech-protocol.ts) with a transcriber that
 * reports what reached it instead of words: sample count, level and dominant pitch of the 16 kHz
 * audio. No Whisper weights can be had on these machines (README "Offline speech").
 */
/// <reference lib="webworker" />
import { createSpeechWorkerHandler } from '../../../workers/speech-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

/** What the browser test reads back from the "transcript". */
export interface AudioReport {
  samples: number;
  rms: number;
  /** Zero crossings per second / 2: a rough pitch in Hz. */
  zeroCrossingHz: number;
}

const handle = createSpeechWorkerHandler({
  loadTranscriber: async (_request, onProgress) => {
    onProgress(0.5);
    return async (audio) => {
      let sumOfSquares = 0;
      let crossings = 0;
      for (let index = 0; index < audio.length; index++) {
        const sample = audio[index]!;
        sumOfSquares += sample * sample;
        if (index > 0 && Math.sign(sample) !== Math.sign(audio[index - 1]!)) crossings++;
      }
      const report: AudioReport = {
        samples: audio.length,
        rms: Math.sqrt(sumOfSquares / Math.max(1, audio.length)),
        zeroCrossingHz: crossings / 2 / (audio.length / 16_000),
      };
      return JSON.stringify(report);
    };
  },
  post: (message) => self.postMessage(message),
});

self.onmessage = (event: MessageEvent<unknown>) => void handle(event.data);
