import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectionSchemas } from '../../../schemas/index.ts';
import { tripContextKey } from '../../../schemas/trip-context.ts';
import { hashSha256Hex, type AppDatabase } from '../../../src/db/database.ts';
import { allCollections } from '../../../schemas/collections/index.ts';
import {
  openTestDatabase,
  shippedAchievements,
  shippedCampgrounds,
  shippedTrails,
  riderWaypoint,
  shippedWmas,
} from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const startedAt = Date.UTC(2025, 9, 4, 14, 0);

/** One valid document per collection. */
function validDocuments(): Record<keyof typeof collectionSchemas, Record<string, unknown>> {
  return {
    trails: shippedTrails()[0]!,
    waypoints: riderWaypoint('rider-camp'),
    trips: {
      id: 'temp-1759586400000',
      userId: 'anonymous',
      name: 'Saturday loop',
      trailId: shippedTrails()[0]!.id,
      vehicleType: 'utv',
      source: 'recorded',
      recordingState: 'finished',
      status: 'pending',
      startedAt,
      endedAt: startedAt + 3_600_000,
      distanceMiles: 12.4,
      movingTimeMs: 3_000_000,
      elapsedTimeMs: 3_600_000,
      averageSpeedMph: 14.9,
      maxSpeedMph: 27.1,
      elevationGainFeet: 820,
      elevationLossFeet: 815,
      trackPointCount: 2,
      bbox: [-93.84, 35.82, -93.83, 35.83],
      notes: null,
      createdAt: startedAt,
      updatedAt: startedAt + 3_600_000,
    },
    trackChunks: {
      id: 'temp-1759586400000:000000',
      tripId: 'temp-1759586400000',
      sequence: 0,
      points: [
        [-93.834, 35.824, 402.5, startedAt, 4.2],
        [-93.833, 35.825, null, startedAt + 1000, null],
      ],
      updatedAt: startedAt,
    },
    achievements: shippedAchievements()[0]!,
    tripPlans: {
      id: 'temp-plan-1',
      userId: 'anonymous',
      name: 'Ozarks weekend',
      description: 'Two days of riding',
      planData: { days: 2 },
      totalDuration: 480,
      totalDistance: 60,
      difficulty: 5,
      estimatedCost: 0,
      status: 'pending',
      aiConfidence: 0.8,
      createdAt: startedAt,
      updatedAt: startedAt,
    },
    tripContext: {
      id: tripContextKey,
      currentRecommendations: null,
      activeTripPlan: null,
      recentRecommendedTrails: [{ id: shippedTrails()[0]!.id }],
      tripPlannerHistory: [],
      navigationContext: null,
      updatedAt: startedAt,
    },
    campgrounds: shippedCampgrounds()[0]!,
    wmas: shippedWmas()[0]!,
    campgroundReviews: {
      id: `u1:${shippedCampgrounds()[0]!.id}`,
      userId: 'u1',
      campgroundId: shippedCampgrounds()[0]!.id,
      overall: 5,
      cleanliness: 4,
      facilities: 4,
      location: 5,
      value: 5,
      text: 'Quiet loop by the water; clean toilets.',
      status: 'pending',
      createdAt: startedAt,
      updatedAt: startedAt,
    },
    records: {
      id: 'u1:skillProgress:terrain-mastery',
      userId: 'u1',
      kind: 'skillProgress',
      data: {
        lessonId: 'terrain-mastery',
        completedAt: startedAt,
        bestScore: 4,
        questionCount: 4,
        attempts: 1,
      },
      status: 'pending',
      createdAt: startedAt,
      updatedAt: startedAt,
    },
    trailReports: {
      id: 'temp-1759586400001',
      userId: 'u1',
      trailId: shippedTrails()[0]!.id,
      position: { lon: -93.2, lat: 35.7 },
      status: 'closed',
      condition: 'muddy',
      observations: ['downed-tree', 'high-water'],
      crowding: null,
      expectedReopening: '2025-10-20',
      note: 'Tree across the second switchback.',
      photos: [],
      observedAt: startedAt,
      confirmations: 0,
      clears: 0,
      flags: 0,
      hidden: false,
      reporterLabel: '',
      createdAt: startedAt,
      updatedAt: startedAt,
    },
  };
}

describe('createAppDatabase', () => {
  it('opens every collection of schemas/index.ts and round-trips a valid document in each', async () => {
    db = await openTestDatabase();
    expect(Object.keys(db.collections).sort()).toEqual(Object.keys(collectionSchemas).sort());
    const documents = validDocuments();
    for (const [name, document] of Object.entries(documents)) {
      const collection = db.collections[
        name as keyof typeof documents
      ] as unknown as AppDatabase['trails'];
      await collection.insert(document as never);
      const stored = await collection.findOne(document.id as string).exec();
      expect(stored?.toJSON(), name).toEqual(document);
    }
  });

  it('refuses a document that breaks its schema in dev mode', async () => {
    db = await openTestDatabase();
    const trail = { ...shippedTrails()[0]!, region: 'Mars' };
    await expect(db.trails.insert(trail as never)).rejects.toThrow();
    expect(await db.trails.count().exec()).toBe(0);
  });

  it('keeps data across close and reopen of the same name', async () => {
    const first = await openTestDatabase();
    const name = first.name;
    await first.trails.insert(shippedTrails()[1]!);
    await first.close();
    const { createAppDatabase } = await import('../../../src/db/database.ts');
    db = await createAppDatabase({ name, devMode: true });
    expect((await db.trails.findOne(shippedTrails()[1]!.id).exec())?.name).toBe(
      shippedTrails()[1]!.name,
    );
  });

  it('has a migration strategy for every schema version of every collection', () => {
    for (const { name, schema, migrations } of allCollections) {
      // A version bump must come with its strategy (schemas/collections/descriptor.ts).
      for (let version = 1; version <= schema.version; version += 1) {
        expect(migrations[version], `${name} v${version}`).toBeTypeOf('function');
      }
    }
  });
});

describe('the one-time steps after the database opens', () => {
  /** Dexie storage that records the collection of every storage instance it creates. */
  function countingStorage(opened: string[]): RxStorage<unknown, unknown> {
    const storage = getRxStorageDexie() as RxStorage<unknown, unknown>;
    return {
      ...storage,
      createStorageInstance(params) {
        opened.push(params.collectionName);
        return storage.createStorageInstance(params);
      },
    };
  }
  const retired = ['userAchievements', 'mapRegions'];

  it('on a first visit records every move as done without opening a retired collection', async () => {
    const { createAppDatabase, runStartSteps } = await import('../../../src/db/database.ts');
    const { collectionMovesDocumentId } = await import('../../../src/db/collection-moves.ts');
    const { legacyMigrationFlagId } = await import('../../../src/db/legacy-migration.ts');
    const name = `first-visit-${Date.now().toString(36)}`;
    const opened: string[] = [];
    const open = () => createAppDatabase({ name, devMode: true, storage: countingStorage(opened) });
    db = await open();
    await runStartSteps(db);
    expect(opened.filter((collection) => retired.includes(collection))).toEqual([]);
    expect(
      (await db.getLocal<{ done: string[] }>(collectionMovesDocumentId))?.toJSON().data,
    ).toEqual({
      done: ['userAchievements->records', 'mapRegions->local'],
    });
    expect(
      (await db.getLocal<{ currentDatabaseWasEmpty: boolean }>(legacyMigrationFlagId))?.toJSON()
        .data.currentDatabaseWasEmpty,
    ).toBe(true);

    // A database that existed before (an update from a version that had the retired
    // collections) still runs the moves it has not recorded.
    await (await db.getLocal(collectionMovesDocumentId))?.remove();
    await db.close();
    db = await open();
    await runStartSteps(db);
    expect(new Set(opened.filter((collection) => retired.includes(collection)))).toEqual(
      new Set(retired),
    );
  });
});

describe('hashSha256Hex', () => {
  const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

  async function expectFipsVectors() {
    expect(await hashSha256Hex('abc')).toBe(abc);
    expect(await hashSha256Hex(new TextEncoder().encode('abc').buffer as ArrayBuffer)).toBe(abc);
    expect(await hashSha256Hex(new Blob(['abc']))).toBe(abc);
  }

  it('computes SHA-256 with crypto.subtle (FIPS 180-2 test vectors)', async () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
    await expectFipsVectors();
  });

  it('computes SHA-256 without crypto.subtle, as on a plain-HTTP origin', async () => {
    vi.stubGlobal('crypto', {});
    try {
      await expectFipsVectors();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
