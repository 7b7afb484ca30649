/**
 * The emergency machine (requirements §core-3 Emergency settings, §core-9 emergency defaults):
 * panic button hold with a countdown and haptic ticks, confirmation with its timeout (skipped in
 * critical situations, doubled for destructive actions), then the active emergency: location
 * refresh every locationUpdateInterval keeping the last known fix, beacon mode, and voice
 * triggers while idle. Starting the emergency (by confirming, or by the confirmation running
 * out) opens the phone's messages app or dialer as planned by `planEmergencyContact`
 * (src/lib/outdoor/emergency-plan.ts); a browser cannot send a text or place a call itself, so
 * the rider still presses Send or Call, and `opened` tells the screen what was opened.
 * Pure xstate: every side effect (geolocation, speech recognition, vibration, siren, speech,
 * opening the text or dialer, the activation log) is a named actor or action provided at
 * runtime (src/machines/emergency-effects.ts in the browser, stubs in tests). Nothing here
 * needs a network: texts and calls go over cell signal.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { EmergencyContact } from '../lib/outdoor/emergency-contacts.ts';
import type { LocationFix } from '../lib/outdoor/emergency-message.ts';
import {
  describePlanDone,
  planEmergencyContact,
  type EmergencyContactPlan,
} from '../lib/outdoor/emergency-plan.ts';
import {
  DEFAULT_EMERGENCY_SETTINGS,
  type EmergencySettings,
} from '../lib/outdoor/outdoor-settings.ts';
import { CRITICAL_VOICE_TRIGGERS, matchVoiceTrigger } from '../lib/outdoor/voice-triggers.ts';

/** Interval of the visible countdowns and haptic ticks, ms. */
export const COUNTDOWN_TICK_MS = 1000;

/** What started the emergency. `critical` means someone is hurt and may not be able to answer. */
export interface EmergencyTrigger {
  source: 'panic-button' | 'voice';
  critical: boolean;
  /** The trigger word heard, for voice triggers. */
  word?: string;
}

/** How the last emergency attempt ended, for the UI's message. */
export type EmergencyOutcome = 'released' | 'cancelled' | 'timed-out' | 'stopped' | null;

/** The machine's context. Times in epoch ms; remaining times in ms. */
export interface EmergencyContext {
  settings: EmergencySettings;
  contacts: EmergencyContact[];
  trigger: EmergencyTrigger | null;
  countdownRemainingMs: number;
  confirmRemainingMs: number;
  /** Which destructive-action confirmation step is showing: 0 none, 1 first, 2 second. */
  stopConfirmStep: 0 | 1 | 2;
  lastFix: LocationFix | null;
  /** Why the latest location attempt failed; null after a successful one. */
  locationError: string | null;
  lastLocationAttemptAt: number | null;
  activatedAt: number | null;
  /** Whether the confirmation ran out and the text or dialer was opened without an answer. */
  sentWithoutAnswer: boolean;
  /** What the phone was asked to open when the emergency started; null before. */
  opened: EmergencyContactPlan | null;
  online: boolean;
  outcome: EmergencyOutcome;
  lastTranscript: string | null;
}

/** Events, named domain.verb (docs/architecture.md#machines). */
export type EmergencyEvent =
  | { type: 'panic.hold'; critical?: boolean }
  | { type: 'panic.release' }
  | { type: 'emergency.confirm' }
  | { type: 'emergency.cancel' }
  | { type: 'emergency.stop' }
  | { type: 'beacon.start' }
  | { type: 'beacon.stop' }
  | { type: 'voice.transcript'; transcript: string }
  | { type: 'settings.update'; settings: EmergencySettings }
  | { type: 'contacts.update'; contacts: EmergencyContact[] }
  | { type: 'network.change'; online: boolean };

/** Input of the machine. */
export interface EmergencyInput {
  settings?: EmergencySettings;
  contacts?: EmergencyContact[];
  online?: boolean;
}

/** Input of the geolocation actor: high accuracy and the give-up time in ms. */
export interface LocateInput {
  highAccuracy: boolean;
  timeoutMs: number;
}

/** Input of the beacon actor: siren volume 0..1. */
export interface BeaconInput {
  volume: number;
}

/** Input of the voice listener: the trigger words to listen for. */
export interface VoiceListenerInput {
  triggers: string[];
}

/** Parameters of the announce action. */
export interface AnnounceParams {
  text: string;
  volume: number;
}

function shouldSkipConfirmation(context: EmergencyContext): boolean {
  const { settings, trigger } = context;
  if (!settings.requireEmergencyConfirmation || !settings.confirmation.enabled) return true;
  return Boolean(trigger?.critical && settings.confirmation.skipConfirmationInCritical);
}

/**
 * The emergency machine with default (inert) side effects. The browser provides real ones with
 * `.provide()` (see emergency-effects.ts); tests provide stubs and drive time with fake timers.
 */
export const emergencyMachine = setup({
  types: {
    context: {} as EmergencyContext,
    events: {} as EmergencyEvent,
    input: {} as EmergencyInput,
  },
  actors: {
    /** One position fix; rejects with a reason text when none comes in time. */
    locate: fromPromise<LocationFix, LocateInput>(async () => {
      throw new Error('Location is not available on this device.');
    }),
    /** Siren and SOS vibration until stopped; the screen flash is drawn by the UI. */
    beacon: fromCallback<EmergencyEvent, BeaconInput>(() => () => undefined),
    /** Speech recognition that sends `voice.transcript` events. */
    voiceListener: fromCallback<EmergencyEvent, VoiceListenerInput>(() => () => undefined),
  },
  actions: {
    /** A short vibration each countdown second. */
    hapticTick: () => undefined,
    /** The emergency vibration when help is being sent. */
    hapticAlert: () => undefined,
    /** Spoken prompt (emergencyAudioPrompts). */
    announce: (_: unknown, _params: AnnounceParams) => undefined,
    /**
     * Opens the plan's `sms:` or `tel:` link (the messages app or the dialer); the rider still
     * has to press Send or Call.
     */
    openContactApp: (_: unknown, _params: { plan: EmergencyContactPlan }) => undefined,
    /** Appends the activation to the local emergency log. */
    recordActivation: (_: unknown, _params: { at: number; trigger: EmergencyTrigger | null }) =>
      undefined,
    startCountdown: assign({
      countdownRemainingMs: ({ context }) => context.settings.panicButtonDelay * 1000,
      outcome: null,
      sentWithoutAnswer: false,
    }),
    tickCountdown: assign({
      countdownRemainingMs: ({ context }) =>
        Math.max(0, context.countdownRemainingMs - COUNTDOWN_TICK_MS),
    }),
    startConfirmation: assign({
      confirmRemainingMs: ({ context }) => context.settings.confirmation.timeout * 1000,
    }),
    tickConfirmation: assign({
      confirmRemainingMs: ({ context }) =>
        Math.max(0, context.confirmRemainingMs - COUNTDOWN_TICK_MS),
    }),
  },
  guards: {
    countdownDone: ({ context }) => context.countdownRemainingMs <= 0,
    confirmationDone: ({ context }) => context.confirmRemainingMs <= 0,
    skipConfirmation: ({ context }) => shouldSkipConfirmation(context),
    timeoutSendsHelp: ({ context }) =>
      context.settings.confirmation.confirmationType === 'countdown',
    voiceEnabled: ({ context }) =>
      context.settings.voiceActivationEnabled && context.settings.emergencyModeEnabled,
    beaconOnActivation: ({ context }) => context.settings.emergencyBeaconMode,
    audioPrompts: ({ context }) => context.settings.emergencyAudioPrompts,
    stopNeedsConfirmation: ({ context }) => context.settings.confirmation.enabled,
    stopNeedsSecondConfirmation: ({ context }) =>
      context.settings.confirmation.doubleConfirmForDestruction,
    heardTrigger: ({ context, event }) =>
      event.type === 'voice.transcript' &&
      matchVoiceTrigger(event.transcript, context.settings.emergencyVoiceTriggers) !== null,
  },
  delays: {
    countdownTick: ({ context }) => Math.min(COUNTDOWN_TICK_MS, context.countdownRemainingMs),
    confirmTick: ({ context }) => Math.min(COUNTDOWN_TICK_MS, context.confirmRemainingMs),
    confirmationTimeout: ({ context }) => context.settings.confirmation.timeout * 1000,
    locationInterval: ({ context }) => context.settings.locationUpdateInterval * 1000,
  },
}).createMachine({
  id: 'emergency',
  context: ({ input }) => ({
    settings: input.settings ?? DEFAULT_EMERGENCY_SETTINGS,
    contacts: input.contacts ?? [],
    trigger: null,
    countdownRemainingMs: 0,
    confirmRemainingMs: 0,
    stopConfirmStep: 0,
    lastFix: null,
    locationError: null,
    lastLocationAttemptAt: null,
    activatedAt: null,
    sentWithoutAnswer: false,
    opened: null,
    online: input.online ?? true,
    outcome: null,
    lastTranscript: null,
  }),
  on: {
    'settings.update': { actions: assign({ settings: ({ event }) => event.settings }) },
    'contacts.update': { actions: assign({ contacts: ({ event }) => event.contacts }) },
    'network.change': { actions: assign({ online: ({ event }) => event.online }) },
  },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ stopConfirmStep: 0, countdownRemainingMs: 0, confirmRemainingMs: 0 }),
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'voiceEnabled', target: 'listening' }, { target: 'quiet' }],
        },
        listening: {
          invoke: {
            src: 'voiceListener',
            input: ({ context }) => ({ triggers: context.settings.emergencyVoiceTriggers }),
          },
        },
        quiet: {},
      },
      on: {
        'panic.hold': {
          target: 'arming',
          actions: assign({
            trigger: ({ event }) => ({ source: 'panic-button', critical: event.critical ?? false }),
          }),
        },
        // Re-evaluate whether to listen when voice activation is switched on or off.
        'settings.update': {
          target: 'idle',
          reenter: true,
          actions: assign({ settings: ({ event }) => event.settings }),
        },
        'voice.transcript': [
          {
            guard: 'heardTrigger',
            target: 'deciding',
            actions: assign(({ context, event }) => {
              const word = matchVoiceTrigger(
                event.transcript,
                context.settings.emergencyVoiceTriggers,
              );
              return {
                lastTranscript: event.transcript,
                outcome: null,
                sentWithoutAnswer: false,
                trigger: {
                  source: 'voice' as const,
                  critical: word !== null && CRITICAL_VOICE_TRIGGERS.includes(word.toLowerCase()),
                  ...(word ? { word } : {}),
                },
              };
            }),
          },
          { actions: assign({ lastTranscript: ({ event }) => event.transcript }) },
        ],
      },
    },
    arming: {
      entry: ['startCountdown', 'hapticTick'],
      initial: 'counting',
      states: {
        counting: {
          after: {
            countdownTick: {
              target: 'counting',
              reenter: true,
              actions: ['tickCountdown', 'hapticTick'],
            },
          },
        },
      },
      always: { guard: 'countdownDone', target: 'deciding' },
      on: {
        'panic.release': { target: 'idle', actions: assign({ outcome: 'released' }) },
      },
    },
    deciding: {
      always: [{ guard: 'skipConfirmation', target: 'active' }, { target: 'confirming' }],
    },
    confirming: {
      entry: ['startConfirmation', 'hapticAlert'],
      initial: 'counting',
      states: {
        counting: {
          after: {
            confirmTick: {
              target: 'counting',
              reenter: true,
              actions: ['tickConfirmation', 'hapticTick'],
            },
          },
        },
      },
      always: {
        guard: 'confirmationDone',
        target: 'timedOut',
      },
      on: {
        'emergency.confirm': 'active',
        'emergency.cancel': { target: 'idle', actions: assign({ outcome: 'cancelled' }) },
        // Letting go of the button after the hold is not an answer.
        'panic.release': {},
      },
    },
    timedOut: {
      always: [
        {
          guard: 'timeoutSendsHelp',
          target: 'active',
          actions: assign({ sentWithoutAnswer: true }),
        },
        { target: 'idle', actions: assign({ outcome: 'timed-out' }) },
      ],
    },
    active: {
      type: 'parallel',
      entry: [
        assign({
          activatedAt: () => Date.now(),
          stopConfirmStep: 0,
          opened: ({ context }) => planEmergencyContact(context.contacts, context.settings),
        }),
        {
          type: 'openContactApp',
          params: ({ context }) => ({
            plan: context.opened ?? planEmergencyContact(context.contacts, context.settings),
          }),
        },
        'hapticAlert',
        {
          type: 'recordActivation',
          params: ({ context }) => ({ at: Date.now(), trigger: context.trigger }),
        },
      ],
      states: {
        prompting: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                {
                  guard: 'audioPrompts',
                  target: 'done',
                  actions: {
                    type: 'announce',
                    params: ({ context }) => ({
                      text: `${context.settings.emergencyTestMode ? 'Emergency test. ' : ''}${
                        context.opened ? describePlanDone(context.opened) : ''
                      }`.replace(/\b911\b/g, '9 1 1'),
                      volume: context.settings.emergencyAudioVolume / 100,
                    }),
                  },
                },
                { target: 'done' },
              ],
            },
            done: {},
          },
        },
        location: {
          initial: 'locating',
          states: {
            locating: {
              entry: assign({ lastLocationAttemptAt: () => Date.now() }),
              invoke: {
                src: 'locate',
                input: ({ context }) => ({
                  highAccuracy: context.settings.highAccuracyGPS,
                  // Give up before the next refresh is due so attempts never pile up.
                  timeoutMs: Math.max(
                    1000,
                    Math.min(20_000, context.settings.locationUpdateInterval * 1000 - 1000),
                  ),
                }),
                onDone: {
                  target: 'waiting',
                  actions: assign({ lastFix: ({ event }) => event.output, locationError: null }),
                },
                onError: {
                  target: 'waiting',
                  actions: assign({
                    locationError: ({ event }) =>
                      event.error instanceof Error ? event.error.message : String(event.error),
                  }),
                },
              },
            },
            waiting: {
              after: { locationInterval: 'locating' },
            },
          },
        },
        beacon: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'beaconOnActivation', target: 'on' }, { target: 'off' }],
            },
            off: { on: { 'beacon.start': 'on' } },
            on: {
              invoke: {
                src: 'beacon',
                input: ({ context }) => ({ volume: context.settings.emergencyAudioVolume / 100 }),
              },
              on: { 'beacon.stop': 'off' },
            },
          },
        },
        stopping: {
          initial: 'none',
          states: {
            none: {
              entry: assign({ stopConfirmStep: 0 }),
              on: {
                'emergency.stop': [
                  { guard: 'stopNeedsConfirmation', target: 'first' },
                  {
                    target: '#emergency.idle',
                    actions: assign({ outcome: 'stopped', activatedAt: null }),
                  },
                ],
              },
            },
            first: {
              entry: assign({ stopConfirmStep: 1 }),
              after: { confirmationTimeout: 'none' },
              on: {
                'emergency.confirm': [
                  { guard: 'stopNeedsSecondConfirmation', target: 'second' },
                  {
                    target: '#emergency.idle',
                    actions: assign({ outcome: 'stopped', activatedAt: null }),
                  },
                ],
                'emergency.cancel': 'none',
              },
            },
            second: {
              entry: assign({ stopConfirmStep: 2 }),
              after: { confirmationTimeout: 'none' },
              on: {
                'emergency.confirm': {
                  target: '#emergency.idle',
                  actions: assign({ outcome: 'stopped', activatedAt: null }),
                },
                'emergency.cancel': 'none',
              },
            },
          },
        },
      },
    },
  },
});

/** A running emergency actor. */
export type EmergencyActor = ActorRefFrom<typeof emergencyMachine>;
