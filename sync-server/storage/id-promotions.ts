/**
 * Canonical ids for temp- ids (requirements §core-3 "Trip", "Trip plan"; §core-4 "Offline").
 * Promotion is idempotent per (owner, collection, temp id): the first request mints a random
 * UUID, every later one (a retry after a lost answer, a reloaded app finishing the job) gets the
 * same id back, so a temp document can never become two server documents.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PromotableCollection } from '../../schemas/sync-protocol.ts';
import type { DatabaseKind, ServerDatabase } from './database.ts';
import { lockOwnerCollection } from './sync-lock.ts';

/**
 * The canonical id of each of `tempIds` (same order), minting the missing ones in one
 * transaction. Throws only on database failure, in which case nothing was minted.
 */
export async function promoteTempIds(
  db: Kysely<ServerDatabase>,
  kind: DatabaseKind,
  ownerId: string,
  collection: PromotableCollection,
  tempIds: string[],
  now: number = Date.now(),
): Promise<{ tempId: string; id: string }[]> {
  return db.transaction().execute(async (transaction) => {
    // Two devices (or tabs) of one rider promoting at once must not both mint for one temp id.
    await lockOwnerCollection(transaction, kind, ownerId, `promotions/${collection}`);
    const known = await transaction
      .selectFrom('id_promotions')
      .select(['temp_id', 'canonical_id'])
      .where('owner_id', '=', ownerId)
      .where('collection', '=', collection)
      .where('temp_id', 'in', tempIds)
      .execute();
    const canonical = new Map(known.map((row) => [row.temp_id, row.canonical_id]));
    const minted = [...new Set(tempIds)]
      .filter((tempId) => !canonical.has(tempId))
      .map((tempId) => ({ tempId, id: randomUUID() }));
    if (minted.length > 0) {
      await transaction
        .insertInto('id_promotions')
        .values(
          minted.map(({ tempId, id }) => ({
            owner_id: ownerId,
            collection,
            temp_id: tempId,
            canonical_id: id,
            created_at: now,
          })),
        )
        .execute();
      for (const { tempId, id } of minted) canonical.set(tempId, id);
    }
    return tempIds.map((tempId) => ({ tempId, id: canonical.get(tempId)! }));
  });
}

/**
 * For a daily limit of new documents: how many of `tempIds` were promoted before (`known`: a
 * retry mints nothing new) and how many ids `ownerId` had minted in `collection` since `since`
 * (epoch ms).
 */
export async function countPromotionsSince(
  db: Kysely<ServerDatabase>,
  ownerId: string,
  collection: string,
  tempIds: readonly string[],
  since: number,
): Promise<{ known: number; lastDay: number }> {
  const known = await db
    .selectFrom('id_promotions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .where('collection', '=', collection)
    .where('temp_id', 'in', [...new Set(tempIds)])
    .executeTakeFirst();
  const lastDay = await db
    .selectFrom('id_promotions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .where('collection', '=', collection)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return { known: Number(known?.count ?? 0), lastDay: Number(lastDay?.count ?? 0) };
}

/**
 * The ids among `ids` the server never minted for `ownerId` in `collection` and that name no
 * stored document: new documents that skipped promotion. (An id of another rider's document is
 * left to the push's foreign-id check, which answers 403.)
 */
export async function unpromotedIds(
  db: Kysely<ServerDatabase>,
  ownerId: string,
  collection: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const minted = await db
    .selectFrom('id_promotions')
    .select('canonical_id')
    .where('owner_id', '=', ownerId)
    .where('collection', '=', collection)
    .where('canonical_id', 'in', [...ids])
    .execute();
  const known = new Set(minted.map((row) => row.canonical_id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return [];
  const stored = await db
    .selectFrom('user_documents')
    .select('id')
    .where('collection', '=', collection)
    .where('id', 'in', unknown)
    .execute();
  const storedIds = new Set(stored.map((row) => row.id));
  return unknown.filter((id) => !storedIds.has(id));
}
