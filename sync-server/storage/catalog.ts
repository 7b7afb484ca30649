/**
 * Read access to the public catalogue collections (requirements §core-7: GET /api/trails,
 * /api/wmas, /api/achievements; campgrounds). Documents are returned as the JSON text
 * stored for them, so the routes can answer without parsing and re-serialising.
 */
import type { Kysely } from 'kysely';
import type { SeededCollection } from '../seed/seed-documents.ts';
import type { ServerDatabase } from './database.ts';

/**
 * The stored JSON of every live public document (owner_id null) of a collection, ordered by id.
 */
export async function listPublicDocuments(
  db: Kysely<ServerDatabase>,
  collection: SeededCollection,
): Promise<string[]> {
  const rows = await db
    .selectFrom('documents')
    .select('data')
    .where('collection', '=', collection)
    .where('owner_id', 'is', null)
    .where('deleted', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.data);
}

/** The stored JSON of one live public document, or null when there is none with that id. */
export async function getPublicDocument(
  db: Kysely<ServerDatabase>,
  collection: SeededCollection,
  id: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('documents')
    .select('data')
    .where('collection', '=', collection)
    .where('id', '=', id)
    .where('owner_id', 'is', null)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row?.data ?? null;
}

/** Live document count per collection (every owner), for GET /api/health. */
export async function countLiveDocuments(
  db: Kysely<ServerDatabase>,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('documents')
    .select(['collection', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('deleted', '=', 0)
    .groupBy('collection')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.collection, Number(row.count)]));
}
