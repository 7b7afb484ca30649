// The storage layer on both engines (docs/architecture.md#sync-server: SQLite by default, PostgreSQL with
// DATABASE_URL): instances starting at once on one database, int8 columns read as numbers,
// the atomic upserts behind sign-in throttling and the signing secret, and the per-owner write
// lock that PostgreSQL needs and SQLite does not.
import { sql } from 'kysely';
import { ensureConfiguredAccount } from '../../../sync-server/auth/configured-accounts.ts';
import { createPasswordHasher } from '../../../sync-server/auth/passwords.ts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openServerDatabase,
  type OpenedServerDatabase,
} from '../../../sync-server/storage/database.ts';
import {
  clearLoginFailures,
  loginLockRemainingMs,
  recordLoginFailure,
} from '../../../sync-server/storage/login-attempts.ts';
import { readOrInsertMeta } from '../../../sync-server/storage/meta.ts';
import { parseInt8AsNumber } from '../../../sync-server/storage/postgres.ts';
import { countActiveRefreshTokens } from '../../../sync-server/storage/refresh-tokens.ts';
import {
  pullUserDocuments,
  pushUserDocuments,
} from '../../../sync-server/storage/user-documents.ts';
import { lockOwnerCollection } from '../../../sync-server/storage/sync-lock.ts';
import { countLiveUsersByRole, createUser } from '../../../sync-server/storage/users.ts';
import {
  buildTestApp,
  createWorkspace,
  storageEngines,
  type TestWorkspace,
} from './test-server.ts';

const opened: OpenedServerDatabase[] = [];
const workspaces: TestWorkspace[] = [];

afterEach(async () => {
  for (const database of opened.splice(0)) {
    await database.changeBus.close();
    await database.db.destroy();
  }
  for (const workspace of workspaces.splice(0)) await workspace.remove();
});

describe.each(storageEngines)('on %s', (engine) => {
  async function openDatabase(): Promise<OpenedServerDatabase> {
    const workspace = await createWorkspace({ engine });
    workspaces.push(workspace);
    const database = await openServerDatabase(workspace);
    opened.push(database);
    return database;
  }

  it('creates a configured admin once when two instances start at the same moment', async () => {
    const { db } = await openDatabase();
    const hasher = await createPasswordHasher({ memoryCost: 1024, timeCost: 1 });
    const admin = { username: 'trail-boss', password: 'a long admin password' };
    // Both find no account and try to create it; the second must adopt the first's instead
    // of failing the start with "Username already taken".
    const outcomes = await Promise.all([
      ensureConfiguredAccount(db, hasher, admin, 'admin', 'ADMIN'),
      ensureConfiguredAccount(db, hasher, admin, 'admin', 'ADMIN'),
    ]);
    expect(outcomes).toContain('created');
    expect(await countLiveUsersByRole(db)).toMatchObject({ admin: 1 });
  });

  it('reads int8 columns and counts as JS numbers', async () => {
    const { db, kind } = await openDatabase();
    expect(kind).toBe(engine);
    const createdAt = Date.UTC(2025, 5, 1, 12, 30, 15, 123);
    await createUser(
      db,
      {
        username: 'Numbers',
        email: null,
        passwordHash: 'x',
        vehicleType: '4x4',
        roleId: 'user',
      },
      createdAt,
    );
    const row = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.created_at).toBe(createdAt);
    expect(row.deleted_at).toBeNull();
    expect(await countLiveUsersByRole(db)).toEqual({ admin: 0, test: 0, user: 1 });
    expect(await countActiveRefreshTokens(db)).toBe(0);
    const counted = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(counted.count).toBe(1);
  });

  it('counts failed sign-ins atomically, locks, and starts a new window after the old one', async () => {
    const { db } = await openDatabase();
    const settings = { maxFailures: 3, windowMs: 60_000 };
    const start = 1_750_000_000_000;
    await Promise.all([0, 1, 2].map(() => recordLoginFailure(db, 'rider', settings, start + 10)));
    expect(await loginLockRemainingMs(db, 'rider', settings, start + 1_000)).toBe(59_010);
    // After the window, the next failure starts counting from one again.
    await recordLoginFailure(db, 'rider', settings, start + 70_000);
    expect(await loginLockRemainingMs(db, 'rider', settings, start + 70_001)).toBe(0);
    const row = await db.selectFrom('login_attempts').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({
      username_lower: 'rider',
      failed_count: 1,
      window_started_at: start + 70_000,
    });
    await clearLoginFailures(db, 'rider');
    expect(await db.selectFrom('login_attempts').selectAll().execute()).toEqual([]);
  });

  it('stores consecutive pushes of the same size: new, changed and deleted documents alike', async () => {
    // The second push has as many rows as the first, so it reuses the first's upsert text with
    // its own values (sync-server/storage/user-documents.ts, upsertQuery).
    const { db, kind } = await openDatabase();
    const waypoint = (id: string, name: string, deleted = false) => ({
      id,
      name,
      ownerId: 'rider-1',
      updatedAt: 1,
      _deleted: deleted,
    });
    const push = (rows: Parameters<typeof pushUserDocuments>[4], now: number) =>
      pushUserDocuments(db, kind, 'rider-1', 'waypoints', rows, { checkForeignIds: true, now });
    const first = ['a', 'b', 'c'].map((id) => waypoint(id, `Spring ${id}`));
    expect(
      await push(
        first.map((document) => ({ newDocumentState: document })),
        1_000,
      ),
    ).toEqual({
      conflicts: [],
      written: 3,
    });
    const second = await push(
      [
        { newDocumentState: waypoint('a', 'Spring a, renamed'), assumedMasterState: first[0] },
        { newDocumentState: waypoint('b', 'Spring b', true), assumedMasterState: first[1] },
        { newDocumentState: waypoint('d', 'Spring d') },
      ],
      2_000,
    );
    expect(second).toEqual({ conflicts: [], written: 3 });

    const pulled = await pullUserDocuments(db, 'rider-1', 'waypoints', null, 10);
    const documents = pulled.documentsJson.map(
      (json) => JSON.parse(json) as { id: string; name: string; _deleted: boolean },
    );
    expect(documents.map(({ id, name, _deleted }) => ({ id, name, _deleted }))).toEqual([
      { id: 'c', name: 'Spring c', _deleted: false },
      { id: 'a', name: 'Spring a, renamed', _deleted: false },
      { id: 'b', name: 'Spring b', _deleted: true },
      { id: 'd', name: 'Spring d', _deleted: false },
    ]);
    expect(pulled.checkpoint).toEqual({ id: 'd', serverTime: 2_002 });
  });

  it('keeps the first of several concurrently inserted meta values', async () => {
    const { db } = await openDatabase();
    const values = await Promise.all(
      ['a', 'b', 'c', 'd'].map((candidate) => readOrInsertMeta(db, 'shared', candidate)),
    );
    expect(new Set(values).size).toBe(1);
  });
});

describe('on postgres only', () => {
  it('starts two instances at once on one new database: one migrates, both serve (a SQLite file has one instance)', async () => {
    const workspace = await createWorkspace({ engine: 'postgres' });
    workspaces.push(workspace);
    const apps = await Promise.all([buildTestApp(workspace), buildTestApp(workspace)]);
    try {
      const answers = await Promise.all(apps.map((app) => app.inject('/api/health')));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ database: 'postgres', counts: { trails: 246 } });
      }
      const database = await openServerDatabase(workspace);
      opened.push(database);
      const migrations = await database.db
        .selectFrom(sql<{ name: string }>`kysely_migration`.as('migration'))
        .select('name')
        .execute();
      const names = migrations.map((migration) => migration.name);
      expect(names.length).toBeGreaterThanOrEqual(2);
      expect(new Set(names).size).toBe(names.length);
    } finally {
      for (const app of apps) await app.close();
    }
  });

  it('serialises writers to one owner and collection, not to others', async () => {
    const workspace = await createWorkspace({ engine: 'postgres' });
    workspaces.push(workspace);
    const database = await openServerDatabase(workspace);
    opened.push(database);
    const { db, kind } = database;
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLocked!: () => void;
    const firstHoldsLock = new Promise<void>((resolve) => (firstLocked = resolve));

    const first = db.transaction().execute(async (trx) => {
      await lockOwnerCollection(trx, kind, 'rider-1', 'trips');
      events.push('first locked');
      firstLocked();
      await firstMayCommit;
      events.push('first commits');
    });
    await firstHoldsLock;
    const second = db.transaction().execute(async (trx) => {
      await lockOwnerCollection(trx, kind, 'rider-1', 'trips');
      events.push('second locked');
    });
    const otherCollection = db.transaction().execute(async (trx) => {
      await lockOwnerCollection(trx, kind, 'rider-1', 'waypoints');
      events.push('other collection locked');
    });
    await otherCollection;
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseFirst();
    await Promise.all([first, second]);
    expect(events).toEqual([
      'first locked',
      'other collection locked',
      'first commits',
      'second locked',
    ]);
  });

  it('refuses int8 values a JS number cannot hold exactly', () => {
    expect(parseInt8AsNumber('1750000000000')).toBe(1_750_000_000_000);
    expect(parseInt8AsNumber('-42')).toBe(-42);
    expect(() => parseInt8AsNumber('9007199254740993')).toThrow(RangeError);
  });
});
