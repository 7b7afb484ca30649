/**
 * Our real client path: the app's sync engine (src/sync/sync-engine.ts, which drives RxDB's
 * `replicateRxCollection` through src/db/replication.ts) replicating an RxDB database of the
 * app's collections with our sync server over loopback HTTP, with the change stream off (a
 * one-shot replication like PouchDB's `replicate.to` / `replicate.from`).
 *
 * Storage: RxDB's memory storage with the app's schemas, migration strategies and conflict
 * handlers (only the storage differs from `createAppDatabase`), the counterpart of PouchDB's
 * memory adapter. The app's own Dexie storage runs in Node only on fake-indexeddb, a pure
 * JavaScript IndexedDB for tests, so slow here (about 60 trips/s pushed and 400/s pulled, for
 * 2,000 trips) that it would measure fake-indexeddb rather than sync.
 *
 * Both client databases get the public catalogues first (an untimed engine run while the
 * server has no trips), so the timed runs move trips only: the push client starts with the
 * trips already stored and pushes them; the pull client, empty of trips, pulls them.
 */
import type { RxStorage } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import type { Trip } from '../../../schemas/trips.ts';
import type { EncodedJson } from '../../../src/lib/http/encoded-json.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { startSyncEngine } from '../../../src/sync/sync-engine.ts';
import type { SyncTransport } from '../../../src/sync/sync-transport.ts';
import { createTestTransport } from '../../integration/sync/test-transport.ts';
import type { BenchServer } from './bench-server.ts';
import { figure, type DirectionFigure } from './pouchdb-baseline.ts';

/** What the client measurement saw, including the batch sizes the engine chose. */
export interface ClientEngineFigures {
  push: DirectionFigure;
  pull: DirectionFigure;
  /** Most rows the engine sent in one trips push. */
  pushBatchSize: number;
  /** The `limit` the engine asked for in trips pulls. */
  pullBatchSize: number;
  /** Public catalogue documents each client received in its untimed first run. */
  catalogueDocuments: number;
}

/** Trips requests seen by the transport: rows per push and the pull limit. */
interface TransportLog {
  pushRows: number[];
  pullLimits: number[];
}

/** The test transport to the bench server, noting the rows and limits of trips requests. */
function benchTransport(server: BenchServer, log: TransportLog): SyncTransport {
  const transport = createTestTransport(server.baseUrl, server.accessToken);
  return {
    request(method, path, body, signal) {
      if (path.startsWith('/api/sync/trips/')) {
        if (path.includes('/push')) {
          log.pushRows.push((body as EncodedJson<{ rows: unknown[] }>).value.rows.length);
        }
        const limit = new URL(path, server.baseUrl).searchParams.get('limit');
        if (limit) log.pullLimits.push(Number(limit));
      }
      return transport.request(method, path, body, signal);
    },
    openStream: (path, signal) => transport.openStream(path, signal),
  };
}

let memoryStorage: RxStorage<unknown, unknown> | null = null;

/**
 * The app database (same schemas, migration strategies and conflict handlers) on RxDB memory
 * storage. The storage object is shared by the whole process, so a closed database reopens
 * with its data, as IndexedDB does.
 */
function createMemoryAppDatabase(name: string): Promise<AppDatabase> {
  memoryStorage ??= getRxStorageMemory() as RxStorage<unknown, unknown>;
  return createAppDatabase({ name, storage: memoryStorage, devMode: false });
}

/** Runs the sync engine on `db` until in sync and stops it; resolves to the elapsed ms. */
async function syncOnce(db: AppDatabase, server: BenchServer, log: TransportLog): Promise<number> {
  const started = performance.now();
  const engine = startSyncEngine({
    db,
    transport: benchTransport(server, log),
    userId: server.userId,
    serverIdentity: server.baseUrl,
    live: false,
  });
  try {
    await engine.awaitInSync();
    return performance.now() - started;
  } finally {
    await engine.stop();
  }
}

async function countCatalogue(db: AppDatabase): Promise<number> {
  const counts = await Promise.all([
    db.trails.count().exec(),
    db.achievements.count().exec(),
    db.campgrounds.count().exec(),
    db.waypoints.count().exec(),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}

let clientCount = 0;

/**
 * On `server` (which must hold none of the rider's trips): gives a pull client and a push client
 * the catalogues (untimed), stores `trips` in the push client (untimed), times the engine pushing
 * them, then times the engine pulling them into the pull client. Only one client database is
 * open at a time (the free RxDB build allows 13 open collections; the app has 10). Both are
 * removed before it returns. Throws if the pull client does not end with every trip.
 */
export async function measureClientEngine(
  server: BenchServer,
  trips: Trip[],
): Promise<ClientEngineFigures> {
  clientCount += 1;
  const pullName = `bench-sync-pull-${clientCount}`;
  const pushName = `bench-sync-push-${clientCount}`;
  const log: TransportLog = { pushRows: [], pullLimits: [] };

  let pullClient = await createMemoryAppDatabase(pullName);
  await syncOnce(pullClient, server, log);
  const catalogueDocuments = await countCatalogue(pullClient);
  await pullClient.close();

  const pushClient = await createMemoryAppDatabase(pushName);
  let push: DirectionFigure;
  try {
    await syncOnce(pushClient, server, log);
    const stored = await pushClient.trips.bulkInsert(trips);
    if (stored.error.length > 0) {
      throw new Error(`the client refused ${stored.error.length} trips`);
    }
    // RxDB's memory storage updates its indexes for a bulk write lazily, on the next read;
    // IndexedDB does it inside the write. One read here keeps the untimed insert's own work
    // out of the timed push.
    await pushClient.trips.count().exec();
    log.pushRows = [];
    push = figure(trips.length, await syncOnce(pushClient, server, log));
  } finally {
    await pushClient.remove();
  }

  pullClient = await createMemoryAppDatabase(pullName);
  try {
    log.pullLimits = [];
    const pull = figure(trips.length, await syncOnce(pullClient, server, log));
    const received = await pullClient.trips.count().exec();
    if (received !== trips.length) {
      throw new Error(`the pull client has ${received} of ${trips.length} trips`);
    }
    return {
      push,
      pull,
      pushBatchSize: Math.max(0, ...log.pushRows),
      pullBatchSize: Math.max(0, ...log.pullLimits),
      catalogueDocuments,
    };
  } finally {
    await pullClient.remove();
  }
}
