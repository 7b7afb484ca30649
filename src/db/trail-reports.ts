/**
 * Riders' trail reports on this device (schemas/trail-reports.ts; issue "Trail reports from the
 * field"): filed offline under a temp- id at once, promoted and sent by the sync engine, and
 * every visitor's copy of everyone's reports, pulled by the sync engine. Votes ("still there",
 * "gone now", flags) are the rider's `trailReportVote` records, synced like any record; the
 * server turns them into the report's tallies.
 */
import { map, type Observable } from 'rxjs';
import { newTempId } from '../../schemas/identity.ts';
import { recordId } from '../../schemas/records.ts';
import { isTempId } from '../../schemas/sync-protocol.ts';
import {
  trailReportMaxPhotos,
  trailReportNoteMaxLength,
  type TrailReport,
  type TrailReportVote,
  type TrailReportVoteData,
} from '../../schemas/trail-reports.ts';
import type { AppDatabase } from './database.ts';
import { writeRecord } from './records.ts';

/** What the rider enters when filing (the server sets the rest). */
export type TrailReportInput = Pick<
  TrailReport,
  | 'trailId'
  | 'position'
  | 'status'
  | 'condition'
  | 'observations'
  | 'crowding'
  | 'expectedReopening'
  | 'note'
  | 'photos'
  | 'observedAt'
>;

/** A report as screens show it: the stored report and whether it still waits to be sent. */
export type ShownTrailReport = TrailReport & { waitingToSend: boolean };

/** A filing the schema would refuse, in words the rider can fix. */
export class TrailReportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrailReportInputError';
  }
}

/** The first problem of `input`, or null. */
function inputProblem(input: TrailReportInput): string | null {
  if (input.expectedReopening !== null && input.status !== 'closed') {
    return 'An expected reopening date goes only with a Closed report.';
  }
  if (input.note.length > trailReportNoteMaxLength) {
    return `The note is longer than ${trailReportNoteMaxLength.toLocaleString('en-US')} characters.`;
  }
  if (input.photos.length > trailReportMaxPhotos) {
    return `A report holds at most ${trailReportMaxPhotos} photos.`;
  }
  const { lon, lat } = input.position;
  if (!(Math.abs(lon) <= 180 && Math.abs(lat) <= 90)) return 'The position is not on the map.';
  return null;
}

/**
 * Files `userId`'s report on this device at once under a temp- id (offline too); the sync
 * engine promotes and sends it. Resolves with the stored report; throws TrailReportInputError
 * for a filing the server would refuse (a reopening date on a report that is not Closed, a note
 * over 1,000 characters, more than 4 photos, a position off the map).
 */
export async function fileTrailReport(
  db: AppDatabase,
  userId: string,
  input: TrailReportInput,
  now: number = Date.now(),
): Promise<TrailReport> {
  const problem = inputProblem(input);
  if (problem) throw new TrailReportInputError(problem);
  const report: TrailReport = {
    id: newTempId(now),
    userId,
    ...input,
    note: input.note.trim(),
    observations: [...new Set(input.observations)],
    confirmations: 0,
    clears: 0,
    flags: 0,
    hidden: false,
    // The server sets the reporter's tag; until then the rider's own report shows as "you".
    reporterLabel: '',
    createdAt: now,
    updatedAt: now,
  };
  const stored = await db.trailReports.insert(report);
  return stored.toJSON() as TrailReport;
}

const shown = (report: TrailReport): ShownTrailReport => ({
  ...report,
  waitingToSend: isTempId(report.id),
});

/** Newest sighting first. */
const newestFirst = (a: TrailReport, b: TrailReport) => b.observedAt - a.observedAt;

/**
 * The reports of trail `trailId` riders may see (an admin's hidden ones left out), newest
 * sighting first, live.
 */
export function observeTrailReportsOfTrail(
  db: AppDatabase,
  trailId: string,
): Observable<ShownTrailReport[]> {
  return db.trailReports.find({ selector: { trailId } }).$.pipe(
    map((documents) =>
      documents
        .map((document) => document.toJSON() as TrailReport)
        .filter((report) => !report.hidden)
        .sort(newestFirst)
        .map(shown),
    ),
  );
}

/**
 * The reports riders may see whose position lies in `bbox` ([west, south, east, north],
 * degrees), newest sighting first, live.
 */
export function observeTrailReportsInBbox(
  db: AppDatabase,
  bbox: readonly [number, number, number, number],
): Observable<ShownTrailReport[]> {
  const [west, south, east, north] = bbox;
  return db.trailReports.find().$.pipe(
    map((documents) =>
      documents
        .map((document) => document.toJSON() as TrailReport)
        .filter(
          ({ hidden, position: { lon, lat } }) =>
            !hidden && lon >= west && lon <= east && lat >= south && lat <= north,
        )
        .sort(newestFirst)
        .map(shown),
    ),
  );
}

/** Every visible report on the device that names a trail, by trail id, newest first, live. */
export function observeTrailReportsByTrail(
  db: AppDatabase,
): Observable<ReadonlyMap<string, ShownTrailReport[]>> {
  return db.trailReports.find().$.pipe(
    map((documents) => {
      const byTrail = new Map<string, ShownTrailReport[]>();
      const reports = documents
        .map((document) => document.toJSON() as TrailReport)
        .filter((report) => !report.hidden && report.trailId !== null)
        .sort(newestFirst);
      for (const report of reports) {
        const list = byTrail.get(report.trailId!) ?? [];
        list.push(shown(report));
        byTrail.set(report.trailId!, list);
      }
      return byTrail;
    }),
  );
}

/** A vote on one's own report: the server would not count it, so the device refuses it. */
export class OwnReportVoteError extends Error {
  constructor() {
    super('You cannot vote on your own report.');
    this.name = 'OwnReportVoteError';
  }
}

/**
 * Stores `userId`'s vote on report `reportId`, offline too: `confirm` ("still there"), `clear`
 * ("gone now") or `flag` (for an admin). One vote per rider and report; a later vote replaces
 * the earlier one. Throws OwnReportVoteError on the rider's own report, and an Error for a
 * report not on this device or not yet sent (it has no server id to vote on).
 */
export async function voteOnTrailReport(
  db: AppDatabase,
  userId: string,
  reportId: string,
  vote: TrailReportVote,
  now: number = Date.now(),
): Promise<void> {
  const report = await db.trailReports.findOne(reportId).exec();
  if (!report || isTempId(reportId)) throw new Error('That report is not on this device.');
  if (report.userId === userId) throw new OwnReportVoteError();
  const data: TrailReportVoteData = { reportId, vote, votedAt: now };
  await writeRecord(
    db,
    userId,
    recordId(userId, 'trailReportVote', reportId),
    'trailReportVote',
    data,
    now,
  );
}

/** Flags report `reportId` for an admin to look at (`voteOnTrailReport` with `flag`). */
export function flagTrailReport(
  db: AppDatabase,
  userId: string,
  reportId: string,
  now: number = Date.now(),
): Promise<void> {
  return voteOnTrailReport(db, userId, reportId, 'flag', now);
}

/** `userId`'s votes by report id, live; empty for a guest. */
export function observeTrailReportVotes(
  db: AppDatabase,
  userId: string,
): Observable<ReadonlyMap<string, TrailReportVote>> {
  return db.records.find({ selector: { userId, kind: 'trailReportVote' } }).$.pipe(
    map(
      (documents) =>
        new Map(
          documents.map((document) => {
            const data = document.toJSON().data as TrailReportVoteData;
            return [data.reportId, data.vote] as const;
          }),
        ),
    ),
  );
}

/** Every report riders may see (hidden ones left out), read once (the voice assistant's answers). */
export async function readVisibleTrailReports(db: AppDatabase): Promise<TrailReport[]> {
  const documents = await db.trailReports.find().exec();
  return documents
    .map((document) => document.toJSON() as TrailReport)
    .filter((report) => !report.hidden)
    .sort(newestFirst);
}
