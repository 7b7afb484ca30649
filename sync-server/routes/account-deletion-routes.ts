/**
 * POST /api/account/deletion: a signed-in rider deletes their own account (the device's
 * "Delete my account", schemas/account-deletion.ts). The password is checked again, so a
 * device left unlocked cannot delete the account; the deletion itself is
 * storage/account-deletions.ts `deleteAccount`, carried out once per request id.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  accountDeletionBodySchema,
  accountDeletionPath,
  type AccountDeletionAnswer,
  type AccountDeletionBody,
} from '../../schemas/account-deletion.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { sendAccountDeleted, type AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import { deleteAccount, type AccountDeletion } from '../storage/account-deletions.ts';
import type { DatabaseKind, ServerDatabase } from '../storage/database.ts';

export interface AccountDeletionRouteOptions {
  db: Kysely<ServerDatabase>;
  databaseKind: DatabaseKind;
  hasher: PasswordHasher;
  guards: AuthGuards;
  /** The sign-in's rate limit, since this route also checks a password. */
  credentialRequestsPerMinute: number;
}

const answerOf = (deletion: AccountDeletion): AccountDeletionAnswer => ({
  status: 'deleted',
  requestId: deletion.requestId,
  deletedAt: deletion.deletedAt,
});

export const wrongPasswordMessage = 'That password is not right, so nothing was deleted.';

/**
 * Registers the route. Answers 200 `AccountDeletionAnswer` (also for a repeat of the same
 * request id, with the first answer), 400 for a malformed body, 401 without a valid token,
 * 403 for a wrong password, 410 when the account was deleted by another request.
 */
export async function registerAccountDeletionRoutes(
  app: FastifyInstance,
  { db, databaseKind, hasher, guards, credentialRequestsPerMinute }: AccountDeletionRouteOptions,
): Promise<void> {
  app.post<{ Body: AccountDeletionBody }>(
    accountDeletionPath,
    {
      schema: { body: accountDeletionBodySchema },
      preHandler: guards.signedInOrDeleted,
      config: { rateLimit: { max: credentialRequestsPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { password, requestId } = request.body;
      const deleted = request.deletedAccount;
      if (deleted) {
        return deleted.requestId === requestId ? answerOf(deleted) : sendAccountDeleted(reply);
      }
      const user = request.signedInUser!;
      if (!(await hasher.verify(user.password_hash, password))) {
        return sendError(reply, 403, wrongPasswordMessage);
      }
      const outcome = await deleteAccount(
        db,
        user.id,
        user.username,
        requestId,
        Date.now(),
        databaseKind,
      );
      if (!outcome) return sendAccountDeleted(reply);
      request.log.info({ carriedOut: outcome.carriedOut }, 'account deleted by its rider');
      return answerOf(outcome.deletion);
    },
  );
}
