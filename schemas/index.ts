/**
 * Every collection schema by collection name: the list RxDB opens on the client and the server
 * validates against. Thirteen collections: all the free RxDB build opens in one process.
 */
import { achievementSchema } from './achievements.ts';
import { campgroundReviewSchema } from './campground-reviews.ts';
import { campgroundSchema } from './campgrounds.ts';
import { mapRegionSchema } from './map-regions.ts';
import { recordSchema } from './records.ts';
import { trackChunkSchema } from './track-chunks.ts';
import { trailSchema } from './trails.ts';
import { tripContextSchema } from './trip-context.ts';
import { tripPlanSchema } from './trip-plans.ts';
import { tripSchema } from './trips.ts';
import { userAchievementSchema } from './user-achievements.ts';
import { waypointSchema } from './waypoints.ts';
import { wmaSchema } from './wmas.ts';

export const collectionSchemas = {
  trails: trailSchema,
  waypoints: waypointSchema,
  trips: tripSchema,
  trackChunks: trackChunkSchema,
  achievements: achievementSchema,
  userAchievements: userAchievementSchema,
  tripPlans: tripPlanSchema,
  tripContext: tripContextSchema,
  campgrounds: campgroundSchema,
  mapRegions: mapRegionSchema,
  campgroundReviews: campgroundReviewSchema,
  wmas: wmaSchema,
  records: recordSchema,
} as const;

export type CollectionName = keyof typeof collectionSchemas;
