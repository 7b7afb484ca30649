import type { FromSchema } from 'json-schema-to-ts';
import {
  epochMsProperty,
  idProperty,
  latitudeProperty,
  locationConfidenceProperty,
  longitudeProperty,
  sourcesProperty,
  syncConflictsProperty,
} from './common.ts';
import { ownDocumentMaxPhotos, photoReferenceSchema } from './photos.ts';

export const waypointCategories = [
  'wma',
  'trailhead',
  'camp',
  'parking',
  'water',
  'fuel',
  'viewpoint',
  'hazard',
  'gate',
  'other',
] as const;

/**
 * A named point of interest. Public waypoints (ownerId null) come from the shipped data, e.g. the
 * Arkansas Game and Fish Commission Wildlife Management Areas (category `wma`, from
 * data/places/wmas.geojson). User waypoints (ownerId set by the server) are created by riders,
 * possibly offline, and synced per user. `trailId` and `tripId` link a waypoint to what it marks.
 */
export const waypointSchema = {
  title: 'waypoint',
  description: 'A named point of interest, public or created by a rider',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    ownerId: { type: ['string', 'null'], maxLength: 128 },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    category: { type: 'string', enum: waypointCategories },
    description: { type: ['string', 'null'], maxLength: 4000 },
    longitude: longitudeProperty,
    latitude: latitudeProperty,
    elevationMetres: { type: ['number', 'null'] },
    trailId: { type: ['string', 'null'], maxLength: 128 },
    tripId: { type: ['string', 'null'], maxLength: 128 },
    county: { type: ['string', 'null'], maxLength: 100 },
    region: { type: ['string', 'null'], maxLength: 40 },
    waterfowl: { type: ['boolean', 'null'] },
    locationConfidence: locationConfidenceProperty,
    sources: sourcesProperty,
    createdAt: epochMsProperty,
    updatedAt: epochMsProperty,
    syncConflicts: syncConflictsProperty,
    /** Photos of a rider's own waypoint (src/photos), seen only by that rider; at most 4. */
    photos: { type: 'array', maxItems: ownDocumentMaxPhotos, items: photoReferenceSchema },
  },
  required: [
    'id',
    'ownerId',
    'name',
    'category',
    'longitude',
    'latitude',
    'locationConfidence',
    'sources',
    'createdAt',
    'updatedAt',
  ],
  indexes: ['updatedAt'],
} as const;

export type Waypoint = FromSchema<typeof waypointSchema>;
export type WaypointCategory = (typeof waypointCategories)[number];
