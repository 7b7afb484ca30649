/**
 * The rider's saved trails on this device: the local document 'saved-trails'
 * `{ trailIds, updatedAt }`, ids most recently saved first, no duplicates. Writes go through
 * RxDB's write queue so quick toggles in several components never lose one another.
 */
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';

/** Id of the local document holding the saved trail ids. */
export const savedTrailsDocumentId = 'saved-trails';

/** Stored shape of the saved trails; `updatedAt` in epoch ms. */
export interface SavedTrails {
  trailIds: string[];
  updatedAt: number;
}

async function modifySavedTrails(
  db: AppDatabase,
  change: (trailIds: string[]) => string[],
): Promise<string[]> {
  const written = await modifyLocalDocument<SavedTrails>(db, savedTrailsDocumentId, (current) => ({
    trailIds: change(current?.trailIds ?? []),
    updatedAt: Date.now(),
  }));
  return written.trailIds;
}

/**
 * Saves the trail if it is not saved, else unsaves it, in one atomic write.
 * Resolves to true when the trail is now saved.
 */
export async function toggleSavedTrail(db: AppDatabase, trailId: string): Promise<boolean> {
  const trailIds = await modifySavedTrails(db, (current) =>
    current.includes(trailId) ? current.filter((id) => id !== trailId) : [trailId, ...current],
  );
  return trailIds.includes(trailId);
}
