// The garage on the device (src/db/garage.ts): a signed-out rider's vehicle and log move to the
// rider who signs in; removing a vehicle removes its log; switching the vehicle ridden keeps
// the trip miles counted so far with the old vehicle.
import { afterEach, describe, expect, it } from 'vitest';
import type { MaintenanceData, RiderRecord, VehicleData } from '../../../schemas/records.ts';
import type { Trip } from '../../../schemas/trips.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import {
  removeVehicle,
  saveMaintenanceEntry,
  saveVehicle,
  setCurrentVehicle,
} from '../../../src/db/garage.ts';
import { adoptAnonymousRecords } from '../../../src/db/records.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const now = Date.UTC(2026, 10, 23, 18, 0);

const vehicle: VehicleData = {
  vehicleId: 'v-1',
  type: 'atv',
  make: 'Honda',
  model: 'FourTrax Rancher',
  year: 2019,
  nickname: null,
  odometerMiles: 300,
  odometerAt: now - 1000,
  oilIntervalMiles: null,
  airFilterIntervalMiles: null,
};
const entry: MaintenanceData = {
  entryId: 'e-1',
  vehicleId: 'v-1',
  service: 'cvtBelt',
  date: '2026-11-20',
  odometerMiles: 290,
  notes: null,
};

async function records(database: AppDatabase): Promise<RiderRecord[]> {
  return (await database.records.find().exec()).map((doc) => doc.toJSON() as RiderRecord);
}

describe('garage records on the device', () => {
  it('moves a signed-out rider’s vehicle and log to the rider who signs in', async () => {
    db = await openTestDatabase();
    await saveVehicle(db, 'anonymous', vehicle, now);
    await saveMaintenanceEntry(db, 'anonymous', entry, now);
    await adoptAnonymousRecords(db, 'u1', now + 5);
    const stored = await records(db);
    expect(stored.map((record) => record.id).sort()).toEqual([
      'u1:maintenance:e-1',
      'u1:vehicle:v-1',
    ]);
    expect(stored.find((record) => record.kind === 'vehicle')).toMatchObject({
      userId: 'u1',
      status: 'pending',
      data: vehicle,
    });
  });

  it('removes a vehicle with its log and keeps other vehicles’ entries', async () => {
    db = await openTestDatabase();
    await saveVehicle(db, 'u1', vehicle, now);
    await saveVehicle(db, 'u1', { ...vehicle, vehicleId: 'v-2' }, now);
    await saveMaintenanceEntry(db, 'u1', entry, now);
    await saveMaintenanceEntry(db, 'u1', { ...entry, entryId: 'e-2', vehicleId: 'v-2' }, now);
    await removeVehicle(db, 'u1', 'v-1');
    expect((await records(db)).map((record) => record.id).sort()).toEqual([
      'u1:maintenance:e-2',
      'u1:vehicle:v-2',
    ]);
  });

  it('folds the counted trip miles into the old vehicle when the rider switches', async () => {
    db = await openTestDatabase();
    await saveVehicle(db, 'u1', vehicle, now);
    await saveVehicle(db, 'u1', { ...vehicle, vehicleId: 'v-2' }, now);
    const trips = [
      { source: 'recorded', startedAt: now, distanceMiles: 42.5, vehicleType: null },
    ] as Trip[];
    await setCurrentVehicle(db, 'u1', 'v-1', trips, now);
    await setCurrentVehicle(db, 'u1', 'v-2', trips, now + 60_000);
    const stored = await records(db);
    expect(stored.find((record) => record.id === 'u1:vehicle:v-1')?.data).toMatchObject({
      odometerMiles: 342.5,
      odometerAt: now + 60_000,
    });
    expect(stored.find((record) => record.id === 'u1:vehicle:v-2')?.data).toMatchObject({
      odometerMiles: 300,
    });
  });
});
