/**
 * The first admin (and optionally a test account) from the environment: ADMIN_USERNAME /
 * ADMIN_PASSWORD [/ ADMIN_EMAIL] and TEST_USERNAME / TEST_PASSWORD [/ TEST_EMAIL]. At every
 * start the account is created, or brought in line: role set, restored if deleted, email
 * updated when given, and the password reset to the configured one. Resetting matters: if
 * someone registered that username before the operator configured it, promoting their account
 * with their own password would hand them admin rights.
 */
import type { Kysely } from 'kysely';
import type { RoleId, ServerDatabase } from '../storage/database.ts';
import { revokeAllTokensOfUser } from '../storage/refresh-tokens.ts';
import {
  createUser,
  findUserByUsername,
  updateUserAccount,
  usernameKey,
  UsernameTakenError,
} from '../storage/users.ts';
import type { ConfiguredAccount } from './auth-settings.ts';
import type { PasswordHasher } from './passwords.ts';
import { minimumPasswordLength, maximumUsernameLength } from './auth-schemas.ts';

/** What start-up did with a configured account. */
export type ConfiguredAccountOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Creates or updates the configured account with `roleId`. `variablePrefix` (ADMIN, TEST) names
 * the environment variables in error messages. Throws when the username is empty or too long or
 * the password shorter than the registration minimum.
 */
export async function ensureConfiguredAccount(
  db: Kysely<ServerDatabase>,
  hasher: PasswordHasher,
  account: ConfiguredAccount,
  roleId: RoleId,
  variablePrefix: string,
): Promise<ConfiguredAccountOutcome> {
  const username = account.username.trim();
  if (username === '' || username.length > maximumUsernameLength) {
    throw new Error(
      `${variablePrefix}_USERNAME must have 1 to ${maximumUsernameLength} characters.`,
    );
  }
  if (account.password.length < minimumPasswordLength) {
    throw new Error(
      `${variablePrefix}_PASSWORD must have at least ${minimumPasswordLength} characters.`,
    );
  }
  const email = account.email ?? null;
  let existing = await findUserByUsername(db, username);
  if (!existing) {
    try {
      await createUser(db, {
        username,
        email,
        passwordHash: await hasher.hash(account.password),
        vehicleType: '4x4',
        roleId,
      });
      return 'created';
    } catch (error) {
      // Another instance starting on the same database created it first: bring it in line.
      if (!(error instanceof UsernameTakenError)) throw error;
      existing = await findUserByUsername(db, username);
      if (!existing) throw error;
    }
  }
  const changes: Parameters<typeof updateUserAccount>[2] = {};
  if (existing.role_id !== roleId) changes.role_id = roleId;
  if (existing.deleted_at !== null) changes.deleted_at = null;
  if (email !== null && existing.email !== email) changes.email = email;
  const passwordMatches = await hasher.verify(existing.password_hash, account.password);
  if (!passwordMatches) changes.password_hash = await hasher.hash(account.password);
  if (Object.keys(changes).length === 0) return 'unchanged';
  await updateUserAccount(db, existing.id, changes);
  // Sessions opened with the old password, or by a squatter, must not survive the change.
  if (!passwordMatches) await revokeAllTokensOfUser(db, existing.id);
  return 'updated';
}

/** Throws when the admin and test accounts name the same username (ignoring case). */
export function assertDistinctConfiguredAccounts(
  admin: ConfiguredAccount | undefined,
  tester: ConfiguredAccount | undefined,
): void {
  if (admin && tester && usernameKey(admin.username) === usernameKey(tester.username)) {
    throw new Error('ADMIN_USERNAME and TEST_USERNAME must name different accounts.');
  }
}
