/**
 * Per-username sign-in throttling, kept in the database so every server instance counts the
 * same failures (docs/architecture.md#sync-server: no state outside the database). A fixed window
 * starts at a username's first failure; once `maxFailures` failures fall inside it, sign-in for
 * that username is refused until the window ends. A successful sign-in clears the count.
 */
import { sql, type Kysely } from 'kysely';
import type { ServerDatabase } from './database.ts';

export interface LoginThrottleSettings {
  /** Failed sign-ins allowed per username within one window. */
  maxFailures: number;
  /** Length of the window, ms. */
  windowMs: number;
}

/**
 * When sign-in for this username key is locked, the ms left until it is allowed again;
 * otherwise 0.
 */
export async function loginLockRemainingMs(
  db: Kysely<ServerDatabase>,
  usernameLower: string,
  settings: LoginThrottleSettings,
  now: number = Date.now(),
): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select(['failed_count', 'window_started_at'])
    .where('username_lower', '=', usernameLower)
    .executeTakeFirst();
  if (!row || row.failed_count < settings.maxFailures) return 0;
  const endsAt = Number(row.window_started_at) + settings.windowMs;
  return Math.max(0, endsAt - now);
}

/**
 * Counts one failed sign-in, starting a new window when the previous one ended. One atomic
 * upsert, so concurrent failures are all counted. Also drops rows of windows long gone.
 */
export async function recordLoginFailure(
  db: Kysely<ServerDatabase>,
  usernameLower: string,
  settings: LoginThrottleSettings,
  now: number = Date.now(),
): Promise<void> {
  const windowStartCutoff = now - settings.windowMs;
  await db
    .insertInto('login_attempts')
    .values({ username_lower: usernameLower, failed_count: 1, window_started_at: now })
    .onConflict((conflict) =>
      conflict.column('username_lower').doUpdateSet({
        failed_count: sql<number>`case when login_attempts.window_started_at <= ${windowStartCutoff} then 1 else login_attempts.failed_count + 1 end`,
        window_started_at: sql<number>`case when login_attempts.window_started_at <= ${windowStartCutoff} then ${now} else login_attempts.window_started_at end`,
      }),
    )
    .execute();
  await db
    .deleteFrom('login_attempts')
    .where('window_started_at', '<=', windowStartCutoff)
    .execute();
}

/** Forgets the failures of a username (after a successful sign-in). */
export async function clearLoginFailures(
  db: Kysely<ServerDatabase>,
  usernameLower: string,
): Promise<void> {
  await db.deleteFrom('login_attempts').where('username_lower', '=', usernameLower).execute();
}
