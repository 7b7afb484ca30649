/**
 * The server's half of moving a retired collection's documents into another collection
 * (schemas/collections/moves.ts): every stored row of the retired collection, tombstones
 * included, becomes the converted row of the new one, with a server time after everything the
 * owner already has there, so devices pull it from their checkpoints; then the old rows go.
 * Devices convert their own copies the same way (src/db/collection-moves.ts) and the ids agree,
 * so each document ends up stored once.
 */
import type { Kysely, Migration } from 'kysely';
import { collectionMoves, type CollectionMove } from '../../schemas/collections/moves.ts';
import type { ServerDatabase } from './database.ts';

/** Rows converted per statement batch. */
const batchSize = 500;

async function moveRows(db: Kysely<ServerDatabase>, move: CollectionMove): Promise<void> {
  const rows = await db
    .selectFrom('user_documents')
    .select(['owner_id', 'id', 'data', 'deleted'])
    .where('collection', '=', move.from)
    .orderBy('owner_id')
    .orderBy('server_time')
    .execute();
  const nextTime = new Map<string, number>();
  const converted = [];
  for (const row of rows) {
    const document = move.convert(JSON.parse(row.data) as Record<string, unknown>, 'synced');
    if (!document) continue;
    let time = nextTime.get(row.owner_id);
    if (time === undefined) {
      const latest = await db
        .selectFrom('user_documents')
        .select((eb) => eb.fn.max('server_time').as('latest'))
        .where('owner_id', '=', row.owner_id)
        .where('collection', '=', move.to)
        .executeTakeFirst();
      time = Math.max(Date.now(), Number(latest?.latest ?? 0) + 1);
    }
    nextTime.set(row.owner_id, time + 1);
    converted.push({
      owner_id: row.owner_id,
      collection: move.to,
      id: String(document.id),
      data: JSON.stringify(document),
      server_time: time,
      deleted: row.deleted,
    });
  }
  for (let start = 0; start < converted.length; start += batchSize) {
    await db
      .insertInto('user_documents')
      .values(converted.slice(start, start + batchSize))
      .onConflict((conflict) => conflict.columns(['owner_id', 'collection', 'id']).doNothing())
      .execute();
  }
  await db.deleteFrom('user_documents').where('collection', '=', move.from).execute();
}

/**
 * Runs every move of schemas/collections/moves.ts over the stored rows, in one transaction (the
 * Migrator holds one). Taking it down keeps the moved documents where they are: the app that
 * reads the old layout is gone, and nothing is lost by staying.
 */
export const collectionMovesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const move of collectionMoves) await moveRows(db as Kysely<ServerDatabase>, move);
  },
  async down() {},
};
