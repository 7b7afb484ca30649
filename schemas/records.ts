import type { FromSchema } from 'json-schema-to-ts';
import {
  calendarDateProperty,
  epochMsProperty,
  idProperty,
  syncConflictsProperty,
} from './common.ts';
import { trailReportVoteDataSchema } from './trail-reports.ts';
import { trailSubmissionDataSchema } from './trail-submissions.ts';

/**
 * Kinds a record may hold today (docs/architecture.md "Collection budget"): a rider's progress
 * through one skills lesson, their best score in the trail safety game, a vehicle in their garage,
 * one maintenance log entry, a trail they submitted for review, a day's completed pre-ride
 * safety checklist, their vote on another rider's trail report and their progress toward one achievement (which had a collection of its own,
 * `userAchievements`, until version 0 of this kind: schemas/collections/moves.ts). Later kinds add a data schema
 * below; the collection schema itself does not change, so no RxDB version bump is needed for a new
 * kind.
 */
export const recordKinds = [
  'skillProgress',
  'gameBest',
  'vehicle',
  'maintenance',
  'trailSubmission',
  'preRideCheck',
  'achievementProgress',
  'trailReportVote',
] as const;
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

/** Achievement ids of data/achievements.json: letters, digits, hyphens and underscores. */
const achievementIdProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 60,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;

/**
 * `data` of an `achievementProgress` record: the rider's progress toward one achievement
 * (data/achievements.json; in the unit of its metric) and when it was earned (epoch ms; null
 * until `progress` reaches the threshold). Progress only grows and an award keeps its first time.
 */
export const achievementProgressDataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    achievementId: achievementIdProperty,
    progress: { type: 'number', minimum: 0 },
    earnedAt: { type: ['number', 'null'], minimum: 0 },
  },
  required: ['achievementId', 'progress', 'earnedAt'],
} as const;
export type AchievementProgressData = FromSchema<typeof achievementProgressDataSchema>;

/**
 * Id of a vehicle or maintenance entry within the rider's records (the `<subject>` of the
 * record id): letters, digits and hyphens, at most 40 (a UUID fits).
 */
const garageSubjectIdProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  pattern: '^[A-Za-z0-9-]+$',
} as const;

/** Vehicle types, the same ids as the registration form's vehicleType (requirements §core-3). */
export const garageVehicleTypes = ['atv', 'utv', '4x4', 'dirt-bike', 'other'] as const;
export type GarageVehicleType = (typeof garageVehicleTypes)[number];

/** Highest odometer reading or service interval accepted, miles. */
export const garageMaxMiles = 1_000_000;

const milesProperty = { type: 'number', minimum: 0, maximum: garageMaxMiles } as const;
const intervalProperty = {
  type: ['number', 'null'],
  exclusiveMinimum: 0,
  maximum: garageMaxMiles,
} as const;

/**
 * `data` of a `vehicle` record: one machine in the rider's garage. `odometerMiles` is the last
 * reading the rider entered (or the app folded trip miles into), taken at `odometerAt` (epoch
 * ms); trip miles recorded after that are added on the device. `year` and `nickname` are null
 * when not given; the oil and air-filter intervals (miles) are the rider's, from their owner's
 * manual, null until set.
 */
export const vehicleDataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    vehicleId: garageSubjectIdProperty,
    type: { type: 'string', enum: garageVehicleTypes },
    make: { type: 'string', minLength: 1, maxLength: 60 },
    model: { type: 'string', minLength: 1, maxLength: 60 },
    year: { type: ['integer', 'null'], minimum: 1900, maximum: 2100 },
    nickname: { type: ['string', 'null'], minLength: 1, maxLength: 60 },
    odometerMiles: milesProperty,
    odometerAt: { type: 'number', minimum: 0, multipleOf: 1 },
    oilIntervalMiles: intervalProperty,
    airFilterIntervalMiles: intervalProperty,
  },
  required: [
    'vehicleId',
    'type',
    'make',
    'model',
    'year',
    'nickname',
    'odometerMiles',
    'odometerAt',
    'oilIntervalMiles',
    'airFilterIntervalMiles',
  ],
} as const;
export type VehicleData = FromSchema<typeof vehicleDataSchema>;

/** Services a maintenance entry records (the reminders count miles for the first three). */
export const maintenanceServices = [
  'cvtBelt',
  'oil',
  'airFilter',
  'tirePressure',
  'other',
] as const;
export type MaintenanceService = (typeof maintenanceServices)[number];

/**
 * `data` of a `maintenance` record: one service done to the vehicle `vehicleId` on `date`
 * (ISO calendar date, YYYY-MM-DD) at `odometerMiles`, with optional notes (null when none).
 */
export const maintenanceDataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    entryId: garageSubjectIdProperty,
    vehicleId: garageSubjectIdProperty,
    service: { type: 'string', enum: maintenanceServices },
    date: calendarDateProperty,
    odometerMiles: milesProperty,
    notes: { type: ['string', 'null'], maxLength: 1000 },
  },
  required: ['entryId', 'vehicleId', 'service', 'date', 'odometerMiles', 'notes'],
} as const;
export type MaintenanceData = FromSchema<typeof maintenanceDataSchema>;

/**
 * `data` of a `preRideCheck` record: the /safety checklist completed on `date` (the rider's
 * calendar date, YYYY-MM-DD) with every one of its `itemCount` items ticked, first at
 * `completedAt` (epoch ms). One record per day however often it is ticked through, so the
 * "Pre-Ride Check" and "Safety First" achievements count days, and two devices that complete
 * it the same day write the same record.
 */
export const preRideCheckDataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    date: calendarDateProperty,
    completedAt: { type: 'number', minimum: 0, multipleOf: 1 },
    itemCount: { type: 'integer', minimum: 1, maximum: 40 },
  },
  required: ['date', 'completedAt', 'itemCount'],
} as const;
export type PreRideCheckData = FromSchema<typeof preRideCheckDataSchema>;

/** The data schema of every kind; the server validates pushes with it (400 otherwise). */
export const recordDataSchemas: Record<RecordKind, object> = {
  skillProgress: skillProgressDataSchema,
  gameBest: gameBestDataSchema,
  vehicle: vehicleDataSchema,
  maintenance: maintenanceDataSchema,
  trailSubmission: trailSubmissionDataSchema,
  preRideCheck: preRideCheckDataSchema,
  achievementProgress: achievementProgressDataSchema,
  trailReportVote: trailReportVoteDataSchema,
};

/**
 * How two devices' `data` merge when both changed the record: `max` keeps the larger number
 * (scores, counts only grow), `earliest` the earliest non-null time (first completion),
 * `changed` the value of the device that changed that key since the common base (the later
 * edit when both did), `later` the value of the copy edited last. Keys not listed follow
 * `later`. A vehicle's and a maintenance entry's keys are separate edits by the rider, so an
 * edit of the nickname on one device and the odometer on another both survive (`changed`; an
 * odometer can be corrected downwards, so `max` would be wrong). `server` keeps the server's
 * copy: a trail submission's `review` is written only by the server (the push route ignores a
 * rider's value), so the device's copy of it is never newer.
 */
export type RecordDataMergeRule = 'max' | 'earliest' | 'later' | 'changed' | 'server';

const changedKeys = (keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, 'changed' as const]));

/** The merge rule of each `data` key per kind (see `RecordDataMergeRule`). */
export const recordDataMergeRules: Record<RecordKind, Record<string, RecordDataMergeRule>> = {
  skillProgress: { completedAt: 'earliest', bestScore: 'max', attempts: 'max' },
  gameBest: { bestScore: 'max', gamesPlayed: 'max' },
  vehicle: changedKeys(vehicleDataSchema.required),
  maintenance: changedKeys(maintenanceDataSchema.required),
  trailSubmission: { ...changedKeys(trailSubmissionDataSchema.required), review: 'server' },
  preRideCheck: { completedAt: 'earliest', itemCount: 'max' },
  achievementProgress: { progress: 'max', earnedAt: 'earliest' },
  // A rider's vote is one choice; the latest one stands.
  trailReportVote: { vote: 'later', votedAt: 'later' },
};

/** True when `kind` is one the app and server know. */
export function isRecordKind(kind: unknown): kind is RecordKind {
  return typeof kind === 'string' && (recordKinds as readonly string[]).includes(kind);
}

/** The `data` key naming the subject of each kind that has one (its id's last part). */
const recordSubjectKeys = {
  skillProgress: 'lessonId',
  vehicle: 'vehicleId',
  maintenance: 'entryId',
  trailSubmission: 'submissionId',
  preRideCheck: 'date',
  achievementProgress: 'achievementId',
  trailReportVote: 'reportId',
} as const;
type SubjectKind = keyof typeof recordSubjectKeys;

/**
 * The one id a record may have: `<userId>:skillProgress:<lessonId>` for lesson progress,
 * `<userId>:gameBest` for the game, `<userId>:vehicle:<vehicleId>` for a vehicle and
 * `<userId>:maintenance:<entryId>` for a maintenance entry and
 * `<userId>:trailSubmission:<submissionId>` for a submitted trail and
 * `<userId>:preRideCheck:<YYYY-MM-DD>` for a day's pre-ride checklist and
 * `<userId>:achievementProgress:<achievementId>` for progress toward an achievement and
 * `<userId>:trailReportVote:<reportId>` for a vote on a trail report. Within the
 * id grammar for user ids up to 40 characters (the server's are 36-character UUIDs).
 */
export function recordId(userId: string, kind: SubjectKind, subject: string): string;
export function recordId(userId: string, kind: 'gameBest'): string;
export function recordId(userId: string, kind: RecordKind, subject?: string): string {
  return kind in recordSubjectKeys ? `${userId}:${kind}:${subject ?? ''}` : `${userId}:${kind}`;
}

/** The id `data` says a record of `kind` owned by `userId` must have (null for unknown kinds). */
export function expectedRecordId(userId: string, kind: unknown, data: unknown): string | null {
  if (kind === 'gameBest') return recordId(userId, 'gameBest');
  if (typeof kind === 'string' && kind in recordSubjectKeys) {
    const subjectKind = kind as SubjectKind;
    const subject = (data as Record<string, unknown> | null)?.[recordSubjectKeys[subjectKind]];
    return typeof subject === 'string' ? recordId(userId, subjectKind, subject) : null;
  }
  return null;
}
