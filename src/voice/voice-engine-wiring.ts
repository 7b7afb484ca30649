/**
 * Creates the speech engines for the voice assistant from their factories (issue 13 seam: the
 * offline Whisper engine, microphone recorder and realtime client live in src/lib/voice/ on the
 * engines branch). The shell passes the three factories in, so this area never imports a module
 * it does not own, and wraps the app in <VoiceEnginesProvider engines={…}>. The realtime client
 * authorises POST /api/realtime/client-secret with the signed-in rider's access token.
 */
import { browserSessionStore, type SessionStore } from '../lib/auth/session-store.ts';
import type {
  MicrophoneRecorder,
  OfflineSpeechEngine,
  RealtimeVoice,
} from '../lib/voice/voice-engines.ts';
import type { ProvidedVoiceEngines } from './voice-engines-context.tsx';

/** The factories of src/lib/voice/offline-speech.ts, microphone-recorder.ts, realtime-voice.ts. */
export interface VoiceEngineFactories {
  createOfflineSpeechEngine(options?: { modelsBaseUrl?: string }): OfflineSpeechEngine;
  createMicrophoneRecorder(): MicrophoneRecorder;
  createRealtimeVoice(options: {
    fetch?: typeof fetch;
    authorization: () => string | null;
  }): RealtimeVoice;
}

/**
 * One set of engines for the page (create it once: the offline engine owns a worker). The
 * realtime client's `authorization` is the Authorization header value, "Bearer <access token>",
 * or null when signed out.
 */
export function createVoiceEngines(
  factories: VoiceEngineFactories,
  session: SessionStore = browserSessionStore(),
): ProvidedVoiceEngines {
  return {
    offline: factories.createOfflineSpeechEngine(),
    recorder: factories.createMicrophoneRecorder(),
    realtime: factories.createRealtimeVoice({
      authorization: () => {
        const tokens = session.readTokens();
        return tokens ? `Bearer ${tokens.accessToken}` : null;
      },
    }),
  };
}
