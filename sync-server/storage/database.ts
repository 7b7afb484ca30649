/**
 * Opens the server's database through Kysely and brings its schema up to date. SQLite
 * (better-sqlite3, one file) is the default backend; PostgreSQL arrives with DATABASE_URL in a
 * later issue and will reuse the same table types and migrations.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Generated } from 'kysely';
import { createInProcessChangeBus, type ChangeBus } from '../sync/change-bus.ts';
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

/** The three roles of core-platform §6 that a stored account can have (guest is no account). */
export type RoleId = 'admin' | 'test' | 'user';

/** One account (migrations.ts "auth schema"). Times are ms since the epoch. */
export interface UsersTable {
  id: string;
  /** As registered, trimmed; shown to people. */
  username: string;
  /** Trimmed, NFC-normalised, lower-cased username: the case-insensitive unique key. */
  username_lower: string;
  /** Null only for accounts created from the environment without ADMIN_EMAIL / TEST_EMAIL. */
  email: string | null;
  /** argon2id PHC string. */
  password_hash: string;
  vehicle_type: string;
  role_id: RoleId;
  created_at: number;
  /** Set when the account is deleted; its tokens stop working at once. */
  deleted_at: number | null;
}

/** One refresh token, stored only as the SHA-256 (hex) of the opaque token the client holds. */
export interface RefreshTokensTable {
  token_hash: string;
  user_id: string;
  /** Every token rotated from one login shares the family id; reuse revokes the family. */
  family_id: string;
  created_at: number;
  expires_at: number;
  /** Set when the token was exchanged for its successor (`replaced_by`, a token hash). */
  used_at: number | null;
  replaced_by: string | null;
  revoked_at: number | null;
}

/** Failed sign-ins per username inside the current throttling window. */
export interface LoginAttemptsTable {
  username_lower: string;
  failed_count: number;
  window_started_at: number;
}

export interface ServerDatabase {
  documents: DocumentsTable;
  meta: MetaTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
}

/** The database backend in use, reported by GET /api/health. */
export type DatabaseKind = 'sqlite' | 'postgres';

/** An open, migrated server database and the change bus that suits it. */
export interface OpenedServerDatabase {
  db: Kysely<ServerDatabase>;
  kind: DatabaseKind;
  /** Carries "collection changed" notices to the sync streams of every instance. */
  changeBus: ChangeBus;
}

/** Where the server keeps its data. */
export interface ServerDatabaseLocation {
  /** SQLite file, used when `databaseUrl` is absent. */
  databaseFile: string;
  /** postgres:// URL (the DATABASE_URL environment variable); wins over `databaseFile`. */
  databaseUrl?: string | undefined;
}

/**
 * Opens the server database named by `location` and migrates it: PostgreSQL when a URL is
 * given, else the SQLite file. Throws when the database cannot be reached or migrated.
 */
export async function openServerDatabase(
  location: ServerDatabaseLocation,
): Promise<OpenedServerDatabase> {
  if (location.databaseUrl) {
    throw new Error('DATABASE_URL is set but PostgreSQL storage is not available yet.');
  }
  const db = await openSqliteDatabase(location.databaseFile);
  return { db, kind: 'sqlite', changeBus: createInProcessChangeBus() };
}

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
