/**
 * Admin review of trails riders submit. Riders create submissions offline as
 * `trailSubmission` records and sync them like any record; these routes are the admin's side:
 * - `GET  /api/admin/trail-submissions`             every submission, waiting ones first, with
 *                                                   the submitter's username
 * - `POST /api/admin/trail-submissions/:id/review`  `{ decision, reason, edits }`: approve (the
 *                                                   trail joins the public catalogue) or reject
 *                                                   with the reason the rider sees
 * `:id` is the record id `<userId>:trailSubmission:<submissionId>`. Admins only (401 signed out,
 * 403 other roles); bad input 400, unknown 404, reviewed before 409, all JSON, writing nothing.
 * A review publishes the change so every open catalogue stream and the rider's records stream
 * deliver it at once.
 */
import { recordsCollection } from '../../schemas/collections/records.ts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  submissionReviewBodySchema,
  type SubmissionReviewBody,
} from '../../schemas/trail-submissions.ts';
import type { TrailPlaceLookup } from '../../datasets/trail-place.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import type { DatabaseKind, ServerDatabase } from '../storage/database.ts';
import { listTrailSubmissions, reviewTrailSubmission } from '../storage/trail-submissions.ts';
import type { ChangeBus } from '../sync/change-bus.ts';

export interface TrailSubmissionRouteOptions {
  db: Kysely<ServerDatabase>;
  databaseKind: DatabaseKind;
  guards: AuthGuards;
  changeBus: ChangeBus;
  /** County and region of a point (datasets/trail-place.ts), loaded on the first approval. */
  placeLookup: () => TrailPlaceLookup;
  now?: () => number;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9:_-]+$' },
  },
} as const;

/** The admin's edits with their text trimmed (the rider's own text is stored as typed). */
function trimmedEdits(edits: SubmissionReviewBody['edits']): SubmissionReviewBody['edits'] {
  if (!edits) return undefined;
  return {
    ...edits,
    ...(edits.name !== undefined ? { name: edits.name.trim() } : {}),
    ...(typeof edits.notes === 'string' ? { notes: edits.notes.trim() || null } : {}),
  };
}

/** Registers the admin's list and review routes. */
export async function registerTrailSubmissionRoutes(
  app: FastifyInstance,
  { db, databaseKind, guards, changeBus, placeLookup, now = Date.now }: TrailSubmissionRouteOptions,
): Promise<void> {
  app.get('/api/admin/trail-submissions', { preHandler: guards.roles('admin') }, async () => ({
    submissions: await listTrailSubmissions(db),
  }));

  app.post<{ Params: { id: string }; Body: SubmissionReviewBody }>(
    '/api/admin/trail-submissions/:id/review',
    {
      schema: { params: idParams, body: submissionReviewBodySchema },
      preHandler: guards.roles('admin'),
    },
    async (request, reply) => {
      const edits = trimmedEdits(request.body.edits);
      if (edits?.name !== undefined && edits.name.length < 3) {
        return sendError(reply, 400, 'The trail name needs at least 3 characters.');
      }
      const outcome = await reviewTrailSubmission(
        db,
        databaseKind,
        request.params.id,
        { ...request.body, ...(edits ? { edits } : {}) },
        placeLookup(),
        now(),
      );
      if ('refused' in outcome) return sendError(reply, outcome.refused, outcome.message);
      await changeBus.publish({ collection: recordsCollection.name, ownerId: outcome.ownerId });
      if (outcome.trail) await changeBus.publish({ collection: 'trails', ownerId: null });
      return { submission: outcome.submission, trail: outcome.trail };
    },
  );
}
