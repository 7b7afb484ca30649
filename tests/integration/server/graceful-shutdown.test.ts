// SIGTERM in the middle of pushes (a rolling restart, docs/operations.md): the instance stops
// taking requests, finishes those in flight, ends its streams with a reconnect hint, closes its
// pool and exits 0 within the 10 s bound, and every push it acknowledged is stored.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTrip } from '../sync/sync-fixtures.ts';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './postgres-test-database.ts';
import {
  killInstance,
  openTripStream,
  pushTrips,
  signUp,
  startServerInstance,
  waitUntil,
  type ServerInstance,
} from './server-instance.ts';

const shutdownBoundMs = 10_000;
const devices = 4;
const tripsPerPush = 20;

let database: PostgresTestDatabase;
let instance: ServerInstance | undefined;

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  instance = await startServerInstance(database.url);
}, 60_000);

afterAll(async () => {
  await killInstance(instance);
  await database?.drop();
});

describe('SIGTERM during pushes', () => {
  it('stores every acknowledged push and exits 0 within the bound', async () => {
    const server = instance!;
    const rider = await signUp(server.baseUrl, 'draining-rider');
    const stream = await openTripStream(server.baseUrl, rider.token);
    expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);

    const acknowledged: string[] = [];
    const refusals: number[] = [];
    let sent = 0;
    // Each device pushes batch after batch until the server stops answering.
    const device = async (deviceIndex: number) => {
      for (let batch = 0; ; batch += 1) {
        const trips = Array.from({ length: tripsPerPush }, (_, index) =>
          makeTrip(`drain-${deviceIndex}-${batch}-${index}`),
        );
        sent += 1;
        let response: Response;
        try {
          response = await pushTrips(server.baseUrl, rider.token, trips);
        } catch {
          return; // the connection was refused or closed: the instance is gone
        }
        if (response.status !== 200) {
          refusals.push(response.status);
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          await response.body?.cancel();
          return;
        }
        await response.json();
        acknowledged.push(...trips.map((trip) => trip.id));
      }
    };
    const pushing = Array.from({ length: devices }, (_, index) => device(index));
    await waitUntil(() => acknowledged.length >= 10 * tripsPerPush, 20_000, 'for pushes');

    const signalledAt = Date.now();
    const sentBeforeSignal = sent;
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const stoppedAfterMs = Date.now() - signalledAt;
    await Promise.all(pushing);

    expect(code, server.output()).toBe(0);
    expect(stoppedAfterMs).toBeLessThan(shutdownBoundMs);
    expect(sent).toBeGreaterThan(sentBeforeSignal);
    // Requests that arrived while it closed were refused with 503, never a 500.
    expect(refusals.every((status) => status === 503)).toBe(true);
    await stream.ended;
    expect(stream.text().includes('\nretry: 1000\n')).toBe(true);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `select id from user_documents where owner_id = $1 and collection = 'trips'`,
        [rider.id],
      );
      const stored = new Set(rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await client.end();
    }
  }, 45_000);
});
