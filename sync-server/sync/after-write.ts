/**
 * What the server does after a push wrote documents, by the effect names collection
 * descriptors list (schemas/collections/descriptor.ts `afterWrite`). Each effect answers the
 * public catalogues it changed, so the push route tells their streams.
 */
import type { Kysely } from 'kysely';
import type { AfterWriteEffect } from '../../schemas/collections/descriptor.ts';
import type { PushRow } from '../../schemas/sync-protocol.ts';
import { recomputeCampgroundRatings } from '../storage/campground-ratings.ts';
import type { ServerDatabase } from '../storage/database.ts';

type Effect = (db: Kysely<ServerDatabase>, rows: readonly PushRow[]) => Promise<string[]>;

const effects: Record<AfterWriteEffect, Effect> = {
  /** A rider's review becomes the campground's rating for everyone. */
  async campgroundRatings(db, rows) {
    const campgroundIds = rows.map((row) => String(row.newDocumentState.campgroundId));
    return (await recomputeCampgroundRatings(db, campgroundIds)) > 0 ? ['campgrounds'] : [];
  },
};

/**
 * Runs `names` in order after a push wrote `rows`; resolves to the catalogues they changed.
 * Throws the database's error.
 */
export async function runAfterWriteEffects(
  db: Kysely<ServerDatabase>,
  names: readonly AfterWriteEffect[],
  rows: readonly PushRow[],
): Promise<string[]> {
  const changed: string[] = [];
  for (const name of names) changed.push(...(await effects[name](db, rows)));
  return changed;
}
