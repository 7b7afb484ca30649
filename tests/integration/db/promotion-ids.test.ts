// A canonical id from the server outside the id grammar (issue 11) is never stored on the
// device: the temp trip stays as it was and keeps waiting for a usable id.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import { applyPromotions } from '../../../src/db/promotion.ts';
import { createRecordedTrip } from '../../../src/db/trips/recording-store.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

describe('applying promotions', () => {
  it('refuses a canonical id outside the id grammar and keeps the temp trip', async () => {
    db = await openTestDatabase();
    const trip = await createRecordedTrip(db, { startedAt: 1_700_000_000_000 });
    for (const id of ['bad\u0000id', 'with space', 'x'.repeat(129)]) {
      await expect(applyPromotions(db, 'trips', [{ tempId: trip.id, id }])).rejects.toThrow(
        /Cannot promote/,
      );
    }
    const ids = (await db.trips.find().exec()).map((document) => document.id);
    expect(ids).toEqual([trip.id]);
  });
});
