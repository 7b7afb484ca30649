import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TripPlan } from '../../../schemas/trip-plans.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import { observePendingSyncCount } from '../../../src/db/pending-sync.ts';
import { fileTrailReport } from '../../../src/db/trail-reports.ts';
import { createRecordedTrip } from '../../../src/db/trips/recording-store.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

function plan(id: string, status: 'pending' | 'synced'): TripPlan {
  return {
    id,
    userId: 'anonymous',
    name: 'Wolf Pen Gap weekend',
    description: '',
    planData: {},
    totalDuration: 120,
    totalDistance: 30,
    difficulty: 5,
    estimatedCost: 0,
    status,
    aiConfidence: 0.8,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
  };
}

describe('pending sync count (core-platform §4 "Offline")', () => {
  it('counts pending trips and trip plans, live', async () => {
    db = await openTestDatabase();
    const count$ = observePendingSyncCount(db);
    expect(await firstValueFrom(count$)).toBe(0);

    const trip = await createRecordedTrip(db, { startedAt: 1_700_000_000_000 });
    await db.tripPlans.bulkInsert([plan('temp-plan-1', 'pending'), plan('plan-2', 'synced')]);
    expect(await firstValueFrom(count$.pipe(filter((count) => count === 2)))).toBe(2);

    // The engine marks a trip synced once the server has it.
    await (await db.trips.findOne(trip.id).exec())!.incrementalPatch({ status: 'synced' });
    expect(await firstValueFrom(count$.pipe(filter((count) => count === 1)))).toBe(1);
    await (await db.tripPlans.findOne('temp-plan-1').exec())!.remove();
    expect(await firstValueFrom(count$.pipe(filter((count) => count === 0)))).toBe(0);
  });

  it('counts rider waypoints until the server has sent them back', async () => {
    db = await openTestDatabase();
    const count$ = observePendingSyncCount(db);
    const waypoint = (id: string, ownerId: string | null) => ({
      id,
      ownerId,
      name: 'Creek crossing',
      category: 'water' as const,
      longitude: -93.9,
      latitude: 34.6,
      locationConfidence: 'exact' as const,
      sources: ['GPX import: loop.gpx'],
      createdAt: 1,
      updatedAt: 1,
    });
    // A public waypoint and one the server already gave its id are not waiting.
    await db.waypoints.bulkInsert([
      waypoint('temp-wp-1', 'anonymous'),
      waypoint('wma-gulf-mountain', null),
      waypoint('0b8f6b2e-5d6c-4d8e-9a51-0d7f3c2a9e11', 'rider-1'),
    ]);
    expect(await firstValueFrom(count$.pipe(filter((count) => count === 1)))).toBe(1);
    // Promoted (server id) but not sent back by the server yet: still waiting.
    await db.waypoints.insert(waypoint('6c1d0a7e-2f4b-4a8e-8d3c-5e9b1f0a7c22', 'anonymous'));
    await (await db.waypoints.findOne('temp-wp-1').exec())!.remove();
    await firstValueFrom(count$.pipe(filter((count) => count === 1)));
    // The server's copy names the rider: nothing waits.
    await (await db.waypoints
      .findOne('6c1d0a7e-2f4b-4a8e-8d3c-5e9b1f0a7c22')
      .exec())!.incrementalPatch({ ownerId: 'rider-1' });
    expect(await firstValueFrom(count$.pipe(filter((count) => count === 0)))).toBe(0);
  });

  it('counts trail reports filed offline until the server gives them an id', async () => {
    db = await openTestDatabase();
    const count$ = observePendingSyncCount(db);
    const input = {
      trailId: null,
      position: { lon: -93.9, lat: 34.6 },
      status: 'closed' as const,
      condition: null,
      observations: [],
      crowding: null,
      expectedReopening: null,
      note: '',
      photos: [],
      observedAt: 1_700_000_000_000,
    };
    const filed = await fileTrailReport(db, 'rider-1', input, 1_700_000_000_000);
    expect(await firstValueFrom(count$.pipe(filter((count) => count === 1)))).toBe(1);
    await (await db.trailReports.findOne(filed.id).exec())!.remove();
    expect(await firstValueFrom(count$.pipe(filter((count) => count === 0)))).toBe(0);
  });
});
