// Storage conformance, accounts and installation facts: users.ts, refresh-tokens.ts,
// login-attempts.ts and meta.ts give the same observable results on SQLite and PostgreSQL,
// including the concurrent cases each module promises (two registrations of one username,
// two exchanges of one refresh token, failures counted at once, the first meta insert kept).
// One database per engine for the file; every test makes its own users, usernames and keys.
//
// Pure helpers, with no database, are left to the unit suites: usernameKey, toPublicUser,
// newRefreshToken and hashRefreshToken (used here only to look stored rows up).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConfiguredAccount } from '../../../sync-server/auth/configured-accounts.ts';
import { createPasswordHasher } from '../../../sync-server/auth/passwords.ts';
import {
  clearLoginFailures,
  loginLockRemainingMs,
  recordLoginFailure,
} from '../../../sync-server/storage/login-attempts.ts';
import { readMeta, readOrInsertMeta, writeMeta } from '../../../sync-server/storage/meta.ts';
import {
  countActiveRefreshTokens,
  hashRefreshToken,
  issueRefreshTokenFamily,
  revokeAllTokensOfUser,
  revokeFamilyOfToken,
  rotateRefreshToken,
  type RotationResult,
} from '../../../sync-server/storage/refresh-tokens.ts';
import {
  countLiveUsersByRole,
  createUser,
  findLiveUserById,
  findUserByUsername,
  listLiveUsers,
  softDeleteUser,
  updateUserAccount,
  usernameExists,
  UsernameTakenError,
  type NewUser,
} from '../../../sync-server/storage/users.ts';
import {
  createRider,
  openConformanceDatabase,
  storageEngines,
  uniqueId,
  type ConformanceDatabase,
} from './storage-databases.ts';

const newUser = (username: string, roleId: NewUser['roleId'] = 'user'): NewUser => ({
  username,
  email: null,
  passwordHash: 'not a real hash',
  vehicleType: '4x4',
  roleId,
});

describe.each(storageEngines)('on %s', (engine) => {
  let database: ConformanceDatabase;
  beforeAll(async () => {
    database = await openConformanceDatabase(engine, { seed: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('users', () => {
    it('stores a trimmed, NFC username with its case-insensitive key and reads the row back unchanged', async () => {
      const { db } = database;
      const name = uniqueId('Été Rider');
      // "É" as E + combining acute: stored as the single NFC code point.
      const decomposed = `  ${name.normalize('NFD')} `;
      const createdAt = Date.UTC(2025, 5, 1, 12, 30, 15, 123);
      const created = await createUser(
        db,
        { ...newUser(decomposed), email: 'ete@example.com' },
        createdAt,
      );
      expect(created.username).toBe(name.normalize('NFC'));
      expect(created.username_lower).toBe(name.normalize('NFC').toLowerCase());
      const stored = await findLiveUserById(db, created.id);
      // int8 columns (created_at) come back as numbers on both engines.
      expect(stored).toEqual({ ...created, created_at: createdAt, deleted_at: null });
      expect(typeof stored!.created_at).toBe('number');
      expect(await findUserByUsername(db, name.toUpperCase())).toEqual(stored);
      expect(await usernameExists(db, ` ${name.toUpperCase()} `)).toBe(true);
      expect(await usernameExists(db, uniqueId('nobody'))).toBe(false);
      expect(await findLiveUserById(db, uniqueId('no-such-id'))).toBeNull();
      expect(await findUserByUsername(db, uniqueId('nobody'))).toBeNull();
    });

    it('refuses a username taken in another case, also when two registrations race', async () => {
      const { db } = database;
      const name = uniqueId('Ridge');
      await createUser(db, newUser(name));
      await expect(createUser(db, newUser(name.toUpperCase()))).rejects.toBeInstanceOf(
        UsernameTakenError,
      );
      // The UNIQUE index decides, on either engine: exactly one of two racing inserts wins.
      const racing = uniqueId('Hollow');
      const outcomes = await Promise.allSettled([
        createUser(db, newUser(racing)),
        createUser(db, newUser(racing.toLowerCase())),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(refused?.reason).toBeInstanceOf(UsernameTakenError);
    });

    it('creates a configured admin once when two instances start at the same moment', async () => {
      const { db } = database;
      const hasher = await createPasswordHasher({ memoryCost: 1024, timeCost: 1 });
      const admin = { username: uniqueId('trail-boss'), password: 'a long admin password' };
      // Both find no account and try to create it; the second must adopt the first's instead
      // of failing the start with "Username already taken".
      const outcomes = await Promise.all([
        ensureConfiguredAccount(db, hasher, admin, 'admin', 'ADMIN'),
        ensureConfiguredAccount(db, hasher, admin, 'admin', 'ADMIN'),
      ]);
      expect(outcomes).toContain('created');
      const stored = await findUserByUsername(db, admin.username);
      expect(stored?.role_id).toBe('admin');
    });

    it('soft-deletes: the account leaves the live lists but keeps its username', async () => {
      const { db } = database;
      const rider = await createRider(database, 'Leaver', { now: 1_700_000_000_000 });
      expect(await softDeleteUser(db, rider.id, 1_700_000_000_500)).toBe(true);
      // Deleting twice, or an unknown account, changes nothing.
      expect(await softDeleteUser(db, rider.id, 1_700_000_000_900)).toBe(false);
      expect(await softDeleteUser(db, uniqueId('no-such-id'))).toBe(false);
      expect(await findLiveUserById(db, rider.id)).toBeNull();
      expect(await findUserByUsername(db, rider.username)).toMatchObject({
        id: rider.id,
        deleted_at: 1_700_000_000_500,
      });
      expect(await usernameExists(db, rider.username)).toBe(true);
      await expect(createUser(db, newUser(rider.username))).rejects.toBeInstanceOf(
        UsernameTakenError,
      );
      expect((await listLiveUsers(db)).map((user) => user.id)).not.toContain(rider.id);
    });

    it('updates role, password, email and deletion state, and restores a deleted account', async () => {
      const { db } = database;
      const rider = await createRider(database, 'Promoted');
      await updateUserAccount(db, rider.id, {
        role_id: 'test',
        password_hash: 'another hash',
        email: 'promoted@example.com',
      });
      expect(await findLiveUserById(db, rider.id)).toEqual({
        ...rider,
        role_id: 'test',
        password_hash: 'another hash',
        email: 'promoted@example.com',
      });
      await updateUserAccount(db, rider.id, { deleted_at: 1_700_000_000_000 });
      expect(await findLiveUserById(db, rider.id)).toBeNull();
      await updateUserAccount(db, rider.id, { deleted_at: null });
      expect(await findLiveUserById(db, rider.id)).toMatchObject({ id: rider.id, role_id: 'test' });
    });

    it('lists live users oldest first (ties by id) and counts them per role as numbers', async () => {
      const { db } = database;
      const before = await countLiveUsersByRole(db);
      // Far-past creation times put these first among the file's users.
      const late = await createRider(database, 'Late', { now: 1_000_002 });
      const tiedA = await createRider(database, 'TiedA', { now: 1_000_001 });
      const tiedB = await createRider(database, 'TiedB', { now: 1_000_001 });
      const admin = await createRider(database, 'Boss', { roleId: 'admin', now: 1_000_000 });
      const tester = await createRider(database, 'Tester', { roleId: 'test', now: 1_000_003 });
      await softDeleteUser(db, tester.id);
      const listed = (await listLiveUsers(db)).slice(0, 4).map((user) => user.id);
      const tied = [tiedA.id, tiedB.id].sort();
      expect(listed).toEqual([admin.id, ...tied, late.id]);
      const after = await countLiveUsersByRole(db);
      expect(after).toEqual({ admin: before.admin + 1, test: before.test, user: before.user + 3 });
      for (const count of Object.values(after)) expect(typeof count).toBe('number');
      // A raw count(*) is int8 on PostgreSQL: read as a number there too.
      const counted = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      expect(typeof counted.count).toBe('number');
    });
  });

  describe('refresh tokens', () => {
    const lifetime = 60_000;

    /** Every stored token row of `userId`, oldest first. */
    const tokenRows = (userId: string) =>
      database.db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();

    it('issues a family whose token is stored only as its hash, with numeric times', async () => {
      const rider = await createRider(database, 'Token');
      const now = 1_750_000_000_000;
      const issued = await issueRefreshTokenFamily(database.db, rider.id, lifetime, now);
      expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(issued.expiresAt).toBe(now + lifetime);
      const [row, ...others] = await tokenRows(rider.id);
      expect(others).toEqual([]);
      expect(row).toEqual({
        token_hash: hashRefreshToken(issued.token),
        user_id: rider.id,
        family_id: expect.any(String),
        created_at: now,
        expires_at: now + lifetime,
        used_at: null,
        replaced_by: null,
        revoked_at: null,
      });
    });

    it('rotates a token once; presenting it again revokes the whole family', async () => {
      const { db } = database;
      const rider = await createRider(database, 'Rotator');
      const now = 1_750_000_000_000;
      const first = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      const other = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      const rotated = await rotateRefreshToken(db, first.token, lifetime, now + 10);
      expect(rotated).toEqual({
        kind: 'rotated',
        userId: rider.id,
        refreshToken: { token: expect.any(String), expiresAt: now + 10 + lifetime },
      });
      const successor = (rotated as Extract<RotationResult, { kind: 'rotated' }>).refreshToken;
      const rows = await tokenRows(rider.id);
      const used = rows.find((row) => row.token_hash === hashRefreshToken(first.token))!;
      expect(used).toMatchObject({
        used_at: now + 10,
        replaced_by: hashRefreshToken(successor.token),
      });
      expect(
        rows.find((row) => row.token_hash === hashRefreshToken(successor.token)),
      ).toMatchObject({ family_id: used.family_id, created_at: now + 10, used_at: null });

      expect(await rotateRefreshToken(db, first.token, lifetime, now + 20)).toEqual({
        kind: 'reused',
      });
      // The successor went with its family; the other sign-in's family did not.
      expect(await rotateRefreshToken(db, successor.token, lifetime, now + 30)).toEqual({
        kind: 'rejected',
      });
      expect((await rotateRefreshToken(db, other.token, lifetime, now + 40)).kind).toBe('rotated');
    });

    it('ends two concurrent exchanges of one token as one rotation and one reuse', async () => {
      const { db } = database;
      const rider = await createRider(database, 'Racer');
      const now = 1_750_000_000_000;
      const issued = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      const results = await Promise.all([
        rotateRefreshToken(db, issued.token, lifetime, now + 1),
        rotateRefreshToken(db, issued.token, lifetime, now + 1),
      ]);
      expect(results.map((result) => result.kind).sort()).toEqual(['reused', 'rotated']);
      const rotated = results.find((result) => result.kind === 'rotated') as Extract<
        RotationResult,
        { kind: 'rotated' }
      >;
      // The reuse revoked the family, the successor minted by the winner included.
      expect(await rotateRefreshToken(db, rotated.refreshToken.token, lifetime, now + 2)).toEqual({
        kind: 'rejected',
      });
      expect((await tokenRows(rider.id)).every((row) => row.revoked_at !== null)).toBe(true);
    });

    it('rejects unknown and expired tokens, and names the account of a deleted one', async () => {
      const { db } = database;
      const now = 1_750_000_000_000;
      expect(await rotateRefreshToken(db, 'never-issued', lifetime, now)).toEqual({
        kind: 'rejected',
      });
      const rider = await createRider(database, 'Expiring');
      const expiring = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      expect(await rotateRefreshToken(db, expiring.token, lifetime, now + lifetime)).toEqual({
        kind: 'rejected',
      });
      const fresh = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      await softDeleteUser(db, rider.id, now + 1);
      expect(await rotateRefreshToken(db, fresh.token, lifetime, now + 2)).toEqual({
        kind: 'accountDeleted',
        userId: rider.id,
      });
    });

    it('revokes one family on sign-out (idempotently) and every family of a user', async () => {
      const { db } = database;
      const now = 1_750_000_000_000;
      const rider = await createRider(database, 'SignOut');
      const bystander = await createRider(database, 'Bystander');
      const phone = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      const laptop = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      const theirs = await issueRefreshTokenFamily(db, bystander.id, lifetime, now);

      expect(await revokeFamilyOfToken(db, phone.token, now + 1)).toBe(true);
      expect(await revokeFamilyOfToken(db, phone.token, now + 2)).toBe(true);
      expect(await revokeFamilyOfToken(db, 'never-issued', now + 2)).toBe(false);
      const phoneRow = (await tokenRows(rider.id)).find(
        (row) => row.token_hash === hashRefreshToken(phone.token),
      );
      // Revoking again keeps the first revocation time.
      expect(phoneRow?.revoked_at).toBe(now + 1);
      expect((await rotateRefreshToken(db, phone.token, lifetime, now + 3)).kind).toBe('rejected');
      const laptopNext = await rotateRefreshToken(db, laptop.token, lifetime, now + 3);
      expect(laptopNext.kind).toBe('rotated');

      await revokeAllTokensOfUser(db, rider.id, now + 4);
      const next = (laptopNext as Extract<RotationResult, { kind: 'rotated' }>).refreshToken;
      expect((await rotateRefreshToken(db, next.token, lifetime, now + 5)).kind).toBe('rejected');
      expect((await rotateRefreshToken(db, theirs.token, lifetime, now + 5)).kind).toBe('rotated');
    });

    it('counts the tokens that could still be exchanged', async () => {
      const { db } = database;
      // An epoch of its own: every token other tests issued has expired by then.
      const now = 4_000_000_000_000;
      expect(await countActiveRefreshTokens(db, now)).toBe(0);
      const rider = await createRider(database, 'Counted');
      const kept = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      const used = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      const revoked = await issueRefreshTokenFamily(db, rider.id, lifetime, now);
      await issueRefreshTokenFamily(db, rider.id, 10, now);
      await rotateRefreshToken(db, used.token, lifetime, now + 1);
      await revokeFamilyOfToken(db, revoked.token, now + 1);
      // kept, the successor of used; the short-lived one has expired; the revoked one is out.
      expect(await countActiveRefreshTokens(db, now + 20)).toBe(2);
      // At the moment `kept` expires, only the successor (issued 1 ms later) is left.
      expect(kept.expiresAt).toBe(now + lifetime);
      expect(await countActiveRefreshTokens(db, now + lifetime)).toBe(1);
    });
  });

  describe('login attempts', () => {
    const settings = { maxFailures: 3, windowMs: 60_000 };

    it('counts concurrent failures atomically, locks, and starts a new window after the old one', async () => {
      const { db } = database;
      const username = uniqueId('rider');
      const start = 1_750_000_000_000;
      await recordLoginFailure(db, username, settings, start);
      expect(await loginLockRemainingMs(db, username, settings, start + 5)).toBe(0);
      await Promise.all([1, 2].map(() => recordLoginFailure(db, username, settings, start + 10)));
      expect(await loginLockRemainingMs(db, username, settings, start + 1_000)).toBe(59_000);
      expect(await loginLockRemainingMs(db, username, settings, start + 60_000)).toBe(0);
      // After the window, the next failure starts counting from one again.
      await recordLoginFailure(db, username, settings, start + 70_000);
      expect(await loginLockRemainingMs(db, username, settings, start + 70_001)).toBe(0);
      const row = await db
        .selectFrom('login_attempts')
        .selectAll()
        .where('username_lower', '=', username)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        username_lower: username,
        failed_count: 1,
        window_started_at: start + 70_000,
      });
    });

    it('clears a username on success and drops the rows of windows long gone', async () => {
      const { db } = database;
      const start = 1_760_000_000_000;
      const cleared = uniqueId('cleared');
      const stale = uniqueId('stale');
      const other = uniqueId('other');
      await recordLoginFailure(db, cleared, settings, start);
      await recordLoginFailure(db, stale, settings, start);
      await recordLoginFailure(db, other, settings, start + 30_000);
      await clearLoginFailures(db, cleared);
      await clearLoginFailures(db, uniqueId('never-failed'));
      // A failure after `stale`'s window ended drops `stale`'s row, not `other`'s.
      await recordLoginFailure(db, other, settings, start + 60_000);
      const names = await db
        .selectFrom('login_attempts')
        .select('username_lower')
        .where('username_lower', 'in', [cleared, stale, other])
        .execute();
      expect(names).toEqual([{ username_lower: other }]);
    });
  });

  describe('meta', () => {
    it('reads null for an unknown key, writes and replaces a value', async () => {
      const { db } = database;
      const key = uniqueId('key');
      expect(await readMeta(db, key)).toBeNull();
      await writeMeta(db, key, 'first');
      expect(await readMeta(db, key)).toBe('first');
      await writeMeta(db, key, 'second');
      expect(await readMeta(db, key)).toBe('second');
      const rows = await db.selectFrom('meta').selectAll().where('key', '=', key).execute();
      expect(rows).toEqual([{ key, value: 'second' }]);
    });

    it('keeps a stored value and the first of several concurrently inserted ones', async () => {
      const { db } = database;
      const stored = uniqueId('stored');
      await writeMeta(db, stored, 'kept');
      expect(await readOrInsertMeta(db, stored, 'candidate')).toBe('kept');
      const shared = uniqueId('shared');
      const values = await Promise.all(
        ['a', 'b', 'c', 'd'].map((candidate) => readOrInsertMeta(db, shared, candidate)),
      );
      expect(new Set(values).size).toBe(1);
      expect(['a', 'b', 'c', 'd']).toContain(values[0]);
      expect(await readMeta(db, shared)).toBe(values[0]);
    });

    it('stores values longer than any key (the signing secret, for instance) whole', async () => {
      const { db } = database;
      const key = uniqueId('long');
      const value = 'x'.repeat(10_000);
      expect(await readOrInsertMeta(db, key, value)).toBe(value);
      const length = await sql<{
        length: number;
      }>`select length(value) as length from meta where key = ${key}`.execute(db);
      expect(Number(length.rows[0]?.length)).toBe(10_000);
    });
  });
});
