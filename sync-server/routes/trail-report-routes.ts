/**
 * Trail report moderation, admins only (issue "Trail reports from the field", "Keeping it true"):
 * - `GET  /api/admin/trail-reports`              flagged reports first, then the newest (at most 200)
 * - `POST /api/admin/trail-reports/:id/hidden`   `{ hidden: boolean }` hides or shows one report
 * - `POST /api/admin/trail-reports/:id/photos/:hash/hidden`   the same for one photo of it
 * A hidden report stays synced with `hidden: true`, so every device stops showing it on its next
 * sync. Bad input gets a JSON 4xx and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { trailReportsCollection } from '../../schemas/collections/trail-reports.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import type { DatabaseKind, ServerDatabase } from '../storage/database.ts';
import {
  listTrailReportsForReview,
  setTrailReportHidden,
  setTrailReportPhotoHidden,
} from '../storage/trail-reports.ts';
import type { ChangeBus } from '../sync/change-bus.ts';

export interface TrailReportRouteOptions {
  db: Kysely<ServerDatabase>;
  databaseKind: DatabaseKind;
  guards: AuthGuards;
  changeBus: ChangeBus;
}

/** Most reports the admin list answers. */
const reviewListLength = 200;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9-]+$' } },
} as const;

const photoParams = {
  type: 'object',
  required: ['id', 'hash'],
  properties: {
    id: idParams.properties.id,
    hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
} as const;

const hiddenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['hidden'],
  properties: { hidden: { type: 'boolean' } },
} as const;

/** Registers the moderation routes of trail reports. */
export async function registerTrailReportRoutes(
  app: FastifyInstance,
  { db, databaseKind, guards, changeBus }: TrailReportRouteOptions,
): Promise<void> {
  app.get('/api/admin/trail-reports', { preHandler: guards.roles('admin') }, async () => ({
    reports: (await listTrailReportsForReview(db, reviewListLength)).map(({ report }) => report),
  }));

  app.post<{ Params: { id: string }; Body: { hidden: boolean } }>(
    '/api/admin/trail-reports/:id/hidden',
    { schema: { params: idParams, body: hiddenBody }, preHandler: guards.roles('admin') },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await setTrailReportHidden(db, databaseKind, id, request.body.hidden))) {
        return sendError(reply, 404, `No trail report with id "${id}".`);
      }
      await changeBus.publish({ collection: trailReportsCollection.name, ownerId: null });
      return { id, hidden: request.body.hidden };
    },
  );

  app.post<{ Params: { id: string; hash: string }; Body: { hidden: boolean } }>(
    '/api/admin/trail-reports/:id/photos/:hash/hidden',
    { schema: { params: photoParams, body: hiddenBody }, preHandler: guards.roles('admin') },
    async (request, reply) => {
      const { id, hash } = request.params;
      if (!(await setTrailReportPhotoHidden(db, databaseKind, id, hash, request.body.hidden))) {
        return sendError(reply, 404, `Trail report "${id}" has no photo ${hash}.`);
      }
      await changeBus.publish({ collection: trailReportsCollection.name, ownerId: null });
      return { id, hash, hidden: request.body.hidden };
    },
  );
}
