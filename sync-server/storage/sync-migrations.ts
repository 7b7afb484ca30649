/**
 * Tables of the sync engine, kept apart from migrations.ts so the portable-SQL rules
 * there apply here too: every statement runs unchanged on SQLite and PostgreSQL.
 *
 * `user_documents` holds each rider's synced documents, one row per (owner, collection, id), so
 * a fixed id such as the trip context's 'current' is naturally per user. `server_time` (ms,
 * strictly increasing per owner and collection, assigned under sync-lock.ts) and `id` order
 * the checkpointed pulls; `deleted` keeps tombstones so other devices learn of removals.
 * `id_promotions` remembers which canonical id each temp- id received, so a retried promotion
 * answers the same id and never creates a second document.
 */
import type { Kysely, Migration } from 'kysely';

export const syncSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_documents')
      .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('collection', 'varchar(64)', (column) => column.notNull())
      .addColumn('id', 'varchar(128)', (column) => column.notNull())
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('server_time', 'bigint', (column) => column.notNull())
      .addColumn('deleted', 'integer', (column) => column.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('user_documents_pk', ['owner_id', 'collection', 'id'])
      .execute();
    await db.schema
      .createIndex('user_documents_checkpoint_idx')
      .on('user_documents')
      .columns(['owner_id', 'collection', 'server_time', 'id'])
      .execute();
    // Finds another owner's document with a pushed id (forged pushes).
    await db.schema
      .createIndex('user_documents_id_idx')
      .on('user_documents')
      .columns(['collection', 'id'])
      .execute();
    await db.schema
      .createTable('id_promotions')
      .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('collection', 'varchar(64)', (column) => column.notNull())
      .addColumn('temp_id', 'varchar(128)', (column) => column.notNull())
      .addColumn('canonical_id', 'varchar(128)', (column) => column.notNull().unique())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('id_promotions_pk', ['owner_id', 'collection', 'temp_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('id_promotions').execute();
    await db.schema.dropTable('user_documents').execute();
  },
};
