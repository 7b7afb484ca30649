import type { FromSchema } from 'json-schema-to-ts';
import {
  epochMsProperty,
  idProperty,
  syncStatusProperty,
  syncConflictsProperty,
} from './common.ts';

/**
 * A trip plan (requirements §core-3 "Trip plan"). userId is 'anonymous' when unknown; difficulty
 * defaults to 5 (scale 1–10); aiConfidence defaults to 0.8 or the plan's insights confidence.
 * Created offline it has id `temp-…` and status `pending`.
 * Units: totalDuration minutes, totalDistance miles, estimatedCost US dollars.
 */
export const tripPlanSchema = {
  title: 'tripPlan',
  description: 'A planned trip',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    userId: { type: 'string', maxLength: 128 },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 4000 },
    planData: { type: 'object' },
    totalDuration: { type: 'number', minimum: 0 },
    totalDistance: { type: 'number', minimum: 0 },
    difficulty: { type: 'number', minimum: 1, maximum: 10 },
    estimatedCost: { type: 'number', minimum: 0 },
    status: syncStatusProperty,
    aiConfidence: { type: 'number', minimum: 0, maximum: 1 },
    createdAt: epochMsProperty,
    updatedAt: epochMsProperty,
    syncConflicts: syncConflictsProperty,
  },
  required: [
    'id',
    'userId',
    'name',
    'description',
    'planData',
    'totalDuration',
    'totalDistance',
    'difficulty',
    'estimatedCost',
    'status',
    'aiConfidence',
    'createdAt',
    'updatedAt',
  ],
  indexes: ['updatedAt'],
} as const;

export type TripPlan = FromSchema<typeof tripPlanSchema>;

/** Defaults of requirements §core-3 "Trip plan". */
export const tripPlanDefaults = { userId: 'anonymous', difficulty: 5, aiConfidence: 0.8 } as const;
