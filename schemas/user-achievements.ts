import type { FromSchema } from 'json-schema-to-ts';
import { epochMsProperty, idProperty } from './common.ts';

/**
 * A user's progress toward one achievement; `earnedAt` is set once `progress` reaches the
 * achievement's threshold. Id is `${userId}:${achievementId}` so two devices converge on one row.
 */
export const userAchievementSchema = {
  title: 'userAchievement',
  description: "A user's progress toward, or award of, one achievement",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    userId: { type: 'string', maxLength: 128 },
    achievementId: { type: 'string', maxLength: 128 },
    progress: { type: 'number', minimum: 0 },
    earnedAt: { type: ['number', 'null'], minimum: 0 },
    updatedAt: epochMsProperty,
  },
  required: ['id', 'userId', 'achievementId', 'progress', 'earnedAt', 'updatedAt'],
  indexes: ['updatedAt'],
} as const;

export type UserAchievement = FromSchema<typeof userAchievementSchema>;
