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
] as const;

export const trailDifficulties = ['easy', 'moderate', 'hard'] as const;

/**
 * A trail system or named trail, located by its trailhead (or main entrance) point.
 * Read-only catalogue, seeded by the server from data/places/trails.geojson; every fact keeps
 * its `sources`. `lengthMiles`, `fee`, `difficulty` and friends are null where no source gave them.
 * `path` is the trail's line geometry ([lon, lat] pairs) when known; the shipped data has none yet.
 */
export const trailSchema = {
  title: 'trail',
  description: 'A trail system or named trail in Arkansas, located by its trailhead point',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    kind: { type: 'string', enum: trailKinds },
    activities: {
      type: 'array',
      items: { type: 'string', enum: trailActivities },
      maxItems: trailActivities.length,
    },
    difficulty: { type: ['string', 'null'], enum: [...trailDifficulties, null] },
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
