// Version 1 of trips, tripPlans and waypoints (optional syncConflicts, issue 4): documents stored
// by an installed app at version 0 must open unchanged after the update (src/db/migrations.ts).
import { afterEach, expect, it } from 'vitest';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { collectionSchemas } from '../../../schemas/index.ts';
import { createAppDatabase, hashSha256Hex, type AppDatabase } from '../../../src/db/database.ts';
import { makeTrip, makeTripPlan } from '../sync/sync-fixtures.ts';
import { shippedWmaWaypoints } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

/** The schema as version 0 shipped it: no syncConflicts. */
function versionZero(name: 'trips' | 'tripPlans' | 'waypoints'): RxJsonSchema<unknown> {
  const schema = structuredClone(collectionSchemas[name]) as unknown as {
    version: number;
    properties: Record<string, unknown>;
  };
  schema.version = 0;
  delete schema.properties.syncConflicts;
  return schema as unknown as RxJsonSchema<unknown>;
}

it('keeps every trip, trip plan and rider waypoint stored at schema version 0', async () => {
  const name = `schema-v0-${Date.now().toString(36)}`;
  const trip = makeTrip('temp-lkj3-abc', { name: 'Friday night at Wolf Pen Gap' });
  const plan = makeTripPlan('temp-plan-1');
  const waypoint = {
    ...shippedWmaWaypoints()[0]!,
    id: 'rider-camp',
    ownerId: 'u1',
    category: 'camp' as const,
  };
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }),
    hashFunction: hashSha256Hex,
  });
  await old.addCollections({
    trips: { schema: versionZero('trips') },
    tripPlans: { schema: versionZero('tripPlans') },
    waypoints: { schema: versionZero('waypoints') },
  });
  await old.trips!.insert(trip);
  await old.tripPlans!.insert(plan);
  await old.waypoints!.insert(waypoint);
  await old.close();

  db = await createAppDatabase({ name, devMode: true });
  expect((await db.trips.findOne(trip.id).exec())?.toJSON()).toEqual(trip);
  expect((await db.tripPlans.findOne(plan.id).exec())?.toJSON()).toEqual(plan);
  expect((await db.waypoints.findOne(waypoint.id).exec())?.toJSON()).toEqual(waypoint);
});
