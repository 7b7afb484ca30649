/**
 * `npm run bench:sync` (and part 4 of `npm run bench`): sync throughput of issue 4, in
 * documents per second over loopback, beside two baselines measured in the same run on the same
 * machine with the same 10,000 trips (tests/bench/sync/trips.ts):
 *
 * - push: 10,000 trips stored in a client database, timed from the start of replication until
 *   the client is in sync with the server (every trip stored by the server);
 * - pull: the initial pull of those 10,000 documents into a client that has none of them,
 *   timed until it has them all.
 *
 * Contenders (every server runs in this process on 127.0.0.1, each on a fresh database):
 * - ours: the app's sync engine (src/sync/sync-engine.ts over RxDB's replication) on an RxDB
 *   memory-storage database of the app's collections, with our sync server (`buildApp`, a
 *   temporary SQLite file, or a throw-away PostgreSQL database on the server DATABASE_URL names:
 *   sync/bench-database.ts) and protocol (schemas/sync-protocol.ts); change stream off;
 * - PouchDB, the classic offline-first choice: a memory PouchDB replicating to and from an
 *   express-pouchdb server (memory adapter), with the same batch sizes as our engine;
 * - raw, the ceiling: the same documents bulk-inserted straight into the server's database
 *   (SQLite or PostgreSQL, as ours) `user_documents` table in transactions, and read back with
 *   one SELECT plus JSON.parse.
 * Also printed, not judged: the same pushes and pulls as plain HTTP requests with no client
 * database (our server and wire protocol alone), which shows how ours splits between client
 * and server.
 *
 * How to read it: each figure is the median of 5 rounds that take the contenders in turn, after
 * one untimed warm-up each, with a full garbage collection before every contender (the npm
 * scripts run Node with `--expose-gc`) so none is charged for the garbage the one before left. Ours / PouchDB should be at least 2.0 and raw / ours at most 3.0, for
 * push and for pull; each is marked PASS or MISS. Nothing here runs in `npm test`, nothing is
 * asserted. An argument sets the trip count for a quick look (`npm run bench:sync -- 2000`); the
 * targets are for 10,000.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { syncLimits } from '../../schemas/sync-protocol.ts';
import type { Trip } from '../../schemas/trips.ts';
import { benchStorageName } from './sync/bench-database.ts';
import { startBenchServer, type BenchServer } from './sync/bench-server.ts';
import { measureClientEngine } from './sync/client-engine.ts';
import { measureDirectHttp } from './sync/direct-http.ts';
import { measurePouchDb, type BatchSizes } from './sync/pouchdb-baseline.ts';
import { measureRawCeiling } from './sync/raw-ceiling.ts';
import { syncReportLines, type ContenderFigures, type SyncReportInput } from './sync/report.ts';
import { benchTrips } from './sync/trips.ts';

/** Trips moved in each direction: the figure. */
export const defaultTripCount = 10_000;

/**
 * Measured rounds; the report shows the median of each direction. Five, not three: SQLite's
 * commits wait for the disk, whose latency on this machine moved raw's push between 0.30 s and
 * 0.43 s from one round to the next, and a median of three still followed it.
 */
export const defaultRounds = 5;

/** Trips each contender moves once, untimed, before the measured rounds (JIT, sockets). */
const warmUpTripCount = 1_000;

/** Rows per transaction of the raw ceiling: the most one push may carry. */
const rawBatchSize = syncLimits.maxPushRows;

/**
 * A full garbage collection when Node runs with `--expose-gc` (the npm scripts do), else
 * nothing. PouchDB's runs leave a few hundred MB of garbage; collected during the next
 * contender's run, it made that run up to a fifth slower.
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Runs `measure` against a fresh server (own temporary database), always stopping it. */
async function onFreshServer<T>(measure: (server: BenchServer) => Promise<T>): Promise<T> {
  const server = await startBenchServer();
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}

/** Median of each direction over the rounds (push and pull taken separately). */
function medianFigures(rounds: ContenderFigures[]): ContenderFigures {
  const median = (direction: 'push' | 'pull') => {
    const sorted = rounds
      .map((round) => round[direction])
      .sort((a, b) => a.docsPerSecond - b.docsPerSecond);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return { push: median('push'), pull: median('pull') };
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** How the benchmark runs: trips per direction and measured rounds (the median is reported). */
export interface SyncBenchmarkOptions {
  tripCount?: number;
  rounds?: number;
}

/**
 * Runs the contenders on `tripCount` identical trips: one untimed warm-up each on other trips
 * (ours first: it tells the batch sizes our engine uses, which PouchDB and the plain HTTP run
 * then use too), then `rounds` rounds taking the contenders in turn, so a change of load on the
 * machine hits all of them; each server contender gets a fresh server every time. Returns the
 * median per contender and direction. Servers are closed and temporary files removed before it
 * returns. A failure of ours is reported (and is a MISS); a baseline's failure is thrown.
 */
export async function runSyncBenchmark(
  options: SyncBenchmarkOptions = {},
): Promise<SyncReportInput> {
  const tripCount = options.tripCount ?? defaultTripCount;
  const rounds = options.rounds ?? defaultRounds;
  const trips = benchTrips(tripCount);
  const warmUp = benchTrips(warmUpTripCount, 99);

  const oursRounds: ContenderFigures[] = [];
  let oursError: string | null = null;
  // The engine's own batch sizes, until its warm-up shows them.
  let batchSizes: BatchSizes = { push: 100, pull: 200 };
  let catalogueDocuments = 0;
  const ours = async (batch: Trip[]) => {
    if (oursError) return null;
    try {
      const measured = await onFreshServer((server) => measureClientEngine(server, batch));
      batchSizes = { push: measured.pushBatchSize, pull: measured.pullBatchSize };
      catalogueDocuments = measured.catalogueDocuments;
      return measured;
    } catch (error) {
      oursError = describeError(error);
      return null;
    }
  };
  const pouchDb = (batch: Trip[]) => measurePouchDb(batch, batchSizes);
  // In the server's own file, as the rider the sync routes write for.
  const raw = (batch: Trip[]) =>
    onFreshServer((server) =>
      measureRawCeiling(server.database, server.userId, batch, rawBatchSize),
    );
  const directHttp = (batch: Trip[]) =>
    onFreshServer((server) => measureDirectHttp(server, batch, batchSizes));

  await ours(warmUp);
  await pouchDb(warmUp);
  await raw(warmUp);
  await directHttp(warmUp);
  const figures = {
    pouchDb: [] as ContenderFigures[],
    raw: [] as ContenderFigures[],
    directHttp: [] as ContenderFigures[],
  };
  for (let round = 0; round < rounds; round += 1) {
    collectGarbage();
    const measured = await ours(trips);
    if (measured) oursRounds.push(measured);
    collectGarbage();
    figures.pouchDb.push(await pouchDb(trips));
    collectGarbage();
    figures.raw.push(await raw(trips));
    collectGarbage();
    figures.directHttp.push(await directHttp(trips));
  }

  const batches = `${batchSizes.push} per push, ${batchSizes.pull} per pull`;
  return {
    trips: tripCount,
    rounds,
    ours: {
      name: 'ours',
      description:
        `the app's sync engine (RxDB replication, real client path) on RxDB memory storage, ` +
        `our server on ${benchStorageName()}, ${batches}, change stream off; both clients hold ` +
        `the ${catalogueDocuments} public catalogue documents before the timed runs`,
      figures: oursError ? null : medianFigures(oursRounds),
    },
    oursError,
    pouchDb: {
      name: 'PouchDB',
      description: `memory PouchDB replicate.to / replicate.from an express-pouchdb server (memory adapter, minimumForPouchDB), batch_size ${batches}`,
      figures: medianFigures(figures.pouchDb),
    },
    raw: {
      name: 'raw',
      description: `Kysely multi-row INSERT into the server's ${benchStorageName()} user_documents, ${rawBatchSize} rows per transaction; one SELECT + JSON.parse`,
      figures: medianFigures(figures.raw),
    },
    extra: [
      {
        name: 'server alone',
        description: `(not judged) the same pushes and pulls as plain fetch calls to our sync routes, ${batches}, no client database`,
        figures: medianFigures(figures.directHttp),
      },
    ],
  };
}

/** Prints the report of `runSyncBenchmark` under `heading`. */
export function printSyncReport(input: SyncReportInput, heading = 'Sync'): void {
  console.log(`\n${syncReportLines(input, heading).join('\n')}`);
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const count = Number(process.argv[2] ?? defaultTripCount);
  if (!Number.isInteger(count) || count <= 0) {
    throw new Error('trip count must be a positive integer');
  }
  console.log('\nNatural State Trails sync benchmark (baselines measured in this run)');
  printSyncReport(await runSyncBenchmark({ tripCount: count }));
}
