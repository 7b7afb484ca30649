// The device's photo store on fake-indexeddb: prepared photos are stored with their thumbnails,
// and a full storage refuses new photos with a clear message while keeping every photo stored
// before (a browser's QuotaExceededError, raised here by a Dexie middleware on a second
// connection to the same database, as a full disk raises it in a real browser).
import type { DBCore } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openPhotoDatabase, type PhotoDatabase } from '../../../src/db/photo-database.ts';
import {
  PhotoStorageFullError,
  storePreparedPhotos,
  type PreparedImage,
} from '../../../src/photos/photo-store.ts';
import { pendingUploads, queuePhotoUploadsIn } from '../../../src/photos/upload-queue.ts';
import { jpegBytes, sha256Hex } from '../../support/photo-bytes.ts';

function prepared(width: number, height: number): PreparedImage {
  const bytes = jpegBytes(width, height, 1000);
  return { hash: sha256Hex(bytes), data: bytes.slice().buffer, type: 'image/jpeg', width, height };
}

const onePhoto = () => ({ full: prepared(1600, 1200), thumbnail: prepared(320, 240) });

/** The same database through a connection whose every write fails as a full disk's does. */
function openFullDisk(name: string): PhotoDatabase {
  const database = openPhotoDatabase(name);
  database.use({
    stack: 'dbcore',
    name: 'full-disk',
    create: (down: DBCore) => ({
      ...down,
      table: (tableName: string) => ({
        ...down.table(tableName),
        mutate: () =>
          Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
      }),
    }),
  });
  return database;
}

describe('the device photo store', () => {
  const opened: PhotoDatabase[] = [];
  const open = (database: PhotoDatabase) => (opened.push(database), database);
  afterEach(() => {
    opened.splice(0).forEach((database) => database.close());
  });

  it('stores a photo with its thumbnail and answers the reference a document carries', async () => {
    const database = open(openPhotoDatabase('photo-store-references'));
    const photo = onePhoto();
    const [reference] = await storePreparedPhotos(database, [photo]);
    expect(reference).toEqual({
      hash: photo.full.hash,
      thumbnailHash: photo.thumbnail.hash,
      width: 1600,
      height: 1200,
      bytes: photo.full.data.byteLength,
      type: 'image/jpeg',
      hidden: false,
    });
    expect(await database.photos.get(photo.thumbnail.hash)).toMatchObject({
      thumbnailOf: photo.full.hash,
      origin: 'device',
    });
  });

  it('refuses new photos on a full storage with a clear message and loses nothing stored', async () => {
    const name = 'photo-store-full';
    const database = open(openPhotoDatabase(name));
    const [filed] = await storePreparedPhotos(database, [onePhoto()]);
    await queuePhotoUploadsIn(database, [filed!], { collection: 'trailReports', id: 'temp-1' });

    const full = open(openFullDisk(name));
    const attempt = storePreparedPhotos(full, [onePhoto(), onePhoto()]);
    await expect(attempt).rejects.toBeInstanceOf(PhotoStorageFullError);
    await expect(attempt).rejects.toThrow(/storage is full.*Everything saved before is kept/);

    expect(await database.photos.count()).toBe(2);
    expect(await database.photos.get(filed!.hash)).toBeDefined();
    expect((await pendingUploads(database)).map((upload) => upload.hash)).toEqual([
      filed!.thumbnailHash,
      filed!.hash,
    ]);
  });
});
