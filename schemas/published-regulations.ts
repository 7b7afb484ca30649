/**
 * Seasons and regulations this installation's operator publishes (the app cannot know next
 * season's dates; its operator can): a duck season's periods, limits and shooting-hour rule, and
 * a catalogue trail's season or closure. Each names its source and is dated by the server. The
 * contract between the admin routes (`POST /api/admin/regulations/...`), the public listing
 * (`GET /api/regulations`) and the device, which keeps the listing for offline use (duck
 * seasons) or receives the trail's new season with the trail catalogue (trail seasons).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { calendarDateProperty, nullableMonthDayProperty } from './common.ts';

/** Where the operator read it: a publication's name or address, said to riders as it is. */
const sourceText = { type: 'string', minLength: 3, maxLength: 300 } as const;

/** Body of `POST /api/admin/regulations/duck-season`: one season, replacing an earlier one. */
export const duckSeasonPublicationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['seasonLabel', 'periods', 'limits', 'shootingHours', 'source'],
  properties: {
    /** "2026-27": the season's first and second year. */
    seasonLabel: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' },
    periods: {
      type: 'array',
      minItems: 1,
      maxItems: 8,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'opens', 'closes'],
        properties: {
          label: { type: 'string', minLength: 1, maxLength: 60 },
          opens: calendarDateProperty,
          closes: calendarDateProperty,
        },
      },
    },
    /** Bag and possession limits, one line each ("Daily limit 6 ducks; …"). */
    limits: {
      type: 'array',
      minItems: 1,
      maxItems: 8,
      items: { type: 'string', minLength: 3, maxLength: 200 },
    },
    shootingHours: { type: 'string', minLength: 3, maxLength: 200 },
    source: sourceText,
  },
} as const;
export type DuckSeasonPublication = FromSchema<typeof duckSeasonPublicationSchema>;

/**
 * Body of `POST /api/admin/regulations/trail-season`: a catalogue trail's season (open all year,
 * or from `openFrom` to `openUntil` each year) replacing the one the shipped data gave it.
 */
export const trailSeasonPublicationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['trailId', 'yearRound', 'openFrom', 'openUntil', 'source'],
  properties: {
    trailId: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9:_-]+$' },
    yearRound: { type: 'boolean' },
    openFrom: nullableMonthDayProperty,
    openUntil: nullableMonthDayProperty,
    source: sourceText,
  },
} as const;
export type TrailSeasonPublication = FromSchema<typeof trailSeasonPublicationSchema>;

/** The kinds of publication. */
export type RegulationKind = 'duck-season' | 'trail-season';

/** One publication as `GET /api/regulations` lists it; times in epoch ms. */
export type PublishedRegulation =
  | {
      id: string;
      kind: 'duck-season';
      data: DuckSeasonPublication;
      publishedAt: number;
      publishedBy: string;
    }
  | {
      id: string;
      kind: 'trail-season';
      data: TrailSeasonPublication;
      publishedAt: number;
      publishedBy: string;
    };

/** `GET /api/regulations`: every publication in force, newest first. */
export interface PublishedRegulations {
  regulations: PublishedRegulation[];
}

/** Id of the publication of `kind` about `subject` (a season label or a trail id). */
export function regulationId(kind: RegulationKind, subject: string): string {
  return `${kind}:${subject}`;
}

/**
 * The trail season text riders read for an operator's publication: "Published by this
 * installation on 2026-11-27 (source: …)". `publishedAt` is epoch ms; the date is UTC.
 */
export function publishedSeasonSource(publishedAt: number, source: string): string {
  const day = new Date(publishedAt).toISOString().slice(0, 10);
  return `Published by this installation on ${day} (source: ${source})`;
}
