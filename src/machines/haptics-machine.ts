/**
 * The haptics machine (requirements §core-4 "Haptics", §core-8, §core-9; docs/architecture.md
 * "Machines"): decides whether a library pattern (haptics-patterns.ts, pure data) may play, scales
 * its durations (haptics-engine.ts: master intensity, outdoor ×1.3 and emergency ×1.5 capped at
 * 1000 ms, battery saving ×0.7 under 30 %) and drives the vibration motor. One actor per page is
 * shared by navigation, recording and safety (`getSharedHaptics`), so the cooldown, "already
 * playing" and emergency-mode rules hold across features.
 *
 * Parallel regions, each visible in the Stately inspector in development:
 *
 *   power      enabled ⇄ disabled               (follows config.enabled)
 *   motor      idle ─play─► playing ─total + 100 ms─► idle (next queued pattern, if any)
 *   cooldown   ready ─play─► cooling ─100 ms─► ready
 *   emergency  off ─emergency pattern─► on ─5 s─► off
 *   button     ready ─tap (50 ms)─► debouncing ─150 ms─► ready
 *
 * Side effects are provided at runtime, so tests swap them with `.provide()` and run on a
 * simulated clock: action `vibrate` (navigator.vibrate; a refusing motor answers with
 * `haptics.refused`), action `warn` (console.warn, requirements §core-8), guard `canVibrate` and
 * the actor `battery` (Battery Status API, sends `haptics.battery`).
 */
import {
  and,
  assign,
  createActor,
  enqueueActions,
  fromCallback,
  not,
  or,
  setup,
  stateIn,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { sharedActor } from './actor-registry.ts';
import {
  defaultHapticConfig,
  defaultHapticSettings,
  hapticConfigFromSettings,
  hapticPresets,
  type HapticConfig,
  type HapticPresetName,
  type HapticSettings,
} from '../lib/outdoor/haptic-settings.ts';
import {
  BUTTON_HAPTIC_DEBOUNCE_MS,
  BUTTON_HAPTIC_MS,
  customizedHapticPattern,
  EMERGENCY_MODE_MS,
  HAPTIC_COOLDOWN_MS,
  hapticCategoriesFromSettings,
  scaleHapticDurations,
  type CustomHapticPatterns,
} from './haptics-engine.ts';
import type { HapticCategory, HapticPattern } from './haptics-patterns.ts';
import { inspectOption } from './inspector.ts';

/**
 * How many patterns may wait behind the one playing (requests with `queue: true`). An app
 * choice, not a spec constant: a cue that waits longer than a few patterns is stale.
 */
export const HAPTIC_QUEUE_LIMIT = 3;

/** The pattern the motor is playing, with the durations (ms) it was sent. */
export interface PlayingPattern {
  patternId: string;
  durations: number[];
  emergency: boolean;
}

/** What became of the latest play request from outside the machine. */
export interface HapticPlayOutcome {
  patternId: string;
  result: 'played' | 'queued' | 'refused';
}

/** Context of the haptics machine; durations in ms, battery level 0..1. */
export interface HapticsContext {
  config: HapticConfig;
  /** Categories the rider turned off are false (HapticSettings *Feedback); missing = on. */
  categories: Partial<Record<HapticCategory, boolean>>;
  /** The rider's turn intensity, waypoint style and emergency pattern (HapticSettings). */
  customPatterns: CustomHapticPatterns;
  /** Battery level 0..1 from the `battery` actor, null when unknown. */
  batteryLevel: number | null;
  /** Pattern ids waiting for the motor, oldest first (at most HAPTIC_QUEUE_LIMIT). */
  queue: string[];
  current: PlayingPattern | null;
  lastPatternId: string | null;
  /** Counts play requests from outside, so a caller can tell its request was handled. */
  requests: number;
  lastOutcome: HapticPlayOutcome | null;
  /** Counts accepted button taps. */
  buttonTaps: number;
}

/**
 * Events. `haptics.play`: `test` forces playback (requirements §core-4), `queue` waits for the
 * pattern playing now instead of being refused; `fromQueue` marks the machine's own replays.
 */
export type HapticsEvent =
  | {
      type: 'haptics.play';
      patternId: string;
      test?: boolean;
      queue?: boolean;
      fromQueue?: boolean;
    }
  | { type: 'haptics.button' }
  | { type: 'haptics.stop' }
  | { type: 'haptics.configure'; config: Partial<HapticConfig> }
  | { type: 'haptics.preset'; preset: HapticPresetName }
  | { type: 'haptics.categories'; categories: Partial<Record<HapticCategory, boolean>> }
  | { type: 'haptics.customPatterns'; customPatterns: CustomHapticPatterns }
  | { type: 'haptics.battery'; level: number | null }
  | { type: 'haptics.refused' };

/**
 * Input: a partial config over `defaultHapticConfig`, category switches, custom patterns (the
 * default settings' when absent), a known battery level.
 */
export interface HapticsInput {
  config?: Partial<HapticConfig>;
  categories?: Partial<Record<HapticCategory, boolean>>;
  customPatterns?: CustomHapticPatterns;
  batteryLevel?: number | null;
}

/** What a `vibrate` call is for; only a refused pattern changes the machine's state. */
export type VibrationKind = 'pattern' | 'button' | 'stop';

type PlayEvent = Extract<HapticsEvent, { type: 'haptics.play' }>;

/** The pattern a play event asks for, as the rider's custom patterns make it. */
function patternOf(context: HapticsContext, event: HapticsEvent): HapticPattern | undefined {
  return event.type === 'haptics.play'
    ? customizedHapticPattern(event.patternId, context.customPatterns)
    : undefined;
}

/** The durations (ms) `pattern` would be sent with under this context's modifiers. */
function durationsFor(context: HapticsContext, pattern: HapticPattern): number[] {
  return scaleHapticDurations(pattern.pattern, {
    masterIntensity: context.config.masterIntensity,
    outdoorMode: context.config.outdoorMode,
    emergency: pattern.category === 'emergency',
    batteryOptimization: context.config.batteryOptimization,
    batteryLevel: context.batteryLevel,
  });
}

/**
 * The durations (ms) pattern `patternId` would be sent with now (custom patterns, master
 * intensity, outdoor, emergency and battery modifiers applied), or null for an unknown id.
 */
export function scaledHapticPattern(context: HapticsContext, patternId: string): number[] | null {
  const pattern = customizedHapticPattern(patternId, context.customPatterns);
  return pattern ? durationsFor(context, pattern) : null;
}

const totalMs = (durations: readonly number[]) =>
  durations.reduce((sum, duration) => sum + duration, 0);

const isPlay = (event: HapticsEvent): event is PlayEvent => event.type === 'haptics.play';

const countRequest = (context: HapticsContext, event: HapticsEvent) =>
  isPlay(event) && !event.fromQueue ? context.requests + 1 : context.requests;

const hapticsSetup = setup({
  types: {
    context: {} as HapticsContext,
    events: {} as HapticsEvent,
    input: {} as HapticsInput,
  },
  actors: {
    /** Battery Status API where the browser has it (Chromium); silent elsewhere. */
    battery: fromCallback<HapticsEvent>(({ sendBack }) => {
      const nav = typeof navigator === 'undefined' ? undefined : navigator;
      const getBattery = (
        nav as { getBattery?: () => Promise<EventTarget & { level: number }> } | undefined
      )?.getBattery;
      if (!nav || !getBattery) return undefined;
      let battery: (EventTarget & { level: number }) | null = null;
      const report = () => sendBack({ type: 'haptics.battery', level: battery?.level ?? null });
      let stopped = false;
      getBattery.call(nav).then(
        (found) => {
          if (stopped) return;
          battery = found;
          report();
          found.addEventListener('levelchange', report);
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        battery?.removeEventListener('levelchange', report);
      };
    }),
  },
  actions: {
    /** Sends `durations` (ms, vibrate/pause alternating) to the motor. */
    vibrate: ({ self }, params: { durations: number[]; kind: VibrationKind }) => {
      const nav = typeof navigator === 'undefined' ? undefined : navigator;
      const accepted = typeof nav?.vibrate === 'function' && nav.vibrate(params.durations);
      if (!accepted && params.kind === 'pattern') self.send({ type: 'haptics.refused' });
    },
    warn: (_, params: { message: string }) => {
      console.warn(params.message);
    },
    startPattern: assign(({ context, event }) => {
      const pattern = patternOf(context, event)!;
      return {
        current: {
          patternId: pattern.id,
          durations: durationsFor(context, pattern),
          emergency: pattern.category === 'emergency',
        },
        lastPatternId: pattern.id,
        requests: countRequest(context, event),
        lastOutcome: { patternId: pattern.id, result: 'played' as const },
      };
    }),
    enqueuePattern: assign(({ context, event }) => {
      const { patternId } = event as PlayEvent;
      return {
        queue: [...context.queue, patternId],
        requests: countRequest(context, event),
        lastOutcome: { patternId, result: 'queued' as const },
      };
    }),
    refusePlay: assign(({ context, event }) => {
      if (!isPlay(event) || event.fromQueue) return {};
      return {
        requests: countRequest(context, event),
        lastOutcome: { patternId: event.patternId, result: 'refused' as const },
      };
    }),
    /** Replays the oldest waiting pattern through the normal rules, which may still refuse it. */
    playNextQueued: enqueueActions(({ context, event, enqueue }) => {
      // A rider's own refused request must not jump the queue; only the motor finishing or a
      // refused replay moves it on.
      if (isPlay(event) && !event.fromQueue) return;
      const [next, ...rest] = context.queue;
      if (next === undefined) return;
      enqueue.assign({ queue: rest });
      enqueue.raise({ type: 'haptics.play', patternId: next, fromQueue: true });
    }),
    motorRefused: assign(({ context }) => ({
      current: null,
      queue: [],
      lastOutcome:
        context.lastOutcome?.result === 'played'
          ? { ...context.lastOutcome, result: 'refused' as const }
          : context.lastOutcome,
    })),
    stopPattern: assign({ current: null, queue: [] }),
    countButtonTap: assign({ buttonTaps: ({ context }) => context.buttonTaps + 1 }),
    configure: assign({
      config: ({ context, event }) =>
        event.type === 'haptics.configure'
          ? { ...context.config, ...event.config }
          : context.config,
    }),
    applyPreset: assign({
      config: ({ context, event }) =>
        event.type === 'haptics.preset'
          ? { ...context.config, ...hapticPresets[event.preset] }
          : context.config,
    }),
    setCategories: assign({
      categories: ({ context, event }) =>
        event.type === 'haptics.categories'
          ? { ...context.categories, ...event.categories }
          : context.categories,
    }),
    setCustomPatterns: assign({
      customPatterns: ({ context, event }) =>
        event.type === 'haptics.customPatterns' ? event.customPatterns : context.customPatterns,
    }),
    setBattery: assign({
      batteryLevel: ({ context, event }) =>
        event.type === 'haptics.battery' ? event.level : context.batteryLevel,
    }),
  },
  guards: {
    /** Whether the device has a vibration motor the page may use. */
    canVibrate: () => typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function',
    unknownPattern: ({ context, event }) => isPlay(event) && !patternOf(context, event),
    overrideBlocked: ({ context, event }) =>
      patternOf(context, event)?.category === 'emergency' && !context.config.emergencyOverride,
    isTestPlay: ({ event }) => isPlay(event) && event.test === true,
    wantsQueue: ({ event }) => isPlay(event) && event.queue === true && !event.test,
    isEmergencyPattern: ({ context, event }) => patternOf(context, event)?.category === 'emergency',
    categoryOn: ({ context, event }) => {
      const pattern = patternOf(context, event);
      return pattern !== undefined && context.categories[pattern.category] !== false;
    },
    /** Master intensity 0 scales every duration to 0: nothing to feel, nothing to play. */
    audible: ({ context, event }) => {
      const pattern = patternOf(context, event);
      return pattern !== undefined && durationsFor(context, pattern).some((ms) => ms > 0);
    },
    queueHasRoom: ({ context }) => context.queue.length < HAPTIC_QUEUE_LIMIT,
    configEnabled: ({ context }) => context.config.enabled,
    currentIsEmergency: ({ context }) => context.current?.emergency === true,
  },
  delays: {
    /** The playing flag clears after the pattern's total duration plus 100 ms (§core-4). */
    playingFor: ({ context }) => totalMs(context.current?.durations ?? []) + HAPTIC_COOLDOWN_MS,
  },
});

/** Rules a normal (non-test) play must pass besides the motor and cooldown being free. */
const allowedNow = and([
  stateIn({ power: 'enabled' }),
  'categoryOn',
  or(['isEmergencyPattern', stateIn({ emergency: 'off' })]),
]);

/**
 * Every rule of requirements §core-4 for starting the motor now; a test play skips the state ones.
 */
const mayStart = and([
  'canVibrate',
  'audible',
  or(['isTestPlay', and([allowedNow, stateIn({ motor: 'idle' }), stateIn({ cooldown: 'ready' })])]),
]);

/** A play with `queue: true` that only the pattern playing now keeps from starting. */
const mayWait = and([
  'wantsQueue',
  'canVibrate',
  'audible',
  allowedNow,
  stateIn({ motor: 'playing' }),
  'queueHasRoom',
]);

const startActions = [
  'startPattern',
  {
    type: 'vibrate',
    params: ({ context }: { context: HapticsContext }) => ({
      durations: context.current?.durations ?? [],
      kind: 'pattern' as const,
    }),
  },
] as const;

/** The haptics machine; see the file comment for its regions and provided side effects. */
export const hapticsMachine = hapticsSetup.createMachine({
  id: 'haptics',
  type: 'parallel',
  context: ({ input }) => ({
    config: { ...defaultHapticConfig, ...input.config },
    categories: { ...input.categories },
    customPatterns: input.customPatterns ?? defaultHapticSettings.customPatterns,
    batteryLevel: input.batteryLevel ?? null,
    queue: [],
    current: null,
    lastPatternId: null,
    requests: 0,
    lastOutcome: null,
    buttonTaps: 0,
  }),
  invoke: { src: 'battery' },
  on: {
    'haptics.configure': { actions: 'configure' },
    'haptics.preset': { actions: 'applyPreset' },
    'haptics.categories': { actions: 'setCategories' },
    'haptics.customPatterns': { actions: 'setCustomPatterns' },
    'haptics.battery': { actions: 'setBattery' },
  },
  states: {
    power: {
      initial: 'enabled',
      states: {
        enabled: { always: { guard: not('configEnabled'), target: 'disabled' } },
        disabled: { always: { guard: 'configEnabled', target: 'enabled' } },
      },
    },
    motor: {
      initial: 'idle',
      on: {
        // Reached when neither idle nor playing may start the pattern.
        'haptics.play': [
          {
            guard: 'unknownPattern',
            actions: [
              'refusePlay',
              {
                type: 'warn',
                params: ({ event }) => ({
                  message: `Haptic pattern not found: ${event.patternId}`,
                }),
              },
              'playNextQueued',
            ],
          },
          {
            guard: 'overrideBlocked',
            actions: [
              'refusePlay',
              {
                type: 'warn',
                params: ({ event }) => ({
                  message: `Emergency haptic pattern ${event.patternId} blocked: emergency override is disabled`,
                }),
              },
              'playNextQueued',
            ],
          },
          { guard: mayWait, actions: 'enqueuePattern' },
          { actions: ['refusePlay', 'playNextQueued'] },
        ],
        'haptics.stop': {
          target: '.idle',
          actions: ['stopPattern', { type: 'vibrate', params: { durations: [0], kind: 'stop' } }],
        },
      },
      states: {
        idle: {
          on: {
            'haptics.play': {
              guard: and([not('unknownPattern'), not('overrideBlocked'), mayStart]),
              target: 'playing',
              actions: startActions,
            },
          },
        },
        playing: {
          after: { playingFor: { target: 'idle', actions: 'playNextQueued' } },
          on: {
            'haptics.play': {
              guard: and([not('unknownPattern'), not('overrideBlocked'), mayStart]),
              target: 'playing',
              reenter: true,
              actions: startActions,
            },
            'haptics.refused': { target: 'idle', actions: 'motorRefused' },
          },
        },
      },
    },
    cooldown: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'haptics.play': {
              guard: and([not('unknownPattern'), not('overrideBlocked'), mayStart]),
              target: 'cooling',
            },
          },
        },
        cooling: {
          after: { [HAPTIC_COOLDOWN_MS]: 'ready' },
          on: {
            'haptics.play': {
              guard: and([not('unknownPattern'), not('overrideBlocked'), mayStart]),
              target: 'cooling',
              reenter: true,
            },
            // A motor that refused never ran, so no gap is owed.
            'haptics.refused': 'ready',
          },
        },
      },
    },
    emergency: {
      initial: 'off',
      states: {
        off: {
          on: {
            'haptics.play': {
              guard: and(['isEmergencyPattern', not('overrideBlocked'), mayStart]),
              target: 'on',
            },
          },
        },
        on: {
          after: { [EMERGENCY_MODE_MS]: 'off' },
          on: {
            'haptics.play': {
              guard: and(['isEmergencyPattern', not('overrideBlocked'), mayStart]),
              target: 'on',
              reenter: true,
            },
            'haptics.refused': { guard: 'currentIsEmergency', target: 'off' },
          },
        },
      },
    },
    button: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'haptics.button': {
              guard: and(['canVibrate', stateIn({ power: 'enabled' })]),
              target: 'debouncing',
              actions: [
                'countButtonTap',
                { type: 'vibrate', params: { durations: [BUTTON_HAPTIC_MS], kind: 'button' } },
              ],
            },
          },
        },
        debouncing: { after: { [BUTTON_HAPTIC_DEBOUNCE_MS]: 'ready' } },
      },
    },
  },
});

/** A running haptics machine (see `getSharedHaptics` for the page's one). */
export type HapticsActor = ActorRefFrom<typeof hapticsMachine>;
export type HapticsSnapshot = SnapshotFrom<typeof hapticsMachine>;

/** Options of one play request. */
export interface PlayPatternOptions {
  /**
   * A test play from the settings screen: skips enabled, playing and cooldown (requirements
   * §core-4).
   */
  test?: boolean;
  /** Wait behind the pattern playing now (up to HAPTIC_QUEUE_LIMIT) instead of being refused. */
  queue?: boolean;
}

/**
 * Asks `actor` to play library pattern `patternId`. Returns true when the motor was started (or,
 * with `queue`, the pattern waits for it). False when: the id is unknown or it is an emergency
 * pattern with emergencyOverride off (both with a console warning, requirements §core-8); haptics
 * are disabled, the device cannot vibrate or refused, a pattern is still playing or the last one
 * started under 100 ms ago (§core-4); its category is off; in emergency mode, it is not an
 * emergency pattern; or the actor is not running.
 */
export function requestHapticPattern(
  actor: HapticsActor,
  patternId: string,
  options: PlayPatternOptions = {},
): boolean {
  const before = actor.getSnapshot().context.requests;
  actor.send({ type: 'haptics.play', patternId, ...options });
  const { requests, lastOutcome } = actor.getSnapshot().context;
  return requests !== before && lastOutcome !== null && lastOutcome.result !== 'refused';
}

/**
 * A 50 ms tap for a button press; false when haptics are off, the device cannot vibrate or the
 * last tap was under 150 ms ago (requirements §core-9).
 */
export function requestButtonHaptic(actor: HapticsActor): boolean {
  const before = actor.getSnapshot().context.buttonTaps;
  actor.send({ type: 'haptics.button' });
  return actor.getSnapshot().context.buttonTaps !== before;
}

/** True while a pattern plays (until its total duration plus 100 ms). */
export const selectHapticPlaying = (snapshot: HapticsSnapshot) =>
  snapshot.matches({ motor: 'playing' });

/** True for 5 s after an emergency pattern started: other patterns are held off. */
export const selectEmergencyMode = (snapshot: HapticsSnapshot) =>
  snapshot.matches({ emergency: 'on' });

/**
 * The page's one haptics actor over `navigator.vibrate` and the Battery Status API (where the
 * browser has them), started on first use and kept for the page's lifetime. Features push the
 * stored settings into it with `haptics.configure` and `haptics.categories`.
 */
export function getSharedHaptics(): HapticsActor {
  return sharedActor('haptics', () => createActor(hapticsMachine, { input: {}, ...inspectOption }));
}

/** Plays `patternId` on the shared actor (see `requestHapticPattern` for when it is false). */
export function playPattern(patternId: string, options?: PlayPatternOptions): boolean {
  return requestHapticPattern(getSharedHaptics(), patternId, options);
}

/**
 * Brings `actor` in step with the rider's stored haptic settings and the outdoor settings'
 * outdoor mode and "Vibration" switch (requirements §core-3): config, category switches and
 * custom patterns. Every page that configures the engine goes through here, so none can forget
 * one of them.
 */
export function applyHapticSettings(
  actor: HapticsActor,
  settings: HapticSettings,
  outdoorMode: boolean,
  vibrationEnabled: boolean,
): void {
  actor.send({
    type: 'haptics.configure',
    config: hapticConfigFromSettings(settings, outdoorMode, vibrationEnabled),
  });
  actor.send({ type: 'haptics.categories', categories: hapticCategoriesFromSettings(settings) });
  actor.send({ type: 'haptics.customPatterns', customPatterns: settings.customPatterns });
}
