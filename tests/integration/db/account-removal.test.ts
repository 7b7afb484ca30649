// Removing a deleted account from the device on fake-indexeddb. The removal can start twice at
// once on a device that deleted the account itself: the deletion dialog clears the device after
// the server's answer while the sync engine, answered 410 `account-deleted` on its next request,
// clears it too. Both must finish with every document of the rider gone and nobody else's touched.
// When the removal fails after the server deleted the account, the dialog says it was deleted.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import { removeAccountFromDevice } from '../../../src/db/account-data.ts';
import { deleteAccount, DeviceCopyNotClearedError } from '../../../src/me/account-deletion-flow.ts';
import { openPhotoDatabase, type PhotoDatabase } from '../../../src/db/photo-database.ts';
import { storePreparedPhotos } from '../../../src/photos/photo-store.ts';
import { jpegBytes, sha256Hex } from '../../support/photo-bytes.ts';
import { LOCAL_USER_ID } from '../../../schemas/identity.ts';
import { makeTrackChunk, makeTrip, makeTripPlan } from '../sync/sync-fixtures.ts';
import { openTestDatabase, riderWaypoint } from './fixtures.ts';

const rider = 'rider-deleted';
const other = 'rider-kept';

describe('removing a deleted account from the device', () => {
  let db: AppDatabase | null = null;
  let photos: PhotoDatabase | null = null;
  afterEach(async () => {
    await db?.remove();
    db = null;
    await photos?.delete();
    photos = null;
  });

  async function seed(database: AppDatabase): Promise<void> {
    const trips = Array.from({ length: 450 }, (_, index) =>
      makeTrip(`trip-${index}`, { userId: rider, name: `Ride ${index}` }),
    );
    // An import not yet synced: the server gives it its owner when it is pushed.
    const unsynced = makeTrip('temp-import', { userId: LOCAL_USER_ID, name: 'Imported track' });
    await database.trips.bulkInsert([...trips, unsynced, makeTrip('trip-kept', { userId: other })]);
    await database.trackChunks.bulkInsert([
      ...trips.slice(0, 50).map((trip) => makeTrackChunk(trip.id, 0)),
      makeTrackChunk('temp-import', 0),
      makeTrackChunk('trip-kept', 0),
    ]);
    await database.waypoints.insert(riderWaypoint('wp-1', rider, { tripId: 'trip-1' }));
    await database.tripPlans.bulkInsert([
      makeTripPlan('plan-1', { userId: rider }),
      makeTripPlan('plan-kept', { userId: other }),
    ]);
  }

  it('finishes both removals started at once, leaving only the other rider’s documents, not the device’s unsynced ones', async () => {
    db = await openTestDatabase();
    photos = openPhotoDatabase(`photos-${crypto.randomUUID()}`);
    await seed(db);
    const bytes = jpegBytes(1200, 900, 2000);
    const image = {
      hash: sha256Hex(bytes),
      data: bytes.slice().buffer,
      type: 'image/jpeg' as const,
      width: 1200,
      height: 900,
    };
    await storePreparedPhotos(photos, [{ full: image, thumbnail: image }]);

    const [first, second] = await Promise.all([
      removeAccountFromDevice(db, rider, photos),
      removeAccountFromDevice(db, rider, photos),
    ]);

    // 451 trips, 51 track chunks, a waypoint and a plan: removed once, whichever call did it.
    expect(first + second).toBeGreaterThanOrEqual(504);
    expect((await db.trips.find().exec()).map((trip) => trip.id)).toEqual(['trip-kept']);
    expect((await db.trackChunks.find().exec()).map((chunk) => chunk.tripId)).toEqual([
      'trip-kept',
    ]);
    expect(await db.waypoints.count().exec()).toBe(0);
    expect((await db.tripPlans.find().exec()).map((plan) => plan.id)).toEqual(['plan-kept']);
    expect(await photos.photos.count()).toBe(0);
  });
});

describe('the deletion dialog’s request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the account was deleted when only this device’s copy could not be removed', async () => {
    const database = await openTestDatabase();
    await database.trips.insert(makeTrip('trip-1', { userId: rider }));
    let deletedOnServer = false;
    // The server deletes the account; meanwhile the device's database closes (the app was
    // shutting down), so removing its copy fails.
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      const { requestId } = JSON.parse(String(init.body)) as { requestId: string };
      deletedOnServer = true;
      await database.close();
      return Response.json({ status: 'deleted', requestId, deletedAt: Date.now() });
    });
    let signedOut = false;

    const failure = await deleteAccount({
      db: database,
      userId: rider,
      password: 'correct horse battery',
      online: true,
      onDeleted: () => {
        signedOut = true;
      },
      onFailed: () => undefined,
    }).catch((error: unknown) => error);

    expect(deletedOnServer).toBe(true);
    expect(failure).toBeInstanceOf(DeviceCopyNotClearedError);
    expect((failure as Error).message).toMatch(
      /^Your account was deleted, but this device could not remove its copy of your data yet \(.+\)\. It tries again the next time it syncs\.$/,
    );
    // Still signed in, so the sync engine can clear the copy at its next contact.
    expect(signedOut).toBe(false);
  });
});
