// The session API as the PWA uses it (requirements §core-7, §core-4 "Session"): register, sign in,
// who am I, refresh with rotation, sign out; usernames unique ignoring case; the configured first
// admin; sessions that survive a restart without JWT_SECRET. On SQLite; tests/integration/storage
// checks the storage layer on both engines.
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppOptions } from '../../../sync-server/app.ts';
import type { AuthOptions } from '../../../sync-server/auth/auth-settings.ts';
import { createWorkspace, routeSuiteEngines, type TestWorkspace } from '../server/test-server.ts';
import {
  buildAuthTestApp,
  errorMessage,
  getWithToken,
  login,
  postJson,
  readTable,
  registerUser,
  type AuthTestApp,
  type LoginAnswer,
  type PublicUser,
  type RefreshAnswer,
} from './auth-test-server.ts';

const opened: AuthTestApp[] = [];

afterEach(async () => {
  vi.useRealTimers();
  for (const created of opened.splice(0)) await created.close();
});

describe.each(routeSuiteEngines)('on %s', (engine) => {
  /** An app closed (and its workspace removed) after the test; a fresh workspace unless given. */
  async function open(
    auth: AuthOptions = {},
    overrides: Partial<AppOptions> = {},
    workspace?: TestWorkspace,
  ): Promise<AuthTestApp> {
    const created = await buildAuthTestApp(auth, overrides, workspace ?? engine);
    opened.push(created);
    return created;
  }

  describe('registration', () => {
    it('answers 201 with the user object directly, trimmed, vehicle type 4x4 by default', async () => {
      const { app } = await open();
      const before = Date.now();
      const response = await postJson(app, '/api/auth/register', {
        username: '  Ozark Rider ',
        email: 'ozark@example.com',
        password: 'mud and gravel',
      });
      expect(response.statusCode).toBe(201);
      const user = response.json<PublicUser>();
      expect(user).toEqual({
        id: expect.any(String),
        username: 'Ozark Rider',
        email: 'ozark@example.com',
        vehicleType: '4x4',
        roleId: 'user',
        createdAt: expect.any(Number),
      });
      expect(user.createdAt).toBeGreaterThanOrEqual(before);
      expect(response.body).not.toMatch(/password|hash/i);
    });

    it('keeps the chosen vehicle type and stores only an argon2id hash of the password', async () => {
      const { app, workspace } = await open();
      const response = await postJson(app, '/api/auth/register', {
        username: 'dirtbike',
        email: 'd@example.com',
        password: 'two wheels good',
        vehicleType: 'dirt_bike',
      });
      expect(response.json<PublicUser>().vehicleType).toBe('dirt_bike');
      const [row] = await readTable(workspace, 'users');
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(row)).not.toContain('two wheels good');
    });

    it('refuses a username taken in any letter case with a JSON 409', async () => {
      const { app, workspace } = await open();
      await registerUser(app, 'TrailBoss');
      for (const username of ['trailboss', 'TRAILBOSS', ' TrailBoss ']) {
        const response = await postJson(app, '/api/auth/register', {
          username,
          email: 'other@example.com',
          password: 'another password',
        });
        expect(response.statusCode, username).toBe(409);
        expect(errorMessage(response)).toBe('Username already taken');
      }
      expect(await readTable(workspace, 'users')).toHaveLength(1);
    });

    it('lets only one of two simultaneous registrations of the same name win', async () => {
      const { app, workspace } = await open();
      const answers = await Promise.all(
        ['Racer', 'racer', 'RACER'].map((username) =>
          postJson(app, '/api/auth/register', {
            username,
            email: 'r@example.com',
            password: 'same time!',
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await readTable(workspace, 'users')).toHaveLength(1);
    });

    it('rejects short passwords, bad emails and blank usernames with a 400', async () => {
      const { app, workspace } = await open();
      const cases = [
        { username: 'a', email: 'a@example.com', password: 'short' },
        { username: 'a', email: 'not an email', password: 'long enough' },
        { username: '   ', email: 'a@example.com', password: 'long enough' },
        { username: 'a', email: 'a@example.com', password: 'long enough', roleId: 'admin' },
      ];
      for (const body of cases) {
        const response = await postJson(app, '/api/auth/register', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorMessage(response)).not.toBe('');
      }
      expect(await readTable(workspace, 'users')).toHaveLength(0);
    });
  });

  describe('sign-in and the current user', () => {
    it('answers user and tokens; the access token carries sub, role and username', async () => {
      const { app } = await open({ accessTokenTtlSeconds: 600 });
      const registered = await registerUser(app, 'Hiker');
      const before = Date.now();
      const answer = await login(app, '  hiker ');
      expect(answer).toEqual({
        user: registered,
        accessToken: expect.any(String),
        refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.any(Number),
      });
      expect(answer.expiresAt).toBeGreaterThan(before + 590_000);
      expect(answer.expiresAt).toBeLessThanOrEqual(before + 601_000);
      const claims = decodeJwt(answer.accessToken);
      expect(claims).toMatchObject({ sub: registered.id, role: 'user', username: 'Hiker' });
      expect(claims.exp! * 1000).toBe(answer.expiresAt);

      const me = await getWithToken(app, '/api/auth/user', answer.accessToken);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(registered);
    });

    it('answers the same 401 message for a wrong password and an unknown username', async () => {
      const { app } = await open();
      await registerUser(app, 'Angler');
      for (const body of [
        { username: 'Angler', password: 'not the password' },
        { username: 'nobody-here', password: 'correct horse battery' },
      ]) {
        const response = await postJson(app, '/api/auth/login', body);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Invalid username or password',
        });
      }
    });
  });

  describe('refresh and sign-out', () => {
    it('rotates the refresh token: the new pair works, the old token is spent', async () => {
      const { app, workspace } = await open();
      await registerUser(app, 'Camper');
      const first = await login(app, 'Camper');

      const refreshed = await postJson(app, '/api/auth/refresh', {
        refreshToken: first.refreshToken,
      });
      expect(refreshed.statusCode).toBe(200);
      const pair = refreshed.json<RefreshAnswer>();
      expect(pair).toEqual({
        accessToken: expect.any(String),
        expiresAt: expect.any(Number),
        refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      expect(pair.refreshToken).not.toBe(first.refreshToken);
      expect((await getWithToken(app, '/api/auth/user', pair.accessToken)).statusCode).toBe(200);

      const again = await postJson(app, '/api/auth/refresh', { refreshToken: pair.refreshToken });
      expect(again.statusCode).toBe(200);

      // Only hashes are stored.
      const stored = await readTable(workspace, 'refresh_tokens');
      expect(stored).toHaveLength(3);
      for (const row of stored) {
        expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(JSON.stringify(row)).not.toContain(first.refreshToken);
      }
    });

    it('signs out with 204: that sign-in can no longer refresh, another one still can', async () => {
      const { app } = await open();
      await registerUser(app, 'Cyclist');
      const phone = await login(app, 'Cyclist');
      const laptop = await login(app, 'Cyclist');
      const rotated = (
        await postJson(app, '/api/auth/refresh', { refreshToken: phone.refreshToken })
      ).json<RefreshAnswer>();

      const logout = await postJson(app, '/api/auth/logout', { refreshToken: phone.refreshToken });
      expect(logout.statusCode).toBe(204);
      expect(logout.body).toBe('');
      // The whole family is gone, including the token the phone rotated to.
      const phoneRefresh = await postJson(app, '/api/auth/refresh', {
        refreshToken: rotated.refreshToken,
      });
      expect(phoneRefresh.statusCode).toBe(401);
      const laptopRefresh = await postJson(app, '/api/auth/refresh', {
        refreshToken: laptop.refreshToken,
      });
      expect(laptopRefresh.statusCode).toBe(200);
      // Signing out twice, or with an unknown token, is still "signed out".
      expect(
        (await postJson(app, '/api/auth/logout', { refreshToken: phone.refreshToken })).statusCode,
      ).toBe(204);
      expect(
        (await postJson(app, '/api/auth/logout', { refreshToken: 'never-issued' })).statusCode,
      ).toBe(204);
    });

    it('refuses an unknown or expired refresh token with a JSON 401', async () => {
      const { app } = await open({ refreshTokenTtlSeconds: 1 });
      await registerUser(app, 'Hunter');
      const answer = await login(app, 'Hunter');
      const unknown = await postJson(app, '/api/auth/refresh', { refreshToken: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(401);
      expect(errorMessage(unknown)).toMatch(/sign in again/i);
      // The token's 1 s lifetime passes on the clock the server reads, not in real time.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_100 });
      const expired = await postJson(app, '/api/auth/refresh', {
        refreshToken: answer.refreshToken,
      });
      expect(expired.statusCode).toBe(401);
    });
  });

  describe('accounts from the environment', () => {
    it('creates the first admin, and on restart promotes and re-keys a squatted account', async () => {
      const workspace = await createWorkspace({ engine });
      const squatted = await buildAuthTestApp({}, {}, workspace);
      await registerUser(squatted.app, 'ranger', 'squatter password');
      const squatterSession = await login(squatted.app, 'ranger', 'squatter password');
      await squatted.app.close();

      const configured = await open(
        {
          initialAdmin: {
            username: 'Ranger',
            password: 'operator password',
            email: 'ops@example.com',
          },
          initialTestAccount: { username: 'qa', password: 'tester password' },
        },
        {},
        workspace,
      );
      const { app } = configured;
      expect(
        (
          await postJson(app, '/api/auth/login', {
            username: 'ranger',
            password: 'squatter password',
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (await postJson(app, '/api/auth/refresh', { refreshToken: squatterSession.refreshToken }))
          .statusCode,
      ).toBe(401);
      const admin = await login(app, 'ranger', 'operator password');
      expect(admin.user).toMatchObject({
        username: 'ranger',
        roleId: 'admin',
        email: 'ops@example.com',
      });
      const tester = await login(app, 'qa', 'tester password');
      expect(tester.user).toMatchObject({ username: 'qa', roleId: 'test', email: null });
    });

    it('refuses to start with a configured password shorter than 8 characters', async () => {
      const workspace = await createWorkspace({ engine });
      try {
        await expect(
          buildAuthTestApp(
            { initialAdmin: { username: 'admin', password: 'short' } },
            {},
            workspace,
          ),
        ).rejects.toThrow(/ADMIN_PASSWORD/);
      } finally {
        await workspace.remove();
      }
    });
  });

  describe('restarts', () => {
    it('keeps access and refresh tokens valid across a restart without JWT_SECRET', async () => {
      const workspace = await createWorkspace({ engine });
      const first = await buildAuthTestApp({ jwtSecret: undefined }, {}, workspace);
      await registerUser(first.app, 'Paddler');
      const answer: LoginAnswer = await login(first.app, 'Paddler');
      await first.app.close();

      const second = await open({ jwtSecret: undefined }, {}, workspace);
      expect(
        (await getWithToken(second.app, '/api/auth/user', answer.accessToken)).statusCode,
      ).toBe(200);
      expect(
        (await postJson(second.app, '/api/auth/refresh', { refreshToken: answer.refreshToken }))
          .statusCode,
      ).toBe(200);
      // The generated secret lives in the database, not in the test's fixed one.
      expect((await readTable(workspace, 'meta')).map((row) => row.key)).toContain('jwt_secret');
    });
  });
});
