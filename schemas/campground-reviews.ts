import type { FromSchema } from 'json-schema-to-ts';
import { unratedCampground, type CampgroundRatings } from './campgrounds.ts';
import { epochMsProperty, idProperty, syncConflictsProperty } from './common.ts';

/** One score of a review: whole stars 1–5 (requirements §voice-3.2 `ratings`). */
const starsProperty = { type: 'integer', minimum: 1, maximum: 5 } as const;

/** Longest review text, characters: a short note, not an essay. */
export const reviewTextMaxLength = 1000;

/**
 * A rider's review of a campground they visited. One per rider and campground: the
 * id is `<userId>:<campgroundId>`, so an edit on any device updates the same document, and the
 * server refuses any other id. Rider-owned and synced both ways like trips; the server sets
 * `userId` and `status` itself and recomputes the campground's `ratings` from every review an
 * admin has not hidden. Scores are whole stars 1–5.
 */
export const campgroundReviewSchema = {
  title: 'campgroundReview',
  description: "A rider's review of one campground",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    userId: { type: 'string', maxLength: 128 },
    campgroundId: { type: 'string', minLength: 1, maxLength: 100 },
    overall: starsProperty,
    cleanliness: starsProperty,
    facilities: starsProperty,
    location: starsProperty,
    value: starsProperty,
    text: { type: 'string', maxLength: reviewTextMaxLength },
    status: { type: 'string', enum: ['pending', 'synced'] },
    createdAt: epochMsProperty,
    updatedAt: epochMsProperty,
    syncConflicts: syncConflictsProperty,
  },
  required: [
    'id',
    'userId',
    'campgroundId',
    'overall',
    'cleanliness',
    'facilities',
    'location',
    'value',
    'text',
    'status',
    'createdAt',
    'updatedAt',
  ],
  indexes: ['updatedAt'],
} as const;

export type CampgroundReview = FromSchema<typeof campgroundReviewSchema>;

/** The one id a rider's review of a campground may have. */
export function campgroundReviewId(userId: string, campgroundId: string): string {
  return `${userId}:${campgroundId}`;
}

/** The scores a review gives, in the order the rating breakdown lists them. */
export const reviewScoreFields = [
  'overall',
  'cleanliness',
  'facilities',
  'location',
  'value',
] as const;

/**
 * A campground's `ratings` from the reviews riders can see (the server leaves out hidden and
 * deleted ones): the mean of each score to one decimal and the number of reviews; every mean
 * null when there are none.
 */
export function aggregateReviewRatings(
  reviews: readonly Pick<CampgroundReview, (typeof reviewScoreFields)[number]>[],
): CampgroundRatings {
  if (reviews.length === 0) return { ...unratedCampground };
  const mean = (field: (typeof reviewScoreFields)[number]) =>
    Math.round((reviews.reduce((sum, review) => sum + review[field], 0) / reviews.length) * 10) /
    10;
  return {
    overall: mean('overall'),
    cleanliness: mean('cleanliness'),
    facilities: mean('facilities'),
    location: mean('location'),
    value: mean('value'),
    reviewsCount: reviews.length,
  };
}
