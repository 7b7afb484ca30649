/**
 * Riders' campground reviews on this device (schemas/campground-reviews.ts): one per
 * rider and campground, written offline too; the sync engine pushes them like trips and the
 * server folds every visible review into the campground's `ratings`.
 */
import { map, of, type Observable } from 'rxjs';
import { campgroundReviewId, type CampgroundReview } from '../../schemas/campground-reviews.ts';
import type { AppDatabase } from './database.ts';

/** What the rider enters: whole stars 1–5 per score and a short text. */
export type CampgroundReviewInput = Pick<
  CampgroundReview,
  'overall' | 'cleanliness' | 'facilities' | 'location' | 'value' | 'text'
>;

/**
 * Creates or edits `userId`'s review of `campgroundId` (id `<userId>:<campgroundId>`), marked
 * pending until the server has it. Resolves with the stored review; rejects when the scores are
 * outside 1–5 (the schema refuses them).
 */
export async function saveCampgroundReview(
  db: AppDatabase,
  userId: string,
  campgroundId: string,
  input: CampgroundReviewInput,
  now: number = Date.now(),
): Promise<CampgroundReview> {
  const id = campgroundReviewId(userId, campgroundId);
  const existing = await db.campgroundReviews.findOne(id).exec();
  const review: CampgroundReview = {
    id,
    userId,
    campgroundId,
    ...input,
    text: input.text.trim(),
    status: 'pending',
    createdAt: existing?.createdAt ?? now,
    updatedAt: Math.max(now, (existing?.updatedAt ?? 0) + 1),
  };
  const stored = await db.campgroundReviews.upsert(review);
  return stored.toJSON() as CampgroundReview;
}

/** `userId`'s review of `campgroundId`, null when there is none (or no rider). */
export function observeCampgroundReview(
  db: AppDatabase,
  userId: string | null,
  campgroundId: string,
): Observable<CampgroundReview | null> {
  if (!userId) return of(null);
  return db.campgroundReviews
    .findOne(campgroundReviewId(userId, campgroundId))
    .$.pipe(map((document) => (document ? (document.toJSON() as CampgroundReview) : null)));
}
