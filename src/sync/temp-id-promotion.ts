/**
 * Promotes every finished temp- trip, trip plan and rider waypoint on the device (requirements
 * §core-4 "Offline"), collection by collection in `promotableCollections` order (a
 * trip before the waypoints naming it): asks the server for canonical ids in batches
 * (idempotent per rider and temp id), then swaps each document and its references
 * (src/db/promotion.ts). A lost answer or a crash
 * at any step is repaired by running this again: the server answers the same ids and every
 * local step is idempotent.
 */
import {
  promotableCollections,
  promotionPath,
  syncLimits,
  type PromotableCollection,
  type PromotionResponse,
} from '../../schemas/sync-protocol.ts';
import type { AppDatabase } from '../db/database.ts';
import { applyPromotions, listPromotableTempIds } from '../db/promotion.ts';
import type { SyncTransport } from './sync-transport.ts';

/**
 * Promotes what is ready in `collections` (default: every promotable collection of the app, in
 * promotion order; a database opened with fewer collections passes its own) and resolves to
 * the number of documents promoted. Throws the transport's error (network, HTTP) or the
 * database's; documents done before the error stay done, the rest are picked up by the next run.
 */
export async function promoteTempDocuments(
  db: AppDatabase,
  transport: SyncTransport,
  signal?: AbortSignal,
  collections: readonly PromotableCollection[] = promotableCollections,
): Promise<number> {
  let promoted = 0;
  for (const collection of collections) {
    const tempIds = await listPromotableTempIds(db, collection);
    for (let start = 0; start < tempIds.length; start += syncLimits.maxPromotionIds) {
      signal?.throwIfAborted();
      const batch = tempIds.slice(start, start + syncLimits.maxPromotionIds);
      const answer = await transport.request<PromotionResponse>(
        'POST',
        promotionPath,
        { collection, tempIds: batch },
        signal,
      );
      signal?.throwIfAborted();
      await applyPromotions(db, collection, answer.promotions);
      promoted += answer.promotions.length;
    }
  }
  return promoted;
}
