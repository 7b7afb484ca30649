/**
 * Writing and reading the device's photos (src/db/photo-database.ts): prepared photos are stored with
 * their thumbnails in one transaction, so a full storage loses nothing already stored and leaves
 * no photo without its thumbnail.
 */
import type { PhotoReference } from '../../schemas/photos.ts';
import type { PhotoDatabase, StoredPhoto } from '../db/photo-database.ts';

/** The device's storage is full: the photo was not stored; everything stored before is kept. */
export class PhotoStorageFullError extends Error {
  constructor() {
    super(
      'This device’s storage is full, so the photo was not saved. Everything saved before is kept. Free some space (remove a downloaded map region or other apps’ files) and add the photo again.',
    );
    this.name = 'PhotoStorageFullError';
  }
}

/** Whether `error` (or the error Dexie wraps) is the browser's quota error. */
export function isQuotaError(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object';) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (name === 'QuotaExceededError') return true;
    current = inner;
  }
  return false;
}

/** An image the worker prepared: its encoded bytes and what they are. */
export interface PreparedImage {
  hash: string;
  data: ArrayBuffer;
  type: StoredPhoto['type'];
  width: number;
  height: number;
}

/**
 * Stores each full photo with its thumbnail (one transaction for all) and returns their
 * references. Throws PhotoStorageFullError when the device's storage is full (nothing of this
 * call is stored; everything stored before stays).
 */
export async function storePreparedPhotos(
  database: PhotoDatabase,
  photos: readonly { full: PreparedImage; thumbnail: PreparedImage }[],
  now: number = Date.now(),
): Promise<PhotoReference[]> {
  const rows: StoredPhoto[] = photos.flatMap(({ full, thumbnail }) => [
    { ...full, thumbnailOf: null, origin: 'device', storedAt: now },
    { ...thumbnail, thumbnailOf: full.hash, origin: 'device', storedAt: now },
  ]);
  try {
    await database.transaction('rw', database.photos, () => database.photos.bulkPut(rows));
  } catch (error) {
    if (isQuotaError(error)) throw new PhotoStorageFullError();
    throw error;
  }
  return photos.map(({ full, thumbnail }) => ({
    hash: full.hash,
    thumbnailHash: thumbnail.hash,
    width: full.width,
    height: full.height,
    bytes: full.data.byteLength,
    type: full.type,
    hidden: false,
  }));
}

/** The stored image `hash`, or undefined. */
export function readStoredPhoto(
  database: PhotoDatabase,
  hash: string,
): Promise<StoredPhoto | undefined> {
  return database.photos.get(hash);
}

/**
 * Keeps an image fetched from the server (viewed once, so it shows offline). A full storage is
 * no error here: the image still shows this time, it is just not kept.
 */
export async function keepViewedPhoto(
  database: PhotoDatabase,
  photo: Omit<StoredPhoto, 'origin' | 'storedAt' | 'thumbnailOf'>,
  now: number = Date.now(),
): Promise<void> {
  try {
    await database.photos.put({ ...photo, thumbnailOf: null, origin: 'server', storedAt: now });
  } catch (error) {
    if (!isQuotaError(error)) throw error;
  }
}
