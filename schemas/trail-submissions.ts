/**
 * A trail a rider submits for review: stored as a `records` kind
 * (`trailSubmission`, schemas/records.ts) so it is made offline and synced like a garage vehicle,
 * and reviewed by an admin (sync-server/routes/trail-submission-routes.ts). An approved
 * submission becomes a public trail (schemas/trails.ts) whose id is `riderTrailId(submissionId)`.
 * Shared by the server's validation, the submission form and the admin review page.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { trailActivities, trailDifficulties } from './trails.ts';
import { nullableMonthDayProperty } from './common.ts';

/** Most points a submitted line keeps (longer tracks are simplified to fit, see the client). */
export const submissionMaxLinePoints = 500;

/** Longest free-text answers, characters. */
export const submissionTextLimits = { name: 100, notes: 2000, reason: 500 } as const;

/** Longest line accepted, miles (longer is not one trail). */
export const submissionMaxLengthMiles = 500;

/** Where the submitted line came from. */
export const submissionOrigins = ['trip', 'gpx', 'drawn'] as const;
export type SubmissionOrigin = (typeof submissionOrigins)[number];

/** Review states: `submitted` until an admin approves or rejects it. */
export const submissionStatuses = ['submitted', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

/** Month-day "04-01" (the trails schema's season bounds). */
const monthDayProperty = nullableMonthDayProperty;

/**
 * When the trail is open as the rider knows it: year round, or the inclusive window
 * `openFrom`–`openUntil` (MM-DD; the window may wrap the new year). The trails schema's shape
 * without `source`: the server adds the source ("rider submission, reviewed") on approval.
 */
export const submissionSeasonSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    yearRound: { type: 'boolean' },
    openFrom: monthDayProperty,
    openUntil: monthDayProperty,
  },
  required: ['yearRound', 'openFrom', 'openUntil'],
} as const;
export type SubmissionSeason = FromSchema<typeof submissionSeasonSchema>;

/** One [longitude, latitude] position in degrees WGS84. */
const positionSchema = {
  type: 'array',
  items: [
    { type: 'number', minimum: -180, maximum: 180 },
    { type: 'number', minimum: -90, maximum: 90 },
  ],
  minItems: 2,
  maxItems: 2,
} as const;

/** The review, written only by the server (a rider's push cannot change it). */
export const submissionReviewSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: submissionStatuses },
    reviewedAt: { type: ['number', 'null'], minimum: 0, multipleOf: 1 },
    /** Why an admin rejected it (the rider sees it); null otherwise. */
    reason: { type: ['string', 'null'], maxLength: submissionTextLimits.reason },
    /** The public trail made from it when approved; null otherwise. */
    trailId: { type: ['string', 'null'], maxLength: 128 },
  },
  required: ['status', 'reviewedAt', 'reason', 'trailId'],
} as const;
export type SubmissionReview = FromSchema<typeof submissionReviewSchema>;

/** The fields a rider gives about the trail (the admin may edit them before approving). */
const trailFieldsProperties = {
  name: { type: 'string', minLength: 3, maxLength: submissionTextLimits.name },
  activities: {
    type: 'array',
    items: { type: 'string', enum: trailActivities },
    minItems: 1,
    maxItems: trailActivities.length,
    uniqueItems: true,
  },
  difficulty: { type: ['string', 'null'], enum: [...trailDifficulties, null] },
  season: submissionSeasonSchema,
  notes: { type: ['string', 'null'], maxLength: submissionTextLimits.notes },
} as const;

/**
 * `data` of a `trailSubmission` record: the trail's name, activities, difficulty (null: the
 * rider did not say), season (null: unknown), notes, where the line came from, the line as
 * [longitude, latitude] pairs (at most `submissionMaxLinePoints`), its length in miles measured
 * along the line, when it was submitted (epoch ms) and the server's review.
 */
export const trailSubmissionDataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    submissionId: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' },
    ...trailFieldsProperties,
    origin: { type: 'string', enum: submissionOrigins },
    line: {
      type: 'array',
      items: positionSchema,
      minItems: 2,
      maxItems: submissionMaxLinePoints,
    },
    lengthMiles: { type: 'number', minimum: 0, maximum: submissionMaxLengthMiles },
    submittedAt: { type: 'number', minimum: 0, multipleOf: 1 },
    review: submissionReviewSchema,
  },
  required: [
    'submissionId',
    'name',
    'activities',
    'difficulty',
    'season',
    'notes',
    'origin',
    'line',
    'lengthMiles',
    'submittedAt',
    'review',
  ],
} as const;
export type TrailSubmissionData = FromSchema<typeof trailSubmissionDataSchema>;

/** The review a submission has before an admin looks at it. */
export const unreviewed: SubmissionReview = {
  status: 'submitted',
  reviewedAt: null,
  reason: null,
  trailId: null,
};

/** Id of the public trail made from submission `submissionId`. */
export function riderTrailId(submissionId: string): string {
  return `rider-submission-${submissionId}`;
}

/** True for a trail made from a rider submission (the seed's re-seed keeps these). */
export function isRiderTrailId(id: string): boolean {
  return id.startsWith('rider-submission-');
}

/** The body of `POST /api/admin/trail-submissions/:id/review`. */
export const submissionReviewBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: {
    decision: { type: 'string', enum: ['approve', 'reject'] },
    reason: { type: ['string', 'null'], maxLength: submissionTextLimits.reason },
    /** The admin's corrections, applied before the trail is published (approve only). */
    edits: {
      type: 'object',
      additionalProperties: false,
      properties: trailFieldsProperties,
    },
  },
} as const;
export type SubmissionReviewBody = FromSchema<typeof submissionReviewBodySchema>;

/** A submission as the admin API lists it. */
export interface SubmissionForReview {
  /** The record id, `<userId>:trailSubmission:<submissionId>` (the review route's `:id`). */
  id: string;
  submittedBy: string;
  data: TrailSubmissionData;
}

/**
 * `incoming` (a pushed record) with the review of the stored `master`, or the unreviewed state
 * for a new submission: a rider's push never changes a review (the records descriptor's
 * `keepServerData`). Other kinds pass unchanged.
 */
export function keepServerReview<Document extends Record<string, unknown>>(
  incoming: Document,
  master: Record<string, unknown> | undefined,
): Document {
  if (incoming.kind !== 'trailSubmission') return incoming;
  const stored = (master?.data as { review?: SubmissionReview } | undefined)?.review;
  const data = incoming.data as Record<string, unknown>;
  return { ...incoming, data: { ...data, review: stored ?? unreviewed } };
}
