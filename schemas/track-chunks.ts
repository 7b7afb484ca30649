import type { FromSchema } from 'json-schema-to-ts';
import { epochMsProperty, idProperty } from './common.ts';
import { assertDocumentId } from './document-id.ts';

/** Most points one chunk document may hold (the schema's `maxItems`). */
export const trackChunkMaxPoints = 600;

/**
 * Id of a trip's chunk number `sequence` (0-based): `${tripId}:${sequence}` with the sequence
 * zero-padded to 6 digits, so ids sort in track order. The one definition for recording, GPX
 * import, legacy migration and temp- id promotion. Throws when the result breaks the id grammar
 * (a trip id over 121 characters or with characters the grammar refuses), since the server would
 * refuse that chunk on every push.
 */
export function trackChunkId(tripId: string, sequence: number): string {
  return assertDocumentId(`${tripId}:${String(sequence).padStart(6, '0')}`);
}

/**
 * A small run of a trip's track points, written as fixes arrive so a crash loses at most the
 * chunk in progress. Id from `trackChunkId`. Each point is a `TrackPoint`, a compact tuple
 * because a 10-hour ride at 1 Hz is 36,000 points.
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
      maxItems: trackChunkMaxPoints,
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
/**
 * A stored point: [longitude°, latitude°, elevation metres | null, time epoch ms | null, accuracy
 * metres | null]. Time is null only for imported GPX routes, which carry no times.
 */
export type TrackPoint = [number, number, number | null, number | null, number | null];
