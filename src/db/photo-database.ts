/**
 * The device's photo store: a small IndexedDB database of its own (through Dexie, not an RxDB
 * collection: photos are bytes, not synced documents), keyed by the SHA-256 of each image, with
 * the queue of uploads still to send. Photos a rider took wait here until the server has them;
 * photos seen from the server are kept here once viewed, so they show offline.
 */
import { Dexie, type Table } from 'dexie';
import type { PhotoType } from '../../schemas/photos.ts';

/** One image on the device (a full photo or a thumbnail). Sizes in px (0 when fetched from the server, which does not say) and bytes. */
export interface StoredPhoto {
  /** SHA-256 of `data`, lower-case hex. */
  hash: string;
  /** The encoded image (an ArrayBuffer: storable in every browser's IndexedDB, Blobs are not). */
  data: ArrayBuffer;
  type: PhotoType;
  width: number;
  height: number;
  /** For a thumbnail, the hash of its full photo; null for a full photo. */
  thumbnailOf: string | null;
  /** 'device': prepared here (kept until sent at least); 'server': fetched once viewed. */
  origin: 'device' | 'server';
  /** Epoch ms. */
  storedAt: number;
}

/** One image waiting to be sent to the server. */
export interface QueuedUpload {
  /** The image's hash: the upload's address (photo-uploader.ts). */
  hash: string;
  /** Size of the image, bytes. */
  totalBytes: number;
  /** The document the photo belongs to, e.g. `{ collection: 'trailReports', id: 'temp-…' }`. */
  ownerDocument: { collection: string; id: string };
  /** Epoch ms; older uploads go first, thumbnails before their photos. */
  queuedAt: number;
  /** Why the server refused it for good (a 4xx other than 401, 409, 429), or null. */
  refusal: string | null;
}

/** The photo database's tables. */
export interface PhotoDatabase extends Dexie {
  photos: Table<StoredPhoto, string>;
  uploads: Table<QueuedUpload, string>;
}

/** The IndexedDB database's name. */
export const photoDatabaseName = 'nst-photos';

/**
 * Opens (creating it on first use) the photo database `name`. Dexie opens it lazily on the first
 * query; close it with `.close()`.
 */
export function openPhotoDatabase(name: string = photoDatabaseName): PhotoDatabase {
  const database = new Dexie(name) as PhotoDatabase;
  database.version(1).stores({ photos: 'hash, thumbnailOf', uploads: 'hash, queuedAt' });
  return database;
}

let appDatabase: PhotoDatabase | null = null;

/** The app's photo database, opened on first use. */
export function appPhotoDatabase(): PhotoDatabase {
  appDatabase ??= openPhotoDatabase();
  return appDatabase;
}
