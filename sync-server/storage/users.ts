/**
 * Accounts (requirements §core-3 "User"): create, find by id or case-insensitive username, list,
 * change role or password, soft-delete. The wire shape of a user (`PublicUser`) never carries
 * the password hash or the deletion time.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { RoleId, ServerDatabase, UsersTable } from './database.ts';

export type UserRow = Selectable<UsersTable>;

/** A user as the API answers it (requirements §core-7: "the user object"). `createdAt` in ms. */
export interface PublicUser {
  id: string;
  username: string;
  email: string | null;
  vehicleType: string;
  roleId: RoleId;
  createdAt: number;
}

/** Raised when a username is taken, ignoring case. */
export class UsernameTakenError extends Error {
  constructor() {
    super('Username already taken');
    this.name = 'UsernameTakenError';
  }
}

/**
 * The case-insensitive key of a username: trimmed, Unicode NFC, lower-cased, so "Rider",
 * " rider " and "RIDER" are one account.
 */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFC').toLowerCase();
}

/** The API shape of a stored user. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    vehicleType: row.vehicle_type,
    roleId: row.role_id,
    createdAt: Number(row.created_at),
  };
}

/** True for a UNIQUE violation from SQLite (better-sqlite3) or PostgreSQL (pg, SQLSTATE 23505). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

export interface NewUser {
  /** Trimmed by this function. */
  username: string;
  email: string | null;
  passwordHash: string;
  vehicleType: string;
  roleId: RoleId;
}

/**
 * Inserts an account with a new random id. Throws UsernameTakenError when the username is
 * taken (ignoring case, including by a deleted account), relying on the UNIQUE index so two
 * concurrent registrations cannot both win.
 */
export async function createUser(
  db: Kysely<ServerDatabase>,
  user: NewUser,
  now: number = Date.now(),
): Promise<UserRow> {
  const row: UserRow = {
    id: randomUUID(),
    username: user.username.trim().normalize('NFC'),
    username_lower: usernameKey(user.username),
    email: user.email,
    password_hash: user.passwordHash,
    vehicle_type: user.vehicleType,
    role_id: user.roleId,
    created_at: now,
    deleted_at: null,
  };
  try {
    await db.insertInto('users').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameTakenError();
    throw error;
  }
  return row;
}

/** True when an account (live or deleted) already uses this username, ignoring case. */
export async function usernameExists(
  db: Kysely<ServerDatabase>,
  username: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', usernameKey(username))
    .executeTakeFirst();
  return row !== undefined;
}

/** The live (not deleted) account with this id, or null. */
export async function findLiveUserById(
  db: Kysely<ServerDatabase>,
  id: string,
): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** The account (live or deleted) with this username, ignoring case, or null. */
export async function findUserByUsername(
  db: Kysely<ServerDatabase>,
  username: string,
): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('username_lower', '=', usernameKey(username))
    .executeTakeFirst();
  return row ?? null;
}

/** Every live account, oldest first. */
export async function listLiveUsers(db: Kysely<ServerDatabase>): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Number of live accounts per role. */
export async function countLiveUsersByRole(
  db: Kysely<ServerDatabase>,
): Promise<Record<RoleId, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['role_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('deleted_at', 'is', null)
    .groupBy('role_id')
    .execute();
  const counts: Record<RoleId, number> = { admin: 0, test: 0, user: 0 };
  for (const row of rows) counts[row.role_id] = Number(row.count);
  return counts;
}

/** Updates an account's role, password hash, email and deletion state (restores it when null). */
export async function updateUserAccount(
  db: Kysely<ServerDatabase>,
  id: string,
  changes: Partial<Pick<UserRow, 'role_id' | 'password_hash' | 'email' | 'deleted_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Marks a live account deleted at `now`; answers false when there was no live account. */
export async function softDeleteUser(
  db: Kysely<ServerDatabase>,
  id: string,
  now: number = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
