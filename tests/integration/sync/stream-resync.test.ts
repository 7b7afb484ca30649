// The change stream and the first pulls (issue 18, offline-ready sooner; issue 4, RESYNC after
// reconnects): the engine opens the stream before its first pulls, so a first visit pulls each
// catalogue once instead of twice; a stream that cannot open or is slow does not hold the pulls
// back; and a change made while the stream was down still reaches the device by its RESYNC.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import { createSyncStatusStore } from '../../../src/sync/sync-status.ts';
import type { SyncTransport } from '../../../src/sync/sync-transport.ts';
import {
  pulledCatalogueCollections,
  replicationBasePath,
  syncLimits,
  type PushResponse,
} from '../../../schemas/sync-protocol.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { makeTrip } from './sync-fixtures.ts';
import { createTestTransport } from './test-transport.ts';

/** A transport that logs each pull it sends and lets the test delay or fail stream openings. */
function observedTransport(
  inner: SyncTransport,
  openStream: (attempt: number, open: () => Promise<Response>) => Promise<Response>,
) {
  const pulls: { path: string; sentAt: number }[] = [];
  const streamOpenedAt: number[] = [];
  let attempts = 0;
  const transport: SyncTransport = {
    request(method, path, body, signal) {
      if (path.includes('/pull?')) pulls.push({ path, sentAt: performance.now() });
      return inner.request(method, path, body, signal);
    },
    async openStream(path, signal) {
      attempts += 1;
      const response = await openStream(attempts, () => inner.openStream(path, signal));
      streamOpenedAt.push(performance.now());
      return response;
    },
  };
  return { transport, pulls, streamOpenedAt };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the change stream and the first pulls', () => {
  let server: RunningSyncServer;
  const databases: AppDatabase[] = [];
  const engines: SyncEngine[] = [];
  const stamp = `${process.pid}-${Date.now().toString(36)}`;

  beforeEach(async () => {
    server = await startSyncServer('sqlite');
  });
  afterEach(async () => {
    for (const running of engines.splice(0)) await running.stop();
    for (const database of databases.splice(0)) await database.remove();
    await server.close();
  });

  async function openDatabase(label: string): Promise<AppDatabase> {
    const database = await createAppDatabase({ name: `stream-${label}-${stamp}`, devMode: true });
    databases.push(database);
    return database;
  }

  /** Starts a guest's engine on `db` and waits until it has stored the catalogues. */
  async function syncCatalogueAsGuest(
    db: AppDatabase,
    transport: SyncTransport,
    streamWaitMs?: number,
  ): Promise<void> {
    const status = createSyncStatusStore();
    engines.push(
      startSyncEngine({
        db,
        transport,
        userId: null,
        serverIdentity: server.baseUrl,
        status,
        ...(streamWaitMs === undefined ? {} : { streamWaitMs }),
      }),
    );
    await expect
      .poll(() => status.get().catalogue.lastSyncedAt, { timeout: 15_000 })
      .not.toBeNull();
  }

  it('pulls each catalogue once, after a slow stream has opened', async () => {
    const db = await openDatabase('slow');
    const observed = observedTransport(
      createTestTransport(server.baseUrl, null),
      async (_, open) => {
        await delay(400);
        return open();
      },
    );
    await syncCatalogueAsGuest(db, observed.transport);
    // Time for a second round, had the stream's RESYNC asked for one.
    await delay(500);

    expect(await db.trails.count().exec()).toBeGreaterThan(0);
    const [opened] = observed.streamOpenedAt;
    expect(opened).toBeDefined();
    for (const pull of observed.pulls) expect(pull.sentAt).toBeGreaterThanOrEqual(opened!);
    // One pass over each catalogue: full batches, then the short one that ends it.
    for (const collection of pulledCatalogueCollections) {
      const stored = await db[collection].count().exec();
      const requests = observed.pulls.filter((pull) =>
        pull.path.startsWith(`${replicationBasePath(collection)}/pull?`),
      );
      expect(requests).toHaveLength(Math.floor(stored / syncLimits.maxPullBatch) + 1);
    }
  });

  it('does not hold the pulls back when the stream never opens', async () => {
    const db = await openDatabase('hung');
    const observed = observedTransport(
      createTestTransport(server.baseUrl, null),
      () => new Promise<Response>(() => {}),
    );
    await syncCatalogueAsGuest(db, observed.transport, 200);
    expect(observed.streamOpenedAt).toHaveLength(0);
    expect(await db.wmas.count().exec()).toBeGreaterThan(0);
  });

  it('brings a change made while the stream could not connect once it reconnects', async () => {
    const rider = await server.signIn('Reconnect');
    const phone = await openDatabase('phone');
    let pushedElsewhere: () => void = () => {};
    const pushed = new Promise<void>((resolve) => (pushedElsewhere = resolve));
    const observed = observedTransport(
      createTestTransport(server.baseUrl, rider.token),
      async (attempt, open) => {
        if (attempt === 1) throw new TypeError('fetch failed');
        // The stream stays down until the other device has pushed.
        await pushed;
        return open();
      },
    );
    const phoneEngine = startSyncEngine({
      db: phone,
      transport: observed.transport,
      userId: rider.id,
      serverIdentity: server.baseUrl,
    });
    engines.push(phoneEngine);
    await phoneEngine.awaitInSync();
    expect(await phone.trips.count().exec()).toBe(0);

    // Another device of the same rider pushes a trip while the phone's stream is down.
    const answer = await createTestTransport(server.baseUrl, rider.token).request<PushResponse>(
      'POST',
      `${replicationBasePath('trips')}/push`,
      { rows: [{ newDocumentState: { ...makeTrip('ridden-on-the-tablet'), _deleted: false } }] },
    );
    expect(answer.conflicts).toEqual([]);
    pushedElsewhere();

    await expect
      .poll(async () => (await phone.trips.findOne('ridden-on-the-tablet').exec())?.name, {
        timeout: 15_000,
      })
      .toBe('Ride ridden-on-the-tablet');
    expect(observed.streamOpenedAt).toHaveLength(1);
  });
});
