/**
 * Rider-suggested repair shops and their review. Riders add suggestions; admins
 * approve or reject each once; the approved ones form the public list with their submitter
 * credited.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { deletedSubmitterName } from '../../schemas/account-deletion.ts';
import type {
  RepairShopReviewStatus,
  RepairShopSubmission,
  RepairShopSuggestion,
} from '../../schemas/repair-shops.ts';
import type { ServerDatabase } from './database.ts';

type Db = Kysely<ServerDatabase>;

/** Most pending suggestions one rider may have at once, so one account cannot flood review. */
export const maxPendingPerRider = 20;

function selectSubmissions(db: Db) {
  return db
    .selectFrom('repair_shop_submissions')
    .innerJoin('users', 'users.id', 'repair_shop_submissions.user_id')
    .select([
      'repair_shop_submissions.id',
      'repair_shop_submissions.data',
      'repair_shop_submissions.status',
      'repair_shop_submissions.reason',
      'repair_shop_submissions.submitted_at',
      'repair_shop_submissions.reviewed_at',
      'users.username',
      'users.deleted_at',
    ]);
}

type SubmissionRow = Awaited<ReturnType<ReturnType<typeof selectSubmissions>['execute']>>[number];

function toSubmission(row: SubmissionRow): RepairShopSubmission {
  return {
    id: row.id,
    shop: JSON.parse(row.data) as RepairShopSuggestion,
    status: row.status as RepairShopReviewStatus,
    reason: row.reason,
    submittedAt: Number(row.submitted_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    // A deleted account's approved shop stays public without its name.
    submittedBy: row.deleted_at === null ? row.username : deletedSubmitterName,
  };
}

/** Pending suggestions of `userId`. */
export async function countPending(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('repair_shop_submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a new pending suggestion of `userId`; returns it. */
export async function addSuggestion(
  db: Db,
  userId: string,
  shop: RepairShopSuggestion,
  now: number,
): Promise<RepairShopSubmission> {
  const id = randomUUID();
  await db
    .insertInto('repair_shop_submissions')
    .values({
      id,
      user_id: userId,
      data: JSON.stringify(shop),
      status: 'pending',
      reason: null,
      submitted_at: now,
      reviewed_at: null,
    })
    .execute();
  return toSubmission(
    await selectSubmissions(db)
      .where('repair_shop_submissions.id', '=', id)
      .executeTakeFirstOrThrow(),
  );
}

/** The suggestions of `userId`, newest first, whatever their review. */
export async function listRiderSubmissions(
  db: Db,
  userId: string,
): Promise<RepairShopSubmission[]> {
  const rows = await selectSubmissions(db)
    .where('repair_shop_submissions.user_id', '=', userId)
    .orderBy('repair_shop_submissions.submitted_at', 'desc')
    .execute();
  return rows.map(toSubmission);
}

/** Suggestions in `status`: pending oldest first (the review queue), others newest first. */
export async function listByStatus(
  db: Db,
  status: RepairShopReviewStatus,
): Promise<RepairShopSubmission[]> {
  const rows = await selectSubmissions(db)
    .where('repair_shop_submissions.status', '=', status)
    .orderBy('repair_shop_submissions.submitted_at', status === 'pending' ? 'asc' : 'desc')
    .execute();
  return rows.map(toSubmission);
}

/**
 * Approves or rejects a pending suggestion. Returns the reviewed submission, 'missing' for an
 * unknown id, or 'already-reviewed' when it was decided before (each is reviewed once).
 */
export async function reviewSuggestion(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'rejected'; reason: string | null },
  now: number,
): Promise<RepairShopSubmission | 'missing' | 'already-reviewed'> {
  const updated = await db
    .updateTable('repair_shop_submissions')
    .set({ status: decision.status, reason: decision.reason, reviewed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const row = await selectSubmissions(db)
    .where('repair_shop_submissions.id', '=', id)
    .executeTakeFirst();
  if (!row) return 'missing';
  if (Number(updated.numUpdatedRows) === 0) return 'already-reviewed';
  return toSubmission(row);
}
