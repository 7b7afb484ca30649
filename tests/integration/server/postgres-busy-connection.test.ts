// A pooled PostgreSQL connection that dies while it is checked out (busy in a push's
// transaction) must not end the process: pg-pool listens for errors only on idle connections, so
// the server adds its own listener to every connection. The push answers 503 JSON with
// Retry-After and writes nothing; the pool replaces the connection and the retried push stores
// each trip once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { replicationBasePath } from '../../../schemas/sync-protocol.ts';
import { isDatabaseUnavailableError } from '../../../sync-server/storage/postgres.ts';
import { startSyncServer, type RunningSyncServer } from '../sync/sync-client.ts';
import { makeTrip } from '../sync/sync-fixtures.ts';

let server: RunningSyncServer;
let admin: pg.Client;

beforeAll(async () => {
  server = await startSyncServer('postgres');
  // The test's own connection to the same database: it holds the rider's write lock and ends
  // the server's busy backend.
  admin = new pg.Client({ connectionString: server.server.workspace.databaseUrl });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await server?.close();
});

describe('a busy pooled connection that fails', () => {
  it('answers 503 JSON with Retry-After, keeps the process alive and stores a retry once', async () => {
    const rider = await server.signIn('busy-rider');
    const trips = Array.from({ length: 5 }, (_, index) => makeTrip(`busy-trip-${index}`));
    const body = JSON.stringify({
      rows: trips.map((trip) => ({ newDocumentState: { ...trip, _deleted: false } })),
    });
    const push = () =>
      fetch(`${server.baseUrl}${replicationBasePath('trips')}/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${rider.token}` },
        body,
      });

    // Hold the rider's (owner, trips) write lock, so the push waits inside its transaction on
    // a checked-out connection (sync-server/storage/sync-lock.ts).
    await admin.query('begin');
    await admin.query('select pg_advisory_xact_lock(hashtext($1))', [`${rider.id}/trips`]);
    const answer = push();
    let waitingPid = 0;
    await vi.waitFor(
      async () => {
        // Inside a transaction pg_stat_activity keeps its first snapshot unless cleared.
        await admin.query('select pg_stat_clear_snapshot()');
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        expect(rows).toHaveLength(1);
        waitingPid = rows[0]!.pid;
      },
      { timeout: 10_000, interval: 50 },
    );
    await admin.query('select pg_terminate_backend($1)', [waitingPid]);

    const failed = await answer;
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(failed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await failed.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: expect.stringMatching(/database/i),
    });
    await admin.query('rollback');

    // Still serving: the pool opened a new connection.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    const retried = await push();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ conflicts: [] });
    const stored = await admin.query<{ id: string; copies: string }>(
      `select id, count(*) as copies from user_documents
        where owner_id = $1 and collection = 'trips' group by id order by id`,
      [rider.id],
    );
    expect(stored.rows).toEqual(trips.map((trip) => ({ id: trip.id, copies: '1' })));
  });

  it('tells a connection failure from a fault of the query', () => {
    const terminated = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        code: '57P01',
      },
    );
    expect(isDatabaseUnavailableError(terminated)).toBe(true);
    expect(isDatabaseUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    const refused = new AggregateError([
      Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
    ]);
    expect(isDatabaseUnavailableError(refused)).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailableError(new Error('duplicate key'))).toBe(false);
    expect(isDatabaseUnavailableError(undefined)).toBe(false);
  });
});
