// Storage conformance, account deletion: account-deletions.ts gives the same results on SQLite
// and PostgreSQL: the rider's synced documents go and another rider's stay, the deletion is
// recorded once per account (a repeat of the same request answers the first deletion; two
// requests racing end as one deletion), and the fleet counts deletions per UTC month.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countAccountDeletionsByMonth,
  deleteAccount,
  findAccountDeletion,
} from '../../../sync-server/storage/account-deletions.ts';
import { findLiveUserById } from '../../../sync-server/storage/users.ts';
import {
  createRider,
  openConformanceDatabase,
  storageEngines,
  type ConformanceDatabase,
} from './storage-databases.ts';

describe.each(storageEngines)('on %s', (engine) => {
  let database: ConformanceDatabase;
  beforeAll(async () => {
    database = await openConformanceDatabase(engine, { seed: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function storeDocument(ownerId: string, collection: string, id: string) {
    await database.db
      .insertInto('user_documents')
      .values({ owner_id: ownerId, collection, id, data: JSON.stringify({ id }), server_time: 1 })
      .execute();
  }
  const documentsOf = async (ownerId: string) =>
    database.db.selectFrom('user_documents').select('id').where('owner_id', '=', ownerId).execute();

  it("deletes the rider's documents, keeps another's, and answers a repeat with the first deletion", async () => {
    const { db } = database;
    const rider = await createRider(database, 'Ridge');
    const other = await createRider(database, 'Hollow');
    await storeDocument(rider.id, 'trips', 'trip-1');
    await storeDocument(rider.id, 'records', `${rider.id}:trailSubmission:waiting`);
    await storeDocument(other.id, 'trips', 'trip-2');
    const requestId = randomUUID();
    const deletedAt = Date.UTC(2026, 10, 28, 12);

    const first = await deleteAccount(db, rider.id, rider.username, requestId, deletedAt);
    expect(first).toEqual({
      deletion: { userId: rider.id, requestId, deletedAt },
      carriedOut: true,
    });
    expect(await documentsOf(rider.id)).toEqual([]);
    expect(await documentsOf(other.id)).toHaveLength(1);
    expect(await findLiveUserById(db, rider.id)).toBeNull();
    expect(await findLiveUserById(db, other.id)).not.toBeNull();

    const repeat = await deleteAccount(db, rider.id, rider.username, requestId, deletedAt + 5000);
    expect(repeat).toEqual({ deletion: first!.deletion, carriedOut: false });
    expect(await deleteAccount(db, rider.id, rider.username, randomUUID())).toBeNull();
    expect(await findAccountDeletion(db, rider.id)).toEqual(first!.deletion);
    expect(await findAccountDeletion(db, other.id)).toBeNull();
  });

  it('carries out two racing requests of one account once', async () => {
    const { db } = database;
    const rider = await createRider(database, 'Racer');
    await storeDocument(rider.id, 'trips', 'trip-race');
    const requestId = randomUUID();
    const same = await Promise.all([
      deleteAccount(db, rider.id, rider.username, requestId),
      deleteAccount(db, rider.id, rider.username, requestId),
    ]);
    expect(same.filter((outcome) => outcome?.carriedOut)).toHaveLength(1);
    expect(same.every((outcome) => outcome?.deletion.requestId === requestId)).toBe(true);

    const another = await createRider(database, 'Racer');
    const outcomes = await Promise.all([
      deleteAccount(db, another.id, another.username, randomUUID()),
      deleteAccount(db, another.id, another.username, randomUUID()),
    ]);
    expect(outcomes.filter((outcome) => outcome?.carriedOut)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
  });

  it('counts deletions per UTC month, newest first', async () => {
    const { db } = database;
    const before = await countAccountDeletionsByMonth(db);
    const countOf = (rows: typeof before, month: string) =>
      rows.find((row) => row.month === month)?.count ?? 0;
    for (const at of [Date.UTC(2025, 0, 31, 23, 59), Date.UTC(2025, 1, 1, 0, 1)]) {
      const rider = await createRider(database, 'Counted');
      await deleteAccount(db, rider.id, rider.username, randomUUID(), at);
    }
    const after = await countAccountDeletionsByMonth(db);
    expect(countOf(after, '2025-01') - countOf(before, '2025-01')).toBe(1);
    expect(countOf(after, '2025-02') - countOf(before, '2025-02')).toBe(1);
    expect(after.map((row) => row.month)).toEqual(
      [...after.map((row) => row.month)].sort().reverse(),
    );
  });
});
