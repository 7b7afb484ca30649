// Fault tests of the sync engine on SQLite (tests/integration/storage checks the storage layer on
// both engines): 1,000 trips recorded offline, each with its track points, sync through a proxy
// that drops, delays and cuts connections at random (seeded); the answer to a promotion is lost
// after the server acted on it; the app is reloaded in the middle of promoting; the server process
// is killed and restarted mid-sync. Afterwards the server must hold exactly the 1,000 trips, each
// identical to the device's copy (compared by hash), with no temp- ids and no duplicates.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  replicationBasePath,
  type PullResponse,
  type WireDocument,
} from '../../../schemas/sync-protocol.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import { createWorkspace, routeSuiteEngines, type TestWorkspace } from '../server/test-server.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { makeTrackChunk, makeTrip } from './sync-fixtures.ts';
import { createTestTransport } from './test-transport.ts';

const tripCount = 1000;
const seed = 20261121;
const jwtSecret = 'fault-test-secret-that-is-long-enough-for-hs256-000';
const serverScript = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/** Starts the server process on `port` (0: any) and resolves to its process and port. */
async function startServerProcess(
  workspace: TestWorkspace,
  port: number,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_FILE: workspace.databaseFile,
      DATABASE_URL: workspace.databaseUrl ?? '',
      JWT_SECRET: jwtSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listening = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  return { child, port: listening };
}

async function waitFor(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  describeState: () => Promise<string> = async () => '',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}. ${await describeState()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SHA-256 of a document's JSON with keys sorted (so field order cannot matter). */
function hashOf(document: Record<string, unknown>): string {
  const { _deleted: _ignored, ...content } = document;
  const sorted = JSON.stringify(content, Object.keys(content).sort());
  return createHash('sha256').update(sorted).digest('hex');
}

async function pullEverything(baseUrl: string, token: string, collection: 'trips' | 'trackChunks') {
  const transport = createTestTransport(baseUrl, token);
  const documents: WireDocument[] = [];
  let checkpoint: PullResponse['checkpoint'] = null;
  for (;;) {
    const query = new URLSearchParams({ limit: '500' });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const batch = await transport.request<PullResponse>(
      'GET',
      `${replicationBasePath(collection)}/pull?${query}`,
    );
    documents.push(...batch.documents);
    checkpoint = batch.checkpoint;
    if (batch.documents.length < 500) return documents;
  }
}

describe.each(routeSuiteEngines)('sync under faults on %s', (engine) => {
  let workspace: TestWorkspace | undefined;
  let server: ChildProcess | undefined;
  let proxy: FaultProxy | undefined;
  let db: AppDatabase | undefined;
  let running: SyncEngine | undefined;

  afterEach(async () => {
    await running?.stop();
    await db?.remove();
    await proxy?.close();
    server?.kill('SIGKILL');
    await workspace?.remove();
  });

  it('puts exactly 1,000 offline trips on the server, identical to the device, through every fault', async () => {
    workspace = await createWorkspace({ engine });
    const started = await startServerProcess(workspace, 0);
    server = started.child;
    const serverPort = started.port;
    const direct = `http://127.0.0.1:${serverPort}`;
    const credentials = { username: 'Faulty', password: 'correct horse battery' };
    await fetch(`${direct}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, email: 'faulty@example.com' }),
    });
    const session = (await (
      await fetch(`${direct}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      })
    ).json()) as { user: { id: string }; accessToken: string };

    // A week offline: 1,000 finished rides, each with 10 track points, all with temp- ids.
    const name = `faults-${engine}-${process.pid}-${Date.now().toString(36)}`;
    db = await createAppDatabase({ name, devMode: false });
    const tempIds = Array.from(
      { length: tripCount },
      (_, index) => `temp-${String(index).padStart(4, '0')}`,
    );
    await db.trips.bulkInsert(tempIds.map((id) => makeTrip(id, { trackPointCount: 10 })));
    await db.trackChunks.bulkInsert(tempIds.map((id) => makeTrackChunk(id, 0, 10)));

    proxy = await startFaultProxy(serverPort, seed);
    proxy.setFaults({ drop: 0.08, delay: 0.12, cut: 0.08 });
    proxy.loseNextPromotionResponse();
    // Whatever the random draw, each kind of fault happens at least once, early.
    proxy.queueFaults(['delay', 'cut', 'drop', 'cut', 'delay', 'drop']);
    const through = `http://127.0.0.1:${proxy.port}`;
    const startEngine = (database: AppDatabase) =>
      startSyncEngine({
        db: database,
        transport: createTestTransport(through, session.accessToken),
        userId: session.user.id,
        serverIdentity: through,
      });
    running = startEngine(db);

    // Reload mid-promotion: as soon as some trips are promoted, close the app and reopen it.
    await waitFor(
      async () =>
        (await db!.trips.find({ selector: { id: { $regex: '^temp-' } } }).exec()).length <
        tripCount,
      60_000,
      'the first promotions',
    );
    await running.stop();
    await db.close();
    db = await createAppDatabase({ name, devMode: false });
    running = startEngine(db);

    // Kill the server mid-sync, then start it again on the same port and database.
    await waitFor(
      async () => (await pullEverything(direct, session.accessToken, 'trips')).length > 0,
      60_000,
      'the first pushed trips',
    );
    const killed = server;
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    killed.kill('SIGKILL');
    await exited;
    server = (await startServerProcess(workspace, serverPort)).child;

    // The engine keeps syncing through more faults against the restarted server; then the
    // line gets better and the engine must finish by itself.
    const faultsAt = (): number =>
      proxy!.injected.drop + proxy!.injected.delay + proxy!.injected.cut;
    const faultsBeforeRestart = faultsAt();
    await waitFor(
      async () => faultsAt() >= faultsBeforeRestart + 3,
      60_000,
      'faults after the restart',
    );
    proxy.setFaults({ drop: 0, delay: 0, cut: 0 });
    running.syncNow();
    await running.awaitInSync();
    await waitFor(
      async () =>
        (await db!.trips.find({ selector: { status: 'pending' } }).exec()).length === 0 &&
        (await db!.trips.count().exec()) === tripCount,
      60_000,
      'every trip to be confirmed as synced',
      async () => {
        const trips = (await db!.trips.find().exec()).map((trip) => trip.toJSON());
        const byStatus = new Map<string, number>();
        for (const trip of trips) byStatus.set(trip.status, (byStatus.get(trip.status) ?? 0) + 1);
        const temp = trips.filter((trip) => trip.id.startsWith('temp-')).length;
        return `Device: ${trips.length} trips, ${temp} temp-, by status ${JSON.stringify([...byStatus])}; faults ${JSON.stringify(proxy!.injected)}`;
      },
    );

    const serverTrips = await pullEverything(direct, session.accessToken, 'trips');
    const live = serverTrips.filter((trip) => !trip._deleted);
    expect(live).toHaveLength(tripCount);
    expect(new Set(live.map((trip) => trip.id)).size).toBe(tripCount);
    expect(new Set(live.map((trip) => trip.name)).size).toBe(tripCount);
    expect(live.some((trip) => trip.id.startsWith('temp-'))).toBe(false);

    const deviceTrips = (await db.trips.find().exec()).map(
      (trip) => trip.toJSON() as Record<string, unknown>,
    );
    expect(deviceTrips.some((trip) => String(trip.id).startsWith('temp-'))).toBe(false);
    const deviceHashes = new Map(deviceTrips.map((trip) => [trip.id as string, hashOf(trip)]));
    for (const trip of live) expect(hashOf(trip), trip.id).toBe(deviceHashes.get(trip.id));

    const serverChunks = (await pullEverything(direct, session.accessToken, 'trackChunks')).filter(
      (chunk) => !chunk._deleted,
    );
    expect(serverChunks).toHaveLength(tripCount);
    const deviceChunks = new Map(
      (await db.trackChunks.find().exec()).map((chunk) => [
        chunk.id,
        hashOf(chunk.toJSON() as Record<string, unknown>),
      ]),
    );
    for (const chunk of serverChunks)
      expect(hashOf(chunk), chunk.id).toBe(deviceChunks.get(chunk.id));
    expect(new Set(serverChunks.map((chunk) => chunk.tripId))).toEqual(
      new Set(live.map((trip) => trip.id)),
    );

    // Every kind of fault really happened.
    const { lostPromotion, drop, cut, delay } = proxy.injected;
    const injected = JSON.stringify(proxy.injected);
    expect(lostPromotion, injected).toBe(1);
    expect(Math.min(drop, cut, delay), injected).toBeGreaterThan(0);
  }, 240_000);
});
