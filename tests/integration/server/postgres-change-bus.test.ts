// The LISTEN/NOTIFY change bus (sync-server/sync/postgres-change-bus.ts) between two "instances"
// on one PostgreSQL database: a change published on one reaches the subscribers of both, a
// closed bus hears nothing more, and a dropped listening connection is reopened.
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPostgresPool, type StorageLog } from '../../../sync-server/storage/postgres.ts';
import type { ChangeBus, SyncChange } from '../../../sync-server/sync/change-bus.ts';
import { createPostgresChangeBus } from '../../../sync-server/sync/postgres-change-bus.ts';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './postgres-test-database.ts';

let database: PostgresTestDatabase;
const pools: pg.Pool[] = [];
const buses: ChangeBus[] = [];
const quietLog: StorageLog = { warn: () => {} };

/** A bus with its own pool, like one server instance; closed after the test. */
async function openBus(log: StorageLog = quietLog): Promise<ChangeBus> {
  const pool = createPostgresPool(database.url, log);
  pools.push(pool);
  const bus = await createPostgresChangeBus({ databaseUrl: database.url, pool, log });
  buses.push(bus);
  return bus;
}

/** Collects what a bus delivers. */
function record(bus: ChangeBus): SyncChange[] {
  const received: SyncChange[] = [];
  bus.subscribe((change) => received.push(change));
  return received;
}

beforeEach(async () => {
  database = await createPostgresTestDatabase();
});

afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.close();
  for (const pool of pools.splice(0)) await pool.end();
  await database.drop();
});

describe('PostgreSQL change bus', () => {
  it('delivers a change published on one instance to the subscribers of every instance', async () => {
    const publisher = await openBus();
    const other = await openBus();
    const heardByPublisher = record(publisher);
    const heardByOther = record(other);

    await publisher.publish({ collection: 'trips', ownerId: 'rider-1' });
    await publisher.publish({ collection: 'trails', ownerId: null });

    const expected = [
      { collection: 'trips', ownerId: 'rider-1' },
      { collection: 'trails', ownerId: null },
    ];
    await vi.waitFor(() => expect(heardByOther).toEqual(expected), { timeout: 5_000 });
    await vi.waitFor(() => expect(heardByPublisher).toEqual(expected), { timeout: 5_000 });
  });

  it('stops delivering after unsubscribe and after close, and publish never throws', async () => {
    const publisher = await openBus();
    const listener = await openBus();
    const heardByPublisher = record(publisher);
    const beforeClose = record(listener);
    const unsubscribed: SyncChange[] = [];
    const unsubscribe = listener.subscribe((change) => unsubscribed.push(change));
    unsubscribe();

    await publisher.publish({ collection: 'trips', ownerId: 'rider-1' });
    await vi.waitFor(() => expect(beforeClose).toHaveLength(1), { timeout: 5_000 });

    await listener.close();
    const afterClose: SyncChange[] = [];
    listener.subscribe((change) => afterClose.push(change));
    await publisher.publish({ collection: 'trips', ownerId: 'rider-2' });
    // The publisher hearing the second change proves it went round the database.
    await vi.waitFor(() => expect(heardByPublisher).toHaveLength(2), { timeout: 5_000 });
    expect(beforeClose).toHaveLength(1);
    expect(afterClose).toEqual([]);
    expect(unsubscribed).toEqual([]);

    // Its pool gone, a bus logs instead of throwing: a change is committed before it is told.
    await publisher.close();
    await pools[0]!.end();
    pools.splice(0, 1);
    await expect(publisher.publish({ collection: 'trips', ownerId: 'x' })).resolves.toBeUndefined();
  });

  it('reopens a listening connection the server dropped, and hears changes again', async () => {
    const warnings: string[] = [];
    const listener = await openBus({ warn: (message) => warnings.push(message) });
    const publisher = await openBus();
    const received = record(listener);

    // What a database restart or failover does to the connection.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'LISTEN%'
           and pid <> pg_backend_pid()`,
      );
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(warnings.join('\n')).toMatch(/listening on .* again/), {
      timeout: 10_000,
    });

    await publisher.publish({ collection: 'trips', ownerId: 'rider-1' });
    await vi.waitFor(
      () => expect(received).toEqual([{ collection: 'trips', ownerId: 'rider-1' }]),
      {
        timeout: 5_000,
      },
    );
    expect(warnings[0]).toMatch(/dropped/);
  });
});
