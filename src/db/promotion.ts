/**
 * The device side of temp- id promotion (core-platform §3, §4 "Offline"; issue 4): swaps a
 * `temp-…` trip or trip plan for its canonical copy and rewrites every reference to it (track
 * chunks, waypoints, the trip context's active plan and history). Each step is idempotent and
 * the temp document is removed last, so an app killed at any point finishes the job on its next
 * start by promoting the same temp id again (the server answers the same canonical id).
 */
import { trackChunkId } from '../../schemas/track-chunks.ts';
import { tripContextKey } from '../../schemas/trip-context.ts';
import { isTempId, type PromotableCollection } from '../../schemas/sync-protocol.ts';
import type { AppDatabase } from './database.ts';

/**
 * Temp ids of `collection` ready for promotion, oldest first. Trips still being recorded wait:
 * the recorder keeps writing chunks under the temp id until the ride ends.
 */
export async function listPromotableTempIds(
  db: AppDatabase,
  collection: PromotableCollection,
): Promise<string[]> {
  const documents =
    collection === 'trips'
      ? await db.trips.find({ selector: { id: { $regex: '^temp-' } } }).exec()
      : await db.tripPlans.find({ selector: { id: { $regex: '^temp-' } } }).exec();
  return documents
    .filter(
      (document) =>
        collection !== 'trips' ||
        (document.toJSON() as { recordingState?: string }).recordingState === 'finished',
    )
    .map((document) => document.id)
    .sort();
}

/** Replaces `from` with `to` wherever it appears as an `id`, `planId` or `tripPlanId` value. */
function rewriteIds(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteIds(item, from, to));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      (key === 'id' || key === 'planId' || key === 'tripPlanId' || key === 'tripId') &&
      item === from
        ? [key, to]
        : [key, rewriteIds(item, from, to)],
    ),
  );
}

/**
 * Finishes the promotion of each `{tempId, id}` of `collection` on this device, in bulk. Safe to
 * run again after a crash at any step; temp documents already gone are skipped.
 * Throws the database's error (quota, closed database); what was done stays done.
 */
export async function applyPromotions(
  db: AppDatabase,
  collection: PromotableCollection,
  promotions: readonly { tempId: string; id: string }[],
): Promise<void> {
  for (const { tempId, id } of promotions) {
    if (!isTempId(tempId) || isTempId(id)) {
      throw new Error(`Cannot promote ${tempId} to ${id}: not a temp id and a canonical id.`);
    }
  }
  const target = (collection === 'trips'
    ? db.trips
    : db.tripPlans) as unknown as typeof db.tripPlans;
  const temps = await target.findByIds(promotions.map((promotion) => promotion.tempId)).exec();
  const pending = promotions.filter((promotion) => temps.has(promotion.tempId));
  if (pending.length === 0) return;
  const canonicalOf = new Map(pending.map((promotion) => [promotion.tempId, promotion.id]));

  // 1. The canonical copies (those a previous run already wrote are kept).
  const existing = await target.findByIds(pending.map((promotion) => promotion.id)).exec();
  const copies = pending
    .filter((promotion) => !existing.has(promotion.id))
    .map((promotion) => ({ ...temps.get(promotion.tempId)!.toMutableJSON(), id: promotion.id }));
  if (copies.length > 0) await target.bulkInsert(copies);

  const tempIds = [...canonicalOf.keys()];
  if (collection === 'trips') {
    // 2. Track chunks move to ids under the canonical trip.
    const chunks = await db.trackChunks.find({ selector: { tripId: { $in: tempIds } } }).exec();
    if (chunks.length > 0) {
      await db.trackChunks.bulkUpsert(
        chunks.map((chunk) => {
          const tripId = canonicalOf.get(chunk.tripId)!;
          return {
            ...chunk.toMutableJSON(),
            id: trackChunkId(tripId, chunk.sequence),
            tripId,
          };
        }),
      );
      await db.trackChunks.bulkRemove(chunks.map((chunk) => chunk.id));
    }
  }
  // 3. Waypoints dropped on a trip.
  const waypoints = await db.waypoints.find({ selector: { tripId: { $in: tempIds } } }).exec();
  for (const waypoint of waypoints) {
    await waypoint.incrementalPatch({ tripId: canonicalOf.get(waypoint.tripId!)! });
  }
  // 4. The trip context's active plan and history.
  const context = await db.tripContext.findOne(tripContextKey).exec();
  if (context) {
    const current = context.toMutableJSON() as Record<string, unknown>;
    let rewritten: Record<string, unknown> = current;
    for (const [tempId, id] of canonicalOf) {
      rewritten = rewriteIds(rewritten, tempId, id) as Record<string, unknown>;
    }
    if (JSON.stringify(rewritten) !== JSON.stringify(current)) {
      await context.incrementalModify((stored) => ({
        ...stored,
        activeTripPlan: rewritten.activeTripPlan as typeof stored.activeTripPlan,
        tripPlannerHistory: rewritten.tripPlannerHistory as typeof stored.tripPlannerHistory,
        navigationContext: rewritten.navigationContext as typeof stored.navigationContext,
        currentRecommendations:
          rewritten.currentRecommendations as typeof stored.currentRecommendations,
      }));
    }
  }
  // 5. Last: the temp documents go, which marks their promotion done.
  await target.bulkRemove(tempIds);
}
