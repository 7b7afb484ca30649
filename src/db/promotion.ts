/**
 * The device side of temp- id promotion (requirements §core-3, §core-4 "Offline"): swaps
 * a `temp-…` trip, trip plan or rider waypoint for its canonical copy and rewrites every reference
 * to it (track chunks, waypoints, the trip context's active plan and history). Each step is
 * idempotent and the temp document is removed last, so an app killed at any point finishes the
 * job on its next start by promoting the same temp id again (the server answers the same
 * canonical id).
 *
 * Waypoints are promoted like trips rather than given client ids the server accepts: the server
 * mints every rider id in one place, idempotently per (rider, collection, temp id), so a waypoint
 * pushed from a retried or crashed run can never become two server documents, and waypoints that
 * devices already hold with temp- ids are repaired by the same path.
 *
 * Every promotion is also remembered on the device (`promotedIdsDocumentId`, written before the
 * temp document goes) so a page or link still holding a temp- id can follow its document to the
 * server id.
 */
import { map, type Observable } from 'rxjs';
import { collectionDescriptors } from '../../schemas/collections/index.ts';
import { trackChunkId } from '../../schemas/track-chunks.ts';
import { tripContextKey } from '../../schemas/trip-context.ts';
import {
  isDocumentId,
  isTempId,
  tempIdPrefix,
  type PromotableCollection,
} from '../../schemas/sync-protocol.ts';
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';
import { queryStorage, type AnyStorageInstance } from './storage-query.ts';
import { localDocumentData } from './local-document-write.ts';

/** RxDB local document holding `{ ids: { [tempId]: serverId } }` of every promotion done here. */
export const promotedIdsDocumentId = 'promoted-ids';

interface PromotedIds {
  ids: Record<string, string>;
}

/** The first string after every `temp-…` id: the prefix with its last character incremented. */
const tempIdUpperBound =
  tempIdPrefix.slice(0, -1) +
  String.fromCharCode(tempIdPrefix.charCodeAt(tempIdPrefix.length - 1) + 1);

/** The collection of `collection` (promotable collections share every method promotion uses). */
function promotableCollection(db: AppDatabase, collection: PromotableCollection) {
  return db.collections[collection] as unknown as typeof db.tripPlans;
}

/**
 * Temp ids of `collection` ready for promotion, oldest first. Trips still being recorded wait:
 * the recorder keeps writing chunks under the temp id until the ride ends. Waypoints naming a
 * temp- trip wait for that trip's promotion, so the server never stores a dangling `tripId`.
 */
export async function listPromotableTempIds(
  db: AppDatabase,
  collection: PromotableCollection,
): Promise<string[]> {
  // Read from the storage rather than through `find()`: RxDB keeps that query cached and brings
  // it up to date by replaying every change since its last run, 10,000 events (~60 ms) after a
  // week of trips arrives. The id range is not an index range (no index of these collections
  // starts with the id, so RxDB's planner walks the (_deleted, updatedAt, id) index and tests
  // every stored document: about 16 ms per sync for 10,000 trips in the benchmark's profile).
  const { storageInstance } = promotableCollection(db, collection);
  // The selector names RxDB's own `_deleted` field: the query is over stored documents.
  const documents = await queryStorage<Record<string, unknown> & { id: string }>(
    storageInstance as AnyStorageInstance,
    {
      selector: { id: { $gte: tempIdPrefix, $lt: tempIdUpperBound }, _deleted: { $eq: false } },
    },
  );
  // Each descriptor says which of its documents must wait (schemas/collections/).
  const ready = collectionDescriptors[collection].promotion.ready;
  return documents
    .filter((document) => ready(document))
    .map((document) => document.id)
    .sort();
}

/**
 * The server id `tempId` was promoted to, live: null until the promotion is recorded (and
 * always for ids that are not temp- ids), then the server id.
 */
export function observePromotedId(db: AppDatabase, tempId: string): Observable<string | null> {
  return db
    .getLocal$<PromotedIds>(promotedIdsDocumentId)
    .pipe(
      map((document) =>
        isTempId(tempId) ? (localDocumentData(document)?.ids[tempId] ?? null) : null,
      ),
    );
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
    // The canonical id comes from the server: never store one the sync would then refuse.
    if (!isTempId(tempId) || isTempId(id) || !isDocumentId(id)) {
      throw new Error(`Cannot promote ${tempId} to ${id}: not a temp id and a canonical id.`);
    }
  }
  const target = promotableCollection(db, collection);
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
  // 5. The temp -> server id map, before the temp documents go, so no moment exists where a
  // page holding a temp id finds neither the document nor where it went.
  await modifyLocalDocument<PromotedIds>(db, promotedIdsDocumentId, (current) => ({
    ids: { ...current?.ids, ...Object.fromEntries(canonicalOf) },
  }));
  // 6. Last: the temp documents go, which marks their promotion done.
  await target.bulkRemove(tempIds);
}
