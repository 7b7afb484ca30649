/**
 * A rider's report of a trail's conditions from the field (spec: issue "Trail reports from the
 * field"; core-platform.md trails): status, condition, observations, how busy, the expected
 * reopening of a closed trail, a note and up to 4 photos, at a position and optionally on a
 * trail. Filed offline under a temp- id (schemas/identity.ts), promoted by the server, then
 * pulled by every visitor (descriptor scope `shared`). The tallies of other riders' votes,
 * `hidden` and `reporterLabel` are the server's.
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  calendarDateProperty,
  epochMsProperty,
  idProperty,
  latitudeProperty,
  longitudeProperty,
} from './common.ts';
import { photoReferenceSchema } from './photos.ts';

/** A report's overall verdict, best to worst. */
export const trailReportStatuses = ['all-clear', 'some-issues', 'closed'] as const;
export type TrailReportStatus = (typeof trailReportStatuses)[number];

/** The ground as the rider found it. */
export const trailConditions = ['dry', 'wet', 'muddy', 'snowy', 'icy'] as const;
export type TrailCondition = (typeof trailConditions)[number];

/** What the rider saw on the trail. */
export const trailObservations = [
  'mud',
  'high-water',
  'downed-tree',
  'rock-fall',
  'washout',
  'gate-closed',
  'trail-damage',
  'other',
] as const;
export type TrailObservation = (typeof trailObservations)[number];

/** How busy the trail was. */
export const trailCrowdingLevels = ['empty', 'light', 'busy'] as const;
export type TrailCrowding = (typeof trailCrowdingLevels)[number];

/** Longest note, characters. */
export const trailReportNoteMaxLength = 1000;
/** Most photos on one report. */
export const trailReportMaxPhotos = 4;
/** Most reports one rider may file per day; the server answers 429 past it. */
export const trailReportsPerRiderPerDay = 20;

const countProperty = { type: 'integer', minimum: 0, maximum: 1_000_000 } as const;

export const trailReportSchema = {
  title: 'trailReport',
  description: "A rider's report of a trail's conditions, public to every rider",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    userId: { type: 'string', maxLength: 128 },
    trailId: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    position: {
      type: 'object',
      additionalProperties: false,
      properties: { lon: longitudeProperty, lat: latitudeProperty },
      required: ['lon', 'lat'],
    },
    status: { type: 'string', enum: trailReportStatuses },
    condition: { type: ['string', 'null'], enum: [...trailConditions, null] },
    observations: {
      type: 'array',
      uniqueItems: true,
      maxItems: trailObservations.length,
      items: { type: 'string', enum: trailObservations },
    },
    crowding: { type: ['string', 'null'], enum: [...trailCrowdingLevels, null] },
    expectedReopening: { type: ['string', 'null'], pattern: calendarDateProperty.pattern },
    note: { type: 'string', maxLength: trailReportNoteMaxLength },
    photos: { type: 'array', maxItems: trailReportMaxPhotos, items: photoReferenceSchema },
    observedAt: epochMsProperty,
    confirmations: countProperty,
    clears: countProperty,
    flags: countProperty,
    hidden: { type: 'boolean' },
    reporterLabel: { type: 'string', maxLength: 40 },
    createdAt: epochMsProperty,
    updatedAt: epochMsProperty,
  },
  required: [
    'id',
    'userId',
    'trailId',
    'position',
    'status',
    'condition',
    'observations',
    'crowding',
    'expectedReopening',
    'note',
    'photos',
    'observedAt',
    'confirmations',
    'clears',
    'flags',
    'hidden',
    'reporterLabel',
    'createdAt',
    'updatedAt',
  ],
  indexes: ['updatedAt'],
} as const;

export type TrailReport = FromSchema<typeof trailReportSchema>;

/**
 * The public tag of a reporter, "rider ab12": four hex digits of a 32-bit FNV-1a hash of the
 * owner's id. Stable for one rider, never their username, and shared by many accounts (65,536
 * tags), so it cannot identify anyone.
 */
export function reporterLabelOf(ownerId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < ownerId.length; index += 1) {
    hash ^= ownerId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `rider ${(hash >>> 16).toString(16).padStart(4, '0')}`;
}

/** How a rider voted on another rider's report. */
export const trailReportVotes = ['confirm', 'clear', 'flag'] as const;
export type TrailReportVote = (typeof trailReportVotes)[number];

/**
 * `data` of a `trailReportVote` record (schemas/records.ts): one per rider and report, the
 * latest of "still there" (`confirm`), "gone now" (`clear`) or a flag for an admin, and when
 * (epoch ms). The server tallies them into the report (after-write effect `trailReportTallies`).
 */
export const trailReportVoteDataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    reportId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' },
    vote: { type: 'string', enum: trailReportVotes },
    votedAt: { type: 'number', minimum: 0, multipleOf: 1 },
  },
  required: ['reportId', 'vote', 'votedAt'],
} as const;
export type TrailReportVoteData = FromSchema<typeof trailReportVoteDataSchema>;

/** A report's tallies from its votes: riders other than the reporter, one vote each. */
export function tallyTrailReportVotes(
  votes: readonly { voterId: string; vote: TrailReportVote }[],
  reporterId: string,
): { confirmations: number; clears: number; flags: number } {
  const tally = { confirmations: 0, clears: 0, flags: 0 };
  for (const { voterId, vote } of votes) {
    if (voterId === reporterId) continue;
    if (vote === 'confirm') tally.confirmations += 1;
    else if (vote === 'clear') tally.clears += 1;
    else tally.flags += 1;
  }
  return tally;
}

/**
 * `incoming` (a pushed report) with every photo the server stored as hidden (by hash) still
 * hidden: only an admin's hiding is kept against the reporter's push, so a reporter's edit never
 * shows a hidden photo again. Used as the descriptor's `keepServerData`.
 */
export function keepHiddenPhotos<Document extends Record<string, unknown>>(
  incoming: Document,
  master: Record<string, unknown> | undefined,
): Document {
  const stored = (master?.photos as { hash: string; hidden: boolean }[] | undefined) ?? [];
  const hidden = new Set(stored.filter((photo) => photo.hidden).map((photo) => photo.hash));
  if (hidden.size === 0 || !Array.isArray(incoming.photos)) return incoming;
  return {
    ...incoming,
    photos: (incoming.photos as { hash: string; hidden: boolean }[]).map((photo) =>
      hidden.has(photo.hash) ? { ...photo, hidden: true } : photo,
    ),
  };
}
