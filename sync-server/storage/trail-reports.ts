/**
 * The server's own writes to riders' trail reports (collection `trailReports`, scope `shared`):
 * the tallies of other riders' votes (records of kind `trailReportVote`, id
 * `<voterId>:trailReportVote:<reportId>`) and an admin's hiding. Each write takes the
 * collection's shared write lock and the next server time, so every device's pull and stream
 * delivers the changed report.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  tallyTrailReportVotes,
  type TrailReport,
  type TrailReportVoteData,
} from '../../schemas/trail-reports.ts';
import type { DatabaseKind, ServerDatabase } from './database.ts';
import { lockAndNextServerTime } from './user-documents.ts';

const reportsCollection = 'trailReports';

/** A stored report and its owner. */
export interface StoredTrailReport {
  ownerId: string;
  report: TrailReport;
}

/** The live report `reportId`, or null. */
export async function findTrailReport(
  db: Kysely<ServerDatabase>,
  reportId: string,
): Promise<StoredTrailReport | null> {
  const row = await db
    .selectFrom('user_documents')
    .select(['owner_id', 'data'])
    .where('collection', '=', reportsCollection)
    .where('id', '=', reportId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row ? { ownerId: row.owner_id, report: JSON.parse(row.data) as TrailReport } : null;
}

/** Every live vote on `reportId`: who voted and how. */
async function votesOn(db: Kysely<ServerDatabase>, reportId: string) {
  // Vote ids end in ":trailReportVote:<reportId>"; the LIKE narrows, the parsed data decides.
  const suffix = `%:trailReportVote:${reportId.replace(/[\\%_]/g, '\\$&')}`;
  const rows = await db
    .selectFrom('user_documents')
    .select(['owner_id', 'data'])
    .where('collection', '=', 'records')
    .where('deleted', '=', 0)
    .where(sql<boolean>`id like ${suffix} escape '\\'`)
    .execute();
  return rows.flatMap((row) => {
    const record = JSON.parse(row.data) as { kind?: string; data?: TrailReportVoteData };
    return record.kind === 'trailReportVote' && record.data?.reportId === reportId
      ? [{ voterId: row.owner_id, vote: record.data.vote }]
      : [];
  });
}

/**
 * Rewrites report `reportId` with `change(report)` under the collection's shared write lock,
 * with the next server time; nothing when the report is gone or `change` answers null.
 * Answers whether it wrote.
 */
async function rewriteReport(
  db: Kysely<ServerDatabase>,
  kind: DatabaseKind,
  reportId: string,
  change: (report: TrailReport) => TrailReport | null,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const serverTime = await lockAndNextServerTime(transaction, kind, null, reportsCollection, now);
    const stored = await findTrailReport(transaction, reportId);
    if (!stored) return false;
    const changed = change(stored.report);
    if (!changed) return false;
    await transaction
      .updateTable('user_documents')
      .set({ data: JSON.stringify(changed), server_time: serverTime })
      .where('owner_id', '=', stored.ownerId)
      .where('collection', '=', reportsCollection)
      .where('id', '=', reportId)
      .execute();
    return true;
  });
}

/**
 * Recounts the confirmations, clears and flags of each report in `reportIds` from the votes of
 * riders other than its reporter, and stores those that changed. Answers how many changed.
 */
export async function recomputeTrailReportTallies(
  db: Kysely<ServerDatabase>,
  kind: DatabaseKind,
  reportIds: Iterable<string>,
  now: number = Date.now(),
): Promise<number> {
  let changed = 0;
  for (const reportId of new Set(reportIds)) {
    const stored = await findTrailReport(db, reportId);
    if (!stored) continue;
    const tally = tallyTrailReportVotes(await votesOn(db, reportId), stored.ownerId);
    const wrote = await rewriteReport(
      db,
      kind,
      reportId,
      (report) =>
        report.confirmations === tally.confirmations &&
        report.clears === tally.clears &&
        report.flags === tally.flags
          ? null
          : { ...report, ...tally },
      now,
    );
    if (wrote) changed += 1;
  }
  return changed;
}

/**
 * Hides or shows report `reportId` (admin moderation): the report stays stored and synced, so
 * devices learn to hide it. Answers false when there is no such live report.
 */
export async function setTrailReportHidden(
  db: Kysely<ServerDatabase>,
  kind: DatabaseKind,
  reportId: string,
  hidden: boolean,
  now: number = Date.now(),
): Promise<boolean> {
  if (!(await findTrailReport(db, reportId))) return false;
  await rewriteReport(
    db,
    kind,
    reportId,
    (report) => (report.hidden === hidden ? null : { ...report, hidden }),
    now,
  );
  return true;
}

/**
 * Hides or shows photo `hash` of report `reportId` (admin moderation): the report keeps the
 * photo's entry with `hidden` set, so devices stop showing it and the photo route stops serving
 * it. Answers false when there is no such live report or it has no such photo.
 */
export async function setTrailReportPhotoHidden(
  db: Kysely<ServerDatabase>,
  kind: DatabaseKind,
  reportId: string,
  hash: string,
  hidden: boolean,
  now: number = Date.now(),
): Promise<boolean> {
  const stored = await findTrailReport(db, reportId);
  if (!stored?.report.photos.some((photo) => photo.hash === hash)) return false;
  await rewriteReport(
    db,
    kind,
    reportId,
    (report) => {
      const photos = report.photos.map((photo) =>
        photo.hash === hash ? { ...photo, hidden } : photo,
      );
      return photos.every((photo, index) => photo.hidden === report.photos[index]!.hidden)
        ? null
        : { ...report, photos };
    },
    now,
  );
  return true;
}

/**
 * Live reports for the admin page: flagged ones first (most flags first), then the newest, at
 * most `limit`, each with its owner id.
 */
export async function listTrailReportsForReview(
  db: Kysely<ServerDatabase>,
  limit: number,
): Promise<StoredTrailReport[]> {
  const rows = await db
    .selectFrom('user_documents')
    .select(['owner_id', 'data'])
    .where('collection', '=', reportsCollection)
    .where('deleted', '=', 0)
    .orderBy('server_time', 'desc')
    .limit(2000)
    .execute();
  return rows
    .map((row) => ({ ownerId: row.owner_id, report: JSON.parse(row.data) as TrailReport }))
    .sort((a, b) => b.report.flags - a.report.flags || b.report.observedAt - a.report.observedAt)
    .slice(0, limit);
}

/**
 * A deleted account's reports become tombstones with nothing of the rider left in them (no
 * note, photos, observations or position), under the next server time, so every device that
 * pulled them removes them. Runs inside the account deletion's transaction.
 */
export async function tombstoneReportsOf(
  transaction: Transaction<ServerDatabase>,
  ownerId: string,
  now: number,
): Promise<void> {
  const rows = await transaction
    .selectFrom('user_documents')
    .select(['id', 'data'])
    .where('owner_id', '=', ownerId)
    .where('collection', '=', reportsCollection)
    .where('deleted', '=', 0)
    .execute();
  if (rows.length === 0) return;
  const latest = await transaction
    .selectFrom('user_documents')
    .select((eb) => eb.fn.max('server_time').as('latest'))
    .where('collection', '=', reportsCollection)
    .executeTakeFirst();
  let serverTime = Math.max(now, Number(latest?.latest ?? 0) + 1);
  for (const row of rows) {
    const report = JSON.parse(row.data) as TrailReport;
    const tombstone: TrailReport = {
      ...report,
      position: { lon: 0, lat: 0 },
      condition: null,
      observations: [],
      crowding: null,
      expectedReopening: null,
      note: '',
      photos: [],
      updatedAt: now,
    };
    await transaction
      .updateTable('user_documents')
      .set({ data: JSON.stringify(tombstone), deleted: 1, server_time: serverTime })
      .where('owner_id', '=', ownerId)
      .where('collection', '=', reportsCollection)
      .where('id', '=', row.id)
      .execute();
    serverTime += 1;
  }
}
