/**
 * Keeping the photo store tidy: unfinished uploads idle for a week are discarded, and the photos
 * of riders who deleted their account are deleted once no document refers to them any more.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerDatabase } from '../storage/database.ts';
import {
  deletePhotoRecord,
  isReferencedAnywhere,
  photosOfDeletedAccounts,
} from './photo-records.ts';
import type { PhotoStore } from './photo-store.ts';

/** Unfinished uploads idle this long are discarded, ms: a week of no signal is plenty. */
export const abandonedUploadMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes the photos of riders who deleted their account once no document refers to them any
 * more (their own documents went with the account; another rider's document keeps a photo it
 * shows). The file goes first, then the record, so a crash between leaves nothing served.
 */
async function deletePhotosOfDeletedAccounts(
  db: Kysely<ServerDatabase>,
  store: PhotoStore,
): Promise<number> {
  let deleted = 0;
  for (const hash of await photosOfDeletedAccounts(db)) {
    if (await isReferencedAnywhere(db, hash)) continue;
    await store.delete(hash);
    await deletePhotoRecord(db, hash);
    deleted += 1;
  }
  return deleted;
}

/**
 * At start and then every day while the app runs: discards abandoned uploads and deletes the
 * photos of deleted accounts that nothing shows (the timer does not keep the process alive and
 * stops when the app closes). A failure is logged, never thrown.
 */
export function sweepPhotos(
  app: FastifyInstance,
  db: Kysely<ServerDatabase>,
  store: PhotoStore,
  now: () => number,
): void {
  const sweep = async () => {
    try {
      const abandoned = await store.discardUploadsIdleSince(now() - abandonedUploadMs);
      const removed = await deletePhotosOfDeletedAccounts(db, store);
      if (abandoned + removed > 0) {
        app.log.info(
          `discarded ${abandoned} abandoned photo uploads and ${removed} photos of deleted accounts`,
        );
      }
    } catch (error) {
      app.log.warn({ err: error }, 'could not sweep the photo store');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), 24 * 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
