/**
 * The navigation machine: follows a route (a trail's path, a recorded
 * trip or an imported track) or heads to a trailhead point, turning each `navigation.position`
 * fix into guidance (navigation-cues.ts) and raising its notices three ways: shown (the latest
 * notice in context), felt (action `vibrate`, the shared haptics machine) and spoken (action `speak`,
 * speech synthesis at rate 0.95 in US English, requirements §voice-9) when speech is on.
 *
 *   waiting ─first fix─► following.onRoute ⇄ following.offRoute ─end reached─► arrived
 *
 * While off route the warning (distance and compass bearing back to the line) is repeated every
 * 30 s, and at once when a fix finds the distance doubled; each warning restarts the 30 s.
 *
 * Geolocation is the `watchPosition` actor (high accuracy), swapped in tests with .provide().
 */
import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  nextRiderHeading,
  unknownRiderHeading,
  type RiderHeading,
} from '../lib/geo/rider-heading.ts';
import type { LonLat } from '../lib/geo/route-geometry.ts';
import { playPattern } from './haptics-machine.ts';
import {
  initialGuidance,
  OFF_ROUTE_REPEAT_MS,
  offRouteReminder,
  prepareTarget,
  updateGuidance,
  type GuidanceState,
  type NavigationNotice,
  type NavigationTarget,
  type PreparedTarget,
} from './navigation-cues.ts';

/** Speech rate of spoken cues (requirements §voice-9). */
export const SPEECH_RATE = 0.95;
/** Spoken cue language (requirements §voice-9: US English voice preferred). */
export const SPEECH_LANGUAGE = 'en-US';

export interface NavigationContext {
  prepared: PreparedTarget;
  guidance: GuidanceState;
  speechEnabled: boolean;
  /** Notices raised by the latest fix. */
  notices: NavigationNotice[];
  /** The latest notice, for the on-screen banner. */
  lastNotice: NavigationNotice | null;
  gpsError: string | null;
  accuracyMeters: number | null;
  /** Which way the rider is going (the map's arrow): the device's course, else recent movement. */
  riderHeading: RiderHeading;
  /** Off-route warnings already timed from: one more means a fix warned, so the 30 s restarts. */
  offRouteWarningsTimed: number;
}

export type NavigationEvent =
  | {
      type: 'navigation.position';
      longitude: number;
      latitude: number;
      accuracy: number | null;
      /** The device's course over ground (degrees from true north); null or absent: none. */
      heading?: number | null;
    }
  | { type: 'navigation.toggleSpeech' }
  | { type: 'navigation.gpsError'; message: string };

/**
 * Speaks `text` with the browser's speech synthesis (rate 0.95, en-US, a US English voice when
 * installed); silently does nothing where speech synthesis is missing. Cancels a cue still
 * being spoken so the newest (off-route first) is heard at once.
 */
export function speakCue(text: string): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.rate = SPEECH_RATE;
  utterance.pitch = 1;
  utterance.volume = 1;
  utterance.lang = SPEECH_LANGUAGE;
  const voice = window.speechSynthesis
    .getVoices()
    .find((candidate) => candidate.lang === SPEECH_LANGUAGE);
  if (voice) utterance.voice = voice;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}

/** Types, actors and actions of the navigation machine. */
const navigationSetup = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    input: {} as { target: NavigationTarget; speechEnabled?: boolean },
  },
  actors: {
    watchPosition: fromCallback<NavigationEvent>(({ sendBack }) => {
      if (typeof navigator === 'undefined' || !navigator.geolocation) {
        sendBack({
          type: 'navigation.gpsError',
          message: 'This device cannot provide a location.',
        });
        return () => undefined;
      }
      const watchId = navigator.geolocation.watchPosition(
        (position) =>
          sendBack({
            type: 'navigation.position',
            longitude: position.coords.longitude,
            latitude: position.coords.latitude,
            accuracy: position.coords.accuracy,
            // Null where the receiver gives no course, NaN while standing still.
            heading: Number.isFinite(position.coords.heading) ? position.coords.heading : null,
          }),
        (error) =>
          sendBack({
            type: 'navigation.gpsError',
            message:
              error.code === 1
                ? 'Location permission is denied. Allow location for this site to navigate.'
                : 'No GPS signal right now. Move to open sky.',
          }),
        { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
      );
      return () => navigator.geolocation.clearWatch(watchId);
    }),
  },
  actions: {
    speak: (_, params: { text: string }) => speakCue(params.text),
    vibrate: (_, params: { patternId: string }) => {
      playPattern(params.patternId);
    },
    applyFix: assign(({ context, event }) => {
      if (event.type !== 'navigation.position') return {};
      const position: LonLat = [event.longitude, event.latitude];
      const { state, notices } = updateGuidance(context.prepared, context.guidance, position);
      return {
        guidance: state,
        accuracyMeters: event.accuracy,
        riderHeading: nextRiderHeading(context.riderHeading, {
          position,
          accuracy: event.accuracy,
          heading: event.heading ?? null,
        }),
        gpsError: null,
        notices,
        lastNotice: notices[0] ?? context.lastNotice,
      };
    }),
    remindOffRoute: assign(({ context }) => {
      const reminder = offRouteReminder(context.guidance);
      if (!reminder) return { notices: [] };
      return { guidance: reminder.state, notices: [reminder.notice], lastNotice: reminder.notice };
    }),
    timeOffRouteWarnings: assign({
      offRouteWarningsTimed: ({ context }) => context.guidance.offRouteWarnings,
    }),
  },
});

/** Feels the most urgent notice of the latest fix and speaks them all, in order. */
const raiseNotices = navigationSetup.enqueueActions(({ context, enqueue }) => {
  const [first] = context.notices;
  if (!first) return;
  enqueue({ type: 'vibrate', params: { patternId: first.hapticPatternId } });
  if (context.speechEnabled) {
    enqueue({
      type: 'speak',
      params: { text: context.notices.map((notice) => notice.text).join(' ') },
    });
  }
});

/** The navigation machine; input: the target and whether speech starts on. */
export const navigationMachine = navigationSetup.createMachine({
  id: 'navigation',
  context: ({ input }) => ({
    prepared: prepareTarget(input.target),
    guidance: initialGuidance(),
    speechEnabled: input.speechEnabled ?? true,
    notices: [],
    lastNotice: null,
    gpsError: null,
    accuracyMeters: null,
    riderHeading: unknownRiderHeading(),
    offRouteWarningsTimed: 0,
  }),
  invoke: { id: 'gps', src: 'watchPosition' },
  on: {
    'navigation.toggleSpeech': {
      actions: assign({ speechEnabled: ({ context }) => !context.speechEnabled }),
    },
    'navigation.gpsError': { actions: assign({ gpsError: ({ event }) => event.message }) },
  },
  initial: 'waiting',
  states: {
    waiting: {
      on: { 'navigation.position': { target: 'following', actions: ['applyFix', raiseNotices] } },
    },
    following: {
      always: [{ guard: ({ context }) => context.guidance.arrived, target: 'arrived' }],
      on: {
        'navigation.position': { actions: ['applyFix', raiseNotices] },
      },
      initial: 'onRoute',
      states: {
        onRoute: {
          always: { guard: ({ context }) => context.guidance.offRoute, target: 'offRoute' },
        },
        offRoute: {
          entry: 'timeOffRouteWarnings',
          always: [
            { guard: ({ context }) => !context.guidance.offRoute, target: 'onRoute' },
            {
              guard: ({ context }) =>
                context.guidance.offRouteWarnings !== context.offRouteWarningsTimed,
              target: 'offRoute',
              reenter: true,
            },
          ],
          after: {
            [OFF_ROUTE_REPEAT_MS]: {
              target: 'offRoute',
              reenter: true,
              actions: ['remindOffRoute', raiseNotices],
            },
          },
        },
      },
    },
    arrived: {
      type: 'final',
    },
  },
});

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
export type NavigationSnapshot = SnapshotFrom<typeof navigationMachine>;
