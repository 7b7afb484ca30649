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
