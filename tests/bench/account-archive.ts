/**
 * `npm run bench:archive`: "Download my data" for a rider with 5,000 trips (each with a track
 * chunk of 60 fixes), built by the app's streamed archive (src/db/account-data.ts
 * `buildAccountArchive`) on fake-indexeddb in this Node process, beside a baseline in the same
 * run: the same documents read in one query each and zipped in one piece with fflate's
 * `zipSync` (the whole archive held in memory at once). Printed: wall time and the growth of
 * the heap's peak over the run for each (printed, not judged: ours also writes a GPX file per
 * trip), and the time ratio. Nothing is asserted; the target is that ours finishes and takes at
 * most 3x the one-piece baseline.
 */
import 'fake-indexeddb/auto';
import { strToU8, zipSync } from 'fflate';
import type { Trip } from '../../schemas/trips.ts';
import { buildAccountArchive } from '../../src/db/account-data.ts';
import { createAppDatabase, type AppDatabase } from '../../src/db/database.ts';
import { makeTrackChunk, makeTrip } from '../integration/sync/sync-fixtures.ts';

const tripCount = Number(process.argv[2] ?? 5000);
const rider = 'rider-bench';

async function seed(db: AppDatabase): Promise<void> {
  const trips: Trip[] = Array.from({ length: tripCount }, (_, index) =>
    makeTrip(`trip-${String(index).padStart(5, '0')}`, { userId: rider, name: `Ride ${index}` }),
  );
  await db.trips.bulkInsert(trips);
  await db.trackChunks.bulkInsert(trips.map((trip) => makeTrackChunk(trip.id, 0, 60)));
}

/** Runs `work` and reports its wall time (ms) and how far the heap grew at its peak (MiB). */
async function measure(
  work: () => Promise<number>,
): Promise<{ ms: number; peakMiB: number; bytes: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const began = performance.now();
  const bytes = await work();
  const ms = performance.now() - began;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { ms, peakMiB: (peak - start) / 1024 / 1024, bytes };
}

async function main(): Promise<void> {
  const db = await createAppDatabase({ name: `bench-archive-${process.pid}`, devMode: false });
  await seed(db);
  const ours = await measure(async () => (await buildAccountArchive(db, rider)).size);
  const baseline = await measure(async () => {
    const files: Record<string, Uint8Array> = {};
    for (const name of ['trips', 'trackChunks'] as const) {
      const documents = (await db[name].find().exec()).map((document) => document.toJSON());
      files[`${name}.json`] = strToU8(JSON.stringify(documents));
    }
    return zipSync(files).length;
  });
  await db.remove();
  const line = (label: string, figure: { ms: number; peakMiB: number; bytes: number }) =>
    `   ${label.padEnd(34)}${`${Math.round(figure.ms).toLocaleString('en-US')} ms`.padEnd(14)}${`${figure.peakMiB.toFixed(1)} MiB peak`.padEnd(18)}${(figure.bytes / 1024 / 1024).toFixed(1)} MiB ZIP`;
  console.log(
    `\nDownload my data for ${tripCount.toLocaleString('en-US')} trips (fake-indexeddb, one run)`,
  );
  console.log(line('ours (streamed, JSON + GPX files)', ours));
  console.log(line('baseline (JSON only, one piece)', baseline));
  const ratio = ours.ms / baseline.ms;
  console.log(
    `   time, ours / baseline (<= 3.0)    ${ratio.toFixed(2)}x ${ratio <= 3 ? 'PASS' : 'MISS'}`,
  );
}

await main();
