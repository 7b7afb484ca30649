import type { FromSchema } from 'json-schema-to-ts';
import { epochMsProperty, idProperty } from './common.ts';

/**
 * A small run of a trip's track points, written as fixes arrive so a crash loses at most the
 * chunk in progress. Id is `${tripId}:${sequence}` (sequence zero-padded to 6 digits so ids sort).
 * Each point is [longitude°, latitude°, elevation metres | null, time ms, accuracy metres | null],
 * a compact tuple because a 10-hour ride at 1 Hz is 36,000 points.
 */
export const trackChunkSchema = {
  title: 'trackChunk',
  description: 'A run of consecutive track points of one trip',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    tripId: { type: 'string', maxLength: 128 },
    sequence: { type: 'integer', minimum: 0, maximum: 999999, multipleOf: 1 },
    points: {
      type: 'array',
      maxItems: 600,
      items: {
        type: 'array',
        minItems: 5,
        maxItems: 5,
        items: { type: ['number', 'null'] },
      },
    },
    updatedAt: epochMsProperty,
  },
  required: ['id', 'tripId', 'sequence', 'points', 'updatedAt'],
  indexes: ['tripId', 'updatedAt'],
} as const;

export type TrackChunk = FromSchema<typeof trackChunkSchema>;
/** [longitude°, latitude°, elevation metres | null, time ms, accuracy metres | null] */
export type TrackPoint = [number, number, number | null, number, number | null];
