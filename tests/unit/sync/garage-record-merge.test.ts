// Two devices that changed one garage record offline (schemas/records.ts kinds vehicle and
// maintenance): each key keeps the edit of the device that changed it, so a nickname set on
// the phone and an odometer folded on the tablet both survive, in either arrival order; when
// both changed the same key, the later edit wins and the other value is kept in syncConflicts.
import { collectionDescriptors } from '../../../schemas/collections/index.ts';
import { describe, expect, it } from 'vitest';
import { resolveConflict, type SyncedDocument } from '../../../src/lib/sync/conflict-resolution.ts';

const vehicle = {
  vehicleId: 'v-1',
  type: 'utv',
  make: 'Polaris',
  model: 'RZR XP 1000',
  year: 2021,
  nickname: null,
  odometerMiles: 1480,
  odometerAt: 1000,
  oilIntervalMiles: null,
  airFilterIntervalMiles: null,
};

const base: SyncedDocument = {
  id: 'u1:vehicle:v-1',
  userId: 'u1',
  kind: 'vehicle',
  data: vehicle,
  status: 'synced',
  createdAt: 1000,
  updatedAt: 1000,
  _deleted: false,
};

describe('garage record merge', () => {
  it('keeps each device’s own edits of different keys', () => {
    const phone = { ...base, data: { ...vehicle, nickname: 'Red' }, updatedAt: 5000 };
    const tablet = {
      ...base,
      data: { ...vehicle, odometerMiles: 1522.5, odometerAt: 4000 },
      updatedAt: 4000,
    };
    for (const [master, local] of [
      [phone, tablet],
      [tablet, phone],
    ] as const) {
      expect(resolveConflict(collectionDescriptors.records, { base, master, local }).data).toEqual({
        ...vehicle,
        nickname: 'Red',
        odometerMiles: 1522.5,
        odometerAt: 4000,
      });
    }
  });

  it('lets the later edit win when both devices changed the same key', () => {
    const phone = { ...base, data: { ...vehicle, odometerMiles: 1400 }, updatedAt: 5000 };
    const tablet = { ...base, data: { ...vehicle, odometerMiles: 1600 }, updatedAt: 6000 };
    for (const [master, local] of [
      [phone, tablet],
      [tablet, phone],
    ] as const) {
      const merged = resolveConflict(collectionDescriptors.records, { base, master, local });
      expect((merged.data as typeof vehicle).odometerMiles).toBe(1600);
      // The phone's reading is not lost: the record keeps it for the rider to see.
      expect(merged.syncConflicts).toEqual([
        { field: 'data.odometerMiles', keptValue: 1600, otherValue: 1400, otherUpdatedAt: 5000 },
      ]);
    }
  });
});
