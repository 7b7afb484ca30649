// Achievement progress written from the rider's own data on the device (src/db/achievements.ts):
// importing a real GPX ride earns First Tracks once, with the earliest time; deleting the trip
// never un-earns it; watching the collections earns and announces without being asked; a
// guest's achievements move to the rider who signs in with their earliest earned time.
import { mapRegionRepository } from '../../../src/db/map-regions.ts';
import { storedAchievementProgress } from '../../support/achievement-progress.ts';
import { readFileSync } from 'node:fs';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import { BehaviorSubject, map } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Achievement } from '../../../schemas/achievements.ts';
import {
  adoptAnonymousAchievements,
  evaluateAchievements,
  readAchievementStandings,
  watchAchievements,
} from '../../../src/db/achievements.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import { LOCAL_USER_ID } from '../../../schemas/identity.ts';
import { deleteTrip } from '../../../src/db/trips/trip-writes.ts';
import { adoptAnonymousRecords } from '../../../src/db/records.ts';
import { importGpxContents } from '../../../src/db/trips/gpx-import.ts';
import { onAchievementsEarned } from '../../../src/lib/achievements/earned-announcements.ts';
import { parseGpx } from '../../../src/lib/gpx/gpx-import.ts';
import { openTestDatabase, shippedAchievements, shippedTrails } from './fixtures.ts';
import { statewideRegionId } from '../../../schemas/map-catalog.ts';
import { regionFor } from '../../unit/map/archive-fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const now = Date.UTC(2026, 10, 23, 18, 0);
const day = 24 * 60 * 60 * 1000;

async function importFixture(database: AppDatabase, file: string) {
  const text = readFileSync(new URL(`../../fixtures/gpx/${file}`, import.meta.url), 'utf8');
  const contents = parseGpx(text, new DOMParser({ onError: onErrorStopParsing }));
  return importGpxContents(database, contents, file);
}

const progressOf = storedAchievementProgress;

async function freshDatabase(): Promise<AppDatabase> {
  const database = await openTestDatabase();
  await database.achievements.bulkInsert(shippedAchievements());
  await database.trails.bulkInsert(shippedTrails());
  return database;
}

describe('achievement evaluator', () => {
  it('earns First Tracks once from an imported ride and never un-earns it', async () => {
    db = await freshDatabase();
    expect(await evaluateAchievements(db, LOCAL_USER_ID, now)).toEqual([]);
    expect(await progressOf(db, 'anonymous:first-ride')).toMatchObject({ progress: 0 });

    const { tripIds } = await importFixture(db, 'garmin-etrex.gpx');
    const trip = (await db.trips.findOne(tripIds[0] ?? '').exec())?.toJSON();
    const earned = await evaluateAchievements(db, LOCAL_USER_ID, now + 1000);
    expect(earned.map((item) => item.id)).toEqual(['first-ride']);
    expect(await progressOf(db, 'anonymous:first-ride')).toMatchObject({
      progress: 1,
      earnedAt: now + 1000,
    });
    expect(await progressOf(db, 'anonymous:ten-rides')).toMatchObject({
      progress: 1,
      earnedAt: null,
    });
    const miles = (await progressOf(db, 'anonymous:miles-25'))?.progress ?? 0;
    expect(miles).toBeGreaterThan(0.5);
    expect(miles).toBeCloseTo(trip?.distanceMiles ?? -1, 6);

    // A second run earns nothing new and keeps the first time.
    expect(await evaluateAchievements(db, LOCAL_USER_ID, now + 2000)).toEqual([]);
    await deleteTrip(db, tripIds[0] ?? '');
    expect(await evaluateAchievements(db, LOCAL_USER_ID, now + 3000)).toEqual([]);
    expect(await progressOf(db, 'anonymous:first-ride')).toMatchObject({
      progress: 1,
      earnedAt: now + 1000,
    });
  });

  /**
   * A guest's device with one imported ride, whose progress writes other than First Tracks' meet
   * RxDB's write conflict (another writer changed the document after the evaluation read it) as
   * long as `conflicting()` says so; collects what is announced in `announced`.
   */
  async function rideWithConflictingWrites(conflicting: () => boolean) {
    db = await freshDatabase();
    await evaluateAchievements(db, LOCAL_USER_ID, now);
    await importFixture(db, 'garmin-etrex.gpx');
    const announced: string[] = [];
    const stop = onAchievementsEarned((earned) => announced.push(...earned.map((a) => a.id)));
    const upsert = db.records.upsert.bind(db.records);
    vi.spyOn(db.records, 'upsert').mockImplementation(async (document) => {
      const { achievementId } = document.data as { achievementId?: string };
      if (achievementId !== 'first-ride' && conflicting()) {
        throw Object.assign(new Error('Document update conflict'), { code: 'CONFLICT' });
      }
      return upsert(document);
    });
    return { db, announced, stop };
  }

  it('earns and announces First Tracks although a progress write first met a write conflict', async () => {
    let conflicts = 0;
    const { db, announced, stop } = await rideWithConflictingWrites(() => conflicts++ === 0);
    const earned = await evaluateAchievements(db, LOCAL_USER_ID, now + 1000);
    stop();
    expect(conflicts).toBeGreaterThan(1);
    expect(earned.map((item) => item.id)).toEqual(['first-ride']);
    expect(announced).toEqual(['first-ride']);
    expect(await progressOf(db, 'anonymous:first-ride')).toMatchObject({ earnedAt: now + 1000 });
  });

  it('announces what it stored as earned when a later progress write keeps conflicting', async () => {
    const { db, announced, stop } = await rideWithConflictingWrites(() => true);
    await expect(evaluateAchievements(db, LOCAL_USER_ID, now + 1000)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    stop();
    // Stored as earned on the first attempt: the next run finds it earned, so this is its only
    // announcement.
    expect(await progressOf(db, 'anonymous:first-ride')).toMatchObject({ earnedAt: now + 1000 });
    expect(announced).toEqual(['first-ride']);
  });

  it('never writes progress for what the app does not track', async () => {
    db = await freshDatabase();
    await importFixture(db, 'osmand-track.gpx');
    await evaluateAchievements(db, LOCAL_USER_ID, now);
    // A guest's group rides are not on the device; a checklist not done yet counts 0.
    expect(await progressOf(db, 'anonymous:group-ride')).toBeNull();
    expect(await progressOf(db, 'anonymous:safety-checklist')).toMatchObject({
      progress: 0,
      earnedAt: null,
    });
    const standings = await readAchievementStandings(db, LOCAL_USER_ID);
    expect(standings).toHaveLength(27);
    expect(standings.find((item) => item.achievement.id === 'group-ride')).toMatchObject({
      value: null,
      earned: false,
    });
    expect(standings.find((item) => item.achievement.id === 'first-ride')).toMatchObject({
      value: 1,
      earned: true,
      earnedAt: now,
    });
  });

  it('earns Off the Grid for a region the rider downloads, not for the statewide map', async () => {
    db = await freshDatabase();
    const archive = { bytes: new Uint8Array(10), sha256: 'a'.repeat(64) };
    const onDevice = { status: 'downloaded' as const, storageKey: 'key', downloadedBytes: 10 };
    // The statewide map arrives by itself on a first visit.
    await mapRegionRepository(db).put([regionFor(statewideRegionId, archive, onDevice)]);
    await evaluateAchievements(db, LOCAL_USER_ID, now);
    const offTheGrid = async () =>
      (await readAchievementStandings(db!, LOCAL_USER_ID)).find(
        (item) => item.achievement.id === 'offline-region',
      );
    expect(await offTheGrid()).toMatchObject({ value: 0, earned: false });

    await mapRegionRepository(db).put([regionFor('ouachitas', archive, onDevice)]);
    await evaluateAchievements(db, LOCAL_USER_ID, now);
    expect(await offTheGrid()).toMatchObject({ value: 1, earned: true });
  });

  it('watching the collections earns and announces an import without being asked', async () => {
    db = await freshDatabase();
    const announced: Achievement[][] = [];
    const stopListening = onAchievementsEarned((earned) => announced.push([...earned]));
    const errors: unknown[] = [];
    const stop = watchAchievements(db, LOCAL_USER_ID, (error) => errors.push(error));
    try {
      await importFixture(db, 'gaia-gps.gpx');
      await vi.waitFor(() => expect(announced).toHaveLength(1), { timeout: 5000 });
      expect(announced[0]?.map((item) => item.title)).toEqual(['First Tracks']);
      expect(errors).toEqual([]);
    } finally {
      stop();
      stopListening();
    }
  });

  it('waits for the sync to settle, so a ride that arrives before its achievement record earns nothing anew', async () => {
    const device = await freshDatabase();
    db = device;
    const announced: string[] = [];
    const stopListening = onAchievementsEarned((earned) =>
      announced.push(...earned.map((item) => item.id)),
    );
    const syncing = new BehaviorSubject(true);
    const stop = watchAchievements(
      device,
      'rider-7',
      () => undefined,
      syncing.pipe(map((busy) => !busy)),
    );
    // A watcher of another rider that never waits: once it has evaluated the ride, so would an
    // unheld rider-7 watcher have (same changes, same debounce, one evaluation queue).
    const stopWitness = watchAchievements(device, 'rider-8', () => undefined);
    try {
      // The sync brings the rider's ride first...
      await importFixture(device, 'garmin-etrex.gpx');
      await vi.waitFor(
        async () => expect(await progressOf(device, 'rider-8:first-ride')).not.toBeNull(),
        { timeout: 5000 },
      );
      // ...then the record another device wrote when it earned First Tracks a day earlier (an
      // insert: a rider-7 evaluation meanwhile would have written its own copy).
      await device.records.insert({
        id: 'rider-7:achievementProgress:first-ride',
        userId: 'rider-7',
        kind: 'achievementProgress',
        data: { achievementId: 'first-ride', progress: 1, earnedAt: now - day },
        status: 'synced',
        createdAt: now - day,
        updatedAt: now - day,
      });
      syncing.next(false);
      // The evaluation after the sync writes the progress it tracks; First Tracks is not new.
      await vi.waitFor(
        async () =>
          expect(await progressOf(device, 'rider-7:ten-rides')).toMatchObject({ progress: 1 }),
        { timeout: 5000 },
      );
      expect(await progressOf(device, 'rider-7:first-ride')).toMatchObject({ earnedAt: now - day });
      // The one announcement is the witness's own First Tracks.
      expect(announced).toEqual(['first-ride']);
    } finally {
      stop();
      stopWitness();
      stopListening();
    }
  });

  it('moves a guest’s earned achievement to the rider who signs in, keeping the earliest time', async () => {
    db = await freshDatabase();
    await importFixture(db, 'garmin-etrex.gpx');
    await evaluateAchievements(db, LOCAL_USER_ID, now);
    // The rider earned it later on another device; that copy reached this one before sign-in.
    await db.records.insert({
      id: 'rider-7:achievementProgress:first-ride',
      userId: 'rider-7',
      kind: 'achievementProgress',
      data: { achievementId: 'first-ride', progress: 2, earnedAt: now + 60_000 },
      status: 'synced',
      createdAt: now + 60_000,
      updatedAt: now + 60_000,
    });
    await adoptAnonymousAchievements(db, 'rider-7', now + 120_000);
    expect(await progressOf(db, 'anonymous:first-ride')).toBeNull();
    expect(await progressOf(db, 'rider-7:first-ride')).toMatchObject({
      progress: 2,
      earnedAt: now,
    });
    expect(await evaluateAchievements(db, 'rider-7', now + 180_000)).toEqual([]);
  });
});

describe('achievements at sign-in', () => {
  it('evaluating for the rider who just signed in does not earn the guest’s achievement again', async () => {
    db = await freshDatabase();
    await importFixture(db, 'garmin-etrex.gpx');
    expect((await evaluateAchievements(db, LOCAL_USER_ID, now)).map((item) => item.id)).toEqual([
      'first-ride',
    ]);
    // The guest's trip is still 'anonymous' (not yet promoted) and counts for the rider too.
    expect(await evaluateAchievements(db, 'rider-9', now + 5000)).toEqual([]);
    expect(await progressOf(db, 'rider-9:first-ride')).toMatchObject({ earnedAt: now });
    expect(await progressOf(db, 'anonymous:first-ride')).toBeNull();
  });

  it('hands the guest’s progress over once when the sync engine and the watcher both do it', async () => {
    db = await freshDatabase();
    await importFixture(db, 'garmin-etrex.gpx');
    await evaluateAchievements(db, LOCAL_USER_ID, now);
    const guestRecords = await db.records
      .find({ selector: { userId: LOCAL_USER_ID, kind: 'achievementProgress' } })
      .exec();
    expect(guestRecords.length).toBeGreaterThan(3);
    // At sign-in the sync engine adopts the guest's records while the achievement watcher
    // evaluates for the rider, which adopts them too: neither may fail on the other's writes.
    const earnedAnnouncements: string[] = [];
    const stop = onAchievementsEarned((earned) =>
      earnedAnnouncements.push(...earned.map((item) => item.id)),
    );
    const [, earned] = await Promise.all([
      adoptAnonymousRecords(db, 'rider-9', now + 5000),
      evaluateAchievements(db, 'rider-9', now + 5000),
    ]);
    stop();
    expect(earned).toEqual([]);
    expect(earnedAnnouncements).toEqual([]);
    expect(await progressOf(db, 'rider-9:first-ride')).toMatchObject({ earnedAt: now });
    expect(
      await db.records
        .find({ selector: { userId: LOCAL_USER_ID, kind: 'achievementProgress' } })
        .exec(),
    ).toEqual([]);
  });
});
