/**
 * Campground ratings from riders' reviews. Reviews are rider documents
 * (`user_documents`, collection `campgroundReviews`, id `<userId>:<campgroundId>`); a
 * campground's `ratings` in the public catalogue is the aggregate of its reviews that are not
 * deleted and not hidden by an admin. Hidden review ids are kept in `meta` (`hidden_review:<id>`)
 * (a digest of the id) so moderation never edits a rider's own document. Each change bumps the campground's
 * `updated_at`, so catalogue pulls and streams deliver the new rating.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { aggregateReviewRatings, type CampgroundReview } from '../../schemas/campground-reviews.ts';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { ServerDatabase } from './database.ts';
import { readMeta, writeMeta } from './meta.ts';

/** `meta` keys are at most 64 characters; review ids up to 229, so the key holds a digest. */
const hiddenKey = (reviewId: string) =>
  `hidden_review:${createHash('sha256').update(reviewId).digest('hex').slice(0, 48)}`;

/** A stored review with its moderation state and the reviewer's username. */
export interface StoredReview {
  review: CampgroundReview;
  username: string | null;
  hidden: boolean;
}

/** Every live review of `campgroundId`, newest first, with hidden flags and usernames. */
export async function listCampgroundReviews(
  db: Kysely<ServerDatabase>,
  campgroundId: string,
): Promise<StoredReview[]> {
  // Review ids end in ":<campgroundId>"; the LIKE narrows, the parsed field decides.
  const rows = await db
    .selectFrom('user_documents')
    .leftJoin('users', 'users.id', 'user_documents.owner_id')
    .select(['user_documents.id', 'user_documents.data', 'users.username'])
    .where('user_documents.collection', '=', 'campgroundReviews')
    .where('user_documents.deleted', '=', 0)
    // ESCAPE named explicitly: PostgreSQL's LIKE escapes with a backslash by default, SQLite's
    // has no escape character unless told.
    .where(
      sql<boolean>`user_documents.id like ${`%:${campgroundId.replace(/[\\%_]/g, '\\$&')}`} escape '\\'`,
    )
    .execute();
  const hiddenRows = await db
    .selectFrom('meta')
    .select(['key', 'value'])
    .where('key', 'in', rows.length > 0 ? rows.map((row) => hiddenKey(row.id)) : ['-'])
    .execute();
  const hidden = new Set(hiddenRows.filter((row) => row.value === '1').map((row) => row.key));
  return rows
    .map((row) => ({
      review: JSON.parse(row.data) as CampgroundReview,
      username: row.username ?? null,
      hidden: hidden.has(hiddenKey(row.id)),
    }))
    .filter((entry) => entry.review.campgroundId === campgroundId)
    .sort((a, b) => b.review.updatedAt - a.review.updatedAt);
}

/**
 * Recomputes the ratings of each campground in `campgroundIds` from its visible reviews and
 * stores them when they changed, with an `updated_at` after every catalogue document so pulls
 * see it. Returns how many campgrounds changed; unknown ids are skipped.
 */
export async function recomputeCampgroundRatings(
  db: Kysely<ServerDatabase>,
  campgroundIds: Iterable<string>,
  now: number = Date.now(),
): Promise<number> {
  let changed = 0;
  for (const campgroundId of new Set(campgroundIds)) {
    const row = await db
      .selectFrom('documents')
      .select(['data'])
      .where('collection', '=', 'campgrounds')
      .where('id', '=', campgroundId)
      .where('owner_id', 'is', null)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!row) continue;
    const campground = JSON.parse(row.data) as Campground;
    const visible = (await listCampgroundReviews(db, campgroundId))
      .filter((entry) => !entry.hidden)
      .map((entry) => entry.review);
    const ratings = aggregateReviewRatings(visible);
    if (JSON.stringify(ratings) === JSON.stringify(campground.ratings)) continue;
    const latest = await db
      .selectFrom('documents')
      .select((eb) => eb.fn.max('updated_at').as('latest'))
      .where('collection', '=', 'campgrounds')
      .executeTakeFirst();
    const updatedAt = Math.max(now, Number(latest?.latest ?? 0) + 1);
    await db
      .updateTable('documents')
      .set({ data: JSON.stringify({ ...campground, ratings, updatedAt }), updated_at: updatedAt })
      .where('collection', '=', 'campgrounds')
      .where('id', '=', campgroundId)
      .execute();
    changed += 1;
  }
  return changed;
}

/** Whether a review exists (live); the admin route answers 404 otherwise. */
export async function findReview(
  db: Kysely<ServerDatabase>,
  reviewId: string,
): Promise<CampgroundReview | null> {
  const row = await db
    .selectFrom('user_documents')
    .select(['data'])
    .where('collection', '=', 'campgroundReviews')
    .where('id', '=', reviewId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as CampgroundReview) : null;
}

/** Hides or shows a review (admin moderation); the caller recomputes the ratings. */
export async function setReviewHidden(
  db: Kysely<ServerDatabase>,
  reviewId: string,
  hidden: boolean,
): Promise<void> {
  await writeMeta(db, hiddenKey(reviewId), hidden ? '1' : '0');
}

/** Whether an admin hid the review. */
export async function isReviewHidden(
  db: Kysely<ServerDatabase>,
  reviewId: string,
): Promise<boolean> {
  return (await readMeta(db, hiddenKey(reviewId))) === '1';
}
