/**
 * `npm run bench:sync` (and part 4 of `npm run bench`): sync throughput of issue 4, in
 * documents per second over loopback, beside two baselines measured in the same run on the same
 * machine and the same 10,000 trips (tests/bench/sync/trips.ts):
 *
 * - push: 10,000 trips from a client database to an empty server account, timed from the start
 *   of replication until the server has them all;
 * - pull: the initial pull of those 10,000 documents into a fresh client, timed until it has
 *   them all.
 *
 * Contenders:
 * - ours: the sync server (`buildApp`, temporary SQLite file, in this process) and our protocol
 *   (schemas/sync-protocol.ts). The report says which client was measured;
 * - PouchDB: a memory PouchDB replicating to and from an express-pouchdb server in this process,
 *   with the same batch size (the classic offline-first choice);
 * - raw ceiling: the same documents bulk-inserted straight into the server's SQLite `documents`
 *   table in transactions, and read back with one SELECT plus JSON.parse.
 *
 * How to read it: ours / PouchDB should be at least 2.0 (PASS/MISS) and raw / ours at most 3.0,
 * for push and for pull. Nothing here runs in `npm test`; nothing is asserted. An argument sets
 * the trip count for a quick look (`npm run bench:sync -- 2000`), but the targets are for 10,000.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { syncLimits } from '../../schemas/sync-protocol.ts';
import type { Trip } from '../../schemas/trips.ts';
import { startBenchServer, type BenchServer } from './sync/bench-server.ts';
import { measureDirectHttp, SyncRoutesMissingError } from './sync/direct-http.ts';
import { measurePouchDb } from './sync/pouchdb-baseline.ts';
import { measureRawCeiling } from './sync/raw-ceiling.ts';
import { syncReportLines, type ContenderFigures, type SyncReportInput } from './sync/report.ts';
import { benchTrips } from './sync/trips.ts';

/** Trips moved in each direction: the figure. */
export const defaultTripCount = 10_000;

/** Measured rounds; the report shows the median of each direction. */
export const defaultRounds = 3;

/** Trips each contender moves once, untimed, before the measured rounds (JIT, sockets). */
const warmUpTripCount = 1_000;

/** Documents per request in every contender (our protocol's largest push and pull). */
const batchSize = Math.min(syncLimits.maxPushRows, syncLimits.maxPullBatch);

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
  if (error instanceof SyncRoutesMissingError) return 'the server has no sync routes yet (404)';
  return error instanceof Error ? error.message : String(error);
}

/** How the benchmark runs: trips per direction, measured rounds (the median is reported). */
export interface SyncBenchmarkOptions {
  tripCount?: number;
  rounds?: number;
}

/**
 * Runs the three contenders on `tripCount` identical trips: first one untimed warm-up each on
 * other trips (JIT, sockets), then `rounds` rounds taking the contenders in turn, so a load
 * change on the machine hits all of them; each server contender gets a fresh server every time.
 * Returns the median per contender and direction. Servers are closed and temporary files removed
 * before it returns; a failure of ours is reported (and is a MISS), a baseline's is thrown.
 */
export async function runSyncBenchmark(
  options: SyncBenchmarkOptions = {},
): Promise<SyncReportInput> {
  const tripCount = options.tripCount ?? defaultTripCount;
  const rounds = options.rounds ?? defaultRounds;
  const trips = benchTrips(tripCount);
  const warmUp = benchTrips(warmUpTripCount, 99);

  const pouchDb = (batch: Trip[]) => measurePouchDb(batch, batchSize);
  // In the server's own file, as the rider the sync routes would write for.
  const raw = (batch: Trip[]) =>
    onFreshServer((server) =>
      measureRawCeiling(server.databaseFile, server.userId, batch, batchSize),
    );
  const ours = (batch: Trip[]) =>
    onFreshServer((server) => measureDirectHttp(server, batch, batchSize));

  const figures = { pouchDb: [] as ContenderFigures[], raw: [] as ContenderFigures[] };
  const oursFigures: ContenderFigures[] = [];
  let oursError: string | null = null;
  const tryOurs = async (batch: Trip[]) => {
    if (oursError) return null;
    try {
      return await ours(batch);
    } catch (error) {
      oursError = describeError(error);
      return null;
    }
  };

  await pouchDb(warmUp);
  await raw(warmUp);
  await tryOurs(warmUp);
  for (let round = 0; round < rounds; round += 1) {
    figures.pouchDb.push(await pouchDb(trips));
    figures.raw.push(await raw(trips));
    const measured = await tryOurs(trips);
    if (measured) oursFigures.push(measured);
  }

  return {
    trips: tripCount,
    rounds,
    ours: {
      name: 'ours',
      description: `direct HTTP (fetch) to our sync routes, ${batchSize} rows per push and per pull page, one request at a time; no client database (the client replication is not measured)`,
      figures: oursError ? null : medianFigures(oursFigures),
    },
    oursError,
    pouchDb: {
      name: 'PouchDB',
      description: `memory PouchDB replicate.to / replicate.from an express-pouchdb server (memory adapter, minimumForPouchDB), batch_size ${batchSize}`,
      figures: medianFigures(figures.pouchDb),
    },
    raw: {
      name: 'raw',
      description: `Kysely multi-row INSERT into the server's SQLite user_documents, ${batchSize} rows per transaction; one SELECT + JSON.parse`,
      figures: medianFigures(figures.raw),
    },
    extra: [],
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
  if (!Number.isInteger(count) || count <= 0)
    throw new Error('trip count must be a positive integer');
  console.log('\nNatural State Trails sync benchmark (baselines measured in this run)');
  printSyncReport(await runSyncBenchmark({ tripCount: count }));
}
