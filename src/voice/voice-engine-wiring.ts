/**
 * Creates the speech engines for the voice assistant: the offline Whisper engine
 * (src/lib/voice/offline-speech.ts, a worker under workers/), the microphone recorder and the
 * realtime client. The realtime client authorises POST /api/realtime/client-secret with the
 * signed-in rider's access token.
 */
import { browserSessionStore, type SessionStore } from '../lib/auth/session-store.ts';
import { createMicrophoneRecorder } from '../lib/voice/microphone-recorder.ts';
import { createOfflineSpeechEngine } from '../lib/voice/offline-speech.ts';
import { createRealtimeVoice } from '../lib/voice/realtime-voice.ts';
import type { ProvidedVoiceEngines } from './voice-engines-context.tsx';

/**
 * One set of engines for the page (create it once: the offline engine owns a worker). The
 * realtime client's `authorization` is the Authorization header value, "Bearer <access token>",
 * or null when signed out.
 */
export function createVoiceEngines(
  session: SessionStore = browserSessionStore(),
): ProvidedVoiceEngines {
  return {
    offline: createOfflineSpeechEngine(),
    recorder: createMicrophoneRecorder(),
    realtime: createRealtimeVoice({
      authorization: () => {
        const tokens = session.readTokens();
        return tokens ? `Bearer ${tokens.accessToken}` : null;
      },
    }),
  };
}
