/**
 * Building blocks shared by every collection schema. Each schema file in this folder is the one
 * contract for its collection: RxDB uses it on the client (it carries RxDB's `version`,
 * `primaryKey` and `indexes` keywords) and the sync server validates request bodies with the same
 * object through Ajv (which ignores those keywords). Document types derive from the schema with
 * json-schema-to-ts, so the two sides cannot drift.
 */

/** Primary keys are slugs, `temp-…` ids or server ids; RxDB needs a maxLength on them. */
/** A calendar date, YYYY-MM-DD. */
export const calendarDateProperty = {
  type: 'string',
  pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
} as const;

/** A day of the year, MM-DD ("04-01", as trail seasons store their bounds), or null. */
export const nullableMonthDayProperty = {
  type: ['string', 'null'],
  pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
} as const;

export const idProperty = { type: 'string', maxLength: 128 } as const;

/** Milliseconds since the Unix epoch (UTC). Used for every timestamp so sorting is numeric. */
export const epochMsProperty = {
  type: 'number',
  minimum: 0,
  maximum: 8_640_000_000_000_000,
  multipleOf: 1,
} as const;

/** Degrees WGS84. Longitude first wherever a pair is stored, as GeoJSON does. */
export const longitudeProperty = { type: 'number', minimum: -180, maximum: 180 } as const;
export const latitudeProperty = { type: 'number', minimum: -90, maximum: 90 } as const;

/** A bounding box in degrees WGS84: [west, south, east, north]. */
export const bboxProperty = {
  type: 'array',
  items: { type: 'number', minimum: -180, maximum: 180 },
  minItems: 4,
  maxItems: 4,
} as const;

/** Where a fact came from: a URL, a dataset record ("OSM node …", "RIDB facility …") or "product spec". */
export const sourcesProperty = {
  type: 'array',
  items: { type: 'string', maxLength: 500 },
  maxItems: 20,
} as const;

/** Arkansas regions used by the trail and WMA datasets (data/places/README.md). */
export const arkansasRegions = [
  'Ozarks',
  'Ouachitas',
  'Arkansas River Valley',
  'Central',
  'Delta',
  'Timberlands',
] as const;
export type ArkansasRegion = (typeof arkansasRegions)[number];

/** How sure we are of a point: `exact` is the feature's own record, `approximate` a nearby anchor. */
export const locationConfidenceProperty = {
  type: 'string',
  enum: ['exact', 'approximate'],
} as const;

/** Sync state of a user-created document (requirements §core-3, §core-4 "Offline"). */
export const syncStatusProperty = { type: 'string', enum: ['pending', 'synced'] } as const;

/**
 * Edits the sync engine could not merge (both devices changed the same field): the value kept
 * and the other device's value, so no rider's edit disappears silently. Filled only
 * by the conflict resolution in src/lib/sync/conflict-resolution.ts; newest 20 kept.
 */
export const syncConflictsProperty = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      field: { type: 'string', maxLength: 64 },
      keptValue: {},
      otherValue: {},
      otherUpdatedAt: { type: 'number', minimum: 0 },
    },
    required: ['field', 'keptValue', 'otherValue', 'otherUpdatedAt'],
  },
} as const;
