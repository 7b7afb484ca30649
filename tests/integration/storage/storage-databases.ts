// Databases for the storage conformance suites: one empty, migrated database per engine and test
// file (a SQLite file in a temporary folder, or a new database on the integration project's
// PostgreSQL server), optionally seeded from data/. These suites make their own databases rather
// than use createWorkspace so that both engines start from exactly the same state (an empty
// database that the storage code itself migrates and seeds), whatever template the route
// suites' workspaces are copied from.
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { defaultSeedDataDir } from '../../../sync-server/app.ts';
import {
  openServerDatabase,
  type OpenedServerDatabase,
} from '../../../sync-server/storage/database.ts';
import { seedDatabase } from '../../../sync-server/storage/seed-database.ts';
import { createUser, type UserRow } from '../../../sync-server/storage/users.ts';
import type { StorageEngine } from '../server/test-server.ts';
import { makeScratchDir } from '../../support/scratch.ts';

export { storageEngines, type StorageEngine } from '../server/test-server.ts';

/** Where an engine's test database lives, before anything opened it. */
export interface EmptyDatabase {
  /** `openServerDatabase`'s argument: a SQLite file, or a PostgreSQL URL. */
  location: { databaseFile: string; databaseUrl?: string };
  /** Deletes the file or drops the database. Close what is open on it first. */
  remove(): Promise<void>;
}

/** Runs `statement` on the test PostgreSQL server's maintenance database. */
async function runOnServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('testPostgresUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on `engine`, not yet opened (so not migrated either). */
export async function createEmptyDatabase(engine: StorageEngine): Promise<EmptyDatabase> {
  const folder = makeScratchDir('nst-storage-conformance-');
  // A folder that does not exist yet: openSqliteDatabase must create it.
  const databaseFile = join(folder, 'db', 'server.sqlite');
  if (engine === 'sqlite') {
    return {
      location: { databaseFile },
      async remove() {
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const name = `nst_conformance_${randomBytes(8).toString('hex')}`;
  await runOnServer(`create database ${name}`);
  const url = new URL(inject('testPostgresUrl'));
  url.pathname = `/${name}`;
  return {
    location: { databaseFile, databaseUrl: url.toString() },
    async remove() {
      rmSync(folder, { recursive: true, force: true });
      // An autovacuum worker visiting the database may outlive FORCE for a moment (only a
      // superuser may end it), so the drop is retried while the server says so.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await runOnServer(`drop database if exists ${name} with (force)`);
          return;
        } catch (error) {
          if (!/pg_signal_backend/.test(String(error)) || attempt === 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
  };
}

/** An open test database of one engine. */
export interface ConformanceDatabase extends OpenedServerDatabase {
  engine: StorageEngine;
  location: EmptyDatabase['location'];
  /** Closes the change bus and the database, then deletes it. */
  close(): Promise<void>;
}

/**
 * A new database on `engine`, opened (so migrated) through `openServerDatabase` the way the
 * app opens it, and seeded from data/ unless `seed` is false. Share one per engine and file
 * (beforeAll): creating and seeding one costs far more than a test.
 */
export async function openConformanceDatabase(
  engine: StorageEngine,
  { seed = true }: { seed?: boolean } = {},
): Promise<ConformanceDatabase> {
  const empty = await createEmptyDatabase(engine);
  const opened = await openServerDatabase(empty.location);
  if (seed) await seedDatabase(opened.db, defaultSeedDataDir);
  return {
    ...opened,
    engine,
    location: empty.location,
    async close() {
      await opened.changeBus.close();
      await opened.db.destroy();
      await empty.remove();
    },
  };
}

/** A short id no other test of the run uses: tests share one database per engine and file. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** A new rider (role 'user' unless said otherwise) with a username no other test uses. */
export function createRider(
  database: Pick<OpenedServerDatabase, 'db'>,
  name: string,
  options: { roleId?: UserRow['role_id']; now?: number } = {},
): Promise<UserRow> {
  return createUser(
    database.db,
    {
      username: uniqueId(name),
      email: null,
      passwordHash: 'not a real hash',
      vehicleType: 'atv',
      roleId: options.roleId ?? 'user',
    },
    options.now,
  );
}
