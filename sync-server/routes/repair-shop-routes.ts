/**
 * Repair shops from rider suggestions reviewed by an admin (never invented):
 * - `GET  /api/repair-shops`                              approved shops, anyone
 * - `POST /api/repair-shops/suggestions`                  a signed-in rider suggests a shop
 * - `GET  /api/repair-shops/suggestions/mine`             the rider's suggestions and reviews
 * - `GET  /api/admin/repair-shop-suggestions`             the pending queue, admins only
 * - `POST /api/admin/repair-shop-suggestions/:id/review`  `{ decision, reason }`, admins only
 * Bad input gets a JSON 4xx and changes nothing; a rejection needs a reason the rider will see.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  repairShopSuggestionSchema,
  type RepairShopSuggestion,
} from '../../schemas/repair-shops.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import type { ServerDatabase } from '../storage/database.ts';
import {
  addSuggestion,
  countPending,
  listByStatus,
  listRiderSubmissions,
  maxPendingPerRider,
  reviewSuggestion,
} from '../storage/repair-shops.ts';

export interface RepairShopRouteOptions {
  db: Kysely<ServerDatabase>;
  guards: AuthGuards;
  now?: () => number;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' } },
} as const;

const reviewBody = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: {
    decision: { type: 'string', enum: ['approve', 'reject'] },
    reason: { type: ['string', 'null'], maxLength: 500 },
  },
} as const;

/** Registers the public list, the rider's suggestion routes and the admin review routes. */
export async function registerRepairShopRoutes(
  app: FastifyInstance,
  { db, guards, now = Date.now }: RepairShopRouteOptions,
): Promise<void> {
  app.get('/api/repair-shops', async () => ({ shops: await listByStatus(db, 'approved') }));

  app.post<{ Body: RepairShopSuggestion }>(
    '/api/repair-shops/suggestions',
    { schema: { body: repairShopSuggestionSchema }, preHandler: guards.signedIn },
    async (request, reply) => {
      const userId = request.signedInUser!.id;
      if ((await countPending(db, userId)) >= maxPendingPerRider) {
        return sendError(
          reply,
          429,
          `You have ${maxPendingPerRider} suggestions waiting for review; wait for those first.`,
        );
      }
      const body = request.body;
      const shop: RepairShopSuggestion = {
        ...body,
        name: body.name.trim(),
        town: body.town.trim(),
        services: body.services.trim(),
        howYouKnow: body.howYouKnow.trim(),
      };
      return reply.code(201).send({ submission: await addSuggestion(db, userId, shop, now()) });
    },
  );

  app.get(
    '/api/repair-shops/suggestions/mine',
    { preHandler: guards.signedIn },
    async (request) => ({
      submissions: await listRiderSubmissions(db, request.signedInUser!.id),
    }),
  );

  app.get(
    '/api/admin/repair-shop-suggestions',
    { preHandler: guards.roles('admin') },
    async () => ({ submissions: await listByStatus(db, 'pending') }),
  );

  app.post<{
    Params: { id: string };
    Body: { decision: 'approve' | 'reject'; reason?: string | null };
  }>(
    '/api/admin/repair-shop-suggestions/:id/review',
    { schema: { params: idParams, body: reviewBody }, preHandler: guards.roles('admin') },
    async (request, reply) => {
      const reason = request.body.reason?.trim() || null;
      if (request.body.decision === 'reject' && !reason) {
        return sendError(reply, 400, 'A rejection needs a reason: the rider will see it.');
      }
      const outcome = await reviewSuggestion(
        db,
        request.params.id,
        request.body.decision === 'approve'
          ? { status: 'approved', reason: null }
          : { status: 'rejected', reason },
        now(),
      );
      if (outcome === 'missing') return sendError(reply, 404, 'No such suggestion.');
      if (outcome === 'already-reviewed') {
        return sendError(reply, 409, 'This suggestion has already been reviewed.');
      }
      return { submission: outcome };
    },
  );
}
