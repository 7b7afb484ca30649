/**
 * Recording into the real database (RxDB on fake-indexeddb): a trip created with a temp- id and
 * status pending, points in chunks of ≤ 60 as they arrive, a crash mid-ride (the actor and its
 * store dropped without stopping, nothing flushed by hand) that loses at most the buffered few
 * points, the "Resume recording" offer continuing the same trip, and GPX import all-or-nothing.
 */
import { readFileSync } from 'node:fs';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, waitFor } from 'xstate';
import type { AppDatabase } from '../../../src/db/database.ts';
import { createRecordingStore } from '../../../src/db/trips/recording-store.ts';
import { importGpxContents } from '../../../src/db/trips/gpx-import.ts';
import { readTrackPoints, readTrip } from '../../../src/db/trips/trip-reads.ts';
import { TRACK_CHUNK_POINTS } from '../../../src/db/trips/track-writer.ts';
import { toTripStatistics, type Fix } from '../../../src/lib/geo/track-stats.ts';
import { parseGpx } from '../../../src/lib/gpx/gpx-import.ts';
import {
  recordingMachineWithStore,
  recordingPhase,
} from '../../../src/machines/recording-machine.ts';
import { openTestDatabase } from '../db/fixtures.ts';
import { trailheadRoute, walkRoute } from '../../unit/recording/gps-walk.ts';

let db: AppDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await db.remove();
});

/** A recorder on `db` whose flush timer never fires by itself (only the 5-point rule). */
function recorder() {
  const store = createRecordingStore(db, { setInterval: () => 0, clearInterval: () => undefined });
  const clock = new SimulatedClock();
  const machine = recordingMachineWithStore(store).provide({
    actors: {
      watchPosition: fromCallback(() => () => undefined),
      wakeLock: fromCallback(() => () => undefined),
    },
  });
  const actor = createActor(machine, { clock, input: {} });
  actor.start();
  return { actor, clock, store };
}

async function feed(handle: ReturnType<typeof recorder>, fixes: Fix[]) {
  let previous = fixes[0]?.time ?? 0;
  for (const fix of fixes) {
    handle.clock.increment(fix.time - previous);
    previous = fix.time;
    handle.actor.send({ type: 'gps.fix', fix });
    if (recordingPhase(handle.actor.getSnapshot()) === 'starting') {
      await waitFor(handle.actor, (snapshot) => recordingPhase(snapshot) !== 'starting');
    }
    // Give the write queue a turn, as real fixes arrive a second apart.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

describe('recording into RxDB', () => {
  const fixes = walkRoute(trailheadRoute(), {
    speedMps: 6,
    startTime: Date.UTC(2025, 9, 4, 15, 0, 0),
    seed: 21,
    noiseMeters: 2,
    maxMeters: 1500,
  });

  it('survives a crash mid-ride and resumes the same trip with at most a few points lost', async () => {
    const first = recorder();
    await waitFor(first.actor, (snapshot) => recordingPhase(snapshot) === 'idle');
    first.actor.send({ type: 'recording.start', name: 'Crash test ride' });
    const half = 153;
    await feed(first, fixes.slice(0, half));
    await first.store.whenIdle().catch(() => undefined);
    const tripId = first.actor.getSnapshot().context.tripId as string;
    expect(tripId).toMatch(/^temp-/);
    const before = await readTrip(db, tripId);
    expect(before?.status).toBe('pending');
    expect(before?.recordingState).toBe('recording');

    // Crash: the tab dies. The actor is never stopped and the buffer is never flushed by hand.
    const storedAtCrash = await readTrackPoints(db, tripId);
    expect(storedAtCrash.length).toBeGreaterThanOrEqual(half - 5);
    expect(storedAtCrash.length).toBeLessThanOrEqual(half);
    const chunks = await db.trackChunks.find({ selector: { tripId } }).exec();
    expect(chunks.every((chunk) => chunk.points.length <= TRACK_CHUNK_POINTS)).toBe(true);
    expect(chunks.map((chunk) => chunk.id).sort()).toEqual([
      `${tripId}:000000`,
      `${tripId}:000001`,
      `${tripId}:000002`,
    ]);

    // Reload: a fresh recorder on the same database offers to resume.
    const second = recorder();
    await waitFor(second.actor, (snapshot) => recordingPhase(snapshot) === 'idle');
    expect(second.actor.getSnapshot().context.interrupted).toMatchObject({
      tripId,
      name: 'Crash test ride',
    });
    second.actor.send({ type: 'recording.resume' });
    await waitFor(second.actor, (snapshot) => recordingPhase(snapshot) === 'recording');
    expect(second.actor.getSnapshot().context.tripId).toBe(tripId);
    // Statistics were rebuilt to include every stored point.
    expect(second.actor.getSnapshot().context.stats.pointCount).toBe(storedAtCrash.length);

    await feed(second, fixes.slice(half));
    second.actor.send({ type: 'recording.stop' });
    await waitFor(second.actor, (snapshot) => recordingPhase(snapshot) === 'saved');

    const trip = await readTrip(db, tripId);
    const points = await readTrackPoints(db, tripId);
    expect(trip?.recordingState).toBe('finished');
    expect(trip?.trackPointCount).toBe(points.length);
    expect(points.length).toBeGreaterThanOrEqual(fixes.length - 5);
    // Time order is kept across the crash.
    const times = points.map((point) => point[3] as number);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(trip?.distanceMiles).toBeGreaterThan(0.85);
    expect(trip?.distanceMiles).toBeLessThan(0.98);
    expect(trip?.bbox).toHaveLength(4);
    expect(toTripStatistics(second.actor.getSnapshot().context.stats).distanceMiles).toBeCloseTo(
      trip!.distanceMiles,
      6,
    );

    // A third start has nothing to resume.
    const third = recorder();
    await waitFor(third.actor, (snapshot) => recordingPhase(snapshot) === 'idle');
    expect(third.actor.getSnapshot().context.interrupted).toBeNull();
  });

  it('imports a Gaia GPS file as pending temp- trips with its waypoint', async () => {
    const text = readFileSync(new URL('../../fixtures/gpx/gaia-gps.gpx', import.meta.url), 'utf8');
    const contents = parseGpx(text, new DOMParser({ onError: onErrorStopParsing }));
    const result = await importGpxContents(db, contents, 'gaia-gps.gpx');
    expect(result.tripIds).toHaveLength(2);
    expect(result.waypointCount).toBe(1);
    for (const tripId of result.tripIds) {
      const trip = await readTrip(db, tripId);
      expect(trip).toMatchObject({
        source: 'imported',
        status: 'pending',
        recordingState: 'finished',
      });
      expect(tripId).toMatch(/^temp-/);
    }
    const trips = await Promise.all(result.tripIds.map((tripId) => readTrip(db, tripId)));
    const track = trips.find((trip) => trip?.name === "Devil's Den ride");
    const route = trips.find((trip) => trip?.name === "Planned: Devil's Den to Butterfield");
    expect(await readTrackPoints(db, track!.id)).toHaveLength(69);
    // The planned route has no times: distance only, no invented speeds.
    expect(route?.distanceMiles).toBeGreaterThan(0.3);
    expect(route?.maxSpeedMph).toBe(0);
    const waypoints = await db.waypoints.find({ selector: { tripId: result.tripIds[0]! } }).exec();
    expect(waypoints.map((waypoint) => waypoint.name)).toEqual(['Trailhead parking']);
  });
});
