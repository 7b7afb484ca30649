/**
 * Every collection's descriptor (descriptor.ts), by name: the collections the device opens (the
 * free RxDB build opens at most 13 per process; docs/architecture.md "Collection budget") and
 * the server syncs. Collections retired into others are in moves.ts. The order is the order of sync: catalogues first (a first visit shows trails
 * soonest), then the rider's collections.
 */
import { achievementsCollection } from './achievements.ts';
import { campgroundReviewsCollection } from './campground-reviews.ts';
import { campgroundsCollection } from './campgrounds.ts';
import type { CollectionDescriptor } from './descriptor.ts';
import { recordsCollection } from './records.ts';
import { trackChunksCollection } from './track-chunks.ts';
import { trailReportsCollection } from './trail-reports.ts';
import { trailsCollection } from './trails.ts';
import { tripContextCollection } from './trip-context.ts';
import { tripPlansCollection } from './trip-plans.ts';
import { tripsCollection } from './trips.ts';
import { waypointsCollection } from './waypoints.ts';
import { wmasCollection } from './wmas.ts';

export const collectionDescriptors = {
  trails: trailsCollection,
  wmas: wmasCollection,
  achievements: achievementsCollection,
  campgrounds: campgroundsCollection,
  trips: tripsCollection,
  trackChunks: trackChunksCollection,
  tripPlans: tripPlansCollection,
  tripContext: tripContextCollection,
  waypoints: waypointsCollection,
  campgroundReviews: campgroundReviewsCollection,
  records: recordsCollection,
  trailReports: trailReportsCollection,
} as const;

type Descriptors = typeof collectionDescriptors;

export type CollectionName = keyof Descriptors;

/** Names of the collections of one scope. */
export type CollectionOfScope<Scope extends CollectionDescriptor['scope']> = {
  [Name in CollectionName]: Descriptors[Name]['scope'] extends Scope ? Name : never;
}[CollectionName];

/** Every descriptor, in sync order. */
export const allCollections: readonly CollectionDescriptor[] = Object.values(collectionDescriptors);

/** The names of the collections of `scope` (or of any of several scopes), in sync order. */
export function collectionsOfScope<Scope extends CollectionDescriptor['scope']>(
  scope: Scope | readonly Scope[],
): readonly CollectionOfScope<Scope>[] {
  const scopes: readonly string[] = typeof scope === 'string' ? [scope] : scope;
  return allCollections
    .filter((descriptor) => scopes.includes(descriptor.scope))
    .map((descriptor) => descriptor.name as CollectionOfScope<Scope>);
}

/** The descriptor of a collection of the app; throws for a name that is none. */
export function describeCollection(name: string): CollectionDescriptor {
  const descriptor = (collectionDescriptors as Record<string, CollectionDescriptor>)[name];
  if (!descriptor) throw new Error(`"${name}" is not a collection of this app.`);
  return descriptor;
}
