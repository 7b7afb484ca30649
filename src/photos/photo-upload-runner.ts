/**
 * Runs the photo uploader in the app while a rider is signed in: at start, when the device
 * comes back online, when photos are queued, and again after a failure (1 s doubling to 5 min;
 * after the day's limit, an hour later). Progress goes to the sync panel (upload-progress.ts).
 */
import { RawBody, sendAuthorized } from '../lib/http/request.ts';
import type { PhotoReference } from '../../schemas/photos.ts';
import { appPhotoDatabase, type PhotoDatabase } from '../db/photo-database.ts';
import {
  createPhotoUploader,
  type PhotoFlushOutcome,
  type PhotoUploader,
  type PhotoUploadTransport,
} from './photo-uploader.ts';
import { queuePhotoUploadsIn, type PhotoOwnerDocument } from './upload-queue.ts';
import { appPhotoUploadProgress, type PhotoUploadProgressStore } from './upload-progress.ts';

/** The app's transport: same-origin requests with the rider's bearer token. */
export const browserPhotoTransport: PhotoUploadTransport = {
  send: (method, path, chunk) =>
    sendAuthorized(
      method,
      path,
      chunk
        ? new RawBody(chunk.bytes, {
            'Content-Type': 'application/octet-stream',
            'Content-Range': chunk.contentRange,
          })
        : undefined,
    ),
};

const firstRetryMs = 1000;
const longestRetryMs = 5 * 60_000;
const dailyLimitRetryMs = 60 * 60_000;

export interface PhotoUploadRunnerOptions {
  database?: PhotoDatabase;
  transport?: PhotoUploadTransport;
  progress?: PhotoUploadProgressStore;
  /** Whether the device has a network (default `navigator.onLine`). */
  isOnline?: () => boolean;
}

let running: { uploader: PhotoUploader; kick(): void } | null = null;
let stopCurrent: (() => void) | null = null;

/**
 * Starts sending queued photos (the signed-in rider's session must be in place: the transport
 * sends their token) and returns the function that stops it. One runner at a time: starting
 * another stops the first.
 */
export function startPhotoUploads(options: PhotoUploadRunnerOptions = {}): () => void {
  stopCurrent?.();
  const progress = options.progress ?? appPhotoUploadProgress;
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const uploader = createPhotoUploader({
    database: options.database ?? appPhotoDatabase(),
    transport: options.transport ?? browserPhotoTransport,
    progress,
  });
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = firstRetryMs;

  const retryAfter = (delay: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(kick, delay);
  };
  const afterFlush = (outcome: PhotoFlushOutcome) => {
    if (stopped) return;
    if (outcome === 'done' || outcome === 'signed-out') {
      retryDelay = firstRetryMs;
      return;
    }
    if (outcome === 'daily-limit') return retryAfter(dailyLimitRetryMs);
    retryAfter(retryDelay);
    retryDelay = Math.min(retryDelay * 2, longestRetryMs);
  };
  function kick(): void {
    if (stopped) return;
    clearTimeout(retryTimer);
    if (!isOnline()) {
      void uploader.refreshProgress();
      return;
    }
    uploader.flush().then(afterFlush, () => afterFlush('server-error'));
  }
  const onOnline = () => {
    retryDelay = firstRetryMs;
    kick();
  };
  globalThis.addEventListener?.('online', onOnline);
  running = { uploader, kick };
  const stop = () => {
    stopped = true;
    clearTimeout(retryTimer);
    globalThis.removeEventListener?.('online', onOnline);
    if (running?.kick === kick) running = null;
    if (stopCurrent === stop) stopCurrent = null;
  };
  stopCurrent = stop;
  kick();
  return stop;
}

/**
 * Queues the upload of `references` (photos prepared on this device, with their thumbnails) for
 * the document `ownerDocument`, and sends them at once when a rider is signed in and online
 * (otherwise when they are). Resolves once the queue is stored on the device.
 */
export async function queuePhotoUploads(
  references: readonly PhotoReference[],
  ownerDocument: PhotoOwnerDocument,
): Promise<void> {
  await queuePhotoUploadsIn(appPhotoDatabase(), references, ownerDocument);
  if (running) running.kick();
}
