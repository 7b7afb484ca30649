import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import { applyPromotions } from '../../../src/db/promotion.ts';
import { getTripContextPersister } from '../../../src/db/trip-context.ts';
import { readTripContext } from '../../support/stored-trip-context.ts';
import { PlanNameError, savePlannedTrip } from '../../../src/db/trip-plans.ts';
import {
  isActiveTripPlan,
  PLAN_DATA_VERSION,
  STRAIGHT_LINE_LABEL,
  type PlannedTrail,
  type TripPlanData,
} from '../../../src/lib/trip-planner/plan-data.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

function planned(id: string, lengthMiles: number): PlannedTrail {
  return {
    id,
    name: `Trail ${id}`,
    systemId: 'moccasin-gap-trail',
    score: 90,
    reasons: ['Open to ATVs (USFS trail layer)'],
    flags: [],
    lengthMiles,
    milesFromStart: 20,
    season: 'open',
    fee: null,
    longitude: -93.07,
    latitude: 35.57,
  };
}

const planData: TripPlanData = {
  version: PLAN_DATA_VERSION,
  request: {
    start: { kind: 'town', label: 'Russellville', longitude: -93.13379, latitude: 35.27842 },
    activity: 'atv',
    days: 2,
    difficulty: 'moderate',
    startDate: '2026-05-02',
    dailyTrailMiles: 20,
    hunting: false,
  },
  days: [
    {
      day: 1,
      date: '2026-05-02',
      trails: [planned('a', 3.5), planned('b', 2)],
      trailMiles: 5.5,
      driveMiles: 21,
      driveFrom: 'Russellville',
      campgrounds: [],
      wmas: [],
    },
    {
      day: 2,
      date: '2026-05-03',
      trails: [planned('c', 4)],
      trailMiles: 4,
      driveMiles: 1,
      driveFrom: 'Trail b',
      campgrounds: [],
      wmas: [],
    },
  ],
  cost: { known: false, knownDollars: 0, items: [], unknownFor: ['Trail a', 'Trail b', 'Trail c'] },
  distanceLabel: STRAIGHT_LINE_LABEL,
};

describe('savePlannedTrip', () => {
  it('stores a pending temp- plan that becomes the active plan and joins the history', async () => {
    db = await openTestDatabase();
    const plan = await savePlannedTrip(db, planData, '  Moccasin Gap weekend ', 1_000);
    expect(plan.id).toMatch(/^temp-/);

    const stored = (await db.tripPlans.findOne(plan.id).exec())!.toJSON();
    expect(stored).toMatchObject({
      name: 'Moccasin Gap weekend',
      userId: 'anonymous',
      status: 'pending',
      totalDuration: 2 * 24 * 60,
      totalDistance: 9.5,
      difficulty: 5,
      estimatedCost: 0,
      aiConfidence: 0.8,
    });
    expect(stored.description).toBe(
      'Day 1 (2026-05-02): Trail a, Trail b\nDay 2 (2026-05-03): Trail c',
    );

    await getTripContextPersister(db).flush();
    const context = (await readTripContext(db))!;
    expect(isActiveTripPlan(context.activeTripPlan)).toBe(true);
    expect(context.activeTripPlan).toMatchObject({ id: plan.id, name: 'Moccasin Gap weekend' });
    expect(context.tripPlannerHistory[0]).toMatchObject({
      tripPlanId: plan.id,
      query: 'Moccasin Gap weekend',
    });
    expect(context.recentRecommendedTrails.map((trail) => trail.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the history at 10 and the recent trails without duplicates over many saves', async () => {
    db = await openTestDatabase();
    for (let index = 0; index < 12; index += 1) {
      const days = planData.days.map((day) => ({
        ...day,
        trails: day.trails.map((trail) => ({
          ...trail,
          id: `${trail.id}${(index % 3).toString()}`,
        })),
      }));
      await savePlannedTrip(
        db,
        { ...planData, days },
        `Weekend ${index.toString()}`,
        1_000 + index,
      );
    }
    await getTripContextPersister(db).flush();
    const context = (await readTripContext(db))!;
    expect(context.tripPlannerHistory).toHaveLength(10);
    expect(context.tripPlannerHistory[0]).toMatchObject({ query: 'Weekend 11' });
    const ids = context.recentRecommendedTrails.map((trail) => trail.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(9);
    expect(context.activeTripPlan).toMatchObject({ name: 'Weekend 11' });
  });

  it('follows the plan to its server id when the sync promotes it', async () => {
    db = await openTestDatabase();
    const plan = await savePlannedTrip(db, planData, 'Moccasin Gap weekend', 1_000);
    await getTripContextPersister(db).flush();
    await applyPromotions(db, 'tripPlans', [{ tempId: plan.id, id: 'plan-42' }]);
    expect(await db.tripPlans.findOne(plan.id).exec()).toBeNull();
    expect((await db.tripPlans.findOne('plan-42').exec())?.name).toBe('Moccasin Gap weekend');
    const context = (await readTripContext(db))!;
    expect(context.activeTripPlan).toMatchObject({ id: 'plan-42' });
    expect(context.tripPlannerHistory[0]).toMatchObject({ tripPlanId: 'plan-42' });
  });

  it.each(['Trip plan', 'My basic trip plan', 'basic trip', 'Fallback plan 2', '   '])(
    'refuses the name %j and writes nothing',
    async (name) => {
      db = await openTestDatabase();
      await expect(savePlannedTrip(db, planData, name)).rejects.toBeInstanceOf(PlanNameError);
      expect(await db.tripPlans.count().exec()).toBe(0);
      await getTripContextPersister(db).flush();
      expect(await readTripContext(db)).toBeNull();
    },
  );
});
