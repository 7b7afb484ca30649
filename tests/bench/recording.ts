/**
 * `npm run bench:recording`: a 10-hour ride at 1 Hz (36,000 fixes walked along real trailhead
 * lines, tests/unit/recording/gps-walk.ts) through the recording store, beside a raw Dexie table
 * written one row per fix in the same run, both on fake-indexeddb in this Node process:
 *
 * 1. p95 time to store a fix: `store.appendPoint` (buffer; every 5th call writes the chunk in
 *    progress, the trip totals and the session) against `table.add(row)`.
 * 2. Bytes stored per point: JSON size of every stored document (chunks with RxDB metadata, the
 *    trip) against the JSON size of the raw rows.
 * 3. Main-thread time per fix in the recording machine (filtering, statistics, actions), with
 *    storage stubbed out, against the 1,000 ms between fixes at 1 Hz.
 *
 * Figures are printed as ratios against the baselines; nothing here is asserted.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { createAppDatabase } from '../../src/db/database.ts';
import { createRecordingStore } from '../../src/db/trips/recording-store.ts';
import { TRACK_CHUNK_POINTS } from '../../src/db/trips/track-writer.ts';
import { addFixToStats, emptyTrackStats, type Fix } from '../../src/lib/geo/track-stats.ts';
import type { InterruptedTripSummary } from '../../src/lib/recording/recording-storage.ts';
import { recordingMachine } from '../../src/machines/recording-machine.ts';
import { trailheadRoute, walkRoute } from '../unit/recording/gps-walk.ts';

const pointCount = 36_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function rideFixes(): Fix[] {
  // Out and back along the Petit Jean trailheads until 36,000 fixes at a trail-riding 4 m/s.
  const route = trailheadRoute();
  const fixes: Fix[] = [];
  let leg = 0;
  while (fixes.length < pointCount) {
    const line = leg % 2 === 0 ? route : [...route].reverse();
    const startTime = Date.UTC(2025, 9, 4, 13, 0, 0) + fixes.length * 1000;
    fixes.push(
      ...walkRoute(line, { speedMps: 4, startTime, seed: leg + 1, noiseMeters: 2 }).slice(1),
    );
    leg += 1;
  }
  return fixes.slice(0, pointCount).map((fix, index) => ({
    ...fix,
    time: Date.UTC(2025, 9, 4, 13, 0, 0) + index * 1000,
  }));
}

async function benchRecordingStore(fixes: Fix[]) {
  const db = await createAppDatabase({ name: `bench-recording-${Date.now()}`, devMode: false });
  const store = createRecordingStore(db, { setInterval: () => 0, clearInterval: () => undefined });
  const { tripId } = await store.begin({
    name: 'Bench ride',
    trailId: null,
    startedAt: fixes[0]!.time,
  });
  let stats = emptyTrackStats();
  const durations: number[] = [];
  for (const fix of fixes) {
    stats = addFixToStats(stats, fix);
    const session = {
      tripId,
      phase: 'recording' as const,
      pausedBy: null,
      startedAt: fixes[0]!.time,
      stats,
    };
    const started = performance.now();
    await store.appendPoint(fix, session);
    durations.push(performance.now() - started);
  }
  await store.finish(tripId, stats, fixes[fixes.length - 1]!.time);
  const chunks = await db.trackChunks.find({ selector: { tripId } }).exec();
  const trip = await db.trips.findOne(tripId).exec();
  const bytes =
    chunks.reduce((sum, chunk) => sum + JSON.stringify(chunk.toJSON(true)).length, 0) +
    JSON.stringify(trip?.toJSON(true)).length;
  const stored = chunks.reduce((sum, chunk) => sum + chunk.points.length, 0);
  await db.remove();
  return {
    p95: percentile(durations, 95),
    p50: percentile(durations, 50),
    bytes,
    stored,
    chunks: chunks.length,
  };
}

async function benchRawDexie(fixes: Fix[]) {
  const dexie = new Dexie(`bench-raw-${Date.now()}`);
  dexie.version(1).stores({ points: '++id, tripId, time' });
  const table = dexie.table('points');
  const durations: number[] = [];
  for (const fix of fixes) {
    const row = {
      tripId: 'bench-trip',
      longitude: fix.longitude,
      latitude: fix.latitude,
      elevation: fix.elevation,
      time: fix.time,
      accuracy: fix.accuracy,
    };
    const started = performance.now();
    await table.add(row);
    durations.push(performance.now() - started);
  }
  const rows = await table.toArray();
  const bytes = rows.reduce((sum, row) => sum + JSON.stringify(row).length, 0);
  await dexie.delete();
  return {
    p95: percentile(durations, 95),
    p50: percentile(durations, 50),
    bytes,
    stored: rows.length,
  };
}

function benchMachine(fixes: Fix[]) {
  const actor = createActor(
    recordingMachine.provide({
      actors: {
        watchPosition: fromCallback(() => () => undefined),
        wakeLock: fromCallback(() => () => undefined),
        findInterrupted: fromPromise<InterruptedTripSummary | null>(async () => null),
        beginTrip: fromPromise(async () => ({ tripId: 'bench', name: 'Bench' })),
      },
    }),
    { input: {} },
  ).start();
  return new Promise<{ p95: number; mean: number }>((resolve) => {
    setTimeout(() => {
      actor.send({ type: 'recording.start' });
      actor.send({ type: 'gps.fix', fix: fixes[0]! });
      setTimeout(() => {
        const durations: number[] = [];
        for (const fix of fixes.slice(1)) {
          const started = performance.now();
          actor.send({ type: 'gps.fix', fix });
          durations.push(performance.now() - started);
        }
        actor.stop();
        resolve({
          p95: percentile(durations, 95),
          mean: durations.reduce((sum, value) => sum + value, 0) / durations.length,
        });
      }, 10);
    }, 10);
  });
}

const fixes = rideFixes();
console.log(
  `Recording benchmark: ${fixes.length.toLocaleString('en-US')} fixes (10 h at 1 Hz), chunks of ${TRACK_CHUNK_POINTS}`,
);
const raw = await benchRawDexie(fixes);
const recording = await benchRecordingStore(fixes);
const machine = await benchMachine(fixes);
const bytesPerPoint = recording.bytes / recording.stored;
const rawBytesPerPoint = raw.bytes / raw.stored;
console.log(
  `1. p95 time to store a fix: ${recording.p95.toFixed(3)} ms (p50 ${recording.p50.toFixed(3)}) vs raw Dexie ${raw.p95.toFixed(3)} ms (p50 ${raw.p50.toFixed(3)}): ratio ${(recording.p95 / raw.p95).toFixed(2)}×`,
);
console.log(
  `2. bytes stored per point: ${bytesPerPoint.toFixed(1)} (${recording.chunks} chunk documents) vs raw Dexie ${rawBytesPerPoint.toFixed(1)}: ratio ${(bytesPerPoint / rawBytesPerPoint).toFixed(2)}×`,
);
console.log(
  `3. main-thread time per fix in the machine: mean ${machine.mean.toFixed(4)} ms, p95 ${machine.p95.toFixed(4)} ms: ${((machine.p95 / 1000) * 100).toFixed(4)} % of the 1,000 ms between fixes`,
);
