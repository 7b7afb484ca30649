/**
 * Admin moderation of a campground's reviews: every rider's review with a Hide or
 * Show button. A hidden review stops counting toward the campground's rating for everyone
 * (the server recomputes it). Admins only, online only: moderation lives on the server.
 */
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { useSession } from '../../lib/auth/session-context.tsx';
import { apiRequest } from '../../lib/http/request.ts';
import { showToast } from '../../lib/toast.ts';
import { useOnlineStatus } from '../../ui/use-online-status.ts';

/** A review as GET /api/admin/campgrounds/:id/reviews answers it. */
export interface ModeratedReview {
  id: string;
  username: string | null;
  overall: number;
  text: string;
  hidden: boolean;
  updatedAt: number;
}

/** The moderation list, or nothing for riders who are not admins. */
export function ReviewModeration({ campgroundId }: { campgroundId: string }) {
  const { role } = useSession();
  const online = useOnlineStatus();
  const [reviews, setReviews] = useState<ModeratedReview[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isAdmin = role === 'admin';

  // Bumped after a hide or show, so the list is read again from the server.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!isAdmin || !online) return;
    let current = true;
    apiRequest<{ reviews: ModeratedReview[] }>(
      'GET',
      `/api/admin/campgrounds/${encodeURIComponent(campgroundId)}/reviews`,
      undefined,
      { bypassQueue: true },
    ).then(
      (answer) => {
        if (!current) return;
        setReviews(answer.reviews);
        setError(null);
      },
      (failure: unknown) => {
        if (current) setError((failure as Error).message);
      },
    );
    return () => {
      current = false;
    };
  }, [isAdmin, online, campgroundId, version]);

  if (!isAdmin) return null;
  const setHidden = async (review: ModeratedReview, hidden: boolean) => {
    try {
      await apiRequest(
        'POST',
        `/api/admin/campground-reviews/${encodeURIComponent(review.id)}/hidden`,
        {
          hidden,
        },
      );
      showToast({ title: hidden ? 'Review hidden from everyone' : 'Review shown again' });
      setVersion((value) => value + 1);
    } catch (failure) {
      showToast({ title: (failure as Error).message, variant: 'destructive' });
    }
  };

  return (
    <section className="campground-moderation" aria-labelledby="campground-moderation-heading">
      <h3 id="campground-moderation-heading" className="campground-dialog__subheading">
        Moderate reviews (admin)
      </h3>
      {!online ? <p>Moderation needs a connection.</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      {reviews && reviews.length === 0 ? <p>No reviews of this campground yet.</p> : null}
      <ul className="campground-moderation__list">
        {(reviews ?? []).map((review) => (
          <li key={review.id}>
            <p>
              <strong>{review.username ?? 'Rider'}</strong> · {review.overall} ★
              {review.hidden ? ' · hidden' : ''}
            </p>
            {review.text ? <p>{review.text}</p> : null}
            <Button className="button" onPress={() => void setHidden(review, !review.hidden)}>
              {review.hidden ? 'Show review' : 'Hide review'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
