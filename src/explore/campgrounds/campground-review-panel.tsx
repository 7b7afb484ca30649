/**
 * The signed-in rider's review of a campground they visited: overall, cleanliness,
 * facilities, location and value in whole stars and a short text. Saved on this device at once
 * (offline too) and sent by the sync engine; the campground's rating changes for everyone once
 * the server has it and the catalogue refreshes.
 */
import { useState } from 'react';
import { Button, Label, Radio, RadioGroup, TextArea, TextField } from 'react-aria-components';
import { Star } from 'lucide-react';
import { reviewTextMaxLength, type CampgroundReview } from '../../../schemas/campground-reviews.ts';
import type { Campground } from '../../../schemas/campgrounds.ts';
import { saveCampgroundReview, type CampgroundReviewInput } from '../../db/campground-reviews.ts';
import { useCampgroundReview } from '../../db-react/campground-reviews.ts';
import { useDatabase } from '../../db-react/provider.tsx';
import { useSession } from '../../lib/auth/session-context.tsx';
import { showToast } from '../../lib/toast.ts';

const scoreFields = [
  ['overall', 'Overall'],
  ['cleanliness', 'Cleanliness'],
  ['facilities', 'Facilities'],
  ['location', 'Location'],
  ['value', 'Value'],
] as const;

type Scores = Record<(typeof scoreFields)[number][0], number | null>;

const noScores: Scores = {
  overall: null,
  cleanliness: null,
  facilities: null,
  location: null,
  value: null,
};

/** Stars 1–5 as a radio group: one keyboard stop, arrow keys move, each star is labelled. */
function StarRating({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (value: number) => void;
}) {
  return (
    <RadioGroup
      className="star-rating"
      orientation="horizontal"
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      isRequired
    >
      <Label className="star-rating__label">{label}</Label>
      <div className="star-rating__stars">
        {[1, 2, 3, 4, 5].map((stars) => (
          <Radio
            key={stars}
            value={String(stars)}
            className="star-rating__star"
            aria-label={`${label}: ${stars} ${stars === 1 ? 'star' : 'stars'}`}
          >
            <Star
              size={24}
              aria-hidden="true"
              fill={value !== null && stars <= value ? 'currentColor' : 'none'}
            />
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/** The review form, or a sign-in hint for guests. */
export function CampgroundReviewPanel({ campground }: { campground: Campground }) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  const { review } = useCampgroundReview(userId, campground.id);
  if (!userId) {
    return (
      <section className="campground-review" aria-labelledby="campground-review-heading">
        <h3 id="campground-review-heading" className="campground-dialog__subheading">
          Rate this campground
        </h3>
        <p>Sign in on the Profile page to rate a campground you visited.</p>
      </section>
    );
  }
  // Remount the form when the stored review changes (another device, a sync), so it shows it.
  return (
    <ReviewForm
      key={review ? `${review.id}@${review.updatedAt}` : 'new'}
      campground={campground}
      userId={userId}
      review={review}
    />
  );
}

/** The form itself, starting from the stored review when there is one. */
function ReviewForm({
  campground,
  userId,
  review,
}: {
  campground: Campground;
  userId: string;
  review: CampgroundReview | null;
}) {
  const db = useDatabase();
  const [scores, setScores] = useState<Scores>(() => storedScores(review));
  const [text, setText] = useState(review?.text ?? '');
  const [saving, setSaving] = useState(false);

  const complete = scoreFields.every(([field]) => scores[field] !== null);
  const submit = async () => {
    if (!complete) return;
    setSaving(true);
    try {
      await saveCampgroundReview(db, userId, campground.id, {
        ...(scores as Record<keyof Scores, number>),
        text,
      } as CampgroundReviewInput);
      showToast({
        title: navigator.onLine
          ? 'Review saved; it counts toward the rating once synced.'
          : 'Review saved on this device; it will sync when you are back online.',
      });
    } catch (error) {
      showToast({ title: `Review not saved: ${(error as Error).message}`, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="campground-review" aria-labelledby="campground-review-heading">
      <h3 id="campground-review-heading" className="campground-dialog__subheading">
        {review ? 'Your review' : 'Rate this campground'}
      </h3>
      {review ? (
        <p className="campground-dialog__note">
          {review.status === 'pending' ? 'Waiting to sync.' : 'Synced.'} You can change it any time.
        </p>
      ) : (
        <p className="campground-dialog__note">Only rate a campground you stayed at.</p>
      )}
      {scoreFields.map(([field, label]) => (
        <StarRating
          key={field}
          label={label}
          value={scores[field]}
          onChange={(value) => setScores((current) => ({ ...current, [field]: value }))}
        />
      ))}
      <TextField
        className="campground-review__text"
        value={text}
        onChange={setText}
        maxLength={reviewTextMaxLength}
      >
        <Label>What should other riders know? (optional)</Label>
        <TextArea rows={3} />
      </TextField>
      <Button
        className="button button--primary"
        isDisabled={!complete || saving}
        onPress={() => void submit()}
      >
        {review ? 'Update review' : 'Save review'}
      </Button>
    </section>
  );
}

/** The scores of the stored review, or none chosen yet for a new one. */
function storedScores(review: CampgroundReview | null): Scores {
  if (!review) return noScores;
  const { overall, cleanliness, facilities, location, value } = review;
  return { overall, cleanliness, facilities, location, value };
}
