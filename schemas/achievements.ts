import type { FromSchema } from 'json-schema-to-ts';
import { epochMsProperty, idProperty } from './common.ts';

export const achievementCategories = [
  'riding',
  'exploration',
  'safety',
  'learning',
  'community',
] as const;

/** What an achievement counts, and the unit of its threshold. */
export const achievementMetrics = [
  'trips_recorded',
  'miles_ridden',
  'trails_visited',
  'regions_visited',
  'night_rides',
  'safety_checklists_completed',
  'emergency_contacts_added',
  'offline_regions_downloaded',
  'skills_modules_completed',
  'waypoints_created',
  'trails_submitted',
  'group_rides_joined',
] as const;

/**
 * One milestone in the read-only achievement catalogue served by GET /api/achievements and
 * cached offline (requirements §core-3, §core-7). Earned when `metric` reaches `threshold`.
 */
export const achievementSchema = {
  title: 'achievement',
  description: 'A riding, exploration, safety, learning or community milestone',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    title: { type: 'string', minLength: 1, maxLength: 120 },
    description: { type: 'string', maxLength: 500 },
    category: { type: 'string', enum: achievementCategories },
    icon: { type: 'string', maxLength: 40 },
    metric: { type: 'string', enum: achievementMetrics },
    threshold: { type: 'number', minimum: 1 },
    points: { type: 'integer', minimum: 0, maximum: 10000 },
    sortOrder: { type: 'integer', minimum: 0, maximum: 100000 },
    updatedAt: epochMsProperty,
  },
  required: [
    'id',
    'title',
    'description',
    'category',
    'icon',
    'metric',
    'threshold',
    'points',
    'sortOrder',
    'updatedAt',
  ],
  indexes: ['updatedAt'],
} as const;

export type Achievement = FromSchema<typeof achievementSchema>;
export type AchievementMetric = (typeof achievementMetrics)[number];
