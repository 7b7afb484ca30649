// Storage conformance, the database itself: database.ts's openers, migrations.ts (with
// sync-migrations.ts) and seed-database.ts behave the same on SQLite and PostgreSQL: a new
// database is migrated to the same tables and columns, reopening keeps data and runs nothing
// again, every migration goes down and up again, the first seed writes the whole catalogue,
// an unchanged seed writes nothing and a changed one touches only what changed. On PostgreSQL
// also what only it promises: two instances opening one new database at once, and a clear error
// for an unreachable server. The tests of each engine follow one database through its life, in
// order.
//
// Left to other suites: postgres.ts's pure helpers (postgresClientConfig, describeDatabaseUrl,
// isDatabaseUnavailableError; unit suites) and createPostgresPool's recovery from dropped
// connections (server/postgres-*.test.ts); the change buses beyond one round trip
// (server/postgres-change-bus.test.ts).
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { Migrator, NO_MIGRATIONS, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSeedDataDir } from '../../../sync-server/app.ts';
import { countLiveDocuments } from '../../../sync-server/storage/catalog.ts';
import {
  migrateToLatest,
  openPostgresDatabase,
  openServerDatabase,
  openSqliteDatabase,
  type OpenedServerDatabase,
  type ServerDatabase,
} from '../../../sync-server/storage/database.ts';
import { readMeta, writeMeta } from '../../../sync-server/storage/meta.ts';
import { inCodeMigrationProvider, migrations } from '../../../sync-server/storage/migrations.ts';
import { parseInt8AsNumber } from '../../../sync-server/storage/postgres.ts';
import { seedDatabase } from '../../../sync-server/storage/seed-database.ts';
import {
  latestCatalogueCheckpoint,
  pullCatalogueDocuments,
} from '../../../sync-server/storage/user-documents.ts';
import {
  createEmptyDatabase,
  storageEngines,
  type EmptyDatabase,
  type StorageEngine,
} from './storage-databases.ts';

/** The tables the migrations create: those of ServerDatabase. */
const serverTables = [
  'account_deletions',
  'analytics_batches',
  'analytics_daily_counts',
  'documents',
  'group_ride_members',
  'group_rides',
  'id_promotions',
  'login_attempts',
  'meta',
  'photos',
  'published_regulations',
  'refresh_tokens',
  'repair_shop_submissions',
  'user_documents',
  'users',
];

/** Each engine's tables with their columns in order, compared across engines at the end. */
const schemaByEngine = new Map<StorageEngine, Record<string, string[]>>();

/** The server's tables (not Kysely's bookkeeping) and their columns. */
async function schemaOf(db: Kysely<ServerDatabase>): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables();
  return Object.fromEntries(
    tables
      .filter((table) => !table.name.startsWith('kysely_'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((table) => [table.name, table.columns.map((column) => column.name)]),
  );
}

/** The names of the migrations recorded as run, in the order they ran. */
async function migrationsRun(db: Kysely<ServerDatabase>): Promise<string[]> {
  const rows = await db
    .selectFrom(sql<{ name: string; timestamp: string }>`kysely_migration`.as('migration'))
    .select('name')
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

/** Closes an open database and its change bus. */
async function close(opened: OpenedServerDatabase): Promise<void> {
  await opened.changeBus.close();
  await opened.db.destroy();
}

describe.each(storageEngines)('on %s', (engine) => {
  let empty: EmptyDatabase;
  let opened: OpenedServerDatabase;
  beforeAll(async () => {
    empty = await createEmptyDatabase(engine);
  });
  afterAll(async () => {
    if (opened) await close(opened);
    await empty?.remove();
  });

  describe('openers and migrations', () => {
    it('opens a new database and migrates it to every table of the schema', async () => {
      if (engine === 'postgres') {
        // Two instances starting at once on one new database: one migrates (under Kysely's
        // advisory lock), the other finds the schema current; both serve.
        const both = await Promise.all([
          openPostgresDatabase(empty.location.databaseUrl!),
          openPostgresDatabase(empty.location.databaseUrl!),
        ]);
        await close(both[1]);
        opened = both[0];
      } else {
        opened = await openServerDatabase(empty.location);
        // The missing parent folder was made, and readers may run beside a writer (WAL).
        expect(existsSync(dirname(empty.location.databaseFile))).toBe(true);
        const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(opened.db);
        expect(mode.rows[0]?.journal_mode).toBe('wal');
      }
      expect(opened.kind).toBe(engine);
      expect(await migrationsRun(opened.db)).toEqual(Object.keys(migrations).sort());
      expect(Object.keys(await inCodeMigrationProvider.getMigrations())).toEqual(
        Object.keys(migrations),
      );
      const schema = await schemaOf(opened.db);
      expect(Object.keys(schema)).toEqual(serverTables);
      schemaByEngine.set(engine, schema);
    });

    it('reopens with its data and runs no migration twice', async () => {
      await writeMeta(opened.db, 'conformance', 'kept');
      await migrateToLatest(opened.db);
      await close(opened);
      opened = await openServerDatabase(empty.location);
      expect(await readMeta(opened.db, 'conformance')).toBe('kept');
      expect(await migrationsRun(opened.db)).toEqual(Object.keys(migrations).sort());
    });

    it('takes every migration down and up again', async () => {
      const migrator = new Migrator({ db: opened.db, provider: inCodeMigrationProvider });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(down.results?.map((result) => result.migrationName)).toEqual(
        Object.keys(migrations).reverse(),
      );
      expect(await schemaOf(opened.db)).toEqual({});
      await migrateToLatest(opened.db);
      expect(Object.keys(await schemaOf(opened.db))).toEqual(serverTables);
    });

    it('carries a change notice through the change bus it opened with', async () => {
      const heard = new Promise((resolve) => {
        const unsubscribe = opened.changeBus.subscribe((change) => {
          unsubscribe();
          resolve(change);
        });
      });
      expect(opened.changeBus.listening).toBe(true);
      await opened.changeBus.publish({ collection: 'trips', ownerId: 'rider-1' });
      expect(await heard).toEqual({ collection: 'trips', ownerId: 'rider-1' });
    });
  });

  describe('seedDatabase', () => {
    const firstSeed = Date.UTC(2030, 0, 1);
    const reseed = Date.UTC(2030, 0, 2);

    it('writes the whole catalogue into a new database, then nothing while the data is unchanged', async () => {
      const { db } = opened;
      expect(await seedDatabase(db, defaultSeedDataDir, firstSeed)).toEqual({
        reseeded: true,
        seededAt: firstSeed,
        written: 246 + 33 + 224 + 27,
        removed: 0,
      });
      expect(await countLiveDocuments(db)).toEqual({
        trails: 246,
        wmas: 33,
        campgrounds: 224,
        achievements: 27,
      });
      expect(await latestCatalogueCheckpoint(db, 'trails')).toMatchObject({
        serverTime: firstSeed,
      });
      expect(await seedDatabase(db, defaultSeedDataDir, firstSeed + 1)).toEqual({
        reseeded: false,
        seededAt: firstSeed,
        written: 0,
        removed: 0,
      });
    });

    it('re-seeds only what changed: revives, rewrites, tombstones, and keeps rider data', async () => {
      const { db } = opened;
      const trails = await db
        .selectFrom('documents')
        .select(['id', 'data'])
        .where('collection', '=', 'trails')
        .orderBy('id')
        .limit(3)
        .execute();
      const [edited, removed, untouched] = trails;
      const [campground] = await db
        .selectFrom('documents')
        .select(['id', 'data'])
        .where('collection', '=', 'campgrounds')
        .orderBy('id')
        .limit(1)
        .execute();
      const riderRatings = {
        overall: 4.5,
        cleanliness: 4,
        facilities: 4,
        location: 5,
        value: 5,
        reviewsCount: 2,
      };
      // Where a replicating client stands before the re-seed.
      const since = await latestCatalogueCheckpoint(db, 'trails');
      // What a stored database may hold that the shipped data no longer matches.
      await writeMeta(db, 'seed_hash', 'an older seed');
      await db
        .updateTable('documents')
        .set({ data: JSON.stringify({ ...JSON.parse(edited!.data), name: 'Edited by hand' }) })
        .where('collection', '=', 'trails')
        .where('id', '=', edited!.id)
        .execute();
      await db
        .updateTable('documents')
        .set({ deleted: 1 })
        .where('collection', '=', 'trails')
        .where('id', '=', removed!.id)
        .execute();
      await db
        .updateTable('documents')
        .set({ data: JSON.stringify({ ...JSON.parse(campground!.data), ratings: riderRatings }) })
        .where('collection', '=', 'campgrounds')
        .where('id', '=', campground!.id)
        .execute();
      const extra = (id: string, collection = 'trails') => ({
        collection,
        id,
        owner_id: null,
        // Older than the client's checkpoint: only what the re-seed changes is pulled.
        data: JSON.stringify({ id, name: id, updatedAt: firstSeed - 1 }),
        updated_at: firstSeed - 1,
        deleted: 0,
      });
      await db
        .insertInto('documents')
        .values([
          extra('left-the-data'),
          extra('rider-submission-kept'),
          extra('retired-waypoint', 'waypoints'),
        ])
        .execute();

      expect(await seedDatabase(db, defaultSeedDataDir, reseed)).toEqual({
        reseeded: true,
        seededAt: reseed,
        // The edited trail and the deleted one; the rider-rated campground is unchanged.
        written: 2,
        // The trail that left the data (a tombstone) and the retired public waypoint (gone).
        removed: 2,
      });
      const pulled = await pullCatalogueDocuments(db, 'trails', since, 10);
      expect(
        pulled.documentsJson.map((json) => {
          const { id, name, updatedAt, _deleted } = JSON.parse(json);
          return { id, name, updatedAt, _deleted };
        }),
      ).toEqual(
        [
          { ...JSON.parse(edited!.data), updatedAt: reseed, _deleted: false },
          { ...JSON.parse(removed!.data), updatedAt: reseed, _deleted: false },
          { id: 'left-the-data', name: 'left-the-data', updatedAt: reseed, _deleted: true },
        ]
          .map(({ id, name, updatedAt, _deleted }) => ({ id, name, updatedAt, _deleted }))
          .sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      const stored = await db
        .selectFrom('documents')
        .select(['collection', 'id', 'data', 'updated_at', 'deleted'])
        .where('id', 'in', [
          untouched!.id,
          'rider-submission-kept',
          'retired-waypoint',
          campground!.id,
        ])
        .orderBy('id')
        .execute();
      expect(
        stored.map((row) => ({ id: row.id, updated_at: row.updated_at, deleted: row.deleted })),
      ).toEqual(
        [
          { id: untouched!.id, updated_at: firstSeed, deleted: 0 },
          { id: 'rider-submission-kept', updated_at: firstSeed - 1, deleted: 0 },
          { id: campground!.id, updated_at: firstSeed, deleted: 0 },
        ].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      expect(JSON.parse(stored.find((row) => row.id === campground!.id)!.data).ratings).toEqual(
        riderRatings,
      );
      expect(await readMeta(db, 'seeded_at')).toBe(String(reseed));
      expect(await seedDatabase(db, defaultSeedDataDir, reseed + 1)).toMatchObject({
        reseeded: false,
        seededAt: reseed,
      });
    });
  });
});

describe('the same schema on both engines', () => {
  it('has the same tables with the same columns in the same order', () => {
    expect(schemaByEngine.get('postgres')).toEqual(schemaByEngine.get('sqlite'));
  });
});

describe('on postgres only', () => {
  it('wins over the SQLite file when a URL is given, and names an unreachable server without its password', async () => {
    const empty = await createEmptyDatabase('postgres');
    try {
      const opened = await openServerDatabase(empty.location);
      expect(opened.kind).toBe('postgres');
      await close(opened);
      expect(existsSync(empty.location.databaseFile)).toBe(false);
    } finally {
      await empty.remove();
    }
    // Port 1 refuses at once; nothing stays open after the failure.
    const unreachable = 'postgres://nst_test:do-not-print@127.0.0.1:1/nowhere';
    const failure = await openPostgresDatabase(unreachable, { warn: () => {} }).catch(
      (error: unknown) => error as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('postgres://nst_test@127.0.0.1:1/nowhere');
    expect((failure as Error).message).not.toContain('do-not-print');
  });

  it('refuses int8 values a JS number cannot hold exactly', () => {
    expect(parseInt8AsNumber('1750000000000')).toBe(1_750_000_000_000);
    expect(parseInt8AsNumber('-42')).toBe(-42);
    expect(() => parseInt8AsNumber('9007199254740993')).toThrow(RangeError);
  });
});

describe('on sqlite only', () => {
  it('opens a SQLite file with openSqliteDatabase alone, the same schema', async () => {
    const empty = await createEmptyDatabase('sqlite');
    try {
      const db = await openSqliteDatabase(empty.location.databaseFile);
      try {
        expect(await migrationsRun(db)).toEqual(Object.keys(migrations).sort());
        expect(Object.keys(await schemaOf(db))).toEqual(serverTables);
      } finally {
        await db.destroy();
      }
    } finally {
      await empty.remove();
    }
  });
});
