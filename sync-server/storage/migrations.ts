/**
 * The server's database schema, as Kysely migrations defined in code (no migration folder to
 * ship or find at run time). Keep every statement portable between SQLite and PostgreSQL: the
 * Postgres backend (DATABASE_URL) reuses these migrations unchanged.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';

/**
 * `documents` holds every collection's documents as JSON text, one row per (collection, id).
 * Public catalogue documents (trails, WMAs, campgrounds, achievements) have owner_id null;
 * user documents will carry their owner. `updated_at` (ms) and `id` order the checkpointed pulls
 * of the replication protocol; `deleted` keeps tombstones so clients learn about removals.
 * `meta` is a small key/value table (seed hash, seed time).
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

/** Migrations by name; names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  '2025-01-01-initial-schema': initialSchema,
};

/** Hands the in-code migrations to Kysely's Migrator. */
export const inCodeMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
