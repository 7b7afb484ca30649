/**
 * Short-lived access tokens: JWTs signed with HS256 (jose) carrying `sub` (user id), `role` and
 * `username` (requirements §core-6: authentication by bearer token). Verification pins HS256 and
 * this issuer, so `alg: none` and other algorithms are refused, and checks expiry. The signing
 * secret is JWT_SECRET when set, otherwise one generated per installation and kept in the
 * database's `meta` table, so restarts (and other instances) keep accepting issued tokens.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { RoleId, ServerDatabase } from '../storage/database.ts';
import { readOrInsertMeta } from '../storage/meta.ts';

const issuer = 'natural-state-trails';
const algorithm = 'HS256';
const jwtSecretMetaKey = 'jwt_secret';
/** HS256 needs a key of at least 256 bits. */
const minimumSecretBytes = 32;

/** An issued access token and when it expires (ms since the epoch, requirements §core-3 Tokens). */
export interface IssuedAccessToken {
  accessToken: string;
  expiresAt: number;
}

/** What a verified token says; the account itself is re-read from the database. */
export interface AccessTokenClaims {
  userId: string;
  role: RoleId;
  username: string;
}

/** Signs and verifies access tokens with one secret and lifetime. */
export interface AccessTokenService {
  /** Issues a token for the account, valid `ttlSeconds` from `now` (ms). */
  issue(claims: AccessTokenClaims, now?: number): Promise<IssuedAccessToken>;
  /** The claims of a valid token, or null for anything else (bad signature, expired, alg…). */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

/**
 * The signing secret: `configured` (JWT_SECRET, at least 32 bytes of UTF-8) or the one stored in
 * `meta`, generating 64 random bytes on first use. Throws when `configured` is too short.
 */
export async function loadSigningSecret(
  db: Kysely<ServerDatabase>,
  configured: string | undefined,
): Promise<Uint8Array> {
  if (configured !== undefined) {
    const bytes = new TextEncoder().encode(configured);
    if (bytes.length < minimumSecretBytes) {
      throw new Error(
        `JWT_SECRET must be at least ${minimumSecretBytes} bytes long (HS256 needs a 256-bit key).`,
      );
    }
    return bytes;
  }
  const stored = await readOrInsertMeta(
    db,
    jwtSecretMetaKey,
    randomBytes(64).toString('base64url'),
  );
  return new Uint8Array(Buffer.from(stored, 'base64url'));
}

const roleIds: readonly string[] = ['admin', 'test', 'user'];

/** Builds the token service over a secret; `ttlSeconds` is the access token lifetime. */
export function createAccessTokenService(
  secret: Uint8Array,
  ttlSeconds: number,
): AccessTokenService {
  return {
    async issue({ userId, role, username }, now = Date.now()) {
      const issuedAt = Math.floor(now / 1000);
      const expiresAtSeconds = issuedAt + ttlSeconds;
      const accessToken = await new SignJWT({ role, username })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(secret);
      return { accessToken, expiresAt: expiresAtSeconds * 1000 };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [algorithm],
          issuer,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const { sub, role, username } = payload;
        if (typeof sub !== 'string' || typeof username !== 'string') return null;
        if (typeof role !== 'string' || !roleIds.includes(role)) return null;
        return { userId: sub, role: role as RoleId, username };
      } catch {
        return null;
      }
    },
  };
}
