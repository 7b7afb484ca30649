import type { FromSchema } from 'json-schema-to-ts';
import { epochMsProperty, idProperty } from './common.ts';

/** The one fixed key of the trip-context document on a device (requirements §core-3). */
export const tripContextKey = 'current';

/** Limits of requirements §core-9 "Trip context". */
export const tripContextLimits = { recentTrails: 20, history: 10, persistDelayMs: 1000 } as const;

/**
 * What the trip planner last recommended and what the rider is doing now (requirements §core-3
 * "Trip context"). One document per user, under `tripContextKey` on the device.
 */
export const tripContextSchema = {
  title: 'tripContext',
  description: 'Current recommendations, active plan and navigation context',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    currentRecommendations: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        recommendations: { type: 'array', items: { type: 'object' }, maxItems: 100 },
        timestamp: epochMsProperty,
        source: { type: 'string', enum: ['trip_planner'] },
      },
      required: ['recommendations', 'timestamp', 'source'],
    },
    activeTripPlan: { type: ['object', 'null'] },
    recentRecommendedTrails: {
      type: 'array',
      maxItems: tripContextLimits.recentTrails,
      items: {
        type: 'object',
        properties: { id: { type: 'string', maxLength: 128 } },
        required: ['id'],
      },
    },
    tripPlannerHistory: {
      type: 'array',
      maxItems: tripContextLimits.history,
      items: { type: 'object' },
    },
    navigationContext: { type: ['object', 'null'] },
    updatedAt: epochMsProperty,
  },
  required: [
    'id',
    'currentRecommendations',
    'activeTripPlan',
    'recentRecommendedTrails',
    'tripPlannerHistory',
    'navigationContext',
    'updatedAt',
  ],
} as const;

export type TripContext = FromSchema<typeof tripContextSchema>;
