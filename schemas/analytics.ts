/**
 * First-party usage counts (requirements §voice-7.2 "page_view on each route change"):
 * the contract between the device's usage queue and `POST /api/analytics/batches`, and the
 * answers of the admin routes `GET /api/admin/analytics` and `GET /api/admin/fleet`. A batch
 * carries counts per UTC day of route patterns (never a full address, id or query) and of named
 * feature actions; no user id, device id or time of day. The server adds them to per-day count
 * tables and keeps no event.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { calendarDateProperty } from './common.ts';
import type { GarageVehicleType } from './records.ts';

/** Feature actions the app counts (count only, nothing about the trip, file or trail). */
export const featureActions = [
  'trip-recorded',
  'gpx-imported',
  'navigation-started',
  'gpx-exported',
] as const;
export type FeatureAction = (typeof featureActions)[number];

/**
 * What one counted entry is: a page view of a route pattern, a feature action, or an error the
 * app's error screen caught (its route pattern and the error's type name, never its message).
 */
export const usageKinds = ['page-view', 'feature', 'app-error'] as const;
export type UsageKind = (typeof usageKinds)[number];

/**
 * Limits: the device keeps at most `queueSize` entries (the oldest go first); a batch holds
 * at most `batchEntries` aggregated counts, each at most `queueSize`; a batch body is at most
 * `batchBodyBytes`.
 */
export const usageLimits = {
  queueSize: 500,
  batchEntries: 500,
  routeLength: 120,
  batchBodyBytes: 128 * 1024,
} as const;

/**
 * A route pattern as the router names it (`/trips/$tripId`, `/group/$id`), or `(not found)`
 * for the 404 page: slash-separated words, `$` parameters, no query or fragment.
 */
export const routePatternPattern = '^(/[A-Za-z0-9$_.-]*)+$|^\\(not found\\)$';

/**
 * The name of an `app-error` count: the route pattern the error screen showed on (`(app shell)`
 * when it happened outside any route), a space, and the error's type name (`TypeError`).
 */
export const appErrorNamePattern =
  '^((/[A-Za-z0-9$_.-]*)+|\\(not found\\)|\\(app shell\\)) [A-Za-z][A-Za-z0-9]{0,39}$';

/** The days the admin dashboard shows: the last 7, 30 or 90 days (UTC). */
export const analyticsRanges = [7, 30, 90] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

/** A UTC calendar day, YYYY-MM-DD. */
const dayProperty = calendarDateProperty;

/** One aggregated count of a batch: `count` uses of `name` of `kind` on `day`. */
export const usageCountSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['day', 'kind', 'name', 'count'],
  properties: {
    day: dayProperty,
    kind: { type: 'string', enum: usageKinds },
    name: { type: 'string', minLength: 1, maxLength: usageLimits.routeLength },
    count: { type: 'integer', minimum: 1, maximum: usageLimits.queueSize },
  },
  // A feature is one of `featureActions`; a page view names a route pattern; an error its route
  // pattern and type.
  allOf: [
    {
      if: { properties: { kind: { const: 'feature' } } },
      then: { properties: { name: { type: 'string', enum: featureActions } } },
    },
    {
      if: { properties: { kind: { const: 'page-view' } } },
      then: { properties: { name: { type: 'string', pattern: routePatternPattern } } },
    },
    {
      if: { properties: { kind: { const: 'app-error' } } },
      then: { properties: { name: { type: 'string', pattern: appErrorNamePattern } } },
    },
  ],
} as const;
export type UsageCount = FromSchema<typeof usageCountSchema>;

/**
 * The body of `POST /api/analytics/batches`. `batchId` is random, made on the device when the
 * batch is cut, and kept until the server confirms it, so a retried batch counts once.
 */
export const usageBatchSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['batchId', 'counts'],
  properties: {
    batchId: { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' },
    counts: {
      type: 'array',
      minItems: 1,
      maxItems: usageLimits.batchEntries,
      items: usageCountSchema,
    },
  },
} as const;
export type UsageBatch = FromSchema<typeof usageBatchSchema>;

/** The answer to a batch: `counted` false when that batch id had been counted before. */
export interface UsageBatchAnswer {
  counted: boolean;
}

/** `GET /api/admin/analytics?days=7|30|90`: counts of the last `days` UTC days to `to`. */
export interface AnalyticsSummary {
  days: AnalyticsRange;
  /** First and last day of the range, YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
  /** Every day of the range, oldest first, with 0 for days without a view. */
  pageViewsPerDay: { day: string; count: number }[];
  totalPageViews: number;
  /** Route patterns by views, most first (at most 20). */
  topRoutes: { route: string; count: number }[];
  /** Feature actions by count, most first. */
  featureCounts: { action: string; count: number }[];
  /** Errors the app's error screen caught, by route pattern and error type, most first. */
  errorCounts: { route: string; errorType: string; count: number }[];
}

/** A garage vehicle of a rider as `/api/admin/fleet` lists it (records of kind `vehicle`). */
export interface FleetVehicle {
  vehicleId: string;
  type: GarageVehicleType;
  make: string;
  model: string;
  year: number | null;
  nickname: string | null;
  /** The last odometer reading synced, miles. */
  odometerMiles: number;
}

/**
 * One account as `/api/admin/fleet` lists it: no email, password hash or user id; times in
 * epoch ms. `lastSyncAt` is when the server last stored a change from this rider (null if
 * never); trips and miles count the rider's synced, not deleted trips.
 */
export interface FleetRider {
  username: string;
  role: 'admin' | 'test' | 'user';
  joinedAt: number;
  lastSyncAt: number | null;
  tripCount: number;
  tripMiles: number;
  vehicles: FleetVehicle[];
}

/** Accounts deleted by their riders in one UTC calendar month (`YYYY-MM`): a count only. */
export interface FleetDeletionCount {
  month: string;
  count: number;
}

/**
 * `GET /api/admin/fleet`: every live account with its vehicles, vehicles per type, and how many
 * accounts their riders deleted per month (newest month first; months without one left out).
 */
export interface FleetOverview {
  riders: FleetRider[];
  totalsByType: { type: GarageVehicleType; count: number }[];
  deletionsByMonth: FleetDeletionCount[];
}
