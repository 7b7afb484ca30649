/**
 * Seasons and regulations the operator publishes (schemas/published-regulations.ts):
 * - `GET  /api/regulations`                          every publication, anyone, no account
 * - `POST /api/admin/regulations/duck-season`         a duck season's periods, limits and
 *                                                     shooting hours, replacing the same season's
 * - `POST /api/admin/regulations/trail-season`        a catalogue trail's season; the trail's
 *                                                     public document changes with it, so devices
 *                                                     pull it with the trail catalogue
 * Admins only for the writes (401 signed out, 403 other roles); malformed input 400, an unknown
 * trail 404, all JSON, writing nothing. A trail season is announced on the trail catalogue's
 * stream so open apps pull it at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  duckSeasonPublicationSchema,
  trailSeasonPublicationSchema,
  type DuckSeasonPublication,
  type TrailSeasonPublication,
} from '../../schemas/published-regulations.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import type { ServerDatabase } from '../storage/database.ts';
import {
  listPublishedRegulations,
  publishDuckSeason,
  publishTrailSeason,
} from '../storage/published-regulations.ts';
import type { ChangeBus } from '../sync/change-bus.ts';

export interface RegulationRouteOptions {
  db: Kysely<ServerDatabase>;
  guards: AuthGuards;
  changeBus: ChangeBus;
  now?: () => number;
}

/** Why a duck season cannot be published as sent, or null when it can. */
export function duckSeasonProblem(data: DuckSeasonPublication): string | null {
  const [first, second] = data.seasonLabel.split('-').map(Number);
  if ((first! + 1) % 100 !== second) {
    return `A season label names two years in a row, like 2026-27 (not ${data.seasonLabel}).`;
  }
  for (const period of data.periods) {
    if (period.closes < period.opens) {
      return `${period.label} closes (${period.closes}) before it opens (${period.opens}).`;
    }
    const years = [period.opens, period.closes].map((day) => Number(day.slice(0, 4)));
    if (years.some((year) => year !== first && year !== first! + 1)) {
      return `${period.label} must fall within ${first} and ${first! + 1}.`;
    }
  }
  return null;
}

/** Why a trail season cannot be published as sent, or null when it can. */
export function trailSeasonProblem(data: TrailSeasonPublication): string | null {
  if (data.yearRound && (data.openFrom !== null || data.openUntil !== null)) {
    return 'A trail open all year has no opening or closing day.';
  }
  if (!data.yearRound && (data.openFrom === null || data.openUntil === null)) {
    return 'A seasonal trail needs the day it opens and the day it closes (MM-DD).';
  }
  return null;
}

/** Registers the public listing and the admin's publishing routes. */
export async function registerRegulationRoutes(
  app: FastifyInstance,
  { db, guards, changeBus, now = Date.now }: RegulationRouteOptions,
): Promise<void> {
  app.get('/api/regulations', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { regulations: await listPublishedRegulations(db) };
  });

  app.post<{ Body: DuckSeasonPublication }>(
    '/api/admin/regulations/duck-season',
    { schema: { body: duckSeasonPublicationSchema }, preHandler: guards.roles('admin') },
    async (request, reply) => {
      const problem = duckSeasonProblem(request.body);
      if (problem) return sendError(reply, 400, problem);
      const publication = await publishDuckSeason(
        db,
        request.body,
        request.signedInUser!.username,
        now(),
      );
      return reply.code(201).send({ regulation: publication });
    },
  );

  app.post<{ Body: TrailSeasonPublication }>(
    '/api/admin/regulations/trail-season',
    { schema: { body: trailSeasonPublicationSchema }, preHandler: guards.roles('admin') },
    async (request, reply) => {
      const problem = trailSeasonProblem(request.body);
      if (problem) return sendError(reply, 400, problem);
      const published = await publishTrailSeason(
        db,
        request.body,
        request.signedInUser!.username,
        now(),
      );
      if (!published) {
        return sendError(reply, 404, `No catalogue trail "${request.body.trailId}".`);
      }
      await changeBus.publish({ collection: 'trails', ownerId: null });
      return reply.code(201).send({ regulation: published.publication, trail: published.trail });
    },
  );
}
