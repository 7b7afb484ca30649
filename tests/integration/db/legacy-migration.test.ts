import { afterEach, describe, expect, it } from 'vitest';
import { tripContextKey } from '../../../schemas/trip-context.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import {
  legacyMigrationFlagId,
  legacyOfflineDatabase,
  legacyUnmappedDocumentsId,
  runLegacyMigration,
  type LegacyMigrationRecord,
} from '../../../src/db/legacy-migration.ts';
import { openTestDatabase, shippedTrails } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

let legacyCounter = 0;
function legacyName(): string {
  legacyCounter += 1;
  return `${legacyOfflineDatabase.name}-test-${Date.now().toString(36)}-${legacyCounter}`;
}

/**
 * Writes a legacy database the way the old app's localForage instances did: one object store
 * per kind, values under out-of-line keys.
 */
function writeLegacyDatabase(
  name: string,
  stores: Partial<Record<string, [IDBValidKey, unknown][]>>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 2);
    request.onupgradeneeded = () => {
      for (const storeName of legacyOfflineDatabase.storeNames)
        request.result.createObjectStore(storeName);
    };
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const database = request.result;
      const transaction = database.transaction([...legacyOfflineDatabase.storeNames], 'readwrite');
      for (const [storeName, entries] of Object.entries(stores)) {
        for (const [key, value] of entries ?? [])
          transaction.objectStore(storeName).put(value, key);
      }
      transaction.oncomplete = () => {
        database.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error);
    };
  });
}

async function legacyDatabaseExists(name: string): Promise<boolean> {
  return (await indexedDB.databases()).some((info) => info.name === name);
}

const mill = shippedTrails().find((trail) => trail.id === 'mill-creek-ohv-trail')!;
const second = shippedTrails().find((trail) => trail.id !== mill.id)!;
const rideStart = Date.UTC(2024, 4, 18, 13, 30);

/** Documents as the old app stored them: snake_case rows, decimals as strings, ISO dates. */
function legacyContents(): Partial<Record<string, [IDBValidKey, unknown][]>> {
  return {
    trails: [
      [
        '1',
        {
          id: 1,
          name: mill.name,
          description: mill.notes,
          difficulty: 'Difficult',
          length: '50.00',
          latitude: String(mill.latitude),
          longitude: String(mill.longitude),
          county: mill.county,
          region: mill.region,
          trail_type: 'ohv',
          vehicle_types: ['ATV', 'UTV', 'Dirt Bike', 'hovercraft'],
          fee: mill.fee,
          website: mill.officialUrl,
          updated_at: '2024-03-01T12:00:00.000Z',
        },
      ],
      [
        second.id,
        {
          id: second.id,
          name: second.name,
          latitude: second.latitude,
          longitude: second.longitude,
          county: second.county,
          region: second.region,
          trailType: 'multi-use',
          vehicleTypes: ['hiking'],
        },
      ],
      // No coordinates: cannot be placed on a map.
      ['3', { id: 3, name: 'Unplaced trail', county: 'Pope', region: 'Ozarks', trail_type: 'ohv' }],
    ],
    waypoints: [
      [
        'w1',
        {
          id: 'w1',
          name: 'Creek crossing camp',
          type: 'camping',
          latitude: '35.8251',
          longitude: '-93.8322',
          elevation: 1500,
          user_id: 7,
          trip_id: 'temp-1716039000000',
          created_at: '2024-05-18T14:10:00Z',
        },
      ],
      [
        'w2',
        {
          id: 'w2',
          name: 'Fallen tree',
          category: 'Danger',
          latitude: 35.83,
          longitude: -93.84,
          userId: 7,
        },
      ],
      ['w3', { id: 'w3', name: 'No position' }],
    ],
    trips: [
      [
        'temp-1716039000000',
        {
          id: 'temp-1716039000000',
          name: 'Mill Creek loop',
          trail_id: '1',
          vehicle_type: 'utv',
          status: 'pending',
          start_time: new Date(rideStart).toISOString(),
          end_time: new Date(rideStart + 7_200_000).toISOString(),
          distance: '18.6',
          duration: 5400,
          max_speed: 31.2,
          elevation_gain: 1240,
          route: [
            {
              latitude: 35.8242,
              longitude: -93.8339,
              altitude: 420,
              accuracy: 5,
              timestamp: rideStart,
            },
            {
              latitude: 35.8301,
              longitude: -93.8251,
              altitude: 455.5,
              accuracy: 8,
              timestamp: rideStart + 60_000,
            },
            { latitude: 'bad', longitude: -93.82, timestamp: rideStart + 120_000 },
            {
              latitude: 35.8355,
              longitude: -93.8198,
              altitude: null,
              accuracy: null,
              timestamp: new Date(rideStart + 180_000).toISOString(),
            },
          ],
        },
      ],
      [
        42,
        {
          id: 42,
          name: 'Synced ride',
          status: 'synced',
          startTime: rideStart - 86_400_000,
          distance: 4,
        },
      ],
      ['broken', { id: 'broken', name: 'No start time' }],
    ],
    achievements: [
      [
        'first-ride',
        {
          id: 'first-ride',
          name: 'First Tracks',
          description: 'Record your first trip.',
          category: 'riding',
          icon: 'Flag',
          requirement: { type: 'trips', value: 1 },
          points: 10,
        },
      ],
      [
        'social',
        {
          id: 'social',
          name: 'Social Butterfly',
          category: 'social',
          requirement: { type: 'friends', value: 5 },
        },
      ],
    ],
    userAchievements: [
      [
        'ua1',
        {
          id: 'ua1',
          user_id: 7,
          achievement_id: 'first-ride',
          progress: 1,
          unlocked_at: '2024-05-18T15:30:00Z',
        },
      ],
    ],
    mapTiles: [
      ['12/1010/1600', new Uint8Array([137, 80, 78, 71])],
      ['12/1010/1601', new Uint8Array([137, 80, 78, 71])],
    ],
    tripPlans: [
      [
        'temp-plan-1716000000000',
        {
          id: 'temp-plan-1716000000000',
          name: 'Ozarks weekend',
          description: 'Two days around Mill Creek',
          planData: { days: 2, insights: { confidence: 0.65 } },
          totalDuration: 960,
          totalDistance: 70,
          estimatedCost: 120,
          status: 'pending',
          createdAt: '2024-05-10T09:00:00Z',
        },
      ],
      ['p2', { id: 'p2', name: 'Basic Trip Plan for the Ozarks', planData: {} }],
      ['p3', { id: 'p3', name: 'trip plan', planData: {} }],
      ['p4', { id: 'p4', name: 'Fallback Plan', planData: {} }],
    ],
    tripContext: [
      [
        'current-context',
        {
          currentRecommendations: {
            recommendations: [{ trailId: '1' }],
            timestamp: rideStart,
            source: 'trip_planner',
          },
          activeTripPlan: null,
          recentRecommendedTrails: Array.from({ length: 25 }, (_, index) => ({ id: index + 1 })),
          tripPlannerHistory: [{ query: 'weekend ride' }],
          navigationContext: null,
          lastUpdated: rideStart,
        },
      ],
    ],
  };
}

describe('runLegacyMigration into an empty database', () => {
  it('copies everything mappable, deletes the legacy database, sets the flag, then is a no-op', async () => {
    db = await openTestDatabase();
    const name = legacyName();
    await writeLegacyDatabase(name, legacyContents());

    const record = await runLegacyMigration(db, {
      legacyDatabaseName: name,
      now: () => 1_750_000_000_000,
    });
    expect(record).not.toBeNull();
    expect(record!.legacyDatabaseFound).toBe(true);
    expect(record!.currentDatabaseWasEmpty).toBe(true);
    expect(record!.counts).toEqual({
      trails: 2,
      waypoints: 2,
      trips: 2,
      trackChunks: 1,
      achievements: 1,
      userAchievements: 1,
      tripPlans: 1,
      tripContext: 1,
      mapTiles: 0,
    });
    expect(record!.skipped.mapTilesDropped).toBe(2);
    expect(await legacyDatabaseExists(name)).toBe(false);

    const trail = (await db.trails.findOne('1').exec())!.toJSON();
    expect(trail).toMatchObject({
      name: mill.name,
      kind: 'ohv_trail_system',
      activities: ['atv', 'utv', 'dirt_bike'],
      difficulty: 'hard',
      lengthMiles: 50,
      longitude: mill.longitude,
      latitude: mill.latitude,
      updatedAt: Date.parse('2024-03-01T12:00:00.000Z'),
    });

    const trip = (await db.trips.findOne('temp-1716039000000').exec())!.toJSON();
    expect(trip).toMatchObject({
      status: 'pending',
      distanceMiles: 18.6,
      movingTimeMs: 5_400_000,
      elapsedTimeMs: 7_200_000,
      trackPointCount: 3,
    });
    expect(trip.bbox).toEqual([-93.8339, 35.8242, -93.8198, 35.8355]);
    const chunk = (await db.trackChunks.findOne('temp-1716039000000:000000').exec())!.toJSON();
    expect(chunk.points[1]).toEqual([-93.8251, 35.8301, 455.5, rideStart + 60_000, 8]);
    expect((await db.trips.findOne('42').exec())!.status).toBe('synced');

    const camp = (await db.waypoints.findOne('w1').exec())!.toJSON();
    expect(camp).toMatchObject({ ownerId: '7', category: 'camp', tripId: 'temp-1716039000000' });
    expect(camp.elevationMetres).toBeCloseTo(457.2, 5);
    expect((await db.waypoints.findOne('w2').exec())!.category).toBe('hazard');

    expect((await db.achievements.findOne('first-ride').exec())!.metric).toBe('trips_recorded');
    // Achievement progress is kept as a record now (schemas/collections/moves.ts).
    expect(
      (await db.records.findOne('7:achievementProgress:first-ride').exec())!.data.earnedAt,
    ).toBe(Date.parse('2024-05-18T15:30:00Z'));

    const plan = (await db.tripPlans.findOne('temp-plan-1716000000000').exec())!.toJSON();
    expect(plan).toMatchObject({
      userId: 'anonymous',
      difficulty: 5,
      aiConfidence: 0.65,
      status: 'pending',
    });

    const context = (await db.tripContext.findOne(tripContextKey).exec())!.toJSON();
    expect(context.recentRecommendedTrails).toHaveLength(20);
    expect(context.recentRecommendedTrails[0]).toEqual({ id: '1' });
    expect(context.currentRecommendations?.source).toBe('trip_planner');

    const flag = await db.getLocal<LegacyMigrationRecord>(legacyMigrationFlagId);
    expect(flag?.toJSON().data).toEqual(record);

    // Second run: nothing happens, even if a legacy database reappeared.
    await writeLegacyDatabase(name, { trails: legacyContents().trails });
    await db.trails.findOne('1').remove();
    expect(await runLegacyMigration(db, { legacyDatabaseName: name })).toBeNull();
    expect(await db.trails.findOne('1').exec()).toBeNull();
    expect(await legacyDatabaseExists(name)).toBe(true);
    indexedDB.deleteDatabase(name);
  });

  it('counts invalid documents as skipped and keeps the rider-made ones verbatim', async () => {
    db = await openTestDatabase();
    const name = legacyName();
    await writeLegacyDatabase(name, legacyContents());
    const record = (await runLegacyMigration(db, { legacyDatabaseName: name }))!;
    expect(record.skipped.invalid).toEqual({
      trails: 1,
      waypoints: 1,
      trips: 1,
      achievements: 1,
      userAchievements: 0,
      tripPlans: 0,
      tripContext: 0,
    });
    const unmapped = await db.getLocal<{ documents: { store: string; key: unknown }[] }>(
      legacyUnmappedDocumentsId,
    );
    const kept = unmapped!
      .toJSON()
      .data.documents.map((document) => `${document.store}:${String(document.key)}`);
    // Catalogue rows come back from the server; riders' own documents are kept.
    expect(kept.sort()).toEqual(['trips:broken', 'waypoints:w3']);
  });

  it('purges cached trip plans with outdated generic names', async () => {
    db = await openTestDatabase();
    const name = legacyName();
    await writeLegacyDatabase(name, legacyContents());
    const record = (await runLegacyMigration(db, { legacyDatabaseName: name }))!;
    expect(record.skipped.outdatedTripPlans).toBe(3);
    expect((await db.tripPlans.find().exec()).map((plan) => plan.name)).toEqual(['Ozarks weekend']);
  });

  it('sets the flag without creating anything when there is no legacy database', async () => {
    db = await openTestDatabase();
    const name = legacyName();
    const record = (await runLegacyMigration(db, { legacyDatabaseName: name }))!;
    expect(record.legacyDatabaseFound).toBe(false);
    expect(Object.values(record.counts).every((count) => count === 0)).toBe(true);
    expect(await legacyDatabaseExists(name)).toBe(false);
    expect(await db.getLocal(legacyMigrationFlagId)).not.toBeNull();
  });
});

describe('runLegacyMigration into a database that already has data', () => {
  it('copies only documents whose ids are absent and never overwrites', async () => {
    db = await openTestDatabase();
    await db.trips.insert({
      id: 'temp-1716039000000',
      userId: 'user-7',
      name: 'Newer local copy',
      trailId: null,
      source: 'recorded',
      recordingState: 'finished',
      status: 'pending',
      startedAt: rideStart,
      endedAt: null,
      distanceMiles: 19,
      movingTimeMs: 0,
      elapsedTimeMs: 0,
      averageSpeedMph: 0,
      maxSpeedMph: 0,
      elevationGainFeet: 0,
      elevationLossFeet: 0,
      trackPointCount: 0,
      createdAt: rideStart,
      updatedAt: rideStart + 1,
    });
    await db.trails.insert({ ...mill, id: '1' });
    const name = legacyName();
    await writeLegacyDatabase(name, legacyContents());

    const record = (await runLegacyMigration(db, { legacyDatabaseName: name }))!;
    expect(record.currentDatabaseWasEmpty).toBe(false);
    expect(record.skipped.alreadyPresent).toMatchObject({ trips: 1, trails: 1 });
    expect(record.counts).toMatchObject({
      trips: 1,
      trails: 1,
      trackChunks: 0,
      waypoints: 2,
      tripPlans: 1,
    });

    const trip = (await db.trips.findOne('temp-1716039000000').exec())!;
    expect(trip.name).toBe('Newer local copy');
    expect(trip.distanceMiles).toBe(19);
    // The present trip keeps its own (empty) track: no legacy chunks were attached to it.
    expect(await db.trackChunks.count().exec()).toBe(0);
    expect((await db.trails.findOne('1').exec())!.sources).toEqual(mill.sources);
    expect(await db.trips.findOne('42').exec()).not.toBeNull();
    expect(await legacyDatabaseExists(name)).toBe(false);
  });
});
