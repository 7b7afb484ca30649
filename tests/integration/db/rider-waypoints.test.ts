import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import { observePendingSyncCount } from '../../../src/db/pending-sync.ts';
import { listPromotableTempIds } from '../../../src/db/promotion.ts';
import {
  createRiderWaypoint,
  observeRiderWaypoints,
  removeRiderWaypoint,
  setRiderWaypointPhotos,
} from '../../../src/db/rider-waypoints.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const wma = {
  id: 'bayou-meto-wma',
  ownerId: null,
  name: 'George H. Dunklin Jr. Bayou Meto WMA',
  category: 'wma' as const,
  longitude: -91.58,
  latitude: 34.22,
  waterfowl: true,
  locationConfidence: 'approximate' as const,
  sources: ['general knowledge'],
  createdAt: 1,
  updatedAt: 1,
};

describe('scouting waypoints marked by the rider (issue 16)', () => {
  it('stores a mark offline with a temp- id, lists it, and queues it for sync', async () => {
    db = await openTestDatabase();
    await db.waypoints.insert(wma);
    const waypoint = await createRiderWaypoint(db, {
      name: '  Ridge stand  ',
      description: 'Rubs on the north side',
      latitude: 34.25,
      longitude: -91.6,
      positionSource: 'GPS fix ±8 m',
    });
    expect(waypoint.id).toMatch(/^temp-/);
    const listed = await firstValueFrom(observeRiderWaypoints(db));
    expect(listed.map((entry) => entry.name)).toEqual(['Ridge stand']);
    expect(listed[0]?.sources).toEqual(['Marked by the rider: GPS fix ±8 m']);
    expect(await firstValueFrom(observePendingSyncCount(db))).toBe(1);
    expect(await listPromotableTempIds(db, 'waypoints')).toEqual([waypoint.id]);
  });

  it('refuses a mark with no name or an impossible position and writes nothing', async () => {
    db = await openTestDatabase();
    await expect(
      createRiderWaypoint(db, { name: '  ', latitude: 34, longitude: -92, positionSource: 'x' }),
    ).rejects.toThrow(RangeError);
    await expect(
      createRiderWaypoint(db, { name: 'Gate', latitude: 134, longitude: -92, positionSource: 'x' }),
    ).rejects.toThrow(RangeError);
    expect(await db.waypoints.count().exec()).toBe(0);
  });

  it('removes the rider’s own mark but never a public WMA', async () => {
    db = await openTestDatabase();
    await db.waypoints.insert(wma);
    const waypoint = await createRiderWaypoint(db, {
      name: 'Parking',
      latitude: 34.2,
      longitude: -91.5,
      positionSource: 'typed coordinates',
    });
    await removeRiderWaypoint(db, waypoint.id);
    await removeRiderWaypoint(db, wma.id);
    expect(await firstValueFrom(observeRiderWaypoints(db))).toEqual([]);
    expect(await db.waypoints.findOne(wma.id).exec()).not.toBeNull();
  });

  it('keeps up to 4 photos on a mark, replaced as the rider edits them, and never a fifth', async () => {
    db = await openTestDatabase();
    const photo = (n: number) => ({
      hash: n.toString(16).padStart(64, 'a'),
      thumbnailHash: n.toString(16).padStart(64, 'b'),
      type: 'image/jpeg' as const,
      width: 1600,
      height: 1200,
      bytes: 150_000,
      hidden: false,
    });
    const fourPhotos = [1, 2, 3, 4].map(photo);
    await db.waypoints.insert(wma);
    await expect(
      createRiderWaypoint(db, {
        name: 'Gate',
        latitude: 34,
        longitude: -92,
        positionSource: 'x',
        photos: [...fourPhotos, photo(5)],
      }),
    ).rejects.toThrow(RangeError);
    const waypoint = await createRiderWaypoint(db, {
      name: 'Gate',
      latitude: 34,
      longitude: -92,
      positionSource: 'x',
      photos: fourPhotos,
    });
    expect(waypoint.photos).toEqual(fourPhotos);
    await expect(
      setRiderWaypointPhotos(db, waypoint.id, [...fourPhotos, photo(5)]),
    ).rejects.toThrow(RangeError);
    const edited = await setRiderWaypointPhotos(db, waypoint.id, fourPhotos.slice(1));
    expect(edited.photos).toEqual(fourPhotos.slice(1));
    await expect(setRiderWaypointPhotos(db, 'bayou-meto-wma', [])).rejects.toThrow(
      'not on this device',
    );
  });
});
