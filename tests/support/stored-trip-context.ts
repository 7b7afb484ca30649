/**
 * What the device's database holds as the trip context, read past the in-memory persister, so
 * tests can tell what was actually stored (and when) from what the app shows.
 */
import { map, type Observable } from 'rxjs';
import { tripContextKey, type TripContext } from '../../schemas/trip-context.ts';
import type { AppDatabase } from '../../src/db/database.ts';

/** The stored document, null when there is none; toJSON without RxDB's meta fields. */
export function observeStoredTripContext(db: AppDatabase): Observable<TripContext | null> {
  return db.tripContext
    .findOne(tripContextKey)
    .$.pipe(map((document) => (document ? (document.toJSON() as TripContext) : null)));
}

/** The stored trip context, or null when this device has none yet. */
export async function readTripContext(db: AppDatabase): Promise<TripContext | null> {
  const document = await db.tripContext.findOne(tripContextKey).exec();
  return document ? (document.toJSON() as TripContext) : null;
}
