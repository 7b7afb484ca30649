/**
 * Trail submissions and their review. A submission is a rider's `trailSubmission`
 * record (schemas/records.ts, schemas/trail-submissions.ts) in `user_documents`, synced like
 * any record; only its `review` is the server's. Approving one writes a public trail into the
 * catalogue (`documents`, owner null, the seed's table) and the review into the rider's record,
 * in one transaction, each with a new server time so catalogue pulls and the rider's pull see
 * them.
 */
import type { Kysely, Transaction } from 'kysely';
import { deletedSubmitterName } from '../../schemas/account-deletion.ts';
import { lineLengthMiles } from '../../schemas/line-geometry.ts';
import type { TrailSubmissionData } from '../../schemas/trail-submissions.ts';
import {
  riderTrailId,
  type SubmissionForReview,
  type SubmissionReview,
  type SubmissionReviewBody,
} from '../../schemas/trail-submissions.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { WireDocument } from '../../schemas/sync-protocol.ts';
import type { TrailPlaceLookup } from '../../datasets/trail-place.ts';
import type { DatabaseKind, ServerDatabase } from './database.ts';
import { pushInTransaction } from './user-documents.ts';

type Db = Kysely<ServerDatabase>;

/** The source every approved submission names. */
export const riderSubmissionSource = 'rider submission, reviewed';

/** The marker of a submission's record id (`<userId>:trailSubmission:<submissionId>`). */
const recordIdMarker = ':trailSubmission:';

/**
 * Every live submission with its submitter's username: those waiting for review first (oldest
 * first), then the reviewed ones, newest review first.
 */
export async function listTrailSubmissions(db: Db): Promise<SubmissionForReview[]> {
  const rows = await db
    .selectFrom('user_documents')
    .innerJoin('users', 'users.id', 'user_documents.owner_id')
    .select(['user_documents.id', 'user_documents.data', 'users.username'])
    .where('user_documents.collection', '=', 'records')
    .where('user_documents.id', 'like', `%${recordIdMarker}%`)
    .where('user_documents.deleted', '=', 0)
    .execute();
  const submissions = rows.map((row) => ({
    id: row.id,
    submittedBy: row.username,
    data: (JSON.parse(row.data) as { data: TrailSubmissionData }).data,
  }));
  const waiting = (entry: SubmissionForReview) => entry.data.review.status === 'submitted';
  return [
    ...submissions
      .filter(waiting)
      .sort((a, b) => a.data.submittedAt - b.data.submittedAt || a.id.localeCompare(b.id)),
    ...submissions
      .filter((entry) => !waiting(entry))
      .sort((a, b) => (b.data.review.reviewedAt ?? 0) - (a.data.review.reviewedAt ?? 0)),
  ];
}

/** An admin's decision, already checked against the body schema. */
export type ReviewDecision = SubmissionReviewBody;

/** What a review did, or why it did nothing. */
export type ReviewOutcome =
  | { submission: SubmissionForReview; trail: Trail | null; ownerId: string }
  | { refused: 404 | 409 | 400; message: string };

/** The trail an approved submission becomes (credited, reviewed, line in `path`). */
function trailOf(
  data: TrailSubmissionData,
  username: string,
  place: { county: string; region: Trail['region'] },
  now: number,
): Trail {
  const [longitude, latitude] = data.line[0]!;
  const reviewDate = new Date(now).toISOString().slice(0, 10);
  return {
    id: riderTrailId(data.submissionId),
    name: data.name,
    kind: 'multi_use_trail',
    systemId: null,
    trailNumber: null,
    vehicleClasses: null,
    trailClass: null,
    season: data.season
      ? { ...data.season, source: `${username}'s submission, reviewed ${reviewDate}` }
      : null,
    dataDate: reviewDate,
    activities: [...data.activities],
    difficulty: data.difficulty,
    lengthMiles: Math.round(lineLengthMiles(data.line) * 100) / 100,
    county: place.county,
    region: place.region,
    manager: null,
    fee: null,
    officialUrl: null,
    locationConfidence: 'exact',
    notes: data.notes,
    sources: [`${riderSubmissionSource}: submitted by ${username}, reviewed ${reviewDate}`],
    longitude: longitude!,
    latitude: latitude!,
    path: data.line.map((position) => [...position]),
    updatedAt: now,
  };
}

/** Inserts or replaces public trail `trail` with a catalogue time after every other trail's. */
async function publishTrail(transaction: Transaction<ServerDatabase>, trail: Trail, now: number) {
  const latest = await transaction
    .selectFrom('documents')
    .select((eb) => eb.fn.max('updated_at').as('latest'))
    .where('collection', '=', 'trails')
    .executeTakeFirst();
  const updatedAt = Math.max(now, Number(latest?.latest ?? 0) + 1);
  const row = {
    collection: 'trails',
    id: trail.id,
    owner_id: null,
    data: JSON.stringify({ ...trail, updatedAt }),
    updated_at: updatedAt,
    deleted: 0,
  };
  await transaction
    .insertInto('documents')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['collection', 'id']).doUpdateSet({
        data: row.data,
        updated_at: row.updated_at,
        deleted: 0,
      }),
    )
    .execute();
  return { ...trail, updatedAt };
}

/**
 * Drops `username` from the credit of each public trail in `trailIds` that was published from
 * their approved submissions (`trailOf`'s `sources` and season source), keeping the line, the
 * description and every other field, since other riders rely on the trail. Each changed trail
 * gets a catalogue time after every other trail's, so pulls deliver the new credit. Answers how
 * many trails changed; ids that are not a live rider trail are skipped.
 */
export async function anonymisePublishedTrails(
  transaction: Transaction<ServerDatabase>,
  trailIds: Iterable<string>,
  username: string,
  now: number,
): Promise<number> {
  let changed = 0;
  for (const trailId of new Set(trailIds)) {
    const row = await transaction
      .selectFrom('documents')
      .select('data')
      .where('collection', '=', 'trails')
      .where('id', '=', trailId)
      .where('owner_id', 'is', null)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!row) continue;
    const trail = JSON.parse(row.data) as Trail;
    const credit = `${riderSubmissionSource}: submitted by ${username},`;
    const seasonCredit = `${username}'s submission,`;
    const anonymous: Trail = {
      ...trail,
      sources: trail.sources.map((source) =>
        source.startsWith(credit)
          ? `${riderSubmissionSource}: submitted by ${deletedSubmitterName},${source.slice(credit.length)}`
          : source,
      ),
      season:
        trail.season && trail.season.source.startsWith(seasonCredit)
          ? {
              ...trail.season,
              source: `The submission of ${deletedSubmitterName},${trail.season.source.slice(seasonCredit.length)}`,
            }
          : trail.season,
    };
    if (JSON.stringify(anonymous) === JSON.stringify(trail)) continue;
    await publishTrail(transaction, anonymous, now);
    changed += 1;
  }
  return changed;
}

/** The submission `recordId` with its owner and username, or null when there is none. */
async function findSubmission(transaction: Transaction<ServerDatabase>, recordId: string) {
  const row = await transaction
    .selectFrom('user_documents')
    .innerJoin('users', 'users.id', 'user_documents.owner_id')
    .select(['user_documents.owner_id', 'user_documents.data', 'users.username'])
    .where('user_documents.collection', '=', 'records')
    .where('user_documents.id', '=', recordId)
    .where('user_documents.deleted', '=', 0)
    .executeTakeFirst();
  if (!row || !recordId.includes(recordIdMarker)) return null;
  return { ownerId: row.owner_id, username: row.username, master: JSON.parse(row.data) };
}

/**
 * Approves (with the admin's `edits` applied first) or rejects submission `recordId`, once.
 * Approval needs the line's first point in an Arkansas county (`lookup`). Refuses with 404 for
 * an unknown id, 409 when it was reviewed before or changed meanwhile, 400 for a rejection
 * without a reason or a line outside Arkansas; then nothing is written.
 */
export async function reviewTrailSubmission(
  db: Db,
  kind: DatabaseKind,
  recordId: string,
  decision: ReviewDecision,
  lookup: TrailPlaceLookup,
  now: number,
): Promise<ReviewOutcome> {
  const reason = decision.reason?.trim() || null;
  if (decision.decision === 'reject' && !reason) {
    return { refused: 400, message: 'A rejection needs a reason: the rider will see it.' };
  }
  try {
    return await db
      .transaction()
      .execute((transaction) => reviewIn(transaction, kind, recordId, decision, lookup, now));
  } catch (error) {
    if (!(error instanceof ReviewRaceError)) throw error;
    return { refused: 409, message: 'This submission changed meanwhile. Reload and review it.' };
  }
}

/** Another write reached the record during the review: everything is rolled back. */
class ReviewRaceError extends Error {}

/** `reviewTrailSubmission` inside its transaction. */
async function reviewIn(
  transaction: Transaction<ServerDatabase>,
  kind: DatabaseKind,
  recordId: string,
  decision: ReviewDecision,
  lookup: TrailPlaceLookup,
  now: number,
): Promise<ReviewOutcome> {
  const reason = decision.reason?.trim() || null;
  const found = await findSubmission(transaction, recordId);
  if (!found) return { refused: 404, message: 'No such trail submission.' };
  const master = found.master as WireDocument & { data: TrailSubmissionData };
  if (master.data.review.status !== 'submitted') {
    return { refused: 409, message: 'This submission has already been reviewed.' };
  }
  const edited: TrailSubmissionData = { ...master.data, ...(decision.edits ?? {}) };
  let trail: Trail | null = null;
  if (decision.decision === 'approve') {
    const [longitude, latitude] = edited.line[0]!;
    const place = lookup(longitude!, latitude!);
    if (!place) {
      return {
        refused: 400,
        message: 'The line starts outside Arkansas, so it cannot join the catalogue. Reject it.',
      };
    }
    trail = await publishTrail(transaction, trailOf(edited, found.username, place, now), now);
  }
  const review: SubmissionReview = {
    status: decision.decision === 'approve' ? 'approved' : 'rejected',
    reviewedAt: now,
    reason: decision.decision === 'reject' ? reason : null,
    trailId: trail?.id ?? null,
  };
  // A later `updatedAt` makes the review the newer edit when the device merges.
  const updatedAt = Math.max(now, Number(master.updatedAt ?? 0) + 1);
  const reviewed = { ...master, data: { ...edited, review }, updatedAt, _deleted: false };
  const outcome = await pushInTransaction(
    transaction,
    kind,
    found.ownerId,
    'records',
    [{ assumedMasterState: { ...master, _deleted: false }, newDocumentState: reviewed }],
    { checkForeignIds: false, now },
  );
  if (outcome.written !== 1) throw new ReviewRaceError();
  return {
    submission: { id: recordId, submittedBy: found.username, data: reviewed.data },
    trail,
    ownerId: found.ownerId,
  };
}
