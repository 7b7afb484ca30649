// The device's photo pipeline against the real server on a port, on both storage engines: four
// photos (and their thumbnails) of a report filed offline are queued on the device's photo
// store (fake-indexeddb); the app is killed mid-upload of the third photo, restarted and online:
// the upload continues where the server stopped and the server holds each photo once.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoReference } from '../../../schemas/photos.ts';
import { openPhotoDatabase, type PhotoDatabase } from '../../../src/db/photo-database.ts';
import { storePreparedPhotos, type PreparedImage } from '../../../src/photos/photo-store.ts';
import {
  createPhotoUploader,
  type PhotoUploadTransport,
} from '../../../src/photos/photo-uploader.ts';
import { pendingUploads, queuePhotoUploadsIn } from '../../../src/photos/upload-queue.ts';
import { createPhotoUploadProgressStore } from '../../../src/photos/upload-progress.ts';
import { readTable } from '../auth/auth-test-server.ts';
import { storageEngines } from '../server/test-server.ts';
import { startSyncServer, type RunningSyncServer } from '../sync/sync-client.ts';
import { jpegBytes, sha256Hex } from '../../support/photo-bytes.ts';

const chunkBytes = 64 * 1024;

function prepared(bytes: Uint8Array, width: number, height: number): PreparedImage {
  return {
    hash: sha256Hex(bytes),
    data: bytes.slice().buffer,
    type: 'image/jpeg',
    width,
    height,
  };
}

/** Four photos of about 200 KB with their thumbnails, as the photo worker would hand them over. */
function fourPhotos() {
  return Array.from({ length: 4 }, () => ({
    full: prepared(jpegBytes(1600, 1200, 200_000), 1600, 1200),
    thumbnail: prepared(jpegBytes(320, 240, 8_000), 320, 240),
  }));
}

/** Every PUT's path and Content-Range, for the assertions. */
interface SentChunk {
  hash: string;
  contentRange: string;
}

/**
 * A transport to the test server with `token`. `killAt` makes the "app" die when a chunk of that
 * hash is about to be sent for the `killAt.chunk`-th time: the request never leaves, and the
 * flush fails as a killed process's would stop.
 */
function transportTo(
  server: RunningSyncServer,
  token: string,
  sent: SentChunk[],
  killAt?: { hash: string; chunk: number },
): PhotoUploadTransport {
  let chunksOfKilledHash = 0;
  return {
    async send(method, path, chunk) {
      const hash = path.split('/')[3]!;
      if (chunk) {
        if (killAt && hash === killAt.hash && ++chunksOfKilledHash === killAt.chunk) {
          throw new Error('the app was killed');
        }
        sent.push({ hash, contentRange: chunk.contentRange });
      }
      return fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(chunk
            ? {
                'content-type': 'application/octet-stream',
                'content-range': chunk.contentRange,
              }
            : {}),
        },
        ...(chunk ? { body: chunk.bytes as Uint8Array<ArrayBuffer> } : {}),
      });
    },
  };
}

describe.each(storageEngines)('photo uploads from the device on %s', (engine) => {
  let server: RunningSyncServer;
  let token: string;
  let databaseNumber = 0;
  const photosDir = () => join(server.server.workspace.root, 'db', 'photos');
  const newDeviceName = () => `photos-device-${engine}-${(databaseNumber += 1)}`;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    token = (await server.signIn('Ridge')).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function queueFourPhotos(database: PhotoDatabase): Promise<PhotoReference[]> {
    const references = await storePreparedPhotos(database, fourPhotos());
    await queuePhotoUploadsIn(database, references, { collection: 'trailReports', id: 'temp-1' });
    return references;
  }

  it('killed mid-upload of the third photo, restarted and online: the server holds each photo once', async () => {
    const name = newDeviceName();
    let device = openPhotoDatabase(name);
    const references = await queueFourPhotos(device);
    const hashes = references.flatMap((reference) => [reference.thumbnailHash, reference.hash]);
    const sent: SentChunk[] = [];

    const killed = createPhotoUploader({
      database: device,
      transport: transportTo(server, token, sent, { hash: references[2]!.hash, chunk: 3 }),
      chunkBytes,
    });
    await expect(killed.flush()).rejects.toThrow('the app was killed');
    device.close();

    // Restarted: the queue is read back from IndexedDB.
    device = openPhotoDatabase(name);
    const waiting = await pendingUploads(device);
    expect(waiting.map((upload) => upload.hash)).toEqual(hashes.slice(5));
    const sentBeforeRestart = sent.length;
    const progress = createPhotoUploadProgressStore();
    const restarted = createPhotoUploader({
      database: device,
      transport: transportTo(server, token, sent),
      chunkBytes,
      progress,
    });
    expect(await restarted.flush()).toBe('done');

    // The third photo continued at byte 2 × 64 KiB, where the server had stopped.
    const resumed = sent.slice(sentBeforeRestart).find((chunk) => chunk.hash === hashes[5]);
    expect(resumed?.contentRange).toMatch(new RegExp(`^bytes ${2 * chunkBytes}-`));
    expect(await pendingUploads(device)).toEqual([]);
    expect(progress.getSnapshot()).toMatchObject({ pendingCount: 0, uploading: false });

    const stored = (await readTable(server.server.workspace, 'photos')).map((row) => row.hash);
    for (const hash of hashes)
      expect(stored.filter((storedHash) => storedHash === hash)).toHaveLength(1);
    const files = readdirSync(photosDir(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    for (const hash of hashes) expect(files.filter((file) => file === hash)).toHaveLength(1);
    expect(files.filter((file) => file.endsWith('.part'))).toEqual([]);
    // The device keeps its photos (they show in the report, offline too).
    expect(await device.photos.count()).toBe(8);
    device.close();
  });

  it('queued twice on two devices, each photo is sent and stored once', async () => {
    const photos = fourPhotos();
    const devices = [openPhotoDatabase(newDeviceName()), openPhotoDatabase(newDeviceName())];
    const sent: SentChunk[] = [];
    for (const device of devices) {
      const references = await storePreparedPhotos(device, photos);
      await queuePhotoUploadsIn(device, references, { collection: 'trailReports', id: 'temp-2' });
      await queuePhotoUploadsIn(device, references, { collection: 'trailReports', id: 'temp-2' });
      expect(await pendingUploads(device)).toHaveLength(8);
    }
    for (const device of devices) {
      const uploader = createPhotoUploader({
        database: device,
        transport: transportTo(server, token, sent),
        chunkBytes,
      });
      expect(await uploader.flush()).toBe('done');
      device.close();
    }
    const bytesSent = new Map<string, number>();
    for (const chunk of sent) {
      const [, start, end] = /bytes (\d+)-(\d+)/.exec(chunk.contentRange)!.map(Number);
      bytesSent.set(chunk.hash, (bytesSent.get(chunk.hash) ?? 0) + end! - start! + 1);
    }
    for (const { full, thumbnail } of photos) {
      expect(bytesSent.get(full.hash)).toBe(full.data.byteLength);
      expect(bytesSent.get(thumbnail.hash)).toBe(thumbnail.data.byteLength);
    }
  });

  it('offline, keeps the whole queue and says why nothing was sent', async () => {
    const device = openPhotoDatabase(newDeviceName());
    await queueFourPhotos(device);
    const progress = createPhotoUploadProgressStore();
    const uploader = createPhotoUploader({
      database: device,
      transport: {
        send: () => Promise.reject(new TypeError('fetch failed')),
      },
      progress,
    });
    expect(await uploader.flush()).toBe('offline');
    expect(await pendingUploads(device)).toHaveLength(8);
    expect(progress.getSnapshot()).toMatchObject({
      pendingCount: 8,
      uploading: false,
      lastError: expect.stringMatching(/online/),
    });
    device.close();
  });

  it('marks a photo the server refuses for good and sends the others', async () => {
    const device = openPhotoDatabase(newDeviceName());
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const good = fourPhotos()[0]!;
    const references = await storePreparedPhotos(device, [
      { full: prepared(png, 64, 48), thumbnail: good.thumbnail },
    ]);
    await queuePhotoUploadsIn(device, references, { collection: 'trailReports', id: 'temp-3' });
    const uploader = createPhotoUploader({
      database: device,
      transport: transportTo(server, token, []),
    });
    expect(await uploader.flush()).toBe('done');
    const left = await device.uploads.toArray();
    expect(left).toEqual([
      expect.objectContaining({ hash: sha256Hex(png), refusal: expect.stringMatching(/PNG/) }),
    ]);
    expect(
      existsSync(join(photosDir(), good.thumbnail.hash.slice(0, 2), good.thumbnail.hash)),
    ).toBe(true);
    device.close();
  });
});
