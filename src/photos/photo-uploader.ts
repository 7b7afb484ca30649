/**
 * Sends the queued photos (upload-queue.ts) to the server in chunks, resumably
 * (sync-server/routes/photo-routes.ts): for each image it first asks how many bytes the server
 * holds and continues from there, so an upload cut by a lost signal or a killed app goes on where
 * it stopped, and an image the server already has completes at once. Photos are addressed by
 * their hash, so each is stored once on the server however often it is sent. Uploads do not
 * wait for their document's temp- id to be promoted: the server serves a photo only once a
 * visible document refers to it.
 */
import { photoUploadUrl } from '../../schemas/photos.ts';
import type { PhotoDatabase, QueuedUpload } from '../db/photo-database.ts';
import { pendingUploads, refusedUploads } from './upload-queue.ts';
import type { PhotoUploadProgressStore } from './upload-progress.ts';

/** How the uploader reaches the server; the app's adds the bearer token (photo-upload-runner.ts). */
export interface PhotoUploadTransport {
  /**
   * Sends one request to `path` (same origin) and resolves to the answer, whatever its status.
   * A PUT carries `chunk` as application/octet-stream with its Content-Range. Throws (a
   * TypeError, like fetch) when the network fails.
   */
  send(
    method: 'GET' | 'PUT',
    path: string,
    chunk?: { bytes: Uint8Array; contentRange: string },
  ): Promise<Response>;
}

/** Why a flush stopped before the queue was empty, or 'done'. */
export type PhotoFlushOutcome = 'done' | 'offline' | 'signed-out' | 'daily-limit' | 'server-error';

export interface PhotoUploaderOptions {
  database: PhotoDatabase;
  transport: PhotoUploadTransport;
  /** Bytes per request (default 1 MiB; the server takes up to a whole photo). */
  chunkBytes?: number;
  progress?: PhotoUploadProgressStore;
}

export interface PhotoUploader {
  /**
   * Sends every queued image, oldest first; resolves with 'done' once the queue is empty, or
   * with why it stopped (no network, signed out, the day's limit, a server error) — the queue
   * keeps the rest for the next flush. Calls made while one runs share it (it also sends what
   * was queued meanwhile). Rejects only on an unexpected error (the queue is kept).
   */
  flush(): Promise<PhotoFlushOutcome>;
  /** Re-reads the queue into the progress store. */
  refreshProgress(): Promise<void>;
}

/**
 * Default bytes per request: few enough requests to keep up with one whole-photo PUT, small
 * enough that a lost signal costs little (about 10 s of a slow 1 Mbit/s uplink).
 */
export const defaultPhotoChunkBytes = 1024 * 1024;

/** A stop of the whole flush: the queue stays as it is. */
class FlushStop extends Error {
  constructor(
    readonly outcome: Exclude<PhotoFlushOutcome, 'done'>,
    message: string,
  ) {
    super(message);
  }
}

/** The server's JSON answer (a status, or an error body with `message` and maybe `received`). */
async function answerOf(
  response: Response,
): Promise<Partial<{ received: number; complete: boolean; message: string }>> {
  try {
    return (await response.json()) as Partial<{
      received: number;
      complete: boolean;
      message: string;
    }>;
  } catch {
    return {};
  }
}

/** The stop for a non-OK answer that ends the flush, or null when only this image is refused. */
function stopFor(status: number, message: string | undefined): FlushStop | null {
  if (status === 401 || status === 410) {
    return new FlushStop('signed-out', 'Sign in to send your photos.');
  }
  if (status === 429) {
    return new FlushStop('daily-limit', message ?? 'Today’s photo limit is reached.');
  }
  if (status >= 500 || status === 408) {
    return new FlushStop('server-error', `The server could not take photos (${status}).`);
  }
  return null;
}

/** What sending one image needs. */
interface SendContext {
  database: PhotoDatabase;
  transport: PhotoUploadTransport;
  chunkBytes: number;
  /** Called with the bytes the server holds after each chunk (progress). */
  recordSent(upload: QueuedUpload, sentBytes: number): Promise<void>;
}

/**
 * Sends one image from where the server stopped; resolves once the server holds it, or once
 * the server refused it for good (marked on the queue). Throws FlushStop, or the transport's
 * error.
 */
async function sendImage(
  { database, transport, chunkBytes, recordSent }: SendContext,
  upload: QueuedUpload,
): Promise<void> {
  const photo = await database.photos.get(upload.hash);
  if (!photo) {
    await database.uploads.update(upload.hash, {
      refusal: 'The photo is no longer on this device.',
    });
    return;
  }
  const bytes = new Uint8Array(photo.data);
  const path = photoUploadUrl(upload.hash);
  const status = await transport.send('GET', path);
  let answer = await answerOf(status);
  if (!status.ok) {
    throw (
      stopFor(status.status, answer.message) ??
      new FlushStop('server-error', `The server answered ${status.status}.`)
    );
  }
  let offset = answer.received ?? 0;
  while (!answer.complete) {
    if (offset > 0) await recordSent(upload, offset);
    const end = Math.min(offset + chunkBytes, bytes.byteLength);
    const response = await transport.send('PUT', path, {
      bytes: bytes.subarray(offset, end),
      contentRange: `bytes ${offset}-${end - 1}/${bytes.byteLength}`,
    });
    answer = await answerOf(response);
    if (response.status === 409 && typeof answer.received === 'number') {
      offset = answer.received;
      continue;
    }
    if (!response.ok) {
      const stop = stopFor(response.status, answer.message);
      if (stop) throw stop;
      await database.uploads.update(upload.hash, {
        refusal: answer.message ?? `The server refused the photo (${response.status}).`,
      });
      return;
    }
    if (typeof answer.received === 'number') offset = answer.received;
    else if (!answer.complete) {
      // Not the upload route's answer (a captive portal's page, say): try again later.
      throw new FlushStop('server-error', 'The server’s answer was not understood.');
    }
  }
  await database.uploads.delete(upload.hash);
}

/** Creates an uploader over `options.database`'s queue. */
export function createPhotoUploader(options: PhotoUploaderOptions): PhotoUploader {
  const { database, transport, progress } = options;
  const chunkBytes = options.chunkBytes ?? defaultPhotoChunkBytes;
  let running: Promise<PhotoFlushOutcome> | null = null;

  async function refreshProgress(uploading = false): Promise<void> {
    if (!progress) return;
    const [pending, refused] = await Promise.all([
      pendingUploads(database),
      refusedUploads(database),
    ]);
    progress.update({
      pendingCount: pending.length,
      totalBytes: pending.reduce((sum, upload) => sum + upload.totalBytes, 0),
      pendingBytes: pending.reduce(
        (sum, upload) =>
          sum + upload.totalBytes - (current?.hash === upload.hash ? current.sentBytes : 0),
        0,
      ),
      refusedCount: refused.length,
      uploading,
    });
  }

  // Bytes sent of the image being sent, kept in memory: after a restart the server says where
  // to continue, so writing them to the device at every chunk would only slow the upload.
  let current: { hash: string; sentBytes: number } | null = null;
  async function recordSent(upload: QueuedUpload, sentBytes: number): Promise<void> {
    current = { hash: upload.hash, sentBytes };
    await refreshProgress(true);
  }

  async function run(): Promise<PhotoFlushOutcome> {
    try {
      // Until the queue is empty: photos queued meanwhile are sent in the same flush.
      for (;;) {
        const [next] = await pendingUploads(database);
        if (!next) return 'done';
        await refreshProgress(true);
        await sendImage({ database, transport, chunkBytes, recordSent }, next);
      }
    } catch (error) {
      if (error instanceof FlushStop) {
        progress?.update({ lastError: error.message });
        return error.outcome;
      }
      if (error instanceof TypeError) {
        progress?.update({
          lastError: 'No connection: photos are sent when the device is online.',
        });
        return 'offline';
      }
      throw error;
    } finally {
      await refreshProgress(false);
    }
  }

  return {
    flush() {
      running ??= run()
        .then((outcome) => {
          if (outcome === 'done') progress?.update({ lastError: null });
          return outcome;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    refreshProgress: () => refreshProgress(running !== null),
  };
}
