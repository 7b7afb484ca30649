// Removing a deleted account from the device on fake-indexeddb. The removal can start twice at
// once on a device that deleted the account itself: the deletion dialog clears the device after
// the server's answer while the sync engine, answered 410 `account-deleted` on its next request,
// clears it too. Both must finish with every document of the rider gone and nobody else's touched.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import { removeAccountFromDevice } from '../../../src/db/account-data.ts';
import { openPhotoDatabase, type PhotoDatabase } from '../../../src/db/photo-database.ts';
import { storePreparedPhotos } from '../../../src/photos/photo-store.ts';
import { jpegBytes, sha256Hex } from '../../support/photo-bytes.ts';
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
    await database.trips.bulkInsert([...trips, makeTrip('trip-kept', { userId: other })]);
    await database.trackChunks.bulkInsert([
      ...trips.slice(0, 50).map((trip) => makeTrackChunk(trip.id, 0)),
      makeTrackChunk('trip-kept', 0),
    ]);
    await database.waypoints.insert(riderWaypoint('wp-1', rider, { tripId: 'trip-1' }));
    await database.tripPlans.bulkInsert([
      makeTripPlan('plan-1', { userId: rider }),
      makeTripPlan('plan-kept', { userId: other }),
    ]);
  }

  it('finishes both removals started at once, leaving only the other rider’s documents', async () => {
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

    // 450 trips, 50 track chunks, a waypoint and a plan: removed once, whichever call did it.
    expect(first + second).toBeGreaterThanOrEqual(502);
    expect((await db.trips.find().exec()).map((trip) => trip.id)).toEqual(['trip-kept']);
    expect((await db.trackChunks.find().exec()).map((chunk) => chunk.tripId)).toEqual([
      'trip-kept',
    ]);
    expect(await db.waypoints.count().exec()).toBe(0);
    expect((await db.tripPlans.find().exec()).map((plan) => plan.id)).toEqual(['plan-kept']);
    expect(await photos.photos.count()).toBe(0);
  });
});
