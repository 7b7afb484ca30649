/**
 * The admin's campground review moderation routes of the server (online only: moderation lives
 * on the server, never on the device). Riders' reviews themselves are a synced collection
 * (src/db/campground-reviews.ts) and do not pass here. Each call throws HttpError for a refused
 * request and the fetch TypeError when offline. Pages call these through TanStack Query with
 * the query policy (src/lib/http/query-client.ts) inside `<OnlineQueries>`.
 */
import { apiRequest } from '../http/request.ts';

/** A review as GET /api/admin/campgrounds/:id/reviews answers it; `updatedAt` epoch ms. */
export interface ModeratedReview {
  id: string;
  username: string | null;
  overall: number;
  text: string;
  hidden: boolean;
  updatedAt: number;
}

/** Query key of the moderation list of `campgroundId`. */
export const moderatedReviewsQueryKey = (campgroundId: string) =>
  ['campground-reviews', 'moderation', campgroundId] as const;

/** Every rider's review of `campgroundId`, hidden ones included (admins). */
export async function fetchModeratedReviews(campgroundId: string): Promise<ModeratedReview[]> {
  const answer = await apiRequest<{ reviews: ModeratedReview[] }>(
    'GET',
    `/api/admin/campgrounds/${encodeURIComponent(campgroundId)}/reviews`,
    undefined,
    { bypassQueue: true },
  );
  return answer.reviews;
}

/**
 * Hides review `reviewId` from everyone (its scores stop counting toward the campground's
 * rating) or shows it again (admins).
 */
export async function setReviewHidden(reviewId: string, hidden: boolean): Promise<void> {
  await apiRequest('POST', `/api/admin/campground-reviews/${encodeURIComponent(reviewId)}/hidden`, {
    hidden,
  });
}
