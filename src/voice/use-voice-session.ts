/**
 * The assistant's one voice actor (src/machines/voice-machine.ts), wired to the browser: the
 * provided engines, the browser's speech recognition and synthesis, the §5 microphone
 * pre-check, online/offline events, and an answer function that reads the rider's trail and
 * campground catalogues from RxDB and the current GPS fix, so every answer works offline. In
 * development builds opened with `?inspect` the actor is shown in the Stately inspector
 * (@statelyai/inspect).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createActor, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { useCampgrounds, useTrails } from '../db/hooks.ts';
import {
  createBrowserSpeechRecognizer,
  createBrowserSpeechSynthesizer,
  microphoneDeniedBeforeAsking,
} from '../lib/voice/browser-speech.ts';
import {
  answerQuestion,
  type VoiceAnswerContext,
  type VoiceFix,
} from '../lib/voice/voice-answers.ts';
import { voiceMachine, type VoiceActor } from '../machines/voice-machine.ts';
import { useProvidedVoiceEngines } from './voice-engines-context.tsx';

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

/** The snapshot type the panel renders. */
export type VoiceSnapshot = SnapshotFrom<typeof voiceMachine>;

/** Whether the browser offers speech recognition at all (§2.7, §8). */
export function hasBrowserSpeechRecognition(): boolean {
  return createBrowserSpeechRecognizer() !== null;
}

/**
 * In development with `?inspect` in the address, the Stately inspector (it opens a window, so
 * not on every page load of the shell's always-mounted assistant).
 */
function withInspector(): { inspect?: (event: InspectionEvent) => void } {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect'))
    return {};
  const pending: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  // The inspector module loads asynchronously; buffer the first events until it is there.
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    for (const event of pending.splice(0)) forward(event);
  });
  return { inspect: (event) => (forward ? forward(event) : void pending.push(event)) };
}

function subscribeNothing(): () => void {
  return () => undefined;
}

/**
 * Starts a voice actor while the component is mounted (a new one per mount, since a stopped
 * xstate actor cannot restart) and returns it with its snapshot; both null before the first
 * effect has run.
 */
export function useVoiceSession(): { actor: VoiceActor | null; snapshot: VoiceSnapshot | null } {
  const provided = useProvidedVoiceEngines();
  const { trails } = useTrails();
  const { campgrounds } = useCampgrounds();
  const data = useRef({ trails, campgrounds });
  useEffect(() => {
    data.current = { trails, campgrounds };
  }, [trails, campgrounds]);

  const [actor, setActor] = useState<VoiceActor | null>(null);
  useEffect(() => {
    const created = createActor(voiceMachine, {
      input: {
        engines: {
          ...provided,
          recognizer: createBrowserSpeechRecognizer(),
          synthesizer: createBrowserSpeechSynthesizer(),
        },
        online: navigator.onLine,
        checkMicrophone: () => microphoneDeniedBeforeAsking(),
        answer: async (text) => {
          const context: VoiceAnswerContext = {
            trails: data.current.trails,
            campgrounds: data.current.campgrounds,
            userLocation: await currentFix(),
            isOffline: !navigator.onLine,
            now: new Date(),
          };
          return answerQuestion(text, context);
        },
      },
      ...withInspector(),
    });
    created.start();
    setActor(created);
    const onOnline = () => created.send({ type: 'network.change', online: true });
    const onOffline = () => created.send({ type: 'network.change', online: false });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      created.stop();
    };
  }, [provided]);

  const snapshot = useSyncExternalStore(
    actor
      ? (listener) => {
          const subscription = actor.subscribe(listener);
          return () => subscription.unsubscribe();
        }
      : subscribeNothing,
    () => actor?.getSnapshot() ?? null,
    () => actor?.getSnapshot() ?? null,
  );
  return { actor, snapshot };
}
