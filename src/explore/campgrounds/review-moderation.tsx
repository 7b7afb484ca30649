/**
 * Admin moderation of a campground's reviews: every rider's review with a Hide or
 * Show button. A hidden review stops counting toward the campground's rating for everyone
 * (the server recomputes it). Admins only, online only: moderation lives on the server. The
 * list is a query and each hide or show a mutation with the query policy (a dropped packet is
 * retried), in its own `<OnlineQueries>` so the dialog loads TanStack Query only for admins.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { serverMessageOf } from '../../lib/auth/auth-errors.ts';
import { useSession } from '../../lib/auth/session-context.tsx';
import {
  fetchModeratedReviews,
  moderatedReviewsQueryKey,
  setReviewHidden,
} from '../../lib/campgrounds/review-moderation-api.ts';
import { OnlineQueries } from '../../lib/http/online-queries.tsx';
import { refetchAfterWrite } from '../../lib/http/query-client.ts';
import { showToast } from '../../lib/toast.ts';
import { useOnlineStatus } from '../../ui/use-online-status.ts';

/** What went wrong, in words: the server's message, or that the call needs signal. */
function problemText(error: unknown): string {
  if (error instanceof TypeError) return 'No connection: moderation needs signal.';
  return serverMessageOf(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The moderation list, or nothing for riders who are not admins. */
export function ReviewModeration({ campgroundId }: { campgroundId: string }) {
  const { role } = useSession();
  if (role !== 'admin') return null;
  return (
    <OnlineQueries>
      <ModerationList campgroundId={campgroundId} />
    </OnlineQueries>
  );
}

/** The reviews of `campgroundId` with their Hide or Show buttons (an admin is signed in). */
function ModerationList({ campgroundId }: { campgroundId: string }) {
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const queryKey = moderatedReviewsQueryKey(campgroundId);
  const list = useQuery({
    queryKey,
    queryFn: () => fetchModeratedReviews(campgroundId),
    enabled: online,
  });
  const visibility = useMutation({
    mutationFn: ({ reviewId, hidden }: { reviewId: string; hidden: boolean }) =>
      setReviewHidden(reviewId, hidden),
    onSuccess: (_answer, { hidden }) => {
      showToast({ title: hidden ? 'Review hidden from everyone' : 'Review shown again' });
      void refetchAfterWrite(queryClient, queryKey);
    },
    onError: (failure) => showToast({ title: problemText(failure), variant: 'destructive' }),
  });
  const reviews = list.data;
  return (
    <section className="campground-moderation" aria-labelledby="campground-moderation-heading">
      <h3 id="campground-moderation-heading" className="campground-dialog__subheading">
        Moderate reviews (admin)
      </h3>
      {!online ? <p>Moderation needs a connection.</p> : null}
      {list.error ? <p role="alert">{problemText(list.error)}</p> : null}
      {reviews && reviews.length === 0 ? <p>No reviews of this campground yet.</p> : null}
      <ul className="campground-moderation__list">
        {(reviews ?? []).map((review) => (
          <li key={review.id}>
            <p>
              <strong>{review.username ?? 'Rider'}</strong> · {review.overall} ★
              {review.hidden ? ' · hidden' : ''}
            </p>
            {review.text ? <p>{review.text}</p> : null}
            <Button
              className="button"
              isDisabled={visibility.isPending || !online}
              onPress={() => visibility.mutate({ reviewId: review.id, hidden: !review.hidden })}
            >
              {review.hidden ? 'Show review' : 'Hide review'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
