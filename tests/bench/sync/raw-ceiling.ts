/**
 * The ceiling: the same trips written straight into the sync server's own database (a second
 * Kysely connection to the server's SQLite file, WAL mode, or to its PostgreSQL database; the
 * migrated `user_documents` table and indexes the sync routes write), `batchSize` rows per
 * multi-row INSERT, one transaction per batch, no HTTP, no validation, no conflict check. The
 * pull ceiling is one SELECT of all the rider's rows in checkpoint order plus `JSON.parse` of
 * each document. No replication can beat these; the question is how close it gets.
 */
import {
  openServerDatabase,
  type ServerDatabaseLocation,
} from '../../../sync-server/storage/database.ts';
import type { Trip } from '../../../schemas/trips.ts';
import { figure, type DirectionFigure } from './pouchdb-baseline.ts';

/** What the raw ceiling measured. */
export interface RawFigures {
  push: DirectionFigure;
  pull: DirectionFigure;
  batchSize: number;
}

const collection = 'trips';

/**
 * Inserts `trips` as `ownerId`'s documents into the server database at `database`, times
 * it, reads them all back, times that, and deletes them again (untimed) so the table is as the
 * server left it. Throws if a read does not return every trip.
 */
export async function measureRawCeiling(
  database: ServerDatabaseLocation,
  ownerId: string,
  trips: Trip[],
  batchSize: number,
): Promise<RawFigures> {
  const { db, changeBus } = await openServerDatabase(database);
  try {
    let serverTime = Date.now();
    let started = performance.now();
    for (let index = 0; index < trips.length; index += batchSize) {
      const rows = trips.slice(index, index + batchSize).map((trip) => {
        serverTime += 1;
        const stored = { ...trip, userId: ownerId, status: 'synced', updatedAt: serverTime };
        return {
          owner_id: ownerId,
          collection,
          id: trip.id,
          data: JSON.stringify(stored),
          server_time: serverTime,
          deleted: 0,
        };
      });
      await db
        .transaction()
        .execute((transaction) => transaction.insertInto('user_documents').values(rows).execute());
    }
    const push = figure(trips.length, performance.now() - started);

    started = performance.now();
    const rows = await db
      .selectFrom('user_documents')
      .select(['id', 'data', 'server_time', 'deleted'])
      .where('owner_id', '=', ownerId)
      .where('collection', '=', collection)
      .orderBy('server_time')
      .orderBy('id')
      .execute();
    const documents = rows.map((row) => ({
      ...(JSON.parse(row.data) as Trip),
      _deleted: Number(row.deleted) === 1,
    }));
    const pull = figure(documents.length, performance.now() - started);
    if (documents.length !== trips.length) {
      throw new Error(`raw select returned ${documents.length} of ${trips.length} trips`);
    }

    await db
      .deleteFrom('user_documents')
      .where('owner_id', '=', ownerId)
      .where('collection', '=', collection)
      .execute();
    return { push, pull, batchSize };
  } finally {
    await changeBus.close();
    await db.destroy();
  }
}
