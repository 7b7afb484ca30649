/**
 * Opens the server's database through Kysely and brings its schema up to date. SQLite
 * (better-sqlite3, one file) is the default backend; PostgreSQL arrives with DATABASE_URL in a
 * later issue and will reuse the same table types and migrations.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Generated } from 'kysely';
import { inCodeMigrationProvider } from './migrations.ts';

/** One stored document of any collection (see migrations.ts for what each column means). */
export interface DocumentsTable {
  collection: string;
  id: string;
  owner_id: string | null;
  /** The schema document, serialised as JSON text. */
  data: string;
  /** ms since the epoch; equals the document's `updatedAt`. */
  updated_at: number;
  /** 1 for a tombstone, 0 otherwise. */
  deleted: Generated<number>;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface ServerDatabase {
  documents: DocumentsTable;
  meta: MetaTable;
}

/** The database backend in use, reported by GET /api/health. */
export type DatabaseKind = 'sqlite';

/**
 * Opens (creating it and its parent folder if needed) the SQLite file at `databaseFile` and runs
 * every pending migration. Throws if a migration fails; the database is closed in that case.
 */
export async function openSqliteDatabase(databaseFile: string): Promise<Kysely<ServerDatabase>> {
  mkdirSync(dirname(databaseFile), { recursive: true });
  const sqlite = new BetterSqlite3(databaseFile);
  // WAL lets readers continue while a seed or push transaction writes.
  sqlite.pragma('journal_mode = WAL');
  const db = new Kysely<ServerDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Runs every pending in-code migration; throws the first migration error. */
export async function migrateToLatest(db: Kysely<ServerDatabase>): Promise<void> {
  const migrator = new Migrator({ db, provider: inCodeMigrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`Database migration failed: ${String(error)}`);
  }
}
