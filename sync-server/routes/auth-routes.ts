/**
 * Sign-in and session routes (requirements §core-7, §core-4 "Session" and "Request auth", §core-5):
 * POST /api/auth/register, /login, /refresh, /logout and GET /api/auth/user. Every body is
 * validated by its JSON Schema (auth/auth-schemas.ts) before a handler runs.
 *
 * Rate limits: per IP (in memory, @fastify/rate-limit: the one piece of state this server keeps
 * outside the database, so with several instances each counts its own share) and per username
 * (failed sign-ins, in the database, shared by every instance).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import {
  loginBodySchema,
  refreshTokenBodySchema,
  registerBodySchema,
  type LoginBody,
  type RefreshTokenBody,
  type RegisterBody,
} from '../auth/auth-schemas.ts';
import type { AuthSettings } from '../auth/auth-settings.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { sendAccountDeleted, type AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import { findAccountDeletion } from '../storage/account-deletions.ts';
import type { ServerDatabase } from '../storage/database.ts';
import {
  clearLoginFailures,
  loginLockRemainingMs,
  recordLoginFailure,
} from '../storage/login-attempts.ts';
import {
  issueRefreshTokenFamily,
  revokeFamilyOfToken,
  rotateRefreshToken,
} from '../storage/refresh-tokens.ts';
import {
  createUser,
  findLiveUserById,
  findUserByUsername,
  toPublicUser,
  usernameExists,
  usernameKey,
  UsernameTakenError,
  type UserRow,
} from '../storage/users.ts';

export interface AuthRouteOptions {
  db: Kysely<ServerDatabase>;
  settings: AuthSettings;
  hasher: PasswordHasher;
  tokens: AccessTokenService;
  guards: AuthGuards;
}

/** requirements §core-8: the client shows the server's message, or this same text. */
export const invalidCredentialsMessage = 'Invalid username or password';
export const usernameTakenMessage = 'Username already taken';
export const refreshRejectedMessage =
  'The refresh token is invalid or has expired. Please sign in again.';
export const refreshReusedMessage =
  'This refresh token was already used, so every session of that sign-in has been ended. Please sign in again.';

const oneMinuteMs = 60_000;

/** Whole minutes, rounded up, in words: "1 minute", "15 minutes". */
function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / oneMinuteMs));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What every auth route needs: the options plus the limits and token helpers derived from them. */
interface AuthRouteContext extends AuthRouteOptions {
  credentialLimit: { rateLimit: { max: number; timeWindow: number } };
  sessionLimit: { rateLimit: { max: number; timeWindow: number } };
  refreshLifetimeMs: number;
  issueAccessToken: (user: UserRow) => ReturnType<AccessTokenService['issue']>;
}

/** Registers the auth routes with their per-IP rate limits. */
export async function registerAuthRoutes(
  app: FastifyInstance,
  options: AuthRouteOptions,
): Promise<void> {
  const { settings, tokens } = options;
  const context: AuthRouteContext = {
    ...options,
    credentialLimit: {
      rateLimit: { max: settings.credentialRequestsPerMinute, timeWindow: oneMinuteMs },
    },
    sessionLimit: {
      rateLimit: { max: settings.sessionRequestsPerMinute, timeWindow: oneMinuteMs },
    },
    refreshLifetimeMs: settings.refreshTokenTtlSeconds * 1000,
    issueAccessToken: (user) =>
      tokens.issue({ userId: user.id, role: user.role_id, username: user.username }),
  };
  registerRegisterRoute(app, context);
  registerLoginRoute(app, context);
  registerSessionRoutes(app, context);
}

/** POST /api/auth/register: 201 with the public user, 409 for a taken name. */
function registerRegisterRoute(
  app: FastifyInstance,
  { db, hasher, credentialLimit }: AuthRouteContext,
) {
  app.post<{ Body: RegisterBody }>(
    '/api/auth/register',
    { schema: { body: registerBodySchema }, config: credentialLimit },
    async (request, reply) => {
      const { username, email, password, vehicleType } = request.body;
      if (username.trim() === '') return sendError(reply, 400, 'Username must not be empty.');
      if (await usernameExists(db, username)) return sendError(reply, 409, usernameTakenMessage);
      try {
        const user = await createUser(db, {
          username,
          email,
          passwordHash: await hasher.hash(password),
          vehicleType: vehicleType ?? '4x4',
          roleId: 'user',
        });
        return reply.code(201).send(toPublicUser(user));
      } catch (error) {
        // A concurrent registration of the same name won the race for the UNIQUE index.
        if (error instanceof UsernameTakenError) {
          return sendError(reply, 409, usernameTakenMessage);
        }
        throw error;
      }
    },
  );
}

/** POST /api/auth/login: tokens for the right password, 401 otherwise, 429 when locked. */
function registerLoginRoute(app: FastifyInstance, context: AuthRouteContext) {
  const { db, settings, hasher, credentialLimit, refreshLifetimeMs, issueAccessToken } = context;
  app.post<{ Body: LoginBody }>(
    '/api/auth/login',
    { schema: { body: loginBodySchema }, config: credentialLimit },
    async (request, reply) => {
      const { username, password } = request.body;
      const key = usernameKey(username);
      if (key === '') return sendError(reply, 400, 'Username must not be empty.');

      const lockedForMs = await loginLockRemainingMs(db, key, settings.loginThrottle);
      if (lockedForMs > 0) return tooManyFailures(reply, lockedForMs);

      const user = await findUserByUsername(db, key);
      const passwordMatches =
        user && user.deleted_at === null
          ? await hasher.verify(user.password_hash, password)
          : await hasher.verifyAgainstDummy(password);
      if (!user || !passwordMatches) {
        await recordLoginFailure(db, key, settings.loginThrottle);
        return sendError(reply, 401, invalidCredentialsMessage);
      }
      await clearLoginFailures(db, key);
      const access = await issueAccessToken(user);
      const refresh = await issueRefreshTokenFamily(db, user.id, refreshLifetimeMs);
      return {
        user: toPublicUser(user),
        accessToken: access.accessToken,
        refreshToken: refresh.token,
        expiresAt: access.expiresAt,
      };
    },
  );
}

/**
 * POST /api/auth/refresh (410 `account-deleted` for a token of a deleted account, so that device
 * clears its copy) and /logout, GET /api/auth/user.
 */
function registerSessionRoutes(app: FastifyInstance, context: AuthRouteContext) {
  const { db, guards, sessionLimit, refreshLifetimeMs, issueAccessToken } = context;
  app.post<{ Body: RefreshTokenBody }>(
    '/api/auth/refresh',
    { schema: { body: refreshTokenBodySchema }, config: sessionLimit },
    async (request, reply) => {
      const rotation = await rotateRefreshToken(db, request.body.refreshToken, refreshLifetimeMs);
      if (rotation.kind === 'accountDeleted') {
        // As for an access token: 410 only when the rider deleted the account themselves.
        return (await findAccountDeletion(db, rotation.userId))
          ? sendAccountDeleted(reply)
          : sendError(reply, 401, refreshRejectedMessage);
      }
      if (rotation.kind === 'reused') return sendError(reply, 401, refreshReusedMessage);
      const user = rotation.kind === 'rotated' ? await findLiveUserById(db, rotation.userId) : null;
      if (!user || rotation.kind !== 'rotated') {
        return sendError(reply, 401, refreshRejectedMessage);
      }
      const access = await issueAccessToken(user);
      return {
        accessToken: access.accessToken,
        expiresAt: access.expiresAt,
        refreshToken: rotation.refreshToken.token,
      };
    },
  );

  app.post<{ Body: RefreshTokenBody }>(
    '/api/auth/logout',
    { schema: { body: refreshTokenBodySchema }, config: sessionLimit },
    async (request, reply) => {
      // Idempotent: an unknown or already revoked token still ends in "signed out".
      await revokeFamilyOfToken(db, request.body.refreshToken);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/auth/user',
    { preHandler: guards.signedIn, config: sessionLimit },
    async (request) => toPublicUser(request.signedInUser!),
  );
}

/** 429 for a username with too many failed sign-ins; Retry-After in whole seconds. */
function tooManyFailures(reply: FastifyReply, lockedForMs: number): FastifyReply {
  reply.header('retry-after', String(Math.max(1, Math.ceil(lockedForMs / 1000))));
  return sendError(
    reply,
    429,
    `Too many failed sign-ins for this username. Try again in ${minutesText(lockedForMs)}.`,
  );
}
