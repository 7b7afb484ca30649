/**
 * The server's record of stored photos (database.ts `PhotosTable`): one row per photo content,
 * who first uploaded it and on which Arkansas day, for the per-rider daily limits. The bytes are
 * in the PhotoStore, not the database.
 */
import type { Kysely, Migration } from 'kysely';

export const photosSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('photos')
      .addColumn('hash', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('type', 'varchar(16)', (column) => column.notNull())
      .addColumn('bytes', 'bigint', (column) => column.notNull())
      .addColumn('width', 'integer', (column) => column.notNull())
      .addColumn('height', 'integer', (column) => column.notNull())
      .addColumn('uploader_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('stored_at', 'bigint', (column) => column.notNull())
      .addColumn('arkansas_day', 'varchar(10)', (column) => column.notNull())
      .addColumn('is_thumbnail', 'integer', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('photos_uploader_day_idx')
      .on('photos')
      .columns(['uploader_id', 'arkansas_day'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('photos').execute();
  },
};
