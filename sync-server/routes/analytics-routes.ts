/**
 * First-party usage counts and the admin tools that read the installation:
 * - `POST /api/analytics/batches`  a device's batch of per-day counts (schemas/analytics.ts);
 *   anyone, no account: the body carries no user, and a bearer token is never read. Counted
 *   once per batch id (a retry answers `counted: false`); 128 KiB at most (500 counts with the
 *   longest names fit); 60 per minute per IP.
 * - `GET /api/admin/analytics?days=7|30|90`  page views per day, top routes, feature counts
 * - `GET /api/admin/fleet`  riders, their trips and garage vehicles, vehicles per type
 * The admin routes need role admin (requirements §core-6: /fleet and /analytics-dashboard are admin
 * only): 401 without a valid token, 403 for other roles. Bad input gets a JSON 4xx and changes
 * nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  analyticsRanges,
  usageBatchSchema,
  usageLimits,
  type AnalyticsRange,
  type UsageBatch,
  type UsageBatchAnswer,
} from '../../schemas/analytics.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import { countUsageBatch, summarizeUsage, utcDayOf } from '../storage/analytics.ts';
import type { ServerDatabase } from '../storage/database.ts';
import { fleetOverview } from '../storage/fleet.ts';

export interface AnalyticsRouteOptions {
  db: Kysely<ServerDatabase>;
  guards: AuthGuards;
  now?: () => number;
}

/** Batches one address may send per minute (a device sends one every few minutes at most). */
export const batchesPerMinute = 60;

const summaryQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['days'],
  // Query strings are text and the validator never coerces: '7', '30' or '90'.
  properties: { days: { type: 'string', enum: analyticsRanges.map(String) } },
} as const;

/** The latest UTC day a device may report: tomorrow, for clocks a little ahead. */
function latestAcceptedDay(now: number): string {
  return utcDayOf(now + 24 * 60 * 60 * 1000);
}

/** Registers the batch route and the two admin routes. */
export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  { db, guards, now = Date.now }: AnalyticsRouteOptions,
): Promise<void> {
  app.post<{ Body: UsageBatch }>(
    '/api/analytics/batches',
    {
      schema: { body: usageBatchSchema },
      bodyLimit: usageLimits.batchBodyBytes,
      config: { rateLimit: { max: batchesPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const latest = latestAcceptedDay(now());
      const future = request.body.counts.find((count) => count.day > latest);
      if (future) {
        return sendError(reply, 400, `counts name the future day ${future.day}.`);
      }
      const counted = await countUsageBatch(db, request.body, now());
      const answer: UsageBatchAnswer = { counted };
      return reply.code(counted ? 201 : 200).send(answer);
    },
  );

  // The role is checked before the query (onRequest): others get 401/403, never a 400.
  app.get<{ Querystring: { days: string } }>(
    '/api/admin/analytics',
    { schema: { querystring: summaryQuery }, onRequest: guards.roles('admin') },
    async (request) => summarizeUsage(db, Number(request.query.days) as AnalyticsRange, now()),
  );

  app.get('/api/admin/fleet', { onRequest: guards.roles('admin') }, async () => fleetOverview(db));
}
