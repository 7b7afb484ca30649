// A rider's account deleted from one device, seen by their other device on SQLite: the second
// device's sync engine, at its next contact, gets 410 `account-deleted`, stops, removes every
// document of that rider (trips with their track chunks, plans, records, the rider's local
// documents such as saved trails) and tells the app, while the public catalogue and the device's
// own settings stay.
import { appPhotoDatabase } from '../../../src/db/photo-database.ts';
import { storePreparedPhotos } from '../../../src/photos/photo-store.ts';
import { queuePhotoUploadsIn } from '../../../src/photos/upload-queue.ts';
import { jpegBytes, sha256Hex } from '../../support/photo-bytes.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDeletionPath } from '../../../schemas/account-deletion.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { toggleSavedTrail } from '../../../src/db/saved-trails.ts';
import { readLocalSetting, writeLocalSetting } from '../../../src/db/settings.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { routeSuiteEngines } from '../server/test-server.ts';
import { makeTrackChunk, makeTrip, makeTripPlan } from './sync-fixtures.ts';
import { createTestTransport } from './test-transport.ts';

describe.each(routeSuiteEngines)('a deleted account on another device, %s', (engine) => {
  let server: AuthTestApp;
  let baseUrl: string;
  let database: AppDatabase | null = null;
  let running: SyncEngine | null = null;
  const name = `account-deletion-${engine}-${process.pid}-${Date.now().toString(36)}`;

  beforeEach(async () => {
    server = await buildAuthTestApp({ accessTokenTtlSeconds: 3600 }, {}, engine);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(async () => {
    await running?.stop();
    await database?.remove();
    await server.close();
  });

  it("clears the rider's data at the next contact and signs out, keeping the catalogue and settings", async () => {
    await registerUser(server.app, 'Ridge');
    const phone = await login(server.app, 'Ridge');
    const laptop = await login(server.app, 'Ridge');
    const ridgeId = phone.user.id;
    database = await createAppDatabase({ name, devMode: true });
    const db = database;

    await db.trips.insert(makeTrip('trip-ridge-1', { userId: ridgeId }));
    await db.trackChunks.bulkInsert([
      makeTrackChunk('trip-ridge-1', 0),
      makeTrackChunk('trip-ridge-1', 1),
    ]);
    await db.tripPlans.insert(makeTripPlan('plan-ridge-1', { userId: ridgeId }));
    await toggleSavedTrail(db, 'brock-creek-ohv-trail');
    await writeLocalSetting(db, 'theme', 'dark');
    // A photo taken for a report, still waiting to be sent.
    const photoBytes = jpegBytes(1600, 1200, 1000);
    const thumbnailBytes = jpegBytes(320, 240, 500);
    const image = (bytes: Uint8Array, width: number, height: number) => ({
      hash: sha256Hex(bytes),
      data: bytes.slice().buffer,
      type: 'image/jpeg' as const,
      width,
      height,
    });
    const photos = await storePreparedPhotos(appPhotoDatabase(), [
      { full: image(photoBytes, 1600, 1200), thumbnail: image(thumbnailBytes, 320, 240) },
    ]);
    await queuePhotoUploadsIn(appPhotoDatabase(), photos, {
      collection: 'trailReports',
      id: 'temp-1',
    });

    const first = startSyncEngine({
      db,
      transport: createTestTransport(baseUrl, phone.accessToken),
      userId: ridgeId,
      serverIdentity: baseUrl,
    });
    running = first;
    await first.awaitInSync();
    await first.stop();
    running = null;
    const trailsBefore = await db.trails.count().exec();
    expect(trailsBefore).toBeGreaterThan(0);

    // Deleted from the laptop.
    const deleted = await server.app.inject({
      method: 'POST',
      url: accountDeletionPath,
      headers: { authorization: `Bearer ${laptop.accessToken}` },
      payload: { password: 'correct horse battery', requestId: crypto.randomUUID() },
    });
    expect(deleted.statusCode).toBe(200);

    // The phone's next contact, its access token still valid.
    let told = 0;
    running = startSyncEngine({
      db,
      transport: createTestTransport(baseUrl, phone.accessToken),
      userId: ridgeId,
      serverIdentity: baseUrl,
      onAccountDeleted: () => {
        told += 1;
      },
    });
    await expect.poll(() => told, { timeout: 15_000 }).toBe(1);

    expect(await db.trips.count().exec()).toBe(0);
    expect(await db.trackChunks.count().exec()).toBe(0);
    expect(await db.tripPlans.count().exec()).toBe(0);
    expect(await db.getLocal('saved-trails')).toBeNull();
    expect(await db.trails.count().exec()).toBe(trailsBefore);
    expect(await readLocalSetting(db, 'theme', 'light')).toBe('dark');
    expect(await appPhotoDatabase().photos.count()).toBe(0);
    expect(await appPhotoDatabase().uploads.count()).toBe(0);
    // Not even the removed documents' tombstones keep their data.
    const stored = await db.trips.storageInstance.findDocumentsById(['trip-ridge-1'], true);
    expect(stored).toEqual([]);
  });
});
