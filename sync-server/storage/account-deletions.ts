/**
 * A rider deleting their own account (requirements §core-6 account removal, the rider's side):
 * everything of theirs goes in one transaction, what other riders rely on stays without their
 * name, and the deletion itself is recorded (user id, time, request id: no personal data) so a
 * retried request is carried out once and their other devices are told on their next contact.
 */
import type { Kysely, Transaction } from 'kysely';
import { collectionsOfScope } from '../../schemas/collections/index.ts';
import { recomputeCampgroundRatings } from './campground-ratings.ts';
import type { DatabaseKind, ServerDatabase } from './database.ts';
import { revokeAllTokensOfUser } from './refresh-tokens.ts';
import { recomputeTrailReportTallies, tombstoneReportsOf } from './trail-reports.ts';
import { anonymisePublishedTrails } from './trail-submissions.ts';
import { softDeleteUser } from './users.ts';

type Db = Kysely<ServerDatabase>;

/** The recorded deletion of one account. `deletedAt` epoch ms. */
export interface AccountDeletion {
  userId: string;
  requestId: string;
  deletedAt: number;
}

/** What the deletion changed beside the rider's own rows, for the route's answer and the tests. */
export interface AccountDeletionOutcome {
  deletion: AccountDeletion;
  /** Whether this call carried it out (false: the same request was carried out before). */
  carriedOut: boolean;
}

/** Another request deleted the account meanwhile: the transaction is rolled back. */
class DeletionRaceError extends Error {}

/** The recorded deletion of `userId`, or null when the account was not deleted by its rider. */
export async function findAccountDeletion(db: Db, userId: string): Promise<AccountDeletion | null> {
  const row = await db
    .selectFrom('account_deletions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { userId: row.user_id, requestId: row.request_id, deletedAt: Number(row.deleted_at) }
    : null;
}

/**
 * Campground ids of the rider's live reviews, trail ids their approved submissions became and
 * the trail reports they voted on.
 */
async function sharedTraces(transaction: Transaction<ServerDatabase>, userId: string) {
  const rows = await transaction
    .selectFrom('user_documents')
    .select(['collection', 'data'])
    .where('owner_id', '=', userId)
    .where('collection', 'in', ['campgroundReviews', 'records'])
    .where('deleted', '=', 0)
    .execute();
  const campgroundIds: string[] = [];
  const trailIds: string[] = [];
  const votedReportIds: string[] = [];
  for (const row of rows) {
    const document = JSON.parse(row.data) as {
      campgroundId?: string;
      kind?: string;
      data?: { review?: { status?: string; trailId?: string | null }; reportId?: string };
    };
    if (document.kind === 'trailReportVote' && typeof document.data?.reportId === 'string') {
      votedReportIds.push(document.data.reportId);
    }
    if (row.collection === 'campgroundReviews' && document.campgroundId) {
      campgroundIds.push(document.campgroundId);
    }
    const review = document.data?.review;
    if (document.kind === 'trailSubmission' && review?.status === 'approved' && review.trailId) {
      trailIds.push(review.trailId);
    }
  }
  return { campgroundIds, trailIds, votedReportIds };
}

/**
 * Deletes live account `userId` (username `username`) for request `requestId`, in one
 * transaction: every synced document of theirs (all collections, trail submissions waiting for
 * review included; their public trail reports become empty tombstones so every device drops
 * them) and their id promotions; their group-ride memberships and positions, and the
 * rides they organise (with their notes); their repair shop suggestions not yet approved. It
 * recomputes the ratings of the campgrounds they reviewed (and, after it, the tallies of the
 * trail reports they voted on; `databaseKind` for the reports' write lock), keeps the public trails their approved
 * submissions became without their name, clears the account's email, soft-deletes it, revokes
 * every refresh token and records the deletion.
 *
 * A repeat of a recorded request answers that deletion with `carriedOut: false`; a request for
 * an account deleted by another request id answers null. Never half done: any failure rolls
 * everything back.
 */
export async function deleteAccount(
  db: Db,
  userId: string,
  username: string,
  requestId: string,
  now: number = Date.now(),
  databaseKind: DatabaseKind = 'sqlite',
): Promise<AccountDeletionOutcome | null> {
  const recorded = await findAccountDeletion(db, userId);
  if (recorded)
    return recorded.requestId === requestId ? { deletion: recorded, carriedOut: false } : null;
  try {
    let votedReportIds: string[] = [];
    const deletion = await db.transaction().execute(async (transaction) => {
      const traces = await sharedTraces(transaction, userId);
      const { campgroundIds, trailIds } = traces;
      votedReportIds = traces.votedReportIds;
      // Other riders' devices hold the rider's public reports: tombstones tell them to drop them.
      await tombstoneReportsOf(transaction, userId, now);
      // Documents of shared collections stay as those tombstones, which other devices pull.
      await transaction
        .deleteFrom('user_documents')
        .where('owner_id', '=', userId)
        .where('collection', 'not in', collectionsOfScope('shared'))
        .execute();
      await transaction.deleteFrom('id_promotions').where('owner_id', '=', userId).execute();
      await transaction.deleteFrom('group_ride_members').where('user_id', '=', userId).execute();
      const organised = transaction
        .selectFrom('group_rides')
        .select('id')
        .where('organiser_id', '=', userId);
      // SQLite enforces no foreign keys here, so the members of their rides go explicitly.
      await transaction
        .deleteFrom('group_ride_members')
        .where('ride_id', 'in', organised)
        .execute();
      await transaction.deleteFrom('group_rides').where('organiser_id', '=', userId).execute();
      await transaction
        .deleteFrom('repair_shop_submissions')
        .where('user_id', '=', userId)
        .where('status', '!=', 'approved')
        .execute();
      await recomputeCampgroundRatings(transaction, campgroundIds, now);
      await anonymisePublishedTrails(transaction, trailIds, username, now);
      await transaction
        .updateTable('users')
        .set({ email: null })
        .where('id', '=', userId)
        .execute();
      if (!(await softDeleteUser(transaction, userId, now))) throw new DeletionRaceError();
      await revokeAllTokensOfUser(transaction, userId, now);
      await transaction
        .insertInto('account_deletions')
        .values({ user_id: userId, request_id: requestId, deleted_at: now })
        .execute();
      return { userId, requestId, deletedAt: now };
    });
    // The rider's votes went with the account: the reports they voted on are counted again.
    await recomputeTrailReportTallies(db, databaseKind, votedReportIds, now);
    return { deletion, carriedOut: true };
  } catch (error) {
    // Two requests at once: the one that lost answers as the winner's record says.
    const winner = await findAccountDeletion(db, userId);
    if (!winner) {
      if (error instanceof DeletionRaceError) return null;
      throw error;
    }
    return winner.requestId === requestId ? { deletion: winner, carriedOut: false } : null;
  }
}

/** Accounts deleted by their riders per UTC calendar month (`YYYY-MM`), newest first. */
export async function countAccountDeletionsByMonth(
  db: Db,
): Promise<Array<{ month: string; count: number }>> {
  const rows = await db.selectFrom('account_deletions').select('deleted_at').execute();
  const byMonth = new Map<string, number>();
  for (const row of rows) {
    const month = new Date(Number(row.deleted_at)).toISOString().slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
  }
  return [...byMonth]
    .map(([month, count]) => ({ month, count }))
    .sort((a, b) => b.month.localeCompare(a.month));
}
