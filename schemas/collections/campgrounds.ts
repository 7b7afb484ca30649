/**
 * The public campground catalogue (data/campgrounds), with each campground's rating computed by
 * the server from riders' reviews: seeded, pulled by everyone.
 */
import { campgroundSchema } from '../campgrounds.ts';
import { catalogueKept, catalogueRules, defineCollection, privacyWording } from './descriptor.ts';

/**
 * Campgrounds version 1 added `ratings` (from riders' reviews) and `nearbyAttractions`. A cached
 * version 0 document has no reviews behind it, so it becomes unrated with no attractions listed;
 * the next catalogue refresh brings the server's figures.
 */
function addRiderRatingsAndNearbyAttractions(document: Record<string, unknown>) {
  return {
    ...document,
    ratings: {
      overall: null,
      cleanliness: null,
      facilities: null,
      location: null,
      value: null,
      reviewsCount: 0,
    },
    nearbyAttractions: [],
  };
}

export const campgroundsCollection = defineCollection({
  name: 'campgrounds',
  noun: 'campground',
  schema: campgroundSchema,
  migrations: { 1: addRiderRatingsAndNearbyAttractions },
  ...catalogueRules,
  privacy: {
    holds:
      'The public campground catalogue, including each campground’s average rating from riders’ reviews.',
    where: 'device and server',
    kept: catalogueKept,
    sharedWith: privacyWording.publicCatalogue,
    onAccountDeletion: {
      action: 'kept',
      why: 'It is the public catalogue; its ratings are recomputed without your reviews.',
    },
  },
});
