/**
 * Preparing picked or captured photos on the device, off the main thread: the photo worker
 * resizes and re-encodes them (prepare-image.ts), then they are stored on the device
 * (photo-store.ts). The references returned go into the document (schemas/photos.ts).
 */
import type { PhotoReference } from '../../schemas/photos.ts';
import { appPhotoDatabase, type PhotoDatabase } from '../db/photo-database.ts';
import { storePreparedPhotos, type PreparedImage } from './photo-store.ts';
import type { PhotoWorkerAnswer, PhotoWorkerRequest } from './photo-worker.ts';

/** A photo prepared and stored on the device: the reference its document carries. */
export type PreparedPhoto = PhotoReference;

/** The browser could not open a picked file as an image. */
export class PhotoNotReadableError extends Error {
  constructor(reason: string) {
    super(
      `This file could not be opened as a photo (${reason}). Pick a JPEG, HEIC, PNG or WebP photo.`,
    );
    this.name = 'PhotoNotReadableError';
  }
}

let worker: Worker | null = null;
let nextRequestId = 1;
const waiting = new Map<
  number,
  {
    resolve(prepared: { full: PreparedImage; thumbnail: PreparedImage }[]): void;
    reject(error: Error): void;
  }
>();

/** The photo worker, started on first use and kept for the next photos. */
function photoWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./photo-worker.ts', import.meta.url), {
    type: 'module',
    name: 'photos',
  });
  worker.onmessage = (event: MessageEvent<PhotoWorkerAnswer>) => {
    const answer = event.data;
    const request = waiting.get(answer.id);
    if (!request) return;
    waiting.delete(answer.id);
    if ('error' in answer) request.reject(new PhotoNotReadableError(answer.error));
    else request.resolve(answer.prepared);
  };
  worker.onerror = (event) => {
    for (const request of waiting.values()) request.reject(new Error(event.message));
    waiting.clear();
    worker = null;
  };
  return worker;
}

/** Resizes and re-encodes `images` in the photo worker. Throws PhotoNotReadableError. */
export function prepareInWorker(
  images: readonly Blob[],
): Promise<{ full: PreparedImage; thumbnail: PreparedImage }[]> {
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    photoWorker().postMessage({ id, images: [...images] } satisfies PhotoWorkerRequest);
  });
}

/**
 * Prepares `files` (picked or captured photos): each becomes a JPEG of at most 1,600 px on the
 * long side and a thumbnail of at most 320 px, without metadata, stored on the device
 * (`database`, default the app's photo database). Resolves to their references, in order.
 * Throws PhotoNotReadableError for a file that is no image, PhotoStorageFullError when the
 * device's storage is full (then none of `files` is stored, and nothing stored before is lost).
 */
export async function preparePhotos(
  files: readonly File[],
  database: PhotoDatabase = appPhotoDatabase(),
): Promise<PreparedPhoto[]> {
  if (files.length === 0) return [];
  return storePreparedPhotos(database, await prepareInWorker(files));
}
