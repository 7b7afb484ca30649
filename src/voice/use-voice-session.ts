/**
 * The assistant's one voice actor (src/machines/voice-machine.ts), wired to the browser: the
 * provided engines, the browser's speech recognition and synthesis, the requirements §voice-5
 * microphone pre-check, online/offline events, and an answer function that reads the rider's trail
 * and campground catalogues from RxDB and the current GPS fix, so every answer works offline. In
 * development builds the actor is shown in the Stately inspector like every other machine
 * (src/machines/inspector.ts).
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { firstValueFrom } from 'rxjs';
import type { SnapshotFrom } from 'xstate';
import type { AppDatabase } from '../db/database.ts';
import { observeCampgrounds, observeTrails } from '../db/catalogue-reads.ts';
import { useCampgrounds, useTrails } from '../db-react/hooks.ts';
import { useDatabase } from '../db-react/provider.tsx';
import {
  createBrowserSpeechRecognizer,
  createBrowserSpeechSynthesizer,
  microphoneDeniedBeforeAsking,
} from '../lib/voice/browser-speech.ts';
import { detectIntent } from '../lib/voice/intents.ts';
import {
  answerVoiceCommand,
  needsCatalogues,
  type VoiceAnswerContext,
  type VoiceFix,
} from '../lib/voice/voice-answers.ts';
import { inspectOption } from '../machines/inspector.ts';
import { voiceMachine, type VoiceActor } from '../machines/voice-machine.ts';
import { useProvidedVoiceEngines } from './voice-engines-context.tsx';
import { readVisibleTrailReports } from '../db/trail-reports.ts';

/** How long to wait for a GPS fix before answering without one, ms. */
const FIX_TIMEOUT_MS = 8000;
/** A fix this recent is good enough for "nearest" answers, ms. */
const FIX_MAX_AGE_MS = 60_000;

/** The current position, or null when refused, unavailable or too slow. */
function currentFix(): Promise<VoiceFix | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: FIX_TIMEOUT_MS, maximumAge: FIX_MAX_AGE_MS },
    );
  });
}

/** The catalogues an answer reads. */
type Catalogues = Pick<VoiceAnswerContext, 'trails' | 'campgrounds'>;

/** Both catalogues as stored now, read once. */
async function readCatalogues(db: AppDatabase): Promise<Catalogues> {
  const [trails, campgrounds] = await Promise.all([
    firstValueFrom(observeTrails(db)),
    firstValueFrom(observeCampgrounds(db)),
  ]);
  return { trails, campgrounds };
}

/** The snapshot type the panel renders. */
export type VoiceSnapshot = SnapshotFrom<typeof voiceMachine>;

/** Whether the browser offers speech recognition at all (requirements §voice-2.7, §voice-8). */
export function hasBrowserSpeechRecognition(): boolean {
  return createBrowserSpeechRecognizer() !== null;
}

/**
 * The assistant's voice actor for as long as the component is mounted (started and stopped by
 * @xstate/react, so React StrictMode's double mount is safe) and its current snapshot. The
 * engines are taken from the first render: the shell provides them once.
 */
export function useVoiceSession(): { actor: VoiceActor; snapshot: VoiceSnapshot } {
  const provided = useProvidedVoiceEngines();
  const db = useDatabase();
  // Loaded as the panel opens, so an answer need not wait for the query; null while loading.
  const { trails, isLoading: trailsLoading } = useTrails();
  const { campgrounds, isLoading: campgroundsLoading } = useCampgrounds();
  const loaded = useRef<Catalogues | null>(null);
  useEffect(() => {
    loaded.current = trailsLoading || campgroundsLoading ? null : { trails, campgrounds };
  }, [trails, campgrounds, trailsLoading, campgroundsLoading]);

  const actor = useActorRef(voiceMachine, {
    input: {
      engines: {
        ...provided,
        recognizer: createBrowserSpeechRecognizer(),
        synthesizer: createBrowserSpeechSynthesizer(),
      },
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      checkMicrophone: () => microphoneDeniedBeforeAsking(),
      // A question asked before the catalogues loaded reads them itself rather than being
      // answered as if the device had none; a question that needs neither does not wait.
      answer: async (text) => {
        const command = detectIntent(text);
        const [catalogues, userLocation, trailReports] = await Promise.all([
          needsCatalogues(command)
            ? (loaded.current ?? readCatalogues(db))
            : { trails: [], campgrounds: [] },
          currentFix(),
          // Riders' reports answer "any reports on …?" offline, from what the device holds.
          command.intent === 'trail_info' ? readVisibleTrailReports(db) : [],
        ]);
        const context: VoiceAnswerContext = {
          ...catalogues,
          trailReports,
          userLocation,
          isOffline: !navigator.onLine,
          now: new Date(),
        };
        return answerVoiceCommand(command, context);
      },
    },
    ...inspectOption,
  });
  useEffect(() => {
    const onOnline = () => actor.send({ type: 'network.change', online: true });
    const onOffline = () => actor.send({ type: 'network.change', online: false });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [actor]);
  const snapshot = useSelector(actor, (current) => current);
  return { actor, snapshot };
}
