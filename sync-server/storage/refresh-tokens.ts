/**
 * Rotating refresh tokens with reuse detection (docs/architecture.md#sync-server). The client holds an opaque
 * random token; the database holds only its SHA-256, so a leaked database cannot be replayed.
 * Each use exchanges the token for a successor in the same family and marks it used; presenting
 * a used token again means two parties hold it (one of them stole it), so the whole family —
 * every token of that login, the newest included — is revoked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServerDatabase } from './database.ts';

/** A new opaque refresh token: 32 random bytes, base64url (43 characters). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a refresh token: SHA-256, lower-case hex. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A refresh token just issued: the opaque value for the client and its expiry (ms epoch). */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: number;
}

/**
 * Starts a new family (one sign-in) for `userId` and returns its first token, valid for
 * `lifetimeMs` from `now`.
 */
export async function issueRefreshTokenFamily(
  db: Kysely<ServerDatabase>,
  userId: string,
  lifetimeMs: number,
  now: number = Date.now(),
): Promise<IssuedRefreshToken> {
  const token = newRefreshToken();
  const expiresAt = now + lifetimeMs;
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashRefreshToken(token),
      user_id: userId,
      family_id: randomUUID(),
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      replaced_by: null,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** Outcome of presenting a refresh token. */
export type RotationResult =
  | { kind: 'rotated'; userId: string; refreshToken: IssuedRefreshToken }
  /** The token had already been exchanged: its family is now revoked. */
  | { kind: 'reused' }
  /**
   * A token (usable or not) of a soft-deleted account: refused, with the account named so the
   * route can tell a device whose rider deleted the account to clear its copy.
   */
  | { kind: 'accountDeleted'; userId: string }
  /** Unknown, expired or revoked. */
  | { kind: 'rejected' };

/**
 * Exchanges `presented` for a new token of the same family (valid `lifetimeMs` from `now`), in
 * one transaction. A token that was already used revokes its whole family. The conditional
 * update makes two concurrent exchanges of one token end as one rotation and one reuse.
 */
export async function rotateRefreshToken(
  db: Kysely<ServerDatabase>,
  presented: string,
  lifetimeMs: number,
  now: number = Date.now(),
): Promise<RotationResult> {
  const presentedHash = hashRefreshToken(presented);
  return db.transaction().execute(async (trx): Promise<RotationResult> => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select([
        'refresh_tokens.user_id',
        'refresh_tokens.family_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'refresh_tokens.revoked_at',
        'users.deleted_at',
      ])
      .where('refresh_tokens.token_hash', '=', presentedHash)
      .executeTakeFirst();
    if (row && row.deleted_at !== null) return { kind: 'accountDeleted', userId: row.user_id };
    if (!row || row.revoked_at !== null) return { kind: 'rejected' };
    if (row.used_at !== null) {
      await revokeFamily(trx, row.family_id, now);
      return { kind: 'reused' };
    }
    if (Number(row.expires_at) <= now) return { kind: 'rejected' };

    const token = newRefreshToken();
    const tokenHash = hashRefreshToken(token);
    const marked = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now, replaced_by: tokenHash })
      .where('token_hash', '=', presentedHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) {
      await revokeFamily(trx, row.family_id, now);
      return { kind: 'reused' };
    }
    const expiresAt = now + lifetimeMs;
    await trx
      .insertInto('refresh_tokens')
      .values({
        token_hash: tokenHash,
        user_id: row.user_id,
        family_id: row.family_id,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
        replaced_by: null,
        revoked_at: null,
      })
      .execute();
    return { kind: 'rotated', userId: row.user_id, refreshToken: { token, expiresAt } };
  });
}

/** Revokes every not yet revoked token of a family. */
async function revokeFamily(
  db: Kysely<ServerDatabase>,
  familyId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes the family of `presented` (sign-out of that login). Unknown tokens are ignored so
 * sign-out is idempotent; answers whether a family was found.
 */
export async function revokeFamilyOfToken(
  db: Kysely<ServerDatabase>,
  presented: string,
  now: number = Date.now(),
): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashRefreshToken(presented))
    .executeTakeFirst();
  if (!row) return false;
  await revokeFamily(db, row.family_id, now);
  return true;
}

/** Revokes every refresh token of a user (account deleted, or its password reset). */
export async function revokeAllTokensOfUser(
  db: Kysely<ServerDatabase>,
  userId: string,
  now: number = Date.now(),
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Refresh tokens that could still be exchanged (not used, revoked or expired). */
export async function countActiveRefreshTokens(
  db: Kysely<ServerDatabase>,
  now: number = Date.now(),
): Promise<number> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
