/**
 * Browser-test page for the voice engines (served by Vite's dev server in
 * tests/e2e/voice-engines.test.ts): runs the real recorder, offline engine, speech worker and
 * realtime client, and hands results to the test through `window.voiceHarness`.
 */
import { captureFrame, openCamera } from '../../../src/lib/voice/camera-capture.ts';
import { createMicrophoneRecorder } from '../../../src/lib/voice/microphone-recorder.ts';
import { createOfflineSpeechEngine } from '../../../src/lib/voice/offline-speech.ts';
import { createRealtimeVoice } from '../../../src/lib/voice/realtime-voice.ts';
import type { OfflineSpeechStatus, RealtimeEvent } from '../../../src/lib/voice/voice-engines.ts';

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const voiceHarness = {
  /** Microphone → recorder → offline engine → worker (measuring transcriber). */
  async recordAndTranscribe(recordMs: number) {
    const engine = createOfflineSpeechEngine({
      createWorker: () =>
        new Worker(new URL('./measuring-speech-worker.ts', import.meta.url), { type: 'module' }),
    });
    await engine.init();
    const recorder = createMicrophoneRecorder();
    await recorder.start();
    await new Promise((resolve) => setTimeout(resolve, recordMs));
    const { audio, sampleRate } = await recorder.stop();
    const text = await engine.transcribe(audio, sampleRate);
    return {
      recordedSampleRate: sampleRate,
      recordedSamples: audio.length,
      status: engine.getStatus(),
      worker: JSON.parse(text) as { samples: number; rms: number; zeroCrossingHz: number },
    };
  },

  /** The real speech worker and transformers.js against whatever the server lists. */
  async initRealWorker() {
    const engine = createOfflineSpeechEngine();
    const statuses: OfflineSpeechStatus[] = [];
    engine.subscribe((status) => statuses.push(status));
    await until(() => engine.getStatus().state !== 'not-ready' || statuses.length > 0, 5000).catch(
      () => undefined,
    );
    const beforeInit = engine.getStatus();
    await engine.init();
    let transcribeError: string | null = null;
    await engine.transcribe(new Float32Array(1600), 16_000).catch((error: Error) => {
      transcribeError = error.message;
    });
    return { beforeInit, statuses, status: engine.getStatus(), transcribeError };
  },

  /** Show & Ask: the rear camera's frame as a JPEG data URL, with its size. */
  async capturePhoto() {
    const stream = await openCamera();
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    await until(() => video.videoWidth > 0, 5000);
    const dataUrl = captureFrame(video);
    stream.getTracks().forEach((track) => track.stop());
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    return { dataUrl, width: image.naturalWidth, height: image.naturalHeight };
  },

  /** Realtime session: connect (with an optional photo), ask by text, collect events. */
  async realtime(accessToken: string | null, imageDataUrl?: string) {
    const events: RealtimeEvent[] = [];
    const voice = createRealtimeVoice({
      authorization: () => (accessToken ? `Bearer ${accessToken}` : null),
    });
    try {
      await voice.connect({
        ...(imageDataUrl ? { imageDataUrl } : {}),
        onEvent: (event) => events.push(event),
      });
    } catch (error) {
      return { error: (error as Error).message, events };
    }
    if (imageDataUrl)
      await until(() => events.some((event) => event.type === 'reply.done'), 10_000);
    voice.sendText('Is Wolf Pen Gap open to side-by-sides?');
    await until(
      () => events.filter((event) => event.type === 'reply.done').length >= (imageDataUrl ? 2 : 1),
      10_000,
    );
    await until(() => events.some((event) => event.type === 'transcript'), 15_000).catch(
      () => undefined,
    );
    voice.close();
    return { error: null, events };
  },
};

declare global {
  interface Window {
    voiceHarness: typeof voiceHarness;
  }
}

window.voiceHarness = voiceHarness;
