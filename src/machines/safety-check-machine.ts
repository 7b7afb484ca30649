/**
 * The safety monitor (requirements §core-3 Emergency settings: automaticFallDetection,
 * periodicSafetyChecks): while watching, a motion-sensor actor reports
 * falls (src/lib/outdoor/fall-detection.ts) and a timer asks for a check-in every
 * `intervalMinutes`. Either one asks "Are you OK?" with a countdown of `promptTimeoutS`; an
 * answer goes back to watching (the check-in interval restarts from the answer), no answer or
 * "I need help" runs `openEmergency`, the same opening of the emergency text or dialer as the
 * panic button (src/lib/outdoor/emergency-plan.ts). Pure xstate with a simulated clock in
 * tests; the browser's sensor, alert and opening come in through `.provide()`
 * (src/machines/safety-check-effects.ts). Browsers pause timers and sensors of a page whose
 * screen is locked, so all of this runs only while the app is open and the screen is on.
 */
import { assign, fromCallback, setup, type ActorRefFrom } from 'xstate';

/** How long "Are you OK?" waits for an answer, seconds (a product choice: long enough to
 * stop the machine and reach the phone, short enough to matter after a crash). */
export const SAFETY_PROMPT_TIMEOUT_S = 30;

/** Interval of the visible countdown, ms. */
export const SAFETY_PROMPT_TICK_MS = 1000;

/** Why the rider is being asked. */
export type SafetyPromptReason = 'fall' | 'check-in';

/** What the monitor watches; `intervalMinutes` between check-ins. */
export interface SafetyMonitorSettings {
  fallDetection: boolean;
  periodicChecks: boolean;
  intervalMinutes: number;
}

/** The machine's context. Remaining time in ms, `nextCheckAt` in epoch ms. */
export interface SafetyCheckContext {
  settings: SafetyMonitorSettings;
  promptTimeoutS: number;
  reason: SafetyPromptReason | null;
  promptRemainingMs: number;
  /** When the next check-in is due, or null when check-ins are off. */
  nextCheckAt: number | null;
  /** Whether the last prompt ended without an answer (as opposed to "I need help"). */
  unanswered: boolean;
}

/** Events, named domain.verb. */
export type SafetyCheckEvent =
  | { type: 'settings.update'; settings: SafetyMonitorSettings }
  | { type: 'fall.detected' }
  | { type: 'prompt.ok' }
  | { type: 'prompt.help' }
  | { type: 'prompt.close' };

/** Input: the settings and, for tests, another prompt timeout in seconds. */
export interface SafetyCheckInput {
  settings: SafetyMonitorSettings;
  promptTimeoutS?: number;
}

/** The safety monitor with inert side effects (the browser provides real ones). */
export const safetyCheckMachine = setup({
  types: {
    context: {} as SafetyCheckContext,
    events: {} as SafetyCheckEvent,
    input: {} as SafetyCheckInput,
  },
  actors: {
    /** Listens to the motion sensors and sends `fall.detected`. */
    motionSensor: fromCallback<SafetyCheckEvent>(() => () => undefined),
  },
  actions: {
    /** Gets the rider's attention: vibration, sound, a notification when in the background. */
    alertRider: (_: unknown, _params: { reason: SafetyPromptReason }) => undefined,
    /** Opens the emergency text or dialer (the rider still presses Send or Call). */
    openEmergency: (_: unknown, _params: { reason: SafetyPromptReason; unanswered: boolean }) =>
      undefined,
    tickPrompt: assign({
      promptRemainingMs: ({ context }) =>
        Math.max(0, context.promptRemainingMs - SAFETY_PROMPT_TICK_MS),
    }),
  },
  guards: {
    fallDetectionOn: ({ context }) => context.settings.fallDetection,
    checksOn: ({ context }) => context.settings.periodicChecks,
    promptDone: ({ context }) => context.promptRemainingMs <= 0,
  },
  delays: {
    checkInterval: ({ context }) => context.settings.intervalMinutes * 60_000,
    promptTick: ({ context }) => Math.min(SAFETY_PROMPT_TICK_MS, context.promptRemainingMs),
  },
}).createMachine({
  id: 'safetyCheck',
  context: ({ input }) => ({
    settings: input.settings,
    promptTimeoutS: input.promptTimeoutS ?? SAFETY_PROMPT_TIMEOUT_S,
    reason: null,
    promptRemainingMs: 0,
    nextCheckAt: null,
    unanswered: false,
  }),
  on: {
    'settings.update': { actions: assign({ settings: ({ event }) => event.settings }) },
  },
  initial: 'watching',
  states: {
    watching: {
      type: 'parallel',
      on: {
        // Restart the sensor and the interval with the new settings.
        'settings.update': {
          target: 'watching',
          reenter: true,
          actions: assign({ settings: ({ event }) => event.settings }),
        },
        'fall.detected': {
          target: 'prompting',
          actions: assign({ reason: 'fall' }),
        },
      },
      states: {
        fall: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'fallDetectionOn', target: 'listening' }, { target: 'off' }],
            },
            listening: { invoke: { src: 'motionSensor' } },
            off: {},
          },
        },
        checkIn: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                {
                  guard: 'checksOn',
                  target: 'waiting',
                  actions: assign({
                    nextCheckAt: ({ context }) =>
                      Date.now() + context.settings.intervalMinutes * 60_000,
                  }),
                },
                { target: 'off', actions: assign({ nextCheckAt: null }) },
              ],
            },
            waiting: {
              after: {
                checkInterval: {
                  target: '#safetyCheck.prompting',
                  actions: assign({ reason: 'check-in' }),
                },
              },
            },
            off: {},
          },
        },
      },
    },
    prompting: {
      entry: [
        assign({
          promptRemainingMs: ({ context }) => context.promptTimeoutS * 1000,
          nextCheckAt: null,
          unanswered: false,
        }),
        {
          type: 'alertRider',
          params: ({ context }) => ({ reason: context.reason ?? 'check-in' }),
        },
      ],
      initial: 'counting',
      states: {
        counting: {
          after: {
            promptTick: { target: 'counting', reenter: true, actions: 'tickPrompt' },
          },
        },
      },
      always: {
        guard: 'promptDone',
        target: 'escalated',
        actions: assign({ unanswered: true }),
      },
      on: {
        'prompt.ok': { target: 'watching', actions: assign({ reason: null }) },
        'prompt.help': 'escalated',
      },
    },
    escalated: {
      entry: {
        type: 'openEmergency',
        params: ({ context }) => ({
          reason: context.reason ?? 'check-in',
          unanswered: context.unanswered,
        }),
      },
      on: {
        'prompt.close': { target: 'watching', actions: assign({ reason: null }) },
      },
    },
  },
});

/** A running safety monitor. */
export type SafetyCheckActor = ActorRefFrom<typeof safetyCheckMachine>;
