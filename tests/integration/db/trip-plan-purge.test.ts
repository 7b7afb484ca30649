import { afterEach, describe, expect, it } from 'vitest';
import type { TripPlan } from '../../../schemas/trip-plans.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import {
  purgeGenericTripPlans,
  startGenericTripPlanPurge,
} from '../../../src/db/trip-plan-purge.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
let stop: (() => void) | null = null;
afterEach(async () => {
  stop?.();
  stop = null;
  await db?.remove();
  db = null;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function plan(id: string, name: string): TripPlan {
  return {
    id,
    userId: 'anonymous',
    name,
    description: 'Two days on the Ozark trails',
    planData: { days: [] },
    totalDuration: 240,
    totalDistance: 42,
    difficulty: 5,
    estimatedCost: 0,
    status: 'synced',
    aiConfidence: 0.8,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
  };
}

async function planIds(database: AppDatabase): Promise<string[]> {
  return (await database.tripPlans.find().exec()).map((document) => document.id).sort();
}

describe('generic trip plan purge (core-platform §5)', () => {
  it('removes plans with outdated generic names and keeps the rest', async () => {
    db = await openTestDatabase();
    await db.tripPlans.bulkInsert([
      plan('p1', 'Basic Trip Plan'),
      plan('p2', 'Wolf Pen Gap weekend'),
      plan('p3', 'Ozarks fallback plan'),
      plan('temp-p4', 'trip plan'),
      plan('p5', 'Trip plan to Mill Creek'),
      plan('p6', 'BASIC TRIP'),
    ]);
    expect((await purgeGenericTripPlans(db)).sort()).toEqual(['p1', 'p3', 'p6', 'temp-p4']);
    expect(await planIds(db)).toEqual(['p2', 'p5']);
    expect(await purgeGenericTripPlans(db)).toEqual([]);
  });

  it('purges at start and again whenever generic plans arrive later', async () => {
    db = await openTestDatabase();
    await db.tripPlans.bulkInsert([plan('p1', 'Fallback plan'), plan('p2', 'Moonshine run')]);
    stop = startGenericTripPlanPurge(db);
    await sleep(300);
    expect(await planIds(db)).toEqual(['p2']);

    // As a pull from the server or another tab would write them.
    await db.tripPlans.bulkUpsert([
      plan('p3', 'Basic trip plan (v2)'),
      plan('p4', 'Ouachita loop'),
    ]);
    await sleep(300);
    expect(await planIds(db)).toEqual(['p2', 'p4']);

    stop();
    stop = null;
    await db.tripPlans.insert(plan('p5', 'Trip Plan'));
    await sleep(200);
    expect(await planIds(db)).toEqual(['p2', 'p4', 'p5']);
  });
});
