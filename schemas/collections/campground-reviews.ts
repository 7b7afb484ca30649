/**
 * A rider's campground reviews (requirements §voice "Campgrounds"): one per rider and
 * campground; each write recomputes that campground's public rating on the server.
 */
import { campgroundReviewId, campgroundReviewSchema } from '../campground-reviews.ts';
import { defaultBatch, defineCollection, privacyWording } from './descriptor.ts';

export const campgroundReviewsCollection = defineCollection({
  name: 'campgroundReviews',
  noun: 'review',
  schema: campgroundReviewSchema,
  migrations: {},
  scope: 'rider',
  ownerField: 'userId',
  idRule: {
    kind: 'derived',
    pattern: '<your user id>:<campgroundId>, one review per rider and campground',
    expectedId: (ownerId, document) => campgroundReviewId(ownerId, String(document.campgroundId)),
  },
  serverOwned: { userId: 'owner', status: { constant: 'synced' } },
  merge: { document: 'fields', keepsConflictList: false },
  batch: defaultBatch,
  heldUntilAdopted: false,
  afterWrite: ['campgroundRatings'],
  privacy: {
    holds: 'Your campground reviews: star scores and your review text.',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith:
      'Administrators of this installation can read and hide reviews; your star scores count towards the campground’s public average rating.',
    onAccountDeletion: { action: 'deleted' },
  },
});
