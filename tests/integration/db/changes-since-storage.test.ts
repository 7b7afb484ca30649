import { getChangedDocumentsSinceQuery, prepareQuery, type RxStorageInstance } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { changedDocumentsSince } from '../../../src/db/changes-since-storage.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { benchTrips } from '../../bench/sync/trips.ts';
import { openTestDatabase } from './fixtures.ts';

type Checkpoint = { id: string; lwt: number };
type Instance = RxStorageInstance<unknown, unknown, unknown, Checkpoint>;

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

/** RxDB's own answer: the one filtered query its generic getChangedDocumentsSince runs. */
async function genericChangesSince(instance: Instance, limit: number, checkpoint?: Checkpoint) {
  const query = getChangedDocumentsSinceQuery(instance as never, limit, checkpoint);
  const { documents } = await instance.query(prepareQuery(instance.schema as never, query));
  const last = documents.at(-1) as { id: string; _meta: { lwt: number } } | undefined;
  return {
    documents,
    checkpoint: last ? { id: last.id, lwt: last._meta.lwt } : (checkpoint ?? { id: '', lwt: 0 }),
  };
}

/** Every page from the start, `limit` documents each, as ids and checkpoints. */
async function walk(
  read: (
    limit: number,
    checkpoint?: Checkpoint,
  ) => Promise<{
    documents: unknown[];
    checkpoint: Checkpoint;
  }>,
  limit: number,
) {
  const pages: { ids: string[]; checkpoint: Checkpoint }[] = [];
  let checkpoint: Checkpoint | undefined;
  for (;;) {
    const page = await read(limit, checkpoint);
    pages.push({
      ids: page.documents.map((document) => (document as { id: string }).id),
      checkpoint: page.checkpoint,
    });
    if (page.documents.length === 0) return pages;
    checkpoint = page.checkpoint;
  }
}

/** A bulk insert (one write time), single writes (their own times) and deletions. */
async function fillTrips(database: AppDatabase): Promise<void> {
  const trips = benchTrips(40, 7);
  await database.trips.bulkInsert(trips.slice(0, 30));
  for (const trip of trips.slice(30)) await database.trips.insert(trip);
  const removed = await database.trips.findByIds(trips.slice(25, 33).map((trip) => trip.id)).exec();
  for (const document of removed.values()) await document.remove();
}

describe('changedDocumentsSince', () => {
  for (const [name, open] of [
    [
      'memory storage',
      () =>
        createAppDatabase({
          name: 'changes-since',
          storage: getRxStorageMemory() as never,
          devMode: false,
        }),
    ],
    ['Dexie storage', openTestDatabase],
  ] as const) {
    it(`pages through the same documents as RxDB's own query on ${name}`, async () => {
      db = await open();
      await fillTrips(db);
      const instance = db.trips.storageInstance as unknown as Instance;
      for (const limit of [1, 7, 30, 100]) {
        const ours = await walk(
          (size, checkpoint) => changedDocumentsSince(instance, size, checkpoint),
          limit,
        );
        const generic = await walk(
          (size, checkpoint) => genericChangesSince(instance, size, checkpoint),
          limit,
        );
        expect(ours).toEqual(generic);
        expect(ours.flatMap((page) => page.ids)).toHaveLength(40);
      }
    });
  }

  it('is what the database hands the replication', async () => {
    db = await createAppDatabase({
      name: 'changes-since-wired',
      storage: getRxStorageMemory() as never,
      devMode: false,
    });
    await fillTrips(db);
    const instance = db.trips.storageInstance as unknown as Instance;
    expect(instance.getChangedDocumentsSince).toBeTypeOf('function');
    const wired = await walk(
      (size, checkpoint) => instance.getChangedDocumentsSince!(size, checkpoint),
      9,
    );
    const generic = await walk(
      (size, checkpoint) => genericChangesSince(instance, size, checkpoint),
      9,
    );
    expect(wired).toEqual(generic);
  });
});
