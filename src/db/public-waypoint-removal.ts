/**
 * A one-time data step: the Wildlife Management Areas used to be cached as public rows of
 * the rider's `waypoints` collection (ownerId null, category `wma`). They now live in their own
 * pulled catalogue `wmas`, so the old rows are removed from `waypoints`; the schema did not
 * change, so no RxDB version bump is involved. Riders' own waypoints always carry an owner
 * (the device's local user until the server sets the real one) and are never touched.
 */
import type { AppDatabase } from './database.ts';

/**
 * Removes every waypoint with no owner and category `wma` from this device; idempotent, so it
 * runs at every start and costs one query once nothing is left. Resolves to how many rows it
 * removed. Rejects with RxDB's error when the storage refuses the removal.
 */
export async function removePublicWmaWaypoints(db: AppDatabase): Promise<number> {
  const publicWmas = await db.waypoints
    .find({ selector: { ownerId: { $eq: null }, category: 'wma' } })
    .exec();
  if (publicWmas.length === 0) return 0;
  const result = await db.waypoints.bulkRemove(publicWmas.map((document) => document.primary));
  if (result.error.length > 0) {
    throw new Error(`${result.error.length} public WMA waypoints could not be removed`);
  }
  return result.success.length;
}
