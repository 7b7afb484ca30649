/**
 * The trip recording machine (docs/architecture.md#machines).
 *
 *   checking ─► idle ─recording.start─► active.acquiring ─first good fix─► active.starting
 *        (offers Resume)      │                                              │ trip created
 *                             └─recording.resume─► active.resuming ──────────┤
 *                                                                            ▼
 *      active.paused ◄─recording.pause / continue─► active.recording ◄─moved─ active.autoPaused
 *                                                        │  (still for autoPauseMs) ─┘
 *                              recording.stop ─► saving ─► saved
 *
 * Fixes come from the `watchPosition` actor (high accuracy) as `gps.fix`; fixes with accuracy
 * worse than the threshold, impossible speed spikes and stale repeats are dropped and counted.
 * Statistics are a pure reducer (src/lib/geo/track-stats.ts) kept in context. Every side effect
 * is named so tests and the app `.provide()` them: actors watchPosition, wakeLock,
 * findInterrupted, beginTrip, resumeTrip, finishTrip, closeInterrupted; actions persistPoint and
 * persistSession (the app writes points in chunks to RxDB and the session to a local document,
 * src/db/trips/recording-store.ts). Delays run on the actor's clock, so tests use xstate's
 * SimulatedClock.
 */
import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import {
  addFixToStats,
  breakSegment,
  classifyFix,
  defaultFixFilter,
  distanceMeters,
  emptyTrackStats,
  rejectFix,
  type Fix,
  type FixFilterOptions,
  type FixRejection,
  type TrackStatsState,
} from '../lib/geo/track-stats.ts';
import type {
  InterruptedTripSummary,
  RecordingSessionSnapshot,
  RecordingStorePort,
  ResumedTripState,
} from '../lib/recording/recording-storage.ts';

/** Tunables of a recording. */
export interface RecordingOptions extends FixFilterOptions {
  /** Standing still this long (ms) pauses the recording automatically. */
  autoPauseMs: number;
  /** Moving this far (m) from where it auto-paused resumes it. */
  autoResumeMeters: number;
}

export const defaultRecordingOptions: RecordingOptions = {
  ...defaultFixFilter,
  autoPauseMs: 60_000,
  autoResumeMeters: 15,
};

export interface RecordingContext {
  options: RecordingOptions;
  tripId: string | null;
  tripName: string | null;
  trailId: string | null;
  startedAt: number | null;
  stats: TrackStatsState;
  pausedBy: 'rider' | 'auto' | null;
  /** Last fix from the receiver, accepted or not (shows accuracy while acquiring). */
  lastFix: Fix | null;
  pendingFix: Fix | null;
  rejected: Record<Exclude<FixRejection, null>, number>;
  interrupted: InterruptedTripSummary | null;
  /** Blocking problem (permission denied, storage failed), for the rider. */
  error: string | null;
  /** Passing GPS trouble while recording (signal lost), for the rider. */
  gpsWarning: string | null;
}

export type RecordingEvent =
  | { type: 'recording.start'; name?: string | null; trailId?: string | null }
  | { type: 'recording.resume' }
  | { type: 'recording.saveInterrupted' }
  | { type: 'recording.pause' }
  | { type: 'recording.continue' }
  | { type: 'recording.stop' }
  | { type: 'recording.reset' }
  | { type: 'gps.fix'; fix: Fix }
  | { type: 'gps.error'; code: number; message: string };

/** The message a rider sees for a Geolocation API error code (1 denied, 2 unavailable, 3 timeout). */
export function geolocationErrorMessage(code: number): string {
  switch (code) {
    case 1:
      return 'Location permission is denied. Allow location for this site in your browser settings to record a ride.';
    case 2:
      return 'No GPS signal right now. Move to open sky; recording continues when the signal returns.';
    case 3:
      return 'Still waiting for a GPS fix. Move to open sky; recording continues when the signal returns.';
    default:
      return 'This device cannot provide a location, so a ride cannot be recorded here.';
  }
}

/** A Geolocation API position as a Fix (elevation and speed null when the device gives none). */
export function positionToFix(position: GeolocationPosition): Fix {
  const { coords } = position;
  return {
    longitude: coords.longitude,
    latitude: coords.latitude,
    elevation: coords.altitude ?? null,
    time: position.timestamp,
    accuracy: Number.isFinite(coords.accuracy) ? coords.accuracy : null,
    speed: coords.speed ?? null,
    heading: coords.heading !== null && Number.isFinite(coords.heading) ? coords.heading : null,
  };
}

/** The persisted session of a context with a trip; null before the trip exists. */
export function sessionSnapshot(
  context: RecordingContext,
  phase: 'recording' | 'paused',
): RecordingSessionSnapshot | null {
  if (!context.tripId || context.startedAt === null) return null;
  return {
    tripId: context.tripId,
    phase,
    pausedBy: phase === 'paused' ? context.pausedBy : null,
    startedAt: context.startedAt,
    stats: context.stats,
  };
}

const notProvided = (name: string) => () => {
  throw new Error(`recording machine: actor ${name} must be provided`);
};

function initialContext(options: Partial<RecordingOptions> | undefined): RecordingContext {
  return {
    options: { ...defaultRecordingOptions, ...options },
    tripId: null,
    tripName: null,
    trailId: null,
    startedAt: null,
    stats: emptyTrackStats(),
    pausedBy: null,
    lastFix: null,
    pendingFix: null,
    rejected: { inaccurate: 0, spike: 0, stale: 0 },
    interrupted: null,
    error: null,
    gpsWarning: null,
  };
}

/** The recording machine; see the file comment for states, events and provided side effects. */
export const recordingMachine = setup({
  types: {
    context: {} as RecordingContext,
    events: {} as RecordingEvent,
    input: {} as { options?: Partial<RecordingOptions> },
  },
  actors: {
    /** Geolocation.watchPosition with high accuracy; sends gps.fix / gps.error. */
    watchPosition: fromCallback<RecordingEvent>(({ sendBack }) => {
      if (typeof navigator === 'undefined' || !navigator.geolocation) {
        sendBack({ type: 'gps.error', code: 0, message: 'Geolocation unavailable' });
        return () => undefined;
      }
      const watchId = navigator.geolocation.watchPosition(
        (position) => sendBack({ type: 'gps.fix', fix: positionToFix(position) }),
        (error) => sendBack({ type: 'gps.error', code: error.code, message: error.message }),
        { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
      );
      return () => navigator.geolocation.clearWatch(watchId);
    }),
    /** Holds a screen wake lock while recording, re-acquired when the page is visible again. */
    wakeLock: fromCallback(() => {
      type Sentinel = { release(): Promise<void> };
      const wakeLockApi =
        typeof navigator === 'undefined'
          ? undefined
          : (navigator as { wakeLock?: { request(type: 'screen'): Promise<Sentinel> } }).wakeLock;
      if (!wakeLockApi) return () => undefined;
      let sentinel: Sentinel | null = null;
      let stopped = false;
      const acquire = () => {
        wakeLockApi
          .request('screen')
          .then((lock) => {
            if (stopped) void lock.release();
            else sentinel = lock;
          })
          .catch(() => undefined);
      };
      const onVisible = () => {
        if (document.visibilityState === 'visible') acquire();
      };
      acquire();
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        stopped = true;
        document.removeEventListener('visibilitychange', onVisible);
        void sentinel?.release().catch(() => undefined);
      };
    }),
    findInterrupted: fromPromise<InterruptedTripSummary | null>(notProvided('findInterrupted')),
    beginTrip: fromPromise<
      { tripId: string; name: string },
      { name: string | null; trailId: string | null; startedAt: number }
    >(notProvided('beginTrip')),
    resumeTrip: fromPromise<ResumedTripState, { tripId: string }>(notProvided('resumeTrip')),
    finishTrip: fromPromise<{ tripId: string }, { tripId: string; stats: TrackStatsState }>(
      notProvided('finishTrip'),
    ),
    closeInterrupted: fromPromise<void, { tripId: string }>(notProvided('closeInterrupted')),
  },
  actions: {
    /** Stores one accepted fix of the trip (the app buffers and writes chunks). */
    persistPoint: (_, _params: { context: RecordingContext; fix: Fix }) => undefined,
    /** Stores the session (phase, statistics) so a reload can resume. */
    persistSession: (_, _params: { session: RecordingSessionSnapshot | null }) => undefined,
    countRejected: assign({
      lastFix: ({ event }) => (event.type === 'gps.fix' ? event.fix : null),
      rejected: ({ context, event }) => {
        if (event.type !== 'gps.fix') return context.rejected;
        const reason = rejectFix(context.stats.last, event.fix, context.options);
        return reason
          ? { ...context.rejected, [reason]: context.rejected[reason] + 1 }
          : context.rejected;
      },
    }),
    addFix: assign({
      lastFix: ({ event }) => (event.type === 'gps.fix' ? event.fix : null),
      gpsWarning: null,
      stats: ({ context, event }) =>
        event.type === 'gps.fix' ? addFixToStats(context.stats, event.fix) : context.stats,
    }),
    noteFix: assign({
      lastFix: ({ event }) => (event.type === 'gps.fix' ? event.fix : null),
      gpsWarning: null,
    }),
  },
  guards: {
    isUsableFix: ({ context, event }) =>
      event.type === 'gps.fix' &&
      rejectFix(context.stats.last, event.fix, context.options) === null,
    isRejectedFix: ({ context, event }) =>
      event.type === 'gps.fix' &&
      rejectFix(context.stats.last, event.fix, context.options) !== null,
    isMovement: ({ context, event }) => {
      if (event.type !== 'gps.fix') return false;
      const movement = classifyFix(context.stats, event.fix);
      return movement === 'moved' || movement === 'first';
    },
    movedAwayFromPause: ({ context, event }) =>
      event.type === 'gps.fix' &&
      (context.stats.anchor === null ||
        distanceMeters(context.stats.anchor, event.fix) >= context.options.autoResumeMeters),
    hasInterrupted: ({ context }) => context.interrupted !== null,
    hasTrip: ({ context }) => context.tripId !== null,
    permissionDenied: ({ event }) =>
      event.type === 'gps.error' && (event.code === 1 || event.code === 0),
  },
  delays: {
    autoPause: ({ context }) => context.options.autoPauseMs,
  },
}).createMachine({
  id: 'recording',
  context: ({ input }) => initialContext(input?.options),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'findInterrupted',
        onDone: {
          target: 'idle',
          actions: assign({ interrupted: ({ event }) => event.output }),
        },
        onError: { target: 'idle' },
      },
    },
    idle: {
      on: {
        'recording.start': {
          target: 'active.acquiring',
          actions: assign(({ context, event }) => ({
            ...initialContext(context.options),
            tripName: event.name ?? null,
            trailId: event.trailId ?? null,
          })),
        },
        'recording.resume': { guard: 'hasInterrupted', target: 'active.resuming' },
        'recording.saveInterrupted': { guard: 'hasInterrupted', target: 'closingInterrupted' },
      },
    },
    closingInterrupted: {
      invoke: {
        src: 'closeInterrupted',
        input: ({ context }) => ({ tripId: context.interrupted?.tripId ?? '' }),
        onDone: {
          target: 'saved',
          actions: assign({
            tripId: ({ context }) => context.interrupted?.tripId ?? null,
            interrupted: null,
          }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) =>
              `Could not save the interrupted ride: ${String((event.error as Error)?.message ?? event.error)}`,
          }),
        },
      },
    },
    active: {
      invoke: [
        { id: 'gps', src: 'watchPosition' },
        { id: 'wakeLock', src: 'wakeLock' },
      ],
      on: {
        'recording.stop': [{ guard: 'hasTrip', target: 'saving' }, { target: 'idle' }],
        'gps.error': [
          {
            guard: 'permissionDenied',
            target: '.stoppedByPermission',
            actions: assign({ error: ({ event }) => geolocationErrorMessage(event.code) }),
          },
          { actions: assign({ gpsWarning: ({ event }) => geolocationErrorMessage(event.code) }) },
        ],
      },
      initial: 'acquiring',
      states: {
        acquiring: {
          on: {
            'gps.fix': [
              {
                guard: 'isUsableFix',
                target: 'starting',
                actions: [
                  'noteFix',
                  assign({
                    pendingFix: ({ event }) => event.fix,
                    startedAt: ({ event }) => event.fix.time,
                  }),
                ],
              },
              { actions: 'countRejected' },
            ],
          },
        },
        starting: {
          invoke: {
            src: 'beginTrip',
            input: ({ context }) => ({
              name: context.tripName,
              trailId: context.trailId,
              startedAt: context.pendingFix?.time ?? 0,
            }),
            onDone: {
              target: 'recording',
              actions: [
                assign(({ context, event }) => ({
                  tripId: event.output.tripId,
                  tripName: event.output.name,
                  stats: context.pendingFix
                    ? addFixToStats(context.stats, context.pendingFix)
                    : context.stats,
                  interrupted: null,
                })),
                {
                  type: 'persistPoint',
                  params: ({ context }) => ({ context, fix: context.pendingFix as Fix }),
                },
                assign({ pendingFix: null }),
              ],
            },
            onError: {
              target: '#recording.idle',
              actions: assign({
                error: ({ event }) =>
                  `Could not start the recording on this device: ${String((event.error as Error)?.message ?? event.error)}`,
              }),
            },
          },
        },
        resuming: {
          invoke: {
            src: 'resumeTrip',
            input: ({ context }) => ({ tripId: context.interrupted?.tripId ?? '' }),
            onDone: [
              {
                guard: ({ event }) => event.output.phase === 'paused',
                target: 'paused',
                actions: assign(({ event }) => ({
                  tripId: event.output.tripId,
                  tripName: event.output.name,
                  trailId: event.output.trailId,
                  startedAt: event.output.startedAt,
                  stats: breakSegment(event.output.stats),
                  pausedBy: 'rider' as const,
                  interrupted: null,
                })),
              },
              {
                target: 'recording',
                actions: assign(({ event }) => ({
                  tripId: event.output.tripId,
                  tripName: event.output.name,
                  trailId: event.output.trailId,
                  startedAt: event.output.startedAt,
                  // The rider may have ridden on while the app was gone: count the straight line
                  // from the last stored point if it is plausible, rather than dropping it.
                  stats: event.output.stats,
                  pausedBy: null,
                  interrupted: null,
                })),
              },
            ],
            onError: {
              target: '#recording.idle',
              actions: assign({
                error: ({ event }) =>
                  `Could not resume the recording: ${String((event.error as Error)?.message ?? event.error)}`,
              }),
            },
          },
        },
        recording: {
          entry: [
            assign({ pausedBy: null }),
            {
              type: 'persistSession',
              params: ({ context }) => ({ session: sessionSnapshot(context, 'recording') }),
            },
          ],
          after: {
            autoPause: {
              target: 'autoPaused',
              actions: assign({ pausedBy: 'auto' as const }),
            },
          },
          on: {
            'gps.fix': [
              { guard: 'isRejectedFix', actions: 'countRejected' },
              {
                // Movement restarts the auto-pause countdown; drift inside the noise does not.
                guard: 'isMovement',
                target: 'recording',
                reenter: true,
                actions: [
                  'addFix',
                  {
                    type: 'persistPoint',
                    params: ({ context, event }) => ({ context, fix: event.fix }),
                  },
                ],
              },
              {
                actions: [
                  'addFix',
                  {
                    type: 'persistPoint',
                    params: ({ context, event }) => ({ context, fix: event.fix }),
                  },
                ],
              },
            ],
            'recording.pause': {
              target: 'paused',
              actions: assign({ pausedBy: 'rider' as const }),
            },
          },
        },
        autoPaused: {
          entry: {
            type: 'persistSession',
            params: ({ context }) => ({ session: sessionSnapshot(context, 'paused') }),
          },
          on: {
            'gps.fix': [
              { guard: 'isRejectedFix', actions: 'countRejected' },
              {
                guard: 'movedAwayFromPause',
                target: 'recording',
                actions: [
                  'addFix',
                  {
                    type: 'persistPoint',
                    params: ({ context, event }) => ({ context, fix: event.fix }),
                  },
                ],
              },
              { actions: 'noteFix' },
            ],
            'recording.pause': {
              target: 'paused',
              actions: assign({ pausedBy: 'rider' as const }),
            },
            'recording.continue': { target: 'recording' },
          },
        },
        paused: {
          entry: {
            type: 'persistSession',
            params: ({ context }) => ({ session: sessionSnapshot(context, 'paused') }),
          },
          on: {
            'gps.fix': { actions: 'noteFix' },
            'recording.continue': {
              target: 'recording',
              // The rider may have moved while paused (loading a trailer): do not count that gap.
              actions: assign({ stats: ({ context }) => breakSegment(context.stats) }),
            },
          },
        },
        stoppedByPermission: {
          always: [{ guard: 'hasTrip', target: 'paused' }, { target: '#recording.idle' }],
        },
      },
    },
    saving: {
      invoke: {
        src: 'finishTrip',
        input: ({ context }) => ({ tripId: context.tripId ?? '', stats: context.stats }),
        onDone: { target: 'saved' },
        onError: {
          target: 'saveFailed',
          actions: assign({
            error: ({ event }) =>
              `Could not save the ride: ${String((event.error as Error)?.message ?? event.error)}. Your points are kept on this device; try Save again.`,
          }),
        },
      },
    },
    saveFailed: {
      on: { 'recording.stop': { target: 'saving', actions: assign({ error: null }) } },
    },
    saved: {
      on: {
        'recording.start': {
          target: 'active.acquiring',
          actions: assign(({ context, event }) => ({
            ...initialContext(context.options),
            tripName: event.name ?? null,
            trailId: event.trailId ?? null,
          })),
        },
        'recording.reset': {
          target: 'idle',
          actions: assign(({ context }) => initialContext(context.options)),
        },
      },
    },
  },
});

export type RecordingActor = ActorRefFrom<typeof recordingMachine>;
export type RecordingSnapshot = SnapshotFrom<typeof recordingMachine>;

/** The rider-facing phase of a snapshot. */
export type RecordingPhase =
  | 'checking'
  | 'idle'
  | 'acquiring'
  | 'starting'
  | 'resuming'
  | 'recording'
  | 'paused'
  | 'autoPaused'
  | 'saving'
  | 'saveFailed'
  | 'saved';

/** The phase of a recording snapshot, flattening the `active` sub-states. */
export function recordingPhase(snapshot: RecordingSnapshot): RecordingPhase {
  const value = snapshot.value;
  if (typeof value === 'string') {
    return value === 'closingInterrupted' ? 'saving' : (value as RecordingPhase);
  }
  const active = (value as { active?: string }).active;
  return active === 'stoppedByPermission' ? 'paused' : ((active ?? 'idle') as RecordingPhase);
}

/**
 * The machine with its storage actors and actions bound to `store`; write failures are reported
 * through `onWriteError` (the app shows a toast) and never stop the recording.
 */
export function recordingMachineWithStore(
  store: RecordingStorePort,
  onWriteError: (error: unknown) => void = (error) =>
    console.error('Recording write failed', error),
) {
  return recordingMachine.provide({
    actors: {
      findInterrupted: fromPromise(() => store.findInterrupted()),
      beginTrip: fromPromise(({ input }) => store.begin(input)),
      resumeTrip: fromPromise(({ input }) => store.resume(input.tripId)),
      finishTrip: fromPromise(({ input }) => store.finish(input.tripId, input.stats)),
      closeInterrupted: fromPromise(({ input }) => store.closeInterrupted(input.tripId)),
    },
    actions: {
      persistPoint: (_, params) => {
        const session = sessionSnapshot(params.context, 'recording');
        if (session) store.appendPoint(params.fix, session).catch(onWriteError);
      },
      persistSession: (_, params) => {
        if (params.session) store.saveSession(params.session).catch(onWriteError);
      },
    },
  });
}
