// The conflict merge of the sync engine (issue 4): two devices editing one document offline
// converge whichever reaches the server first, and no edit disappears silently.
import { collectionDescriptors } from '../../../schemas/collections/index.ts';
import { describe, expect, it } from 'vitest';
import { resolveConflict, type SyncedDocument } from '../../../src/lib/sync/conflict-resolution.ts';
import {
  withoutServerOwnedFields,
  type UserSyncedCollection,
} from '../../../schemas/sync-protocol.ts';

const base: SyncedDocument = {
  id: 'plan-1',
  userId: 'rider-1',
  name: 'Ouachita weekend loop',
  description: 'Two days',
  planData: { days: 2 },
  totalDuration: 600,
  totalDistance: 48,
  difficulty: 5,
  estimatedCost: 120,
  status: 'synced',
  aiConfidence: 0.8,
  createdAt: 1000,
  updatedAt: 1000,
  _deleted: false,
};

/** Both arrival orders, compared on rider content (the server rewrites its own fields anyway). */
function bothOrders(
  collection: UserSyncedCollection,
  a: SyncedDocument,
  b: SyncedDocument,
  start = base,
) {
  const aFirst = resolveConflict(collectionDescriptors[collection], {
    base: start,
    master: a,
    local: b,
  });
  const bFirst = resolveConflict(collectionDescriptors[collection], {
    base: start,
    master: b,
    local: a,
  });
  return {
    aFirst: withoutServerOwnedFields(collection, aFirst),
    bFirst: withoutServerOwnedFields(collection, bFirst),
    result: aFirst,
  };
}

describe('resolveConflict', () => {
  it('keeps edits to different fields from both devices, in either order', () => {
    const phone = { ...base, name: 'Phone name', updatedAt: 2000 };
    const tablet = { ...base, difficulty: 7, updatedAt: 3000 };
    const { aFirst, bFirst, result } = bothOrders('tripPlans', phone, tablet);
    expect(aFirst).toEqual(bFirst);
    expect(result).toMatchObject({ name: 'Phone name', difficulty: 7, updatedAt: 3000 });
    expect(result.syncConflicts).toBeUndefined();
  });

  it('lets the later edit of one field win and records the other value', () => {
    const phone = { ...base, name: 'Phone name', updatedAt: 2000 };
    const tablet = { ...base, name: 'Tablet name', updatedAt: 3000 };
    const { aFirst, bFirst, result } = bothOrders('tripPlans', phone, tablet);
    expect(aFirst).toEqual(bFirst);
    expect(result.name).toBe('Tablet name');
    expect(result.syncConflicts).toEqual([
      { field: 'name', keptValue: 'Tablet name', otherValue: 'Phone name', otherUpdatedAt: 2000 },
    ]);
  });

  it('breaks a tie of edit times the same way on every device', () => {
    const phone = { ...base, estimatedCost: 150, updatedAt: 2000 };
    const tablet = { ...base, estimatedCost: 90, updatedAt: 2000 };
    const { aFirst, bFirst } = bothOrders('tripPlans', phone, tablet);
    expect(aFirst).toEqual(bFirst);
  });

  it('never lets a deletion erase an edit made on the other device', () => {
    const deleted = { ...base, _deleted: true, updatedAt: 2000 };
    const edited = { ...base, description: 'Bring chains', updatedAt: 1500 };
    const { aFirst, bFirst, result } = bothOrders('tripPlans', deleted, edited);
    expect(aFirst).toEqual(bFirst);
    expect(result).toMatchObject({ _deleted: false, description: 'Bring chains' });
  });

  it('takes the untouched side’s changes when only one device edited', () => {
    const edited = { ...base, totalDistance: 52, updatedAt: 2000 };
    expect(
      resolveConflict(collectionDescriptors.tripPlans, { base, master: base, local: edited }),
    ).toMatchObject({
      totalDistance: 52,
    });
    expect(
      resolveConflict(collectionDescriptors.tripPlans, { base, master: edited, local: base }),
    ).toEqual(edited);
  });

  it('merges the track points of both copies of a chunk without losing a fix', () => {
    const chunk = (points: number[][], updatedAt: number): SyncedDocument => ({
      id: 'trip-1:000000',
      tripId: 'trip-1',
      sequence: 0,
      points,
      updatedAt,
      _deleted: false,
    });
    const start = chunk([[-93, 34, null, 1, 5] as unknown as number[]], 1);
    const a = chunk(
      [
        [-93, 34, null, 1, 5],
        [-93.1, 34.1, null, 2, 5],
      ] as unknown as number[][],
      2,
    );
    const b = chunk(
      [
        [-93, 34, null, 1, 5],
        [-93.2, 34.2, null, 3, 5],
      ] as unknown as number[][],
      3,
    );
    const { aFirst, bFirst, result } = bothOrders('trackChunks', a, b, start);
    expect(aFirst).toEqual(bFirst);
    expect((result.points as unknown[][]).map((point) => point[3])).toEqual([1, 2, 3]);
  });

  it('keeps the highest achievement progress and the first time it was earned', () => {
    const achievement = (
      progress: number,
      earnedAt: number | null,
      updatedAt: number,
    ): SyncedDocument => ({
      id: 'rider-1:achievementProgress:first-ride',
      userId: 'rider-1',
      kind: 'achievementProgress',
      data: { achievementId: 'first-ride', progress, earnedAt },
      status: 'synced',
      createdAt: 100,
      updatedAt,
      _deleted: false,
    });
    const { aFirst, bFirst, result } = bothOrders(
      'records',
      achievement(5, 500, 600),
      achievement(3, 400, 700),
      achievement(1, null, 100),
    );
    expect(aFirst).toEqual(bFirst);
    expect(result.data).toEqual({ achievementId: 'first-ride', progress: 5, earnedAt: 400 });
  });

  it('lets the server copy of the trip context override the device’s (core-platform §4)', () => {
    const master = { id: 'current', activeTripPlan: { id: 'a' }, updatedAt: 1, _deleted: false };
    const local = { id: 'current', activeTripPlan: { id: 'b' }, updatedAt: 2, _deleted: false };
    expect(resolveConflict(collectionDescriptors.tripContext, { master, local })).toEqual(master);
  });
});
