/**
 * Schema migration strategies for every collection (docs/architecture.md#data).
 *
 * THE RULE: a change to a schema in `schemas/` bumps its `version` and, in the same commit,
 * adds here the strategy for that version (key = the new version number), with an integration
 * test that stores real documents of the old shape and checks what they become. RxDB refuses to
 * open a collection whose stored version has no migration path, so forgetting the strategy breaks
 * every installed app at start-up; migrating real old documents in a test is the only proof the
 * strategy works. A strategy must never drop a rider's data silently: return `null` only for
 * documents that cannot exist any more, and say why in a comment.
 *
 * Version 1 of trips, tripPlans and waypoints added the optional `syncConflicts` list
 * (schemas/common.ts): old documents are valid as they are, so the strategy keeps them unchanged.
 */
import type { MigrationStrategies } from 'rxdb';
import type { CollectionName } from '../../schemas/index.ts';

/**
 * Campgrounds version 1 added `ratings` (from riders' reviews) and
 * `nearbyAttractions`. A cached version 0 document has no reviews behind it, so it becomes
 * unrated with no attractions listed; the next catalogue refresh brings the server's figures.
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

/**
 * Trails version 1 added the USFS fields. A cached version 0 trail came from a
 * source with none of them, so each is null (unknown); the next catalogue pull brings the rest.
 */
function addUsfsTrailFields(document: Record<string, unknown>) {
  return {
    ...document,
    systemId: null,
    trailNumber: null,
    vehicleClasses: null,
    trailClass: null,
    season: null,
    dataDate: null,
  };
}

/**
 * Map regions version 1 added `basemap`, the road map the catalog's archive carries. A version 0
 * region came from a catalog that knew of none, so its archive is our own layers only (null);
 * the next catalog refresh sets what the server offers now.
 */
function addNoBasemap(document: Record<string, unknown>) {
  return { ...document, basemap: null };
}

/** Migration strategies by collection name, keyed by the schema version each one produces. */
/**
 * For versions that only added an optional field: every older document is valid as it is (trips,
 * plans and waypoints version 1; trails version 2, the season's `reportedAs`).
 */
const keepUnchanged = (document: unknown) => document;

export const migrationStrategies: Record<CollectionName, MigrationStrategies> = {
  trails: { 1: addUsfsTrailFields, 2: keepUnchanged },
  waypoints: { 1: keepUnchanged },
  trips: { 1: keepUnchanged },
  trackChunks: {},
  achievements: {},
  userAchievements: {},
  tripPlans: { 1: keepUnchanged },
  tripContext: {},
  campgrounds: { 1: addRiderRatingsAndNearbyAttractions },
  mapRegions: { 1: addNoBasemap },
  campgroundReviews: {},
  wmas: {},
  records: {},
};
