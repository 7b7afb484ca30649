import type { FromSchema } from 'json-schema-to-ts';
import {
  bboxProperty,
  epochMsProperty,
  idProperty,
  syncStatusProperty,
  syncConflictsProperty,
} from './common.ts';
import { ownDocumentMaxPhotos, photoReferenceSchema } from './photos.ts';

/** Where a trip is in its life as a recording; sync state is the separate `status` field. */
export const recordingStates = ['recording', 'paused', 'finished'] as const;

/**
 * A recorded (or imported) trip. Created offline it has id `temp-…` and status `pending`
 * (requirements §core-3 "Trip", §core-4 "Offline"); the sync engine promotes it to a server id.
 * Track points live in the trackChunks collection, keyed by this id.
 * Units: miles, mph, feet, ms.
 */
export const tripSchema = {
  title: 'trip',
  description: 'A recorded or imported trip',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    userId: { type: 'string', maxLength: 128 },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    trailId: { type: ['string', 'null'], maxLength: 128 },
    vehicleType: { type: ['string', 'null'], maxLength: 40 },
    source: { type: 'string', enum: ['recorded', 'imported'] },
    recordingState: { type: 'string', enum: recordingStates },
    status: syncStatusProperty,
    startedAt: epochMsProperty,
    endedAt: { type: ['number', 'null'], minimum: 0 },
    distanceMiles: { type: 'number', minimum: 0 },
    movingTimeMs: { type: 'number', minimum: 0 },
    elapsedTimeMs: { type: 'number', minimum: 0 },
    averageSpeedMph: { type: 'number', minimum: 0 },
    maxSpeedMph: { type: 'number', minimum: 0 },
    elevationGainFeet: { type: 'number', minimum: 0 },
    elevationLossFeet: { type: 'number', minimum: 0 },
    trackPointCount: { type: 'integer', minimum: 0 },
    bbox: { ...bboxProperty, type: ['array', 'null'] },
    notes: { type: ['string', 'null'], maxLength: 10000 },
    createdAt: epochMsProperty,
    updatedAt: epochMsProperty,
    syncConflicts: syncConflictsProperty,
    /** Photos of the rider's own trip (src/photos), seen only by that rider; at most 4. */
    photos: { type: 'array', maxItems: ownDocumentMaxPhotos, items: photoReferenceSchema },
  },
  required: [
    'id',
    'userId',
    'name',
    'trailId',
    'source',
    'recordingState',
    'status',
    'startedAt',
    'endedAt',
    'distanceMiles',
    'movingTimeMs',
    'elapsedTimeMs',
    'averageSpeedMph',
    'maxSpeedMph',
    'elevationGainFeet',
    'elevationLossFeet',
    'trackPointCount',
    'createdAt',
    'updatedAt',
  ],
  indexes: ['updatedAt', 'startedAt'],
} as const;

export type Trip = FromSchema<typeof tripSchema>;
