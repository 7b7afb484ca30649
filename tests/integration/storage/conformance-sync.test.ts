// Storage conformance, replication: user-documents.ts (pushes, checkpointed pulls, conflicts,
// retries, tombstones, foreign ids, pushes inside a caller's transaction), id-promotions.ts
// and sync-lock.ts give the same observable results on SQLite and PostgreSQL, including the
// concurrency they promise: concurrent pushes and promotions of one rider store each document
// and temp id once, in server-time order. One database per engine for the file; every test
// uses riders (owner ids) of its own.
//
// pulledBatchJson is a pure helper (string building, no database) and stays with the unit suites.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushRow, WireDocument } from '../../../schemas/sync-protocol.ts';
import { promoteTempIds } from '../../../sync-server/storage/id-promotions.ts';
import { lockOwnerCollection } from '../../../sync-server/storage/sync-lock.ts';
import {
  ForeignDocumentError,
  latestUserCheckpoint,
  pullUserDocuments,
  pushInTransaction,
  pushUserDocuments,
  type PushOptions,
} from '../../../sync-server/storage/user-documents.ts';
import {
  openConformanceDatabase,
  storageEngines,
  uniqueId,
  type ConformanceDatabase,
} from './storage-databases.ts';

type Waypoint = WireDocument & { name: string; ownerId: string; updatedAt: number };

const waypoint = (ownerId: string, id: string, name: string, deleted = false): Waypoint => ({
  id,
  name,
  ownerId,
  updatedAt: 1,
  _deleted: deleted,
});

const created = (document: WireDocument): PushRow => ({ newDocumentState: document });

/** The pulled documents, parsed, as (id, name, _deleted). */
function summary(documentsJson: string[]) {
  return documentsJson.map((json) => {
    const { id, name, _deleted } = JSON.parse(json) as Waypoint;
    return { id, name, _deleted };
  });
}

describe.each(storageEngines)('on %s', (engine) => {
  let database: ConformanceDatabase;
  beforeAll(async () => {
    database = await openConformanceDatabase(engine, { seed: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  const push = (
    ownerId: string,
    rows: PushRow[],
    options: Partial<PushOptions> = {},
    collection: Parameters<typeof pushUserDocuments>[3] = 'waypoints',
  ) =>
    pushUserDocuments(database.db, database.kind, ownerId, collection, rows, {
      // Tests reuse short document ids, each under riders of its own; the foreign-id check
      // has its own test below, with ids no other test uses.
      checkForeignIds: false,
      ...options,
    });

  describe('pushUserDocuments and pullUserDocuments', () => {
    it('stores new documents with increasing server times and pulls them in wire form', async () => {
      const owner = uniqueId('rider');
      expect(await pullUserDocuments(database.db, owner, 'waypoints', null, 10)).toEqual({
        documentsJson: [],
        checkpoint: null,
      });
      expect(await latestUserCheckpoint(database.db, owner, 'waypoints')).toBeNull();
      const outcome = await push(
        owner,
        ['b', 'a'].map((id) => created(waypoint(owner, id, `Spring ${id}`))),
        { now: 5_000 },
      );
      expect(outcome).toEqual({ conflicts: [], written: 2 });
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 10);
      // The stored JSON as pushed, `_deleted` spliced in as the last property.
      expect(pulled.documentsJson).toEqual([
        `{"id":"b","name":"Spring b","ownerId":"${owner}","updatedAt":1,"_deleted":false}`,
        `{"id":"a","name":"Spring a","ownerId":"${owner}","updatedAt":1,"_deleted":false}`,
      ]);
      expect(pulled.checkpoint).toEqual({ id: 'a', serverTime: 5_001 });
      expect(typeof pulled.checkpoint?.serverTime).toBe('number');
      expect(await latestUserCheckpoint(database.db, owner, 'waypoints')).toEqual(
        pulled.checkpoint,
      );
      // Nothing after the last checkpoint: the same checkpoint comes back.
      expect(
        await pullUserDocuments(database.db, owner, 'waypoints', pulled.checkpoint, 10),
      ).toEqual({ documentsJson: [], checkpoint: pulled.checkpoint });
      // Another rider's and another collection's documents stay apart.
      expect(
        (await pullUserDocuments(database.db, uniqueId('stranger'), 'waypoints', null, 10))
          .documentsJson,
      ).toEqual([]);
      expect(
        (await pullUserDocuments(database.db, owner, 'trips', null, 10)).documentsJson,
      ).toEqual([]);
    });

    it('keeps server times growing when the clock goes back, and int8 times exact', async () => {
      const owner = uniqueId('rider');
      const late = Date.UTC(2030, 0, 1, 0, 0, 0, 7);
      await push(owner, [created(waypoint(owner, 'late', 'Late'))], { now: late });
      await push(owner, [created(waypoint(owner, 'early', 'Early'))], { now: 1_000 });
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 10);
      expect(summary(pulled.documentsJson).map((document) => document.id)).toEqual([
        'late',
        'early',
      ]);
      expect(pulled.checkpoint).toEqual({ id: 'early', serverTime: late + 1 });
      const rows = await database.db
        .selectFrom('user_documents')
        .select(['id', 'server_time'])
        .where('owner_id', '=', owner)
        .orderBy('server_time')
        .execute();
      expect(rows).toEqual([
        { id: 'late', server_time: late },
        { id: 'early', server_time: late + 1 },
      ]);
    });

    it('stores consecutive pushes of the same size: new, changed and deleted documents alike', async () => {
      // The second push has as many rows as the first, so it reuses the first's cached upsert
      // text with its own values (user-documents.ts, upsertQuery).
      const owner = uniqueId('rider');
      const first = ['a', 'b', 'c'].map((id) => waypoint(owner, id, `Spring ${id}`));
      expect(await push(owner, first.map(created), { now: 1_000 })).toEqual({
        conflicts: [],
        written: 3,
      });
      const second = await push(
        owner,
        [
          {
            newDocumentState: waypoint(owner, 'a', 'Spring a, renamed'),
            assumedMasterState: first[0],
          },
          {
            newDocumentState: waypoint(owner, 'b', 'Spring b', true),
            assumedMasterState: first[1],
          },
          created(waypoint(owner, 'd', 'Spring d')),
        ],
        { now: 2_000 },
      );
      expect(second).toEqual({ conflicts: [], written: 3 });
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 10);
      expect(summary(pulled.documentsJson)).toEqual([
        { id: 'c', name: 'Spring c', _deleted: false },
        { id: 'a', name: 'Spring a, renamed', _deleted: false },
        { id: 'b', name: 'Spring b', _deleted: true },
        { id: 'd', name: 'Spring d', _deleted: false },
      ]);
      expect(pulled.checkpoint).toEqual({ id: 'd', serverTime: 2_002 });
    });

    it('keeps a deletion as a tombstone row without `_deleted` in its stored JSON', async () => {
      const owner = uniqueId('rider');
      const spring = waypoint(owner, 'spring', 'Spring');
      await push(owner, [created(spring)], { now: 1_000 });
      await push(
        owner,
        [{ assumedMasterState: spring, newDocumentState: { ...spring, _deleted: true } }],
        { now: 2_000 },
      );
      const row = await database.db
        .selectFrom('user_documents')
        .selectAll()
        .where('owner_id', '=', owner)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        owner_id: owner,
        collection: 'waypoints',
        id: 'spring',
        data: JSON.stringify({ id: 'spring', name: 'Spring', ownerId: owner, updatedAt: 1 }),
        server_time: 2_000,
        deleted: 1,
      });
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 10);
      expect(pulled.documentsJson.map((json) => JSON.parse(json))).toEqual([
        { ...spring, _deleted: true },
      ]);
    });

    it('pages by (server time, id), also across documents that share a server time', async () => {
      const owner = uniqueId('rider');
      // Pushes never give two documents one server time; rows written otherwise may, and the
      // row-value comparison of the checkpoint must then order by id on both engines.
      await database.db
        .insertInto('user_documents')
        .values(
          ['c', 'ab', 'a-c', 'a', 'B'].map((id) => ({
            owner_id: owner,
            collection: 'waypoints',
            id,
            data: JSON.stringify({ id, name: id }),
            server_time: id === 'B' ? 900 : 1_000,
          })),
        )
        .execute();
      const seen: string[] = [];
      let checkpoint = null;
      for (let page = 0; page < 5; page += 1) {
        const pulled = await pullUserDocuments(database.db, owner, 'waypoints', checkpoint, 2);
        seen.push(...summary(pulled.documentsJson).map((document) => document.id));
        checkpoint = pulled.checkpoint;
        if (pulled.documentsJson.length < 2) break;
      }
      // Ids compare byte by byte ('-' before letters, capitals before small letters).
      expect(seen).toEqual(['B', 'a', 'a-c', 'ab', 'c']);
      expect(checkpoint).toEqual({ id: 'c', serverTime: 1_000 });
      expect(await latestUserCheckpoint(database.db, owner, 'waypoints')).toEqual(checkpoint);
    });

    it('answers a stale or missing assumed state with the master and writes nothing for it', async () => {
      const owner = uniqueId('rider');
      const master = waypoint(owner, 'ford', 'Ford');
      await push(owner, [created(master)], { now: 1_000 });
      await push(
        owner,
        [{ assumedMasterState: master, newDocumentState: { ...master, name: 'Ford, deep' } }],
        { now: 2_000 },
      );
      const current = { ...master, name: 'Ford, deep' };
      const outcome = await push(
        owner,
        [
          // Assumes the first state, which is no longer the master.
          { assumedMasterState: master, newDocumentState: { ...master, name: 'Ford, dry' } },
          // Believes the document new.
          created({ ...master, name: 'Ford, new' }),
          created(waypoint(owner, 'other', 'Other')),
        ],
        { now: 3_000 },
      );
      expect(outcome).toEqual({ conflicts: [current, current], written: 1 });
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 10);
      expect(summary(pulled.documentsJson)).toEqual([
        { id: 'ford', name: 'Ford, deep', _deleted: false },
        { id: 'other', name: 'Other', _deleted: false },
      ]);
      expect(pulled.checkpoint?.serverTime).toBe(3_000);
    });

    it('stores a retried push once, even when the retries arrive at the same moment', async () => {
      const owner = uniqueId('rider');
      const rows = [created(waypoint(owner, 'camp', 'Camp'))];
      expect(await push(owner, rows, { now: 1_000 })).toEqual({ conflicts: [], written: 1 });
      // The answer was lost: the same push again is a no-op, not a conflict.
      expect(await push(owner, rows, { now: 2_000 })).toEqual({ conflicts: [], written: 0 });
      const racing = [created(waypoint(owner, 'ridge', 'Ridge'))];
      // With the foreign-id check, as the push route runs for waypoints ('ridge' is only here).
      const outcomes = await Promise.all(
        [1, 2, 3].map(() => push(owner, racing, { now: 3_000, checkForeignIds: true })),
      );
      expect(outcomes.map((outcome) => outcome.written).sort()).toEqual([0, 0, 1]);
      expect(outcomes.every((outcome) => outcome.conflicts.length === 0)).toBe(true);
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 10);
      expect(pulled.documentsJson).toHaveLength(2);
      expect(pulled.checkpoint).toEqual({ id: 'ridge', serverTime: 3_000 });
    });

    it('gives concurrent pushes of one rider distinct server times in commit order', async () => {
      const owner = uniqueId('rider');
      const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
      await Promise.all(
        ids.map((id) => push(owner, [created(waypoint(owner, id, id))], { now: 1_000 })),
      );
      const rows = await database.db
        .selectFrom('user_documents')
        .select(['id', 'server_time'])
        .where('owner_id', '=', owner)
        .orderBy('server_time')
        .execute();
      expect(rows.map((row) => row.server_time)).toEqual([
        1_000, 1_001, 1_002, 1_003, 1_004, 1_005,
      ]);
      expect(rows.map((row) => row.id).sort()).toEqual(ids);
    });

    it('stores a document named twice in one push once, in its last state', async () => {
      // The second row builds on the first, as a device's two edits between syncs would.
      const owner = uniqueId('rider');
      const outcome = await push(
        owner,
        [
          created(waypoint(owner, 'twice', 'First')),
          {
            assumedMasterState: waypoint(owner, 'twice', 'First'),
            newDocumentState: waypoint(owner, 'twice', 'Second'),
          },
        ],
        { now: 1_000 },
      );
      expect(outcome.written).toBe(1);
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 10);
      expect(summary(pulled.documentsJson)).toEqual([
        { id: 'twice', name: 'Second', _deleted: false },
      ]);
    });

    it('answers a retry with the master when the sender still holds stale server-owned fields', async () => {
      const owner = uniqueId('rider');
      const sent = {
        id: uniqueId('trip'),
        userId: 'someone-else',
        status: 'pending',
        name: 'Loop',
        _deleted: false,
      };
      // What the push route stores: the server-owned fields set by the server.
      const stored = { ...sent, userId: owner, status: 'synced' };
      const options = { now: 1_000, sentStates: [sent] };
      expect(await push(owner, [created(stored)], options, 'trips')).toEqual({
        conflicts: [],
        written: 1,
      });
      expect(await push(owner, [created(stored)], options, 'trips')).toEqual({
        conflicts: [stored],
        written: 0,
      });
      // A device that already has the master's server-owned fields gets nothing back.
      expect(
        await push(owner, [created(stored)], { now: 1_000, sentStates: [stored] }, 'trips'),
      ).toEqual({ conflicts: [], written: 0 });
    });

    it('applies serverOwnedData before comparing with the master', async () => {
      const owner = uniqueId('rider');
      const serverOwnedData: PushOptions['serverOwnedData'] = (incoming, master) => ({
        ...incoming,
        ownerId: owner,
        stamp: master?.stamp ?? 'first',
      });
      const spring = waypoint(owner, 'spring', 'Spring');
      expect(await push(owner, [created(spring)], { serverOwnedData })).toMatchObject({
        written: 1,
      });
      // Changes only what the server owns: answered as a retry, nothing written.
      const forged = { ...spring, stamp: 'forged' };
      expect(
        await push(owner, [{ assumedMasterState: spring, newDocumentState: forged }], {
          serverOwnedData,
        }),
      ).toEqual({ conflicts: [], written: 0 });
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 10);
      expect(JSON.parse(pulled.documentsJson[0]!)).toMatchObject({ stamp: 'first' });
    });

    it("refuses a whole push naming another rider's document, unless ids are per rider", async () => {
      const owner = uniqueId('rider');
      const intruder = uniqueId('intruder');
      await push(owner, [created(waypoint(owner, `${owner}-spring`, 'Spring'))], {
        checkForeignIds: true,
      });
      const forged = [
        created(waypoint(intruder, `${intruder}-own`, 'Own')),
        created(waypoint(intruder, `${owner}-spring`, 'Taken')),
      ];
      const refusal = await push(intruder, forged, { checkForeignIds: true }).catch(
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(ForeignDocumentError);
      expect((refusal as ForeignDocumentError).ids).toEqual([`${owner}-spring`]);
      expect(
        (await pullUserDocuments(database.db, intruder, 'waypoints', null, 10)).documentsJson,
      ).toEqual([]);

      // tripContext has one fixed id per rider: each rider stores their own 'current'.
      const context = (ownerId: string) => ({ id: 'current', ownerId, _deleted: false });
      for (const ownerId of [owner, intruder]) {
        expect(
          await push(
            ownerId,
            [created(context(ownerId))],
            { checkForeignIds: false },
            'tripContext',
          ),
        ).toEqual({ conflicts: [], written: 1 });
      }
      const theirs = await pullUserDocuments(database.db, intruder, 'tripContext', null, 10);
      expect(theirs.documentsJson.map((json) => JSON.parse(json))).toEqual([context(intruder)]);
    });

    it('writes pushes larger than one upsert statement', async () => {
      const owner = uniqueId('rider');
      // One more than user-documents.ts's upsertBatchSize (500).
      const rows = Array.from({ length: 501 }, (_, index) =>
        created(waypoint(owner, `w${String(index).padStart(3, '0')}`, `Waypoint ${index}`)),
      );
      expect(await push(owner, rows, { now: 10_000 })).toEqual({ conflicts: [], written: 501 });
      const pulled = await pullUserDocuments(database.db, owner, 'waypoints', null, 1_000);
      expect(pulled.documentsJson).toHaveLength(501);
      expect(pulled.checkpoint).toEqual({ id: 'w500', serverTime: 10_500 });
    });
  });

  describe('pushInTransaction', () => {
    it("commits with the caller's other writes, and rolls back with them", async () => {
      const { db, kind } = database;
      const owner = uniqueId('rider');
      const committedKey = uniqueId('reviewed');
      await db.transaction().execute(async (transaction) => {
        const outcome = await pushInTransaction(
          transaction,
          kind,
          owner,
          'waypoints',
          [created(waypoint(owner, 'kept', 'Kept'))],
          { checkForeignIds: true, now: 1_000 },
        );
        expect(outcome).toEqual({ conflicts: [], written: 1 });
        await transaction.insertInto('meta').values({ key: committedKey, value: '1' }).execute();
      });
      const failure = new Error('the review failed after the push');
      await expect(
        db.transaction().execute(async (transaction) => {
          await pushInTransaction(
            transaction,
            kind,
            owner,
            'waypoints',
            [created(waypoint(owner, 'lost', 'Lost'))],
            { checkForeignIds: true, now: 2_000 },
          );
          throw failure;
        }),
      ).rejects.toBe(failure);
      const pulled = await pullUserDocuments(db, owner, 'waypoints', null, 10);
      expect(summary(pulled.documentsJson).map((document) => document.id)).toEqual(['kept']);
      expect(
        await db.selectFrom('meta').select('value').where('key', '=', committedKey).execute(),
      ).toEqual([{ value: '1' }]);
    });
  });

  describe('promoteTempIds', () => {
    it('mints one canonical id per temp id, in request order, and answers retries the same', async () => {
      const { db, kind } = database;
      const owner = uniqueId('rider');
      const first = await promoteTempIds(
        db,
        kind,
        owner,
        'trips',
        ['temp-b', 'temp-a', 'temp-b'],
        1_000,
      );
      expect(first.map((promotion) => promotion.tempId)).toEqual(['temp-b', 'temp-a', 'temp-b']);
      expect(first[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(first[2]!.id).toBe(first[0]!.id);
      expect(first[1]!.id).not.toBe(first[0]!.id);
      const retry = await promoteTempIds(db, kind, owner, 'trips', ['temp-a', 'temp-c'], 2_000);
      expect(retry[0]).toEqual(first[1]);
      expect(retry[1]!.id).not.toBe(first[0]!.id);
      const rows = await db
        .selectFrom('id_promotions')
        .select(['temp_id', 'canonical_id', 'created_at'])
        .where('owner_id', '=', owner)
        .orderBy('temp_id')
        .execute();
      expect(rows).toEqual([
        { temp_id: 'temp-a', canonical_id: first[1]!.id, created_at: 1_000 },
        { temp_id: 'temp-b', canonical_id: first[0]!.id, created_at: 1_000 },
        { temp_id: 'temp-c', canonical_id: retry[1]!.id, created_at: 2_000 },
      ]);
    });

    it('keeps the temp ids of other collections and riders apart', async () => {
      const { db, kind } = database;
      const owner = uniqueId('rider');
      const other = uniqueId('rider');
      const [trip] = await promoteTempIds(db, kind, owner, 'trips', ['temp-1']);
      const [plan] = await promoteTempIds(db, kind, owner, 'tripPlans', ['temp-1']);
      const [theirs] = await promoteTempIds(db, kind, other, 'trips', ['temp-1']);
      expect(new Set([trip!.id, plan!.id, theirs!.id]).size).toBe(3);
    });

    it('mints once when two devices promote the same temp ids at the same moment', async () => {
      const { db, kind } = database;
      const owner = uniqueId('rider');
      const tempIds = ['temp-x', 'temp-y', 'temp-z'];
      const answers = await Promise.all(
        [1, 2, 3].map(() => promoteTempIds(db, kind, owner, 'waypoints', tempIds)),
      );
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      const { count } = await db
        .selectFrom('id_promotions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', owner)
        .executeTakeFirstOrThrow();
      expect(count).toBe(3);
    });
  });

  describe('lockOwnerCollection', () => {
    /**
     * Resolves once a PostgreSQL session waits for an advisory lock: then the second writer is
     * known to be blocked, without guessing how long that takes.
     */
    async function someoneWaitsForAdvisoryLock(): Promise<void> {
      for (;;) {
        const { rows } = await sql<{ waiting: number }>`
          select count(*) as waiting from pg_locks where locktype = 'advisory' and not granted
        `.execute(database.db);
        if (Number(rows[0]?.waiting) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }

    it('serialises writers to one owner and collection (on PostgreSQL, not to others)', async () => {
      const { db, kind } = database;
      const owner = uniqueId('rider');
      const events: string[] = [];
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstLocked!: () => void;
      const firstHoldsLock = new Promise<void>((resolve) => (firstLocked = resolve));

      const first = db.transaction().execute(async (trx) => {
        await lockOwnerCollection(trx, kind, owner, 'trips');
        events.push('first locked');
        firstLocked();
        await firstMayCommit;
        events.push('first commits');
      });
      await firstHoldsLock;
      const second = db.transaction().execute(async (trx) => {
        await lockOwnerCollection(trx, kind, owner, 'trips');
        events.push('second locked');
      });
      const otherCollection = db.transaction().execute(async (trx) => {
        await lockOwnerCollection(trx, kind, owner, 'waypoints');
        events.push('other collection locked');
      });
      if (kind === 'postgres') {
        // PostgreSQL writers run side by side: the other collection's is not held up, the
        // second writer of the same collection waits on the lock.
        await otherCollection;
        await someoneWaitsForAdvisoryLock();
      }
      // SQLite runs one transaction at a time on its one connection, so the lock need not
      // do anything there: both wait for the first transaction to end.
      releaseFirst();
      await Promise.all([first, second, otherCollection]);
      expect(events.indexOf('second locked')).toBeGreaterThan(events.indexOf('first commits'));
      if (kind === 'postgres') {
        expect(events).toEqual([
          'first locked',
          'other collection locked',
          'first commits',
          'second locked',
        ]);
      }
    });
  });
});
