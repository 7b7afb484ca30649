import type { FromSchema } from 'json-schema-to-ts';
import {
  arkansasRegions,
  epochMsProperty,
  idProperty,
  latitudeProperty,
  locationConfidenceProperty,
  longitudeProperty,
  sourcesProperty,
} from './common.ts';

/** Activities a trail allows (data/places/trails.geojson `activities`). */
export const trailActivities = [
  'atv',
  'utv',
  '4x4',
  'dirt_bike',
  'hiking',
  'biking',
  'horse',
  'paddling',
] as const;

export const trailKinds = [
  'ohv_trail_system',
  'multi_use_trail',
  'riding_park',
  'hiking_trail',
  'mtb_trail',
  'equestrian_trail',
  'water_trail',
  'trailhead',
  // A USFS trail line of a system: its `systemId` names the system.
  'ohv_trail',
] as const;

/**
 * USFS motor-vehicle classes a trail is open to (USFS trail layer fields atv, motorcycle,
 * fourwd_gt50 = four-wheel drive wider than 50 inches, other_wheeled_ohv).
 */
export const trailVehicleClasses = [
  'atv',
  'motorcycle',
  '4wd_over_50in',
  'other_wheeled_ohv',
] as const;

export const trailDifficulties = ['easy', 'moderate', 'hard'] as const;

/**
 * A trail system or named trail, located by its trailhead (or main entrance) point.
 * Read-only catalogue, seeded by the server from data/places/trails.geojson; every fact keeps
 * its `sources`. `lengthMiles`, `fee`, `difficulty` and friends are null where no source gave them.
 * `path` is the trail's line geometry ([lon, lat] or [lon, lat, elevation m]) when a source
 * gives one (the USFS OHV lines). A USFS segment names its system in `systemId`.
 * `season` is null where no source says when the trail is open; otherwise `yearRound` or the
 * open window `openFrom`–`openUntil` as month-day strings ("04-01"), inclusive, with its source.
 * `reportedAs` (optional) marks a window a source only reports, approximately and unconfirmed,
 * in that source's words ("closed roughly November to mid-March"); its days are "likely" open or
 * closed (src/lib/trail-season.ts).
 * `dataDate` is the date of the source data (ISO date) where the source states one.
 *
 * Version 1 added systemId, trailNumber, vehicleClasses, trailClass, season and
 * dataDate, and the `trailhead` and `ohv_trail` kinds (main had not released version 1 yet).
 * `dataDate` is an ISO 8601 date, or only its year ("2021") where the source dates no day.
 * Version 2 added the season's optional `reportedAs` and the optional `difficultySource`: where
 * `difficulty` is derived from a published field rather than rated by a source, how ("derived
 * from USFS trail class 3 (Developed)"); absent or null for a rating or an unknown difficulty.
 */
export const trailSchema = {
  title: 'trail',
  description: 'A trail system or named trail in Arkansas, located by its trailhead point',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    kind: { type: 'string', enum: trailKinds },
    systemId: { type: ['string', 'null'], maxLength: 128 },
    trailNumber: { type: ['string', 'null'], maxLength: 40 },
    vehicleClasses: {
      type: ['array', 'null'],
      items: { type: 'string', enum: trailVehicleClasses },
      maxItems: trailVehicleClasses.length,
    },
    trailClass: { type: ['string', 'null'], maxLength: 100 },
    season: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        yearRound: { type: 'boolean' },
        openFrom: { type: ['string', 'null'], pattern: '^\\d{2}-\\d{2}$' },
        openUntil: { type: ['string', 'null'], pattern: '^\\d{2}-\\d{2}$' },
        source: { type: 'string', minLength: 1, maxLength: 500 },
        reportedAs: { type: ['string', 'null'], maxLength: 200 },
      },
      required: ['yearRound', 'openFrom', 'openUntil', 'source'],
    },
    dataDate: { type: ['string', 'null'], maxLength: 10 },
    activities: {
      type: 'array',
      items: { type: 'string', enum: trailActivities },
      maxItems: trailActivities.length,
    },
    difficulty: { type: ['string', 'null'], enum: [...trailDifficulties, null] },
    difficultySource: { type: ['string', 'null'], maxLength: 300 },
    lengthMiles: { type: ['number', 'null'], minimum: 0 },
    county: { type: 'string', maxLength: 100 },
    region: { type: 'string', enum: arkansasRegions, maxLength: 40 },
    manager: { type: ['string', 'null'], maxLength: 300 },
    fee: { type: ['string', 'null'], maxLength: 300 },
    officialUrl: { type: ['string', 'null'], maxLength: 500 },
    locationConfidence: locationConfidenceProperty,
    notes: { type: ['string', 'null'], maxLength: 4000 },
    sources: sourcesProperty,
    longitude: longitudeProperty,
    latitude: latitudeProperty,
    path: {
      type: ['array', 'null'],
      items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 3 },
    },
    updatedAt: epochMsProperty,
  },
  required: [
    'id',
    'name',
    'kind',
    'systemId',
    'trailNumber',
    'vehicleClasses',
    'trailClass',
    'season',
    'dataDate',
    'activities',
    'difficulty',
    'lengthMiles',
    'county',
    'region',
    'manager',
    'fee',
    'officialUrl',
    'locationConfidence',
    'notes',
    'sources',
    'longitude',
    'latitude',
    'updatedAt',
  ],
  indexes: ['region', 'updatedAt'],
} as const;

export type Trail = FromSchema<typeof trailSchema>;
export type TrailActivity = (typeof trailActivities)[number];
export type TrailDifficulty = (typeof trailDifficulties)[number];
export type TrailVehicleClass = (typeof trailVehicleClasses)[number];
