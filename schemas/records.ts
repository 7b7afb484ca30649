import type { FromSchema } from 'json-schema-to-ts';
import { epochMsProperty, idProperty, syncConflictsProperty } from './common.ts';

/**
 * Kinds a record may hold today (README "Collection budget"): a rider's progress through one
 * skills lesson, and their best score in the trail safety game. Later kinds (vehicle,
 * maintenance, …) add a data schema below; the collection schema itself does not change, so
 * no RxDB version bump is needed for a new kind.
 */
export const recordKinds = ['skillProgress', 'gameBest'] as const;
export type RecordKind = (typeof recordKinds)[number];

/** Most keys a record's `data` object may have (the sync limits bound its size and depth). */
export const recordDataMaxProperties = 32;

/**
 * One rider-owned record of a typed `kind` with free-form but bounded `data`. Rider-owned and
 * synced both ways like trip plans, merged field by field (and `data` key by key, see
 * `recordDataMergeRules`). Ids are deterministic, `<userId>:<kind>[:<subject>]`
 * (`recordId`), so two devices write the same document and no temp- id promotion is needed;
 * the server refuses any other id and validates `data` against `recordDataSchemas[kind]`.
 */
export const recordSchema = {
  title: 'record',
  description: 'A rider-owned record of a typed kind (skill progress, game best score, …)',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    userId: { type: 'string', maxLength: 128 },
    kind: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-zA-Z]+$' },
    data: { type: 'object', maxProperties: recordDataMaxProperties },
    status: { type: 'string', enum: ['pending', 'synced'] },
    createdAt: epochMsProperty,
    updatedAt: epochMsProperty,
    syncConflicts: syncConflictsProperty,
  },
  required: ['id', 'userId', 'kind', 'data', 'status', 'createdAt', 'updatedAt'],
  indexes: ['updatedAt'],
} as const;

export type RiderRecord = FromSchema<typeof recordSchema>;

/** Lesson slugs: lower-case words joined by hyphens (the /arkansas-skills/<slug> routes). */
const lessonIdProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 60,
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
} as const;

/**
 * `data` of a `skillProgress` record: the lesson, when the rider first finished it (passed its
 * quiz; null until then), the best quiz score (correct answers out of `questionCount`) and how
 * many times the quiz was submitted.
 */
export const skillProgressDataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    lessonId: lessonIdProperty,
    completedAt: { type: ['number', 'null'], minimum: 0, multipleOf: 1 },
    bestScore: { type: 'integer', minimum: 0, maximum: 50 },
    questionCount: { type: 'integer', minimum: 1, maximum: 50 },
    attempts: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  },
  required: ['lessonId', 'completedAt', 'bestScore', 'questionCount', 'attempts'],
} as const;
export type SkillProgressData = FromSchema<typeof skillProgressDataSchema>;

/**
 * `data` of the `gameBest` record: the rider's best safety-game score (points), the most that
 * round set allowed, when it was set, and how many games were finished.
 */
export const gameBestDataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    bestScore: { type: 'integer', minimum: 0, maximum: 10_000 },
    maxScore: { type: 'integer', minimum: 1, maximum: 10_000 },
    achievedAt: { type: 'number', minimum: 0, multipleOf: 1 },
    gamesPlayed: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  },
  required: ['bestScore', 'maxScore', 'achievedAt', 'gamesPlayed'],
} as const;
export type GameBestData = FromSchema<typeof gameBestDataSchema>;

/** The data schema of every kind; the server validates pushes with it (400 otherwise). */
export const recordDataSchemas: Record<RecordKind, object> = {
  skillProgress: skillProgressDataSchema,
  gameBest: gameBestDataSchema,
};

/**
 * How two devices' `data` merge when both changed the same key: `max` keeps the larger
 * number (scores, counts only grow), `earliest` the earliest non-null time (first completion),
 * `later` the value of the copy edited last. Keys not listed follow `later`.
 */
export const recordDataMergeRules: Record<
  RecordKind,
  Record<string, 'max' | 'earliest' | 'later'>
> = {
  skillProgress: { completedAt: 'earliest', bestScore: 'max', attempts: 'max' },
  gameBest: { bestScore: 'max', gamesPlayed: 'max' },
};

/** True when `kind` is one the app and server know. */
export function isRecordKind(kind: unknown): kind is RecordKind {
  return typeof kind === 'string' && (recordKinds as readonly string[]).includes(kind);
}

/**
 * The one id a record may have: `<userId>:skillProgress:<lessonId>` for lesson progress,
 * `<userId>:gameBest` for the game. Within the id grammar for user ids up to 60 characters.
 */
export function recordId(userId: string, kind: 'skillProgress', lessonId: string): string;
export function recordId(userId: string, kind: 'gameBest'): string;
export function recordId(userId: string, kind: RecordKind, subject?: string): string {
  return kind === 'skillProgress' ? `${userId}:${kind}:${subject ?? ''}` : `${userId}:${kind}`;
}

/** The id `data` says a record of `kind` owned by `userId` must have (null for unknown kinds). */
export function expectedRecordId(userId: string, kind: unknown, data: unknown): string | null {
  if (kind === 'gameBest') return recordId(userId, 'gameBest');
  if (kind === 'skillProgress') {
    const lessonId = (data as { lessonId?: unknown } | null)?.lessonId;
    return typeof lessonId === 'string' ? recordId(userId, 'skillProgress', lessonId) : null;
  }
  return null;
}
