/**
 * The server's database schema, as Kysely migrations defined in code (no migration folder to
 * ship or find at run time). Keep every statement portable between SQLite and PostgreSQL: the
 * Postgres backend (DATABASE_URL) reuses these migrations unchanged.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { photosSchema } from '../photos/photo-migrations.ts';
import { collectionMovesMigration } from './collection-move-migration.ts';
import { syncSchema } from './sync-migrations.ts';

/**
 * `documents` holds every collection's documents as JSON text, one row per (collection, id).
 * Public catalogue documents (trails, WMAs, campgrounds, achievements) have owner_id null;
 * user documents will carry their owner. `updated_at` (ms) and `id` order the checkpointed pulls
 * of the replication protocol; `deleted` keeps tombstones so clients learn about removals.
 * `meta` is a small key/value table (seed hash, seed time, generated JWT signing secret).
 */
const initialSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('documents')
      .addColumn('collection', 'varchar(64)', (column) => column.notNull())
      .addColumn('id', 'varchar(128)', (column) => column.notNull())
      .addColumn('owner_id', 'varchar(128)')
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'bigint', (column) => column.notNull())
      .addColumn('deleted', 'integer', (column) => column.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('documents_pk', ['collection', 'id'])
      .execute();
    await db.schema
      .createIndex('documents_checkpoint_idx')
      .on('documents')
      .columns(['collection', 'updated_at', 'id'])
      .execute();
    await db.schema
      .createIndex('documents_owner_idx')
      .on('documents')
      .columns(['collection', 'owner_id'])
      .execute();
    await db.schema
      .createTable('meta')
      .addColumn('key', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('meta').execute();
    await db.schema.dropTable('documents').execute();
  },
};

/**
 * Accounts and sessions (requirements §core-3 "User", "Tokens"; §core-6 roles).
 * `users.username_lower` is UNIQUE so two concurrent registrations of "Rider" and "rider" cannot
 * both succeed; deleted accounts keep their row (and their username) so old tokens keep failing.
 * `refresh_tokens` holds only SHA-256 hashes; `family_id` ties the rotations of one login together
 * for reuse detection. `login_attempts` counts failed sign-ins per username for throttling, in the
 * database so every server instance sees the same count.
 */
const authSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('username', 'varchar(64)', (column) => column.notNull())
      .addColumn('username_lower', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('email', 'varchar(254)')
      .addColumn('password_hash', 'varchar(255)', (column) => column.notNull())
      .addColumn('vehicle_type', 'varchar(40)', (column) => column.notNull())
      .addColumn('role_id', 'varchar(16)', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('user_id', 'varchar(64)', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('family_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('replaced_by', 'varchar(64)')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_family_idx')
      .on('refresh_tokens')
      .column('family_id')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_user_idx')
      .on('refresh_tokens')
      .column('user_id')
      .execute();
    await db.schema
      .createTable('login_attempts')
      .addColumn('username_lower', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('failed_count', 'integer', (column) => column.notNull())
      .addColumn('window_started_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('login_attempts_window_idx')
      .on('login_attempts')
      .column('window_started_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('login_attempts').execute();
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('users').execute();
  },
};

/** Rider-suggested repair shops and their review (database.ts for the columns). */
const repairShopSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('repair_shop_submissions')
      .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('user_id', 'varchar(64)', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('status', 'varchar(16)', (column) => column.notNull())
      .addColumn('reason', 'text')
      .addColumn('submitted_at', 'bigint', (column) => column.notNull())
      .addColumn('reviewed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('repair_shop_submissions_status_idx')
      .on('repair_shop_submissions')
      .column('status')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('repair_shop_submissions').execute();
  },
};

/**
 * First-party usage counts (database.ts for the columns): page views and feature
 * actions added up per UTC day, and the ids of the batches already counted so a retried batch
 * counts once. No event, user, device or address is stored.
 */
const analyticsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('analytics_daily_counts')
      .addColumn('day', 'varchar(10)', (column) => column.notNull())
      .addColumn('kind', 'varchar(16)', (column) => column.notNull())
      .addColumn('name', 'varchar(120)', (column) => column.notNull())
      .addColumn('count', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('analytics_daily_counts_pk', ['day', 'kind', 'name'])
      .execute();
    await db.schema
      .createTable('analytics_batches')
      .addColumn('batch_id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('received_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('analytics_batches_received_idx')
      .on('analytics_batches')
      .column('received_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('analytics_batches').execute();
    await db.schema.dropTable('analytics_daily_counts').execute();
  },
};

/**
 * Group rides (database.ts for the columns): the rides and their members, with each
 * member's opt-in to position sharing and last shared position.
 */
const groupRideSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('group_rides')
      .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('organiser_id', 'varchar(64)', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('trail_id', 'varchar(128)', (column) => column.notNull())
      .addColumn('trail_name', 'text', (column) => column.notNull())
      .addColumn('trailhead_id', 'varchar(128)')
      .addColumn('meeting_name', 'text', (column) => column.notNull())
      .addColumn('meeting_longitude', 'double precision', (column) => column.notNull())
      .addColumn('meeting_latitude', 'double precision', (column) => column.notNull())
      .addColumn('starts_at', 'bigint', (column) => column.notNull())
      .addColumn('vehicle_types', 'text', (column) => column.notNull())
      .addColumn('size_limit', 'integer', (column) => column.notNull())
      .addColumn('notes', 'text', (column) => column.notNull())
      .addColumn('status', 'varchar(16)', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('updated_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('group_ride_members')
      .addColumn('ride_id', 'varchar(64)', (column) =>
        column.notNull().references('group_rides.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'varchar(64)', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('joined_at', 'bigint', (column) => column.notNull())
      .addColumn('shares_position', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('position_longitude', 'double precision')
      .addColumn('position_latitude', 'double precision')
      .addColumn('position_accuracy_meters', 'double precision')
      .addColumn('position_recorded_at', 'bigint')
      .addPrimaryKeyConstraint('group_ride_members_pk', ['ride_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('group_ride_members_user_idx')
      .on('group_ride_members')
      .column('user_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('group_ride_members').execute();
    await db.schema.dropTable('group_rides').execute();
  },
};

/**
 * Seasons and regulations the operator publishes (database.ts for the columns;
 * schemas/published-regulations.ts for the data).
 */
const publishedRegulationsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('published_regulations')
      .addColumn('id', 'varchar(160)', (column) => column.primaryKey())
      .addColumn('kind', 'varchar(32)', (column) => column.notNull())
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('published_at', 'bigint', (column) => column.notNull())
      .addColumn('published_by', 'varchar(64)', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('published_regulations').execute();
  },
};

/**
 * Accounts their riders deleted (database.ts `AccountDeletionsTable`): the user id, when, and
 * the client's request id, so a retried request is carried out once and the deleted rider's
 * other devices are told (410) rather than merely signed out. No personal data.
 */
const accountDeletionsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_deletions')
      .addColumn('user_id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('request_id', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('deleted_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('account_deletions_deleted_at_idx')
      .on('account_deletions')
      .column('deleted_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('account_deletions').execute();
  },
};

/**
 * Pulls of a `shared` collection (trail reports) read every owner's documents in (server time,
 * id) order; this index is that range, as `user_documents_checkpoint_idx` is for one owner.
 */
const sharedCollectionPullIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('user_documents_shared_checkpoint_idx')
      .on('user_documents')
      .columns(['collection', 'server_time', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('user_documents_shared_checkpoint_idx').execute();
  },
};

/** Migrations by name; names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  '2025-01-01-initial-schema': initialSchema,
  '2025-02-01-auth-schema': authSchema,
  '2025-03-01-sync-schema': syncSchema,
  '2026-11-24-repair-shop-schema': repairShopSchema,
  '2026-11-26-analytics-schema': analyticsSchema,
  '2026-11-26-group-rides': groupRideSchema,
  '2026-11-27-published-regulations': publishedRegulationsSchema,
  '2026-11-27-the-move-of-achievement-progress-into-records': collectionMovesMigration,
  '2026-11-28-account-deletions': accountDeletionsSchema,
  '2026-11-28-photos': photosSchema,
  '2026-11-28-shared-collection-pulls': sharedCollectionPullIndex,
};

/** Hands the in-code migrations to Kysely's Migrator. */
export const inCodeMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
