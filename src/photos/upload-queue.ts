/**
 * The queue of photos waiting for the server (src/db/photo-database.ts `uploads`): what a filed
 * document's photos add, and what the uploader takes, in order. Queued photos' bytes stay on the
 * device at least until the server holds them.
 */
import type { PhotoReference } from '../../schemas/photos.ts';
import type { PhotoDatabase, QueuedUpload } from '../db/photo-database.ts';

/** The document photos belong to (its collection and id; a temp- id is fine). */
export interface PhotoOwnerDocument {
  collection: string;
  id: string;
}

/**
 * Queues the upload of each photo and its thumbnail (thumbnails first, so other riders see
 * them soonest). A photo already queued keeps its place; a photo not stored on this device is
 * skipped (it came from the server). Resolves once the queue is stored.
 */
export async function queuePhotoUploadsIn(
  database: PhotoDatabase,
  references: readonly PhotoReference[],
  ownerDocument: PhotoOwnerDocument,
  now: number = Date.now(),
): Promise<void> {
  await database.transaction('rw', database.photos, database.uploads, async () => {
    const hashes = references.flatMap((reference) => [reference.thumbnailHash, reference.hash]);
    const stored = await database.photos.bulkGet(hashes);
    const queued = await database.uploads.bulkGet(hashes);
    const rows: QueuedUpload[] = [];
    hashes.forEach((hash, index) => {
      const photo = stored[index];
      if (!photo || queued[index]) return;
      rows.push({
        hash,
        totalBytes: photo.data.byteLength,
        ownerDocument: { collection: ownerDocument.collection, id: ownerDocument.id },
        // Consecutive times keep the order of `hashes` (thumbnail, photo, thumbnail, …).
        queuedAt: now + index / 1000,
        refusal: null,
      });
    });
    await database.uploads.bulkPut(rows);
  });
}

/** The uploads still to send (not refused), oldest first. */
export async function pendingUploads(database: PhotoDatabase): Promise<QueuedUpload[]> {
  const all = await database.uploads.orderBy('queuedAt').toArray();
  return all.filter((upload) => upload.refusal === null);
}

/** The uploads the server refused for good, oldest first, with the server's reason. */
export async function refusedUploads(database: PhotoDatabase): Promise<QueuedUpload[]> {
  const all = await database.uploads.orderBy('queuedAt').toArray();
  return all.filter((upload) => upload.refusal !== null);
}
