// "Download my data" on fake-indexeddb: the archive built on the device is a ZIP with one JSON
// file per rider collection holding only the rider's documents, each trip as a GPX file the
// app's own importer reads back (track points and waypoints), and a README describing every file;
// a cancelled archive stops; a rider with 1,000 trips (five pages of trips) gets their archive
// with progress reported along the way. 5,000 trips are timed by `npm run bench:archive`.
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { userSyncedCollections } from '../../../schemas/sync-protocol.ts';
import type { Trip } from '../../../schemas/trips.ts';
import { buildAccountArchive, type ArchiveProgress } from '../../../src/db/account-data.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import { parseGpx } from '../../../src/lib/gpx/gpx-import.ts';
import { collectionPolicy } from '../../../src/lib/privacy/stored-data.ts';
import { makeTrackChunk, makeTrip, makeTripPlan } from '../sync/sync-fixtures.ts';
import { openTestDatabase, riderWaypoint } from './fixtures.ts';
import { openPhotoDatabase } from '../../../src/db/photo-database.ts';
import { storePreparedPhotos } from '../../../src/photos/photo-store.ts';
import { jpegBytes, sha256Hex } from '../../support/photo-bytes.ts';

const rider = 'rider-ridge';

async function archiveFiles(blob: Blob): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await blob.arrayBuffer()));
}

const json = (files: Record<string, Uint8Array>, name: string) =>
  JSON.parse(strFromU8(files[name]!)) as Array<Record<string, unknown>>;

describe('the rider data archive', () => {
  let db: AppDatabase | null = null;
  afterEach(async () => {
    await db?.remove();
    db = null;
  });

  it("holds the rider's documents per collection, every trip as GPX, and a README", async () => {
    db = await openTestDatabase();
    await db.trips.bulkInsert([
      makeTrip('trip-1', { userId: rider, name: 'Wolf Pen Gap loop', notes: 'Muddy & "fun"' }),
      makeTrip('trip-2', { userId: rider, name: 'Wolf Pen Gap loop' }),
      makeTrip('trip-other', { userId: 'someone-else' }),
    ]);
    await db.trackChunks.bulkInsert([
      makeTrackChunk('trip-1', 0),
      makeTrackChunk('trip-1', 1),
      makeTrackChunk('trip-2', 0, 5),
      makeTrackChunk('trip-other', 0),
    ]);
    await db.waypoints.insert(
      riderWaypoint('wp-1', rider, { tripId: 'trip-1', name: 'Creek crossing' }),
    );
    await db.tripPlans.insert(makeTripPlan('plan-1', { userId: rider }));
    const progress: ArchiveProgress[] = [];

    const blob = await buildAccountArchive(db, rider, {
      onProgress: (step) => progress.push(step),
      lastSyncedAt: Date.UTC(2026, 10, 27, 9),
      username: 'Ridge',
      now: Date.UTC(2026, 10, 27, 10),
    });
    expect(blob.type).toBe('application/zip');
    const files = await archiveFiles(blob);

    for (const name of userSyncedCollections) expect(Object.keys(files)).toContain(`${name}.json`);
    expect(json(files, 'trips.json').map((trip) => trip.id)).toEqual(['trip-1', 'trip-2']);
    expect(json(files, 'trips.json')[0]).toMatchObject({ notes: 'Muddy & "fun"' });
    expect(json(files, 'trackChunks.json').map((chunk) => chunk.id)).toHaveLength(3);
    expect(json(files, 'tripPlans.json').map((plan) => plan.id)).toEqual(['plan-1']);
    expect(json(files, 'waypoints.json').map((waypoint) => waypoint.name)).toEqual([
      'Creek crossing',
    ]);
    expect(json(files, 'records.json')).toEqual([]);

    // Two trips of one name and day: two files.
    const gpxNames = Object.keys(files).filter((name) => name.startsWith('gpx/'));
    expect(gpxNames.sort()).toEqual([
      'gpx/wolf-pen-gap-loop-2026-10-03-2.gpx',
      'gpx/wolf-pen-gap-loop-2026-10-03.gpx',
    ]);
    const parser = new DOMParser({ onError: onErrorStopParsing });
    const first = parseGpx(strFromU8(files['gpx/wolf-pen-gap-loop-2026-10-03.gpx']!), parser);
    expect(first.lines[0]!.positions).toHaveLength(40);
    expect(first.waypoints.map((waypoint) => waypoint.name)).toEqual(['Creek crossing']);
    const second = parseGpx(strFromU8(files['gpx/wolf-pen-gap-loop-2026-10-03-2.gpx']!), parser);
    expect(second.lines[0]!.positions).toHaveLength(5);

    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('Ridge');
    expect(readme).toContain('last synced with the server at 2026-11-27T09:00:00.000Z');
    for (const name of userSyncedCollections) {
      expect(readme).toContain(`${name}.json`);
      expect(readme).toContain(collectionPolicy[name].holds);
    }
    expect(progress.at(-1)).toEqual({ step: 'gpx', tripsDone: 2, tripsTotal: 2 });

    // Cancelled part-way: the promise rejects and no archive is made.
    const controller = new AbortController();
    const cancelled = buildAccountArchive(db, rider, {
      signal: controller.signal,
      onProgress: (step) => {
        if (step.step === 'tracks' && step.tripsDone === 1) controller.abort();
      },
    });
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("holds the photos of the rider's waypoints that are on this device, as stored", async () => {
    db = await openTestDatabase();
    const photos = openPhotoDatabase(`archive-photos-${Date.now().toString(36)}`);
    const image = (width: number, height: number) => {
      const bytes = jpegBytes(width, height, 2000);
      return {
        hash: sha256Hex(bytes),
        data: bytes.slice().buffer,
        type: 'image/jpeg' as const,
        width,
        height,
      };
    };
    const onDevice = { full: image(1600, 1200), thumbnail: image(320, 240) };
    const [reference] = await storePreparedPhotos(photos, [onDevice]);
    // Taken on another device and never opened here: referred to, but not on this device.
    const elsewhere = { ...reference!, hash: 'c'.repeat(64), thumbnailHash: 'd'.repeat(64) };
    const [someoneElses] = await storePreparedPhotos(photos, [
      { full: image(1200, 900), thumbnail: image(320, 240) },
    ]);
    await db.waypoints.bulkInsert([
      riderWaypoint('wp-photo', rider, { photos: [reference!, elsewhere] }),
      riderWaypoint('wp-other', 'someone-else', { photos: [someoneElses!] }),
    ]);

    const files = await archiveFiles(
      await buildAccountArchive(db, rider, { photoDatabase: photos }),
    );
    const photoFiles = Object.keys(files).filter((name) => name.startsWith('photos/'));
    expect(photoFiles).toEqual([`photos/${onDevice.full.hash}.jpg`]);
    expect(files[`photos/${onDevice.full.hash}.jpg`]).toEqual(new Uint8Array(onDevice.full.data));
    expect(strFromU8(files['README.txt']!)).toContain('photos/');
    await photos.delete();
  });

  it('finishes for a rider with 1,000 trips, reporting progress trip by trip', async () => {
    db = await openTestDatabase();
    const trips: Trip[] = Array.from({ length: 1000 }, (_, index) =>
      makeTrip(`trip-${String(index).padStart(5, '0')}`, {
        userId: rider,
        name: `Ride ${index}`,
      }),
    );
    await db.trips.bulkInsert(trips);
    await db.trackChunks.bulkInsert(trips.map((trip) => makeTrackChunk(trip.id, 0, 3)));

    const seen: ArchiveProgress[] = [];
    const blob = await buildAccountArchive(db, rider, { onProgress: (step) => seen.push(step) });
    const files = await archiveFiles(blob);
    expect(json(files, 'trips.json')).toHaveLength(1000);
    expect(json(files, 'trackChunks.json')).toHaveLength(1000);
    expect(Object.keys(files).filter((name) => name.startsWith('gpx/'))).toHaveLength(1000);
    const gpxSteps = seen.filter((step) => step.step === 'gpx');
    expect(gpxSteps.length).toBeGreaterThan(200);
    expect(gpxSteps.at(-1)).toEqual({ step: 'gpx', tripsDone: 1000, tripsTotal: 1000 });
  }, 120_000);
});
