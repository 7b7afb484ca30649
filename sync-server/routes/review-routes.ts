/**
 * Campground review moderation, admins only:
 * - `GET  /api/admin/campgrounds/:id/reviews`          every live review with its hidden flag
 * - `POST /api/admin/campground-reviews/:id/hidden`    `{ hidden: boolean }` hides or shows one
 * Hiding recomputes the campground's ratings for everyone. Bad input gets a JSON 4xx and
 * changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import {
  findReview,
  listCampgroundReviews,
  recomputeCampgroundRatings,
  setReviewHidden,
} from '../storage/campground-ratings.ts';
import type { ServerDatabase } from '../storage/database.ts';
import type { ChangeBus } from '../sync/change-bus.ts';

export interface ReviewRouteOptions {
  db: Kysely<ServerDatabase>;
  guards: AuthGuards;
  changeBus: ChangeBus;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' } },
} as const;

const hiddenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['hidden'],
  properties: { hidden: { type: 'boolean' } },
} as const;

/** Registers the moderation routes. */
export async function registerReviewRoutes(
  app: FastifyInstance,
  { db, guards, changeBus }: ReviewRouteOptions,
): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/api/admin/campgrounds/:id/reviews',
    { schema: { params: idParams }, preHandler: guards.roles('admin') },
    async (request) => {
      const reviews = await listCampgroundReviews(db, request.params.id);
      return {
        reviews: reviews.map(({ review, username, hidden }) => ({
          id: review.id,
          username,
          overall: review.overall,
          cleanliness: review.cleanliness,
          facilities: review.facilities,
          location: review.location,
          value: review.value,
          text: review.text,
          hidden,
          updatedAt: review.updatedAt,
        })),
      };
    },
  );

  app.post<{ Params: { id: string }; Body: { hidden: boolean } }>(
    '/api/admin/campground-reviews/:id/hidden',
    { schema: { params: idParams, body: hiddenBody }, preHandler: guards.roles('admin') },
    async (request, reply) => {
      const review = await findReview(db, request.params.id);
      if (!review) return sendError(reply, 404, `No review with id "${request.params.id}".`);
      await setReviewHidden(db, review.id, request.body.hidden);
      if ((await recomputeCampgroundRatings(db, [review.campgroundId])) > 0) {
        await changeBus.publish({ collection: 'campgrounds', ownerId: null });
      }
      return { id: review.id, hidden: request.body.hidden };
    },
  );
}
