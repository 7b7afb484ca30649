/**
 * The auth calls of requirements §core-7 over the shared request helper: sign-in, registration,
 * token refresh, sign-out and the server session. Answers are checked before use so a broken
 * proxy or an old server cannot plant a half-formed user or token.
 */
import { apiRequest, HttpError } from '../http/request.ts';
import {
  parseSessionUser,
  type LoginCredentials,
  type LoginResult,
  type RegistrationDetails,
  type SessionTokens,
  type SessionUser,
} from './session-types.ts';

function malformed(path: string): HttpError {
  // Treated like a server fault (502), never as "signed out".
  return new HttpError(502, `502: ${path} answered an unexpected shape`);
}

function tokensOf(answer: Record<string, unknown>, path: string): SessionTokens {
  const { accessToken, refreshToken, expiresAt } = answer;
  if (typeof accessToken !== 'string' || accessToken === '') throw malformed(path);
  return {
    accessToken,
    refreshToken: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : null,
    expiresAt: typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? expiresAt : null,
  };
}

function asRecord(answer: unknown, path: string): Record<string, unknown> {
  if (typeof answer !== 'object' || answer === null) throw malformed(path);
  return answer as Record<string, unknown>;
}

/**
 * POST /api/auth/login with the username as given (the caller trims it, requirements §core-5).
 * Resolves to the user and tokens; throws HttpError (401 'Invalid username or password', 429
 * too many attempts) or the fetch TypeError when offline.
 */
export async function requestLogin(credentials: LoginCredentials): Promise<LoginResult> {
  const path = '/api/auth/login';
  const answer = asRecord(await apiRequest<unknown>('POST', path, credentials), path);
  const user = parseSessionUser(answer.user);
  if (!user) throw malformed(path);
  return { user, tokens: tokensOf(answer, path) };
}

/**
 * POST /api/auth/register; resolves to the created user (requirements §core-7: "the user object
 * directly"). Throws HttpError (409 'Username already taken', 400 invalid fields) or TypeError.
 */
export async function requestRegistration(details: RegistrationDetails): Promise<SessionUser> {
  const path = '/api/auth/register';
  const user = parseSessionUser(await apiRequest<unknown>('POST', path, details));
  if (!user) throw malformed(path);
  return user;
}

/**
 * POST /api/auth/refresh. Resolves to the new access token, its expiry and the rotated refresh
 * token (the old one is spent: reusing it revokes the whole family). Throws HttpError 401 when
 * the refresh token is no longer accepted, TypeError offline.
 */
export async function requestTokenRefresh(refreshToken: string): Promise<SessionTokens> {
  const path = '/api/auth/refresh';
  return tokensOf(asRecord(await apiRequest<unknown>('POST', path, { refreshToken }), path), path);
}

/** POST /api/auth/logout: revokes the refresh token's family on the server (204). */
export async function requestLogout(refreshToken: string): Promise<void> {
  await apiRequest<unknown>('POST', '/api/auth/logout', { refreshToken });
}

/**
 * GET /api/auth/user: the signed-in user, or null for an empty or user-less answer. Throws
 * HttpError (401/403 when the server has no session for us) or TypeError offline.
 */
export async function requestCurrentUser(): Promise<SessionUser | null> {
  return parseSessionUser(await apiRequest<unknown>('GET', '/api/auth/user'));
}
