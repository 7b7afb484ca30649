import type { FromSchema } from 'json-schema-to-ts';
import { epochMsProperty, idProperty, syncConflictsProperty } from './common.ts';

/** One score of a review: whole stars 1–5 (voice-navigation §3.2 `ratings`). */
const starsProperty = { type: 'integer', minimum: 1, maximum: 5 } as const;

/** Longest review text, characters: a short note, not an essay. */
export const reviewTextMaxLength = 1000;

/**
 * A rider's review of a campground they visited (issue 14). One per rider and campground: the
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
