// The device's trail report repository (src/db/trail-reports.ts): a filing the server would
// refuse is refused at once with the reason and stores nothing; a rider cannot vote on their own
// report or on one not yet sent; a later vote replaces the earlier one; hidden reports are left
// out of the lists, which are newest sighting first.
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import {
  OwnReportVoteError,
  TrailReportInputError,
  fileTrailReport,
  observeTrailReportVotes,
  observeTrailReportsInBbox,
  observeTrailReportsOfTrail,
  voteOnTrailReport,
  type TrailReportInput,
} from '../../../src/db/trail-reports.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const seenAt = 1_760_000_000_000;
const input: TrailReportInput = {
  trailId: 'wolf-pen-gap',
  position: { lon: -93.94, lat: 34.61 },
  status: 'some-issues',
  condition: 'wet',
  observations: ['high-water'],
  crowding: null,
  expectedReopening: null,
  note: '  High water at the ford.  ',
  photos: [],
  observedAt: seenAt,
};

describe('trail report repository', () => {
  it('refuses a filing the server would refuse, storing nothing', async () => {
    db = await openTestDatabase();
    await expect(
      fileTrailReport(db, 'rider-1', { ...input, expectedReopening: '2026-12-01' }),
    ).rejects.toThrow(TrailReportInputError);
    await expect(
      fileTrailReport(db, 'rider-1', { ...input, note: 'x'.repeat(1001) }),
    ).rejects.toThrow(/longer than 1,000 characters/);
    expect(await db.trailReports.count().exec()).toBe(0);
  });

  it('lists visible reports newest first, by trail and by area', async () => {
    db = await openTestDatabase();
    const older = await fileTrailReport(db, 'rider-1', input, seenAt);
    const newer = await fileTrailReport(
      db,
      'rider-1',
      { ...input, status: 'closed', expectedReopening: '2026-12-01', observedAt: seenAt + 1000 },
      seenAt + 1000,
    );
    expect(newer.note).toBe('High water at the ford.');
    const ofTrail = await firstValueFrom(
      observeTrailReportsOfTrail(db, 'wolf-pen-gap').pipe(filter((list) => list.length === 2)),
    );
    expect(ofTrail.map((report) => [report.id, report.waitingToSend])).toEqual([
      [newer.id, true],
      [older.id, true],
    ]);
    await db.trailReports.upsert({ ...older, id: 'server-id', hidden: true });
    const inArea = await firstValueFrom(
      observeTrailReportsInBbox(db, [-94, 34.5, -93.9, 34.7]).pipe(
        filter((list) => list.length === 2),
      ),
    );
    expect(inArea.map((report) => report.id)).not.toContain('server-id');
    expect(await firstValueFrom(observeTrailReportsInBbox(db, [0, 0, 1, 1]))).toEqual([]);
  });

  it('stores one vote per rider and report, never on the rider’s own or an unsent one', async () => {
    db = await openTestDatabase();
    const mine = await fileTrailReport(db, 'rider-1', input, seenAt);
    await expect(voteOnTrailReport(db, 'rider-2', mine.id, 'confirm')).rejects.toThrow(
      /not on this device/,
    );
    await db.trailReports.insert({ ...mine, id: 'sent-report', reporterLabel: 'rider ab12' });
    await expect(voteOnTrailReport(db, 'rider-1', 'sent-report', 'confirm')).rejects.toThrow(
      OwnReportVoteError,
    );
    await voteOnTrailReport(db, 'rider-2', 'sent-report', 'confirm', seenAt + 1);
    await voteOnTrailReport(db, 'rider-2', 'sent-report', 'clear', seenAt + 2);
    const votes = await firstValueFrom(
      observeTrailReportVotes(db, 'rider-2').pipe(
        filter((map) => map.get('sent-report') === 'clear'),
      ),
    );
    expect([...votes]).toEqual([['sent-report', 'clear']]);
    expect(await db.records.count().exec()).toBe(1);
  });
});
