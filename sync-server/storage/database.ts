/**
 * Opens the server's database through Kysely and brings its schema up to date. SQLite
 * (better-sqlite3, one file) is the default backend; PostgreSQL (DATABASE_URL) serves several
 * instances at once and shares the same table types, migrations and queries (postgres.ts holds
 * what differs: the pool and the type parsing).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Generated } from 'kysely';
import { createInProcessChangeBus, type ChangeBus } from '../sync/change-bus.ts';
import { createPostgresChangeBus } from '../sync/postgres-change-bus.ts';
import { inCodeMigrationProvider } from './migrations.ts';
import {
  consoleStorageLog,
  createPostgresPool,
  describeDatabaseUrl,
  type StorageLog,
} from './postgres.ts';

/** One stored document of any collection (see migrations.ts for what each column means). */
export interface DocumentsTable {
  collection: string;
  id: string;
  owner_id: string | null;
  /** The schema document, serialised as JSON text. */
  data: string;
  /** ms since the epoch; equals the document's `updatedAt`. (int8, read as a number.) */
  updated_at: number;
  /** 1 for a tombstone, 0 otherwise. */
  deleted: Generated<number>;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** The three roles of requirements §core-6 that a stored account can have (guest is no account). */
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

/** One synced document of one rider (sync-migrations.ts). */
export interface UserDocumentsTable {
  owner_id: string;
  collection: string;
  id: string;
  /** The schema document with server-owned fields applied, as JSON text (no `_deleted`). */
  data: string;
  /** ms; strictly increasing per (owner, collection); orders checkpointed pulls. */
  server_time: number;
  /** 1 for a tombstone, 0 otherwise. */
  deleted: Generated<number>;
}

/** Which canonical id a rider's temp- id received (sync-migrations.ts). */
export interface IdPromotionsTable {
  owner_id: string;
  collection: string;
  temp_id: string;
  canonical_id: string;
  created_at: number;
}

/**
 * A repair shop a rider suggested, and an admin's review of it. Only approved shops
 * are public; `data` is the submitted shop as JSON text (schemas/repair-shops.ts).
 */
export interface RepairShopSubmissionsTable {
  id: string;
  user_id: string;
  data: string;
  /** 'pending' | 'approved' | 'rejected'. */
  status: string;
  /** Why an admin rejected it; null otherwise. */
  reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
}

/** Page views or feature actions counted on one UTC day (no event is kept). */
export interface AnalyticsDailyCountsTable {
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
  /** 'page-view' | 'feature' (schemas/analytics.ts `usageKinds`). */
  kind: string;
  /** A route pattern or a feature action name. */
  name: string;
  /** (int8, read as a number.) */
  count: number;
}

/** A usage batch already counted, by its random id; kept 180 days so a retry counts once. */
export interface AnalyticsBatchesTable {
  batch_id: string;
  received_at: number;
}

/**
 * A group ride. The trail's and meeting place's names and the meeting point
 * ([lon, lat], degrees) are copied from the catalogue when planned; `vehicle_types` is a JSON
 * array of schemas/group-rides.ts ids; `status` is 'planned' | 'cancelled'.
 */
export interface GroupRidesTable {
  id: string;
  organiser_id: string;
  trail_id: string;
  trail_name: string;
  trailhead_id: string | null;
  meeting_name: string;
  meeting_longitude: number;
  meeting_latitude: number;
  starts_at: number;
  vehicle_types: string;
  size_limit: number;
  notes: string;
  status: string;
  created_at: number;
  updated_at: number;
}

/**
 * A member of a group ride (the organiser included). `shares_position` is 1 when the member
 * opted in; the position columns hold their last report and are cleared when they opt out.
 */
export interface GroupRideMembersTable {
  ride_id: string;
  user_id: string;
  joined_at: number;
  shares_position: Generated<number>;
  position_longitude: number | null;
  position_latitude: number | null;
  position_accuracy_meters: number | null;
  position_recorded_at: number | null;
}

/** A season or regulation the operator published (schemas/published-regulations.ts). */
export interface PublishedRegulationsTable {
  /** `<kind>:<subject>` (`regulationId`): one publication per season label or trail. */
  id: string;
  kind: string;
  /** The publication's JSON (its schema per kind). */
  data: string;
  /** Epoch ms (int8, read as a number). */
  published_at: number;
  /** Username of the admin who published it. */
  published_by: string;
}

/** A rider's own deletion of their account (migrations.ts): no personal data. */
export interface AccountDeletionsTable {
  user_id: string;
  /** The client-made UUID of the request, so a retry is answered with the same outcome. */
  request_id: string;
  /** Epoch ms (int8, read as a number). */
  deleted_at: number;
}

/** A stored photo's record (sync-server/photos/photo-migrations.ts); its bytes are in the PhotoStore. */
export interface PhotosTable {
  /** SHA-256 of the bytes, lower-case hex. */
  hash: string;
  /** 'image/jpeg' | 'image/webp', read from the content. */
  type: string;
  /** (int8, read as a number.) */
  bytes: number;
  /** px, from the image header. */
  width: number;
  height: number;
  /** The rider whose upload stored it first. */
  uploader_id: string;
  /** Epoch ms (int8, read as a number). */
  stored_at: number;
  /** Arkansas calendar day of `stored_at`, YYYY-MM-DD: the per-rider daily limits count by it. */
  arkansas_day: string;
  /** 1 for a thumbnail (long side at most 320 px), which the daily photo count leaves out. */
  is_thumbnail: number;
}

export interface ServerDatabase {
  photos: PhotosTable;
  account_deletions: AccountDeletionsTable;
  published_regulations: PublishedRegulationsTable;
  analytics_daily_counts: AnalyticsDailyCountsTable;
  analytics_batches: AnalyticsBatchesTable;
  group_rides: GroupRidesTable;
  group_ride_members: GroupRideMembersTable;
  repair_shop_submissions: RepairShopSubmissionsTable;
  user_documents: UserDocumentsTable;
  id_promotions: IdPromotionsTable;
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
 * given, else the SQLite file. `log` receives recoverable PostgreSQL trouble (dropped
 * connections); default stderr. Throws when the database cannot be reached or migrated.
 */
export async function openServerDatabase(
  location: ServerDatabaseLocation,
  log: StorageLog = consoleStorageLog,
): Promise<OpenedServerDatabase> {
  if (location.databaseUrl) return openPostgresDatabase(location.databaseUrl, log);
  const db = await openSqliteDatabase(location.databaseFile);
  return { db, kind: 'sqlite', changeBus: createInProcessChangeBus() };
}

/**
 * Opens the PostgreSQL database at `databaseUrl`, runs every pending migration and starts the
 * LISTEN/NOTIFY change bus. Safe when several instances start at once: Kysely's Migrator holds
 * a Postgres advisory lock while it migrates, so one instance migrates and the others find the
 * schema current. Throws (naming the database, never its password) when the server cannot be
 * reached or a migration fails; nothing stays open in that case.
 */
export async function openPostgresDatabase(
  databaseUrl: string,
  log: StorageLog = consoleStorageLog,
): Promise<OpenedServerDatabase> {
  const pool = createPostgresPool(databaseUrl, log);
  const db = new Kysely<ServerDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db);
    const changeBus = await createPostgresChangeBus({ databaseUrl, pool, log });
    return { db, kind: 'postgres', changeBus };
  } catch (error) {
    await db.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not open ${describeDatabaseUrl(databaseUrl)}: ${reason}`, {
      cause: error,
    });
  }
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
