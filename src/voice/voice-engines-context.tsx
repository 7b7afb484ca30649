/**
 * The speech engines the voice assistant uses, handed in by the app shell: the
 * offline Whisper engine, the microphone recorder and the realtime client
 * (src/lib/voice/voice-engines.ts). Each is null until the shell provides it; the assistant then
 * simply does not offer that mode (requirements §voice-4.1 falls through to the browser's speech
 * recognition).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type {
  MicrophoneRecorder,
  OfflineSpeechEngine,
  RealtimeVoice,
} from '../lib/voice/voice-engines.ts';

/** Engines from outside the voice area; null where the build has none. */
export interface ProvidedVoiceEngines {
  offline: OfflineSpeechEngine | null;
  recorder: MicrophoneRecorder | null;
  realtime: RealtimeVoice | null;
}

const NO_ENGINES: ProvidedVoiceEngines = { offline: null, recorder: null, realtime: null };

const VoiceEnginesContext = createContext<ProvidedVoiceEngines>(NO_ENGINES);

/** Provides the engines; create them once (they hold a worker and connections). */
export function VoiceEnginesProvider({
  engines,
  children,
}: {
  engines: ProvidedVoiceEngines;
  children: ReactNode;
}) {
  return <VoiceEnginesContext.Provider value={engines}>{children}</VoiceEnginesContext.Provider>;
}

/** The provided engines, or all null outside a provider. */
export function useProvidedVoiceEngines(): ProvidedVoiceEngines {
  return useContext(VoiceEnginesContext);
}
