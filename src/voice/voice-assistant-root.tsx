/**
 * The voice assistant as the shell mounts it (lazily, after first paint): creates the speech
 * engines once for the page and hands them to the assistant (requirements §voice-2.7,
 * §voice-4.1). The realtime client is offered only to a signed-in rider on a server that has
 * realtime voice configured (GET /api/models says so): elsewhere §voice-4.1's first mode could only
 * fail, so talking goes to the offline Whisper model when it is ready, else the browser's speech
 * recognition (src/lib/voice/voice-mode.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../lib/auth/session-context.tsx';
import { VoiceAssistant } from './voice-assistant.tsx';
import { createVoiceEngines } from './voice-engine-wiring.ts';
import { VoiceEnginesProvider, type ProvidedVoiceEngines } from './voice-engines-context.tsx';

/** Whether this server offers realtime voice; false until it answers (and offline). */
function useRealtimeConfigured(): boolean {
  const [configured, setConfigured] = useState(false);
  useEffect(() => {
    let cancelled = false;
    fetch('/api/models', { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((listing: { realtime?: { configured?: boolean } } | null) => {
        if (!cancelled) setConfigured(listing?.realtime?.configured === true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return configured;
}

let pageEngines: ProvidedVoiceEngines | null = null;

/**
 * The page's one set of engines. Not a state initializer: React runs those again each time the
 * shell's Suspense boundary retries before the first commit, and every new set would read
 * GET /api/models again (five to twelve requests on a first visit).
 */
function enginesForPage(): ProvidedVoiceEngines {
  pageEngines ??= createVoiceEngines();
  return pageEngines;
}

/** The floating voice button and its panel, with the real engines. */
export default function VoiceAssistantRoot() {
  const engines = enginesForPage();
  const { status } = useSession();
  const realtimeUsable = useRealtimeConfigured() && status === 'signedIn';
  const provided = useMemo(
    () => (realtimeUsable ? engines : { ...engines, realtime: null }),
    [engines, realtimeUsable],
  );
  return (
    <VoiceEnginesProvider engines={provided}>
      <VoiceAssistant />
    </VoiceEnginesProvider>
  );
}
