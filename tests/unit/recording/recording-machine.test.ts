/**
 * The recording machine with a simulated clock, an in-memory store and fixtures walked along real
 * trailhead-to-trailhead lines (gps-walk.ts): acquiring, dropping bad fixes and spikes, live
 * statistics, auto-pause after standing still, rider pause, permission denied, and the resume offer.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, waitFor } from 'xstate';
import type { Fix, TrackStatsState } from '../../../src/lib/geo/track-stats.ts';
import { METERS_PER_MILE, toTripStatistics } from '../../../src/lib/geo/track-stats.ts';
import { prepareRoute } from '../../../src/lib/geo/route-geometry.ts';
import type {
  InterruptedTripSummary,
  RecordingSessionSnapshot,
  RecordingStorePort,
} from '../../../src/lib/recording/recording-storage.ts';
import {
  recordingMachineWithStore,
  recordingPhase,
} from '../../../src/machines/recording-machine.ts';
import { trailheadRoute, walkRoute } from './gps-walk.ts';

const startTime = Date.UTC(2025, 9, 4, 15, 0, 0);

function memoryStore(interrupted: InterruptedTripSummary | null = null) {
  const points: Fix[] = [];
  const sessions: RecordingSessionSnapshot[] = [];
  const finished: { tripId: string; stats: TrackStatsState }[] = [];
  const store: RecordingStorePort = {
    findInterrupted: async () => interrupted,
    begin: async (input) => ({ tripId: 'temp-test-trip', name: input.name ?? 'Ride' }),
    resume: async (tripId) => ({
      tripId,
      name: interrupted?.name ?? 'Ride',
      trailId: null,
      startedAt: interrupted?.startedAt ?? startTime,
      stats:
        sessions.at(-1)?.stats ??
        (await import('../../../src/lib/geo/track-stats.ts')).emptyTrackStats(),
      phase: 'recording',
    }),
    appendPoint: async (fix, session) => {
      points.push(fix);
      sessions.push(session);
    },
    saveSession: async (session) => {
      sessions.push(session);
    },
    finish: async (tripId, stats) => {
      finished.push({ tripId, stats });
      return { tripId };
    },
    closeInterrupted: async () => undefined,
  };
  return { store, points, sessions, finished };
}

function startRecorder(store: RecordingStorePort) {
  const clock = new SimulatedClock();
  const machine = recordingMachineWithStore(store).provide({
    actors: {
      watchPosition: fromCallback(() => () => undefined),
      wakeLock: fromCallback(() => () => undefined),
    },
  });
  const actor = createActor(machine, { clock, input: {} });
  actor.start();
  return { actor, clock };
}

/** Sends fixes one per simulated second, letting promise actors settle in between. */
async function feed(
  actor: ReturnType<typeof startRecorder>['actor'],
  clock: SimulatedClock,
  fixes: Fix[],
) {
  let previous = fixes[0]?.time ?? 0;
  for (const fix of fixes) {
    clock.increment(fix.time - previous);
    previous = fix.time;
    actor.send({ type: 'gps.fix', fix });
    if (recordingPhase(actor.getSnapshot()) === 'starting') {
      await waitFor(actor, (snapshot) => recordingPhase(snapshot) !== 'starting');
    }
  }
}

describe('recording machine', () => {
  const route = trailheadRoute();
  const routeMeters = prepareRoute(route).totalMeters;

  it('records a ride along real trailheads, dropping poor fixes and a spike, with plausible stats', async () => {
    const { store, points, finished } = memoryStore();
    const { actor, clock } = startRecorder(store);
    await waitFor(actor, (snapshot) => recordingPhase(snapshot) === 'idle');
    actor.send({ type: 'recording.start', name: 'Petit Jean loop' });
    expect(recordingPhase(actor.getSnapshot())).toBe('acquiring');

    const fixes = walkRoute(route, {
      speedMps: 8,
      startTime,
      seed: 7,
      noiseMeters: 2,
      dropouts: [{ fromSecond: 100, toSecond: 130 }],
      spikes: [200],
      poorFixes: [0, 1, 250],
    });
    await feed(actor, clock, fixes);
    const snapshot = actor.getSnapshot();
    expect(recordingPhase(snapshot)).toBe('recording');
    expect(snapshot.context.rejected.spike).toBe(1);
    expect(snapshot.context.rejected.inaccurate).toBe(3);
    // Every usable fix was handed to storage, the bad ones were not.
    expect(points).toHaveLength(fixes.length - 4);

    const stats = toTripStatistics(snapshot.context.stats);
    const expectedMiles = routeMeters / METERS_PER_MILE;
    expect(stats.distanceMiles).toBeGreaterThan(expectedMiles * 0.97);
    expect(stats.distanceMiles).toBeLessThan(expectedMiles * 1.03);
    // 8 m/s is 17.9 mph; noise must not invent much faster speeds.
    expect(stats.maxSpeedMph).toBeGreaterThan(16);
    expect(stats.maxSpeedMph).toBeLessThan(22);
    expect(stats.averageSpeedMph).toBeGreaterThan(16);
    expect(stats.averageSpeedMph).toBeLessThan(20);
    // The synthetic profile climbs and falls ~40 m per wave; smoothing keeps noise out.
    expect(stats.elevationGainFeet).toBeGreaterThan(100);
    expect(stats.elevationGainFeet).toBeLessThan(600);
    expect(stats.headingDegrees).not.toBeNull();

    actor.send({ type: 'recording.stop' });
    await waitFor(actor, (next) => recordingPhase(next) === 'saved');
    expect(finished).toHaveLength(1);
    expect(finished[0]?.tripId).toBe('temp-test-trip');
  });

  it('auto-pauses after a minute standing still and resumes when the rider moves on', async () => {
    const { store, sessions } = memoryStore();
    const { actor, clock } = startRecorder(store);
    await waitFor(actor, (snapshot) => recordingPhase(snapshot) === 'idle');
    actor.send({ type: 'recording.start' });
    const fixes = walkRoute(route, {
      speedMps: 5,
      startTime,
      seed: 11,
      noiseMeters: 1.5,
      stops: [{ atSecond: 60, seconds: 120 }],
      maxMeters: 800,
    });
    const stopStart = fixes.findIndex((fix) => fix.time === startTime + 60_000);
    await feed(actor, clock, fixes.slice(0, stopStart + 70));
    expect(recordingPhase(actor.getSnapshot())).toBe('autoPaused');
    expect(sessions.at(-1)?.phase).toBe('paused');
    await feed(actor, clock, fixes.slice(stopStart + 69));
    expect(recordingPhase(actor.getSnapshot())).toBe('recording');
    const stats = toTripStatistics(actor.getSnapshot().context.stats);
    // 800 m at 5 m/s is 160 s of riding; the 2-minute stop is not moving time.
    expect(stats.movingTimeMs).toBeGreaterThan(140_000);
    expect(stats.movingTimeMs).toBeLessThan(175_000);
  });

  it('ignores fixes while the rider has paused and does not count the gap', async () => {
    const { store, points } = memoryStore();
    const { actor, clock } = startRecorder(store);
    await waitFor(actor, (snapshot) => recordingPhase(snapshot) === 'idle');
    actor.send({ type: 'recording.start' });
    const fixes = walkRoute(route, {
      speedMps: 10,
      startTime,
      seed: 3,
      noiseMeters: 1,
      maxMeters: 1500,
    });
    await feed(actor, clock, fixes.slice(0, 50));
    actor.send({ type: 'recording.pause' });
    expect(recordingPhase(actor.getSnapshot())).toBe('paused');
    await feed(actor, clock, fixes.slice(50, 100));
    const stored = points.length;
    actor.send({ type: 'recording.continue' });
    await feed(actor, clock, fixes.slice(100));
    expect(points.length - stored).toBe(fixes.length - 100);
    const miles = toTripStatistics(actor.getSnapshot().context.stats).distanceMiles;
    // About 1000 of the 1500 m were recorded; the 500 m ridden while paused are not counted.
    expect(miles * METERS_PER_MILE).toBeGreaterThan(950);
    expect(miles * METERS_PER_MILE).toBeLessThan(1050);
  });

  it('stops with a clear message when location permission is denied', async () => {
    const { store } = memoryStore();
    const { actor } = startRecorder(store);
    await waitFor(actor, (snapshot) => recordingPhase(snapshot) === 'idle');
    actor.send({ type: 'recording.start' });
    actor.send({ type: 'gps.error', code: 1, message: 'User denied Geolocation' });
    expect(recordingPhase(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.error).toMatch(/Location permission is denied/);
  });

  it('offers to resume an interrupted recording and continues the same trip', async () => {
    const interrupted: InterruptedTripSummary = {
      tripId: 'temp-interrupted',
      name: 'Morning ride',
      startedAt: startTime,
      distanceMiles: 1.2,
      phase: 'recording',
    };
    const { store, points } = memoryStore(interrupted);
    const { actor, clock } = startRecorder(store);
    await waitFor(actor, (snapshot) => recordingPhase(snapshot) === 'idle');
    expect(actor.getSnapshot().context.interrupted?.tripId).toBe('temp-interrupted');
    actor.send({ type: 'recording.resume' });
    await waitFor(actor, (snapshot) => recordingPhase(snapshot) === 'recording');
    expect(actor.getSnapshot().context.tripId).toBe('temp-interrupted');
    await feed(
      actor,
      clock,
      walkRoute(route, { speedMps: 6, startTime, seed: 5, noiseMeters: 1, maxMeters: 120 }),
    );
    expect(points.length).toBeGreaterThan(15);
  });
});
