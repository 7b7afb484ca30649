/**
 * Bearer authentication and role checks for protected routes (requirements §core-4 "Request auth",
 * §core-6). Every request re-reads the account from the database, so a deleted account's tokens
 * stop working at once and a role change applies on the next request, whatever the token says.
 * 401 means "no valid token" (the client then refreshes once); 403 means "signed in, but this
 * role may not".
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Kysely } from 'kysely';
import { accountDeletedCode, accountDeletedMessage } from '../../schemas/account-deletion.ts';
import { errorBody, sendError } from '../errors.ts';
import { findAccountDeletion, type AccountDeletion } from '../storage/account-deletions.ts';
import type { RoleId, ServerDatabase } from '../storage/database.ts';
import { findLiveUserById, type UserRow } from '../storage/users.ts';
import type { AccessTokenService } from './access-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by the auth guards before the handler runs. */
    signedInUser: UserRow | null;
    /** Set by `signedInOrDeleted` when the token's account was deleted by its rider. */
    deletedAccount: AccountDeletion | null;
  }
}

/** Longest Authorization header value considered; real tokens are a few hundred bytes. */
const maximumTokenLength = 4096;

export const missingTokenMessage = 'Sign in required: send an Authorization: Bearer access token.';
export const invalidTokenMessage =
  'The access token is invalid or has expired. Please sign in again.';

/** Guards to put in a route's `preHandler`. */
export interface AuthGuards {
  /** Any signed-in account. */
  signedIn: preHandlerAsyncHookHandler;
  /**
   * Like `signedIn`, but a still-valid token of an account its rider deleted passes with
   * `deletedAccount` set instead of `signedInUser` (the deletion route answers a repeat).
   */
  signedInOrDeleted: preHandlerAsyncHookHandler;
  /** Signed in with one of `roles`; admin must be listed explicitly where it is allowed. */
  roles(...roles: RoleId[]): preHandlerAsyncHookHandler;
}

/** The bearer token of a request, null when absent or malformed. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length > maximumTokenLength + 7) return null;
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function unauthorized(reply: FastifyReply, message: string, invalid: boolean): FastifyReply {
  reply.header('www-authenticate', invalid ? 'Bearer error="invalid_token"' : 'Bearer');
  return sendError(reply, 401, message);
}

/** The 410 answer to a token of an account its rider deleted, so the device clears its data. */
export function sendAccountDeleted(reply: FastifyReply): FastifyReply {
  return reply
    .code(410)
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(410, accountDeletedMessage), code: accountDeletedCode });
}

/**
 * Decorates requests with `signedInUser` and returns the guards. A guard answers 401 (JSON, with
 * WWW-Authenticate) without a valid token for a live account, 410 (JSON with
 * `code: 'account-deleted'`) for a valid token of an account its rider deleted, 403 for a role
 * not allowed.
 */
export function createAuthGuards(
  app: FastifyInstance,
  db: Kysely<ServerDatabase>,
  tokens: AccessTokenService,
): AuthGuards {
  app.decorateRequest('signedInUser', null);
  app.decorateRequest('deletedAccount', null);

  /**
   * Sets `signedInUser` (or, when `allowDeleted`, `deletedAccount`), or sends the 401 or 410 and
   * returns the reply (which ends the hooks).
   */
  async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    allowDeleted = false,
  ): Promise<FastifyReply | null> {
    const token = bearerToken(request);
    if (token === null) return unauthorized(reply, missingTokenMessage, false);
    const claims = await tokens.verify(token);
    const user = claims ? await findLiveUserById(db, claims.userId) : null;
    if (!user) {
      const deletion = claims ? await findAccountDeletion(db, claims.userId) : null;
      if (!deletion) return unauthorized(reply, invalidTokenMessage, true);
      if (!allowDeleted) return sendAccountDeleted(reply);
      request.deletedAccount = deletion;
      return null;
    }
    request.signedInUser = user;
    return null;
  }

  return {
    async signedIn(request, reply) {
      return (await authenticate(request, reply)) ?? undefined;
    },
    async signedInOrDeleted(request, reply) {
      return (await authenticate(request, reply, true)) ?? undefined;
    },
    roles(...roles) {
      const allowed = new Set<RoleId>(roles);
      const names = roles.join(' and ');
      return async (request, reply) => {
        const rejected = await authenticate(request, reply);
        if (rejected) return rejected;
        if (!allowed.has(request.signedInUser!.role_id)) {
          return sendError(reply, 403, `Only ${names} accounts may use this.`);
        }
        return undefined;
      };
    },
  };
}
