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

/**
 * An Arkansas Game and Fish Commission Wildlife Management Area, located by an approximate
 * interior point. Read-only public catalogue, seeded by the server from data/places/wmas.geojson
 * (see data/README.md); every fact keeps its `sources`. `waterfowl` says whether the dataset
 * lists the area for waterfowl hunting. Riders' own points are `waypoints`, never WMAs.
 */
export const wmaSchema = {
  title: 'wma',
  description: 'A public Wildlife Management Area (Arkansas Game and Fish Commission)',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    county: { type: 'string', maxLength: 100 },
    region: { type: 'string', enum: arkansasRegions },
    waterfowl: { type: 'boolean' },
    longitude: longitudeProperty,
    latitude: latitudeProperty,
    locationConfidence: locationConfidenceProperty,
    sources: sourcesProperty,
    updatedAt: epochMsProperty,
  },
  required: [
    'id',
    'name',
    'county',
    'region',
    'waterfowl',
    'longitude',
    'latitude',
    'locationConfidence',
    'sources',
    'updatedAt',
  ],
  indexes: ['updatedAt'],
} as const;

export type Wma = FromSchema<typeof wmaSchema>;
