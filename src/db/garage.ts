/**
 * The rider's garage on this device: vehicles and maintenance log entries as records
 * (schemas/records.ts kinds `vehicle` and `maintenance`, ids `<userId>:vehicle:<vehicleId>` and
 * `<userId>:maintenance:<entryId>`), written offline and synced both ways like every record; a
 * signed-out rider's are kept under 'anonymous' and adopted at sign-in (records.ts). Removing
 * is RxDB's soft delete (the replicated `_deleted` flag), and removing a vehicle removes its
 * log. Which vehicle the rider rides is a device-local setting (`currentVehicleSettingKey`);
 * switching folds the trip miles counted so far into the old vehicle's synced odometer
 * (src/lib/garage/reminders.ts explains the counting).
 */
import { combineLatest, map, type Observable } from 'rxjs';
import {
  recordId,
  type MaintenanceData,
  type RiderRecord,
  type VehicleData,
} from '../../schemas/records.ts';
import type { Trip } from '../../schemas/trips.ts';
import { foldTripMiles, tripMilesSinceReading } from '../lib/garage/reminders.ts';
import type { AppDatabase } from './database.ts';
import { writeRecord } from './records.ts';
import { readLocalSetting, writeLocalSetting } from './settings.ts';

/** Local setting key of the vehicle this device's trips count toward: `{ vehicleId }`. */
export const currentVehicleSettingKey = 'garage-current-vehicle';

/** Stored shape of the current-vehicle setting (null: none picked). */
export interface CurrentVehicleSetting {
  vehicleId: string | null;
}

/** A new vehicle or entry id (a UUID: fits the 40-character subject grammar). */
export function newGarageId(): string {
  return crypto.randomUUID();
}

/** Stores (adds or replaces) the vehicle `data.vehicleId` of `userId`. */
export async function saveVehicle(
  db: AppDatabase,
  userId: string,
  data: VehicleData,
  now: number = Date.now(),
): Promise<void> {
  await writeRecord(db, userId, recordId(userId, 'vehicle', data.vehicleId), 'vehicle', data, now);
}

/** Stores (adds or replaces) the maintenance entry `data.entryId` of `userId`. */
export async function saveMaintenanceEntry(
  db: AppDatabase,
  userId: string,
  data: MaintenanceData,
  now: number = Date.now(),
): Promise<void> {
  const id = recordId(userId, 'maintenance', data.entryId);
  await writeRecord(db, userId, id, 'maintenance', data, now);
}

/** Removes one maintenance entry (soft delete, synced). Does nothing when it is gone. */
export async function removeMaintenanceEntry(
  db: AppDatabase,
  userId: string,
  entryId: string,
): Promise<void> {
  await db.records.findOne(recordId(userId, 'maintenance', entryId)).remove();
}

/**
 * Removes the vehicle and every maintenance entry of it (soft deletes, synced), and clears it
 * as this device's current vehicle.
 */
export async function removeVehicle(
  db: AppDatabase,
  userId: string,
  vehicleId: string,
): Promise<void> {
  const entries = await db.records.find({ selector: { userId, kind: 'maintenance' } }).exec();
  for (const entry of entries) {
    if ((entry.toJSON().data as MaintenanceData).vehicleId === vehicleId) await entry.remove();
  }
  await db.records.findOne(recordId(userId, 'vehicle', vehicleId)).remove();
  const current = await readLocalSetting<CurrentVehicleSetting>(db, currentVehicleSettingKey, {
    vehicleId: null,
  });
  if (current.vehicleId === vehicleId) {
    await writeLocalSetting<CurrentVehicleSetting>(db, currentVehicleSettingKey, {
      vehicleId: null,
    });
  }
}

/**
 * Makes `vehicleId` (or none) the vehicle this device's recorded trips count toward. The
 * vehicle ridden until now gets the miles of `trips` counted for it folded into its odometer
 * reading first, so they are not lost (or counted for the new one).
 */
export async function setCurrentVehicle(
  db: AppDatabase,
  userId: string,
  vehicleId: string | null,
  trips: readonly Trip[],
  now: number = Date.now(),
): Promise<void> {
  const previous = await readLocalSetting<CurrentVehicleSetting>(db, currentVehicleSettingKey, {
    vehicleId: null,
  });
  if (previous.vehicleId === vehicleId) return;
  if (previous.vehicleId) {
    const id = recordId(userId, 'vehicle', previous.vehicleId);
    const stored = (await db.records.findOne(id).exec())?.toJSON().data as VehicleData | undefined;
    const miles = stored ? tripMilesSinceReading(stored, trips) : 0;
    if (stored && miles > 0) await saveVehicle(db, userId, foldTripMiles(stored, miles, now), now);
  }
  await writeLocalSetting<CurrentVehicleSetting>(db, currentVehicleSettingKey, { vehicleId });
}

/** What the garage page shows: vehicles (oldest first) and log entries (newest first). */
export interface GarageState {
  vehicles: VehicleData[];
  entries: MaintenanceData[];
}

function recordsOf<T>(db: AppDatabase, userId: string, kind: RiderRecord['kind']) {
  return db.records
    .find({ selector: { userId, kind }, sort: [{ createdAt: 'asc' }] })
    .$.pipe(
      map((documents) => documents.map((document) => (document.toJSON() as RiderRecord).data as T)),
    );
}

/** The garage of `userId` on this device, following every change. */
export function observeGarage(db: AppDatabase, userId: string): Observable<GarageState> {
  return combineLatest([
    recordsOf<VehicleData>(db, userId, 'vehicle'),
    recordsOf<MaintenanceData>(db, userId, 'maintenance'),
  ]).pipe(
    map(([vehicles, entries]) => ({
      vehicles,
      entries: [...entries].sort(
        (a, b) => b.date.localeCompare(a.date) || b.odometerMiles - a.odometerMiles,
      ),
    })),
  );
}
