/**
 * Account routes behind roles (requirements §core-6): a user's own profile, the admin's user list
 * and account removal (for /fleet and the admin pages), and server diagnostics for admin and
 * test accounts (for /mobile-performance-test and /emergency-test). Roles come from the
 * database on every request, not from the token.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { userIdParamsSchema, type UserIdParams } from '../auth/auth-schemas.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import { countLiveDocuments } from '../storage/catalog.ts';
import type { DatabaseKind, ServerDatabase } from '../storage/database.ts';
import { countActiveRefreshTokens, revokeAllTokensOfUser } from '../storage/refresh-tokens.ts';
import {
  countLiveUsersByRole,
  findLiveUserById,
  listLiveUsers,
  softDeleteUser,
  toPublicUser,
} from '../storage/users.ts';

export interface AccountRouteOptions {
  db: Kysely<ServerDatabase>;
  databaseKind: DatabaseKind;
  guards: AuthGuards;
}

/** The server's version: package.json's `version`. */
const serverVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/**
 * Registers GET /api/users/:id (self or admin), GET /api/admin/users and
 * DELETE /api/admin/users/:id (admin), GET /api/diagnostics (admin and test).
 */
export async function registerAccountRoutes(
  app: FastifyInstance,
  { db, databaseKind, guards }: AccountRouteOptions,
): Promise<void> {
  const adminOnly = guards.roles('admin');

  app.get<{ Params: UserIdParams }>(
    '/api/users/:id',
    { schema: { params: userIdParamsSchema }, preHandler: guards.signedIn },
    async (request, reply) => {
      const viewer = request.signedInUser!;
      // Same 403 whether or not the id exists, so ids cannot be probed.
      if (viewer.id !== request.params.id && viewer.role_id !== 'admin') {
        return sendError(reply, 403, 'You may only view your own profile.');
      }
      const user = await findLiveUserById(db, request.params.id);
      if (!user) return sendError(reply, 404, 'No user with that id.');
      return toPublicUser(user);
    },
  );

  app.get('/api/admin/users', { preHandler: adminOnly }, async () =>
    (await listLiveUsers(db)).map(toPublicUser),
  );

  app.delete<{ Params: UserIdParams }>(
    '/api/admin/users/:id',
    { schema: { params: userIdParamsSchema }, preHandler: adminOnly },
    async (request, reply) => {
      if (request.params.id === request.signedInUser!.id) {
        return sendError(reply, 409, 'An admin cannot delete their own account.');
      }
      const now = Date.now();
      if (!(await softDeleteUser(db, request.params.id, now))) {
        return sendError(reply, 404, 'No user with that id.');
      }
      await revokeAllTokensOfUser(db, request.params.id, now);
      return reply.code(204).send();
    },
  );

  app.get('/api/diagnostics', { preHandler: guards.roles('admin', 'test') }, async () => ({
    serverTime: Date.now(),
    version: serverVersion,
    uptimeSeconds: Math.round(process.uptime()),
    node: process.version,
    database: {
      kind: databaseKind,
      documents: await countLiveDocuments(db),
      users: await countLiveUsersByRole(db),
      activeRefreshTokens: await countActiveRefreshTokens(db),
    },
  }));
}
