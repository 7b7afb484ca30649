// Attacks on the session ("Security"): forged, tampered, expired and unsigned tokens, tokens of
// deleted accounts, refresh-token theft (reuse revokes the family), reading other people's
// profiles, roles on admin routes, and secrets kept out of logs. Runs on SQLite;
// tests/integration/storage checks the session storage on both engines.
import { SignJWT, UnsecuredJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeSuiteEngines } from '../server/test-server.ts';
import {
  buildAuthTestApp,
  errorMessage,
  getWithToken,
  login,
  postJson,
  registerUser,
  testJwtSecret,
  type AuthTestApp,
  type LoginAnswer,
  type PublicUser,
  type RefreshAnswer,
} from './auth-test-server.ts';

const secretKey = new TextEncoder().encode(testJwtSecret);

describe.each(routeSuiteEngines)('on %s', (engine) => {
  let server: AuthTestApp;
  let rider: PublicUser;
  let riderSession: LoginAnswer;
  let otherRider: PublicUser;
  let adminSession: LoginAnswer;
  let testerSession: LoginAnswer;

  beforeAll(async () => {
    server = await buildAuthTestApp(
      {
        initialAdmin: { username: 'admin-one', password: 'admin password' },
        initialTestAccount: { username: 'tester-one', password: 'tester password' },
      },
      {},
      engine,
    );
    rider = await registerUser(server.app, 'rider-one');
    otherRider = await registerUser(server.app, 'rider-two');
    riderSession = await login(server.app, 'rider-one');
    adminSession = await login(server.app, 'admin-one', 'admin password');
    testerSession = await login(server.app, 'tester-one', 'tester password');
  });

  afterAll(async () => {
    await server?.close();
  });

  /** A token signed like the server's, with chosen claims and times (seconds). */
  function forge(
    claims: Record<string, unknown>,
    { algorithm = 'HS256', key = secretKey, expiresAt = Math.floor(Date.now() / 1000) + 600 } = {},
  ): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setSubject(rider.id)
      .setIssuer('natural-state-trails')
      .setIssuedAt(expiresAt - 900)
      .setExpirationTime(expiresAt)
      .sign(key);
  }

  async function expect401(token: string | null, url = '/api/auth/user') {
    const response = await getWithToken(server.app, url, token);
    expect(response.statusCode, `${url} with ${token?.slice(0, 30)}`).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(errorMessage(response)).toMatch(/sign in/i);
  }

  describe('access tokens', () => {
    it('accepts a correctly forged control token (so the rejections below are meaningful)', async () => {
      const token = await forge({ role: 'user', username: 'rider-one' });
      expect((await getWithToken(server.app, '/api/auth/user', token)).statusCode).toBe(200);
    });

    it('rejects a token whose signature or payload was tampered with', async () => {
      const [header, payload, signature] = riderSession.accessToken.split('.');
      const flipped = signature!.startsWith('A')
        ? `B${signature!.slice(1)}`
        : `A${signature!.slice(1)}`;
      await expect401(`${header}.${payload}.${flipped}`);

      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
      const promoted = base64url.encode(JSON.stringify({ ...claims, role: 'admin' }));
      await expect401(`${header}.${promoted}.${signature}`, '/api/admin/users');
      const someoneElse = base64url.encode(JSON.stringify({ ...claims, sub: otherRider.id }));
      await expect401(`${header}.${someoneElse}.${signature}`);
    });

    it('rejects a token signed with another secret', async () => {
      const token = await forge(
        { role: 'admin', username: 'rider-one' },
        { key: new TextEncoder().encode('another-secret-that-is-also-32-bytes-long!!') },
      );
      await expect401(token, '/api/admin/users');
    });

    it('rejects an expired token', async () => {
      const token = await forge(
        { role: 'user', username: 'rider-one' },
        { expiresAt: Math.floor(Date.now() / 1000) - 5 },
      );
      await expect401(token);
    });

    it('rejects alg "none" and algorithms other than HS256', async () => {
      const unsigned = new UnsecuredJWT({ role: 'admin', username: 'rider-one' })
        .setSubject(rider.id)
        .setIssuer('natural-state-trails')
        .setIssuedAt()
        .setExpirationTime('10m')
        .encode();
      expect(unsigned.endsWith('.')).toBe(true);
      await expect401(unsigned, '/api/admin/users');
      // Same secret, stronger-looking algorithm: still not what this server issues.
      await expect401(await forge({ role: 'user', username: 'rider-one' }, { algorithm: 'HS512' }));
    });

    it('rejects garbage, empty and non-Bearer Authorization headers', async () => {
      for (const authorization of [
        'Bearer',
        'Bearer not.a.jwt',
        `Basic ${btoa('a:b')}`,
        'x'.repeat(9000),
      ]) {
        const response = await server.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { authorization },
        });
        expect(response.statusCode, authorization.slice(0, 20)).toBe(401);
      }
      await expect401(null);
    });

    it('stops accepting the tokens of a deleted account at once', async () => {
      const doomed = await registerUser(server.app, 'doomed-rider');
      const session = await login(server.app, 'doomed-rider');
      expect(
        (await getWithToken(server.app, '/api/auth/user', session.accessToken)).statusCode,
      ).toBe(200);
      const removal = await server.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${doomed.id}`,
        headers: { authorization: `Bearer ${adminSession.accessToken}` },
      });
      expect(removal.statusCode).toBe(204);

      await expect401(session.accessToken);
      expect(
        (await postJson(server.app, '/api/auth/refresh', { refreshToken: session.refreshToken }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await postJson(server.app, '/api/auth/login', {
            username: 'doomed-rider',
            password: 'correct horse battery',
          })
        ).statusCode,
      ).toBe(401);
      // The name stays taken, so nobody can step into the deleted account's old tokens' name.
      expect(
        (
          await postJson(server.app, '/api/auth/register', {
            username: 'Doomed-Rider',
            email: 'x@example.com',
            password: 'new person here',
          })
        ).statusCode,
      ).toBe(409);
    });
  });

  describe('refresh token reuse', () => {
    it('revokes the whole family, the newest token included, when a spent token comes back', async () => {
      await registerUser(server.app, 'victim');
      const stolen = await login(server.app, 'victim');
      const otherDevice = await login(server.app, 'victim');

      // The rightful client rotates twice.
      const second = (
        await postJson(server.app, '/api/auth/refresh', { refreshToken: stolen.refreshToken })
      ).json<RefreshAnswer>();
      const third = (
        await postJson(server.app, '/api/auth/refresh', { refreshToken: second.refreshToken })
      ).json<RefreshAnswer>();

      // The thief replays the first token.
      const replay = await postJson(server.app, '/api/auth/refresh', {
        refreshToken: stolen.refreshToken,
      });
      expect(replay.statusCode).toBe(401);
      expect(errorMessage(replay)).toMatch(/already used/);

      // Neither the rightful newest token nor any other of that sign-in works any more.
      for (const refreshToken of [third.refreshToken, second.refreshToken]) {
        const response = await postJson(server.app, '/api/auth/refresh', { refreshToken });
        expect(response.statusCode).toBe(401);
      }
      // Another sign-in of the same account is untouched.
      expect(
        (
          await postJson(server.app, '/api/auth/refresh', {
            refreshToken: otherDevice.refreshToken,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('treats two concurrent uses of one token as reuse: at most one succeeds', async () => {
      await registerUser(server.app, 'racer-tabs');
      const session = await login(server.app, 'racer-tabs');
      const answers = await Promise.all(
        [0, 1].map(() =>
          postJson(server.app, '/api/auth/refresh', { refreshToken: session.refreshToken }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[1]).toBe(401);
      const winner = answers.find((answer) => answer.statusCode === 200);
      if (winner) {
        const next = await postJson(server.app, '/api/auth/refresh', {
          refreshToken: winner.json<RefreshAnswer>().refreshToken,
        });
        expect(next.statusCode).toBe(401);
      }
    });
  });

  describe('profiles and roles', () => {
    it('shows riders their own profile and refuses another rider with 403', async () => {
      const own = await getWithToken(
        server.app,
        `/api/users/${rider.id}`,
        riderSession.accessToken,
      );
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(rider);

      const other = await getWithToken(
        server.app,
        `/api/users/${otherRider.id}`,
        riderSession.accessToken,
      );
      expect(other.statusCode).toBe(403);
      expect(other.body).not.toContain(otherRider.email!);
      // Unknown ids look the same as someone else's, so ids cannot be probed.
      expect(
        (await getWithToken(server.app, '/api/users/no-such-id', riderSession.accessToken))
          .statusCode,
      ).toBe(403);
    });

    it('lets an admin read any profile; unknown ids are 404 for admins', async () => {
      const other = await getWithToken(
        server.app,
        `/api/users/${otherRider.id}`,
        adminSession.accessToken,
      );
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(otherRider);
      expect(
        (await getWithToken(server.app, '/api/users/no-such-id', adminSession.accessToken))
          .statusCode,
      ).toBe(404);
    });

    it('keeps the admin user list to admins: 403 for user and test, 401 without a token', async () => {
      const adminAnswer = await getWithToken(
        server.app,
        '/api/admin/users',
        adminSession.accessToken,
      );
      expect(adminAnswer.statusCode).toBe(200);
      const users = adminAnswer.json<PublicUser[]>();
      expect(users.map((user) => user.username)).toEqual(
        expect.arrayContaining(['admin-one', 'tester-one', 'rider-one', 'rider-two']),
      );
      expect(adminAnswer.body).not.toMatch(/argon2|password/);

      for (const session of [riderSession, testerSession]) {
        const response = await getWithToken(server.app, '/api/admin/users', session.accessToken);
        expect(response.statusCode, session.user.roleId).toBe(403);
        expect(errorMessage(response)).toBe('Only admin accounts may use this.');
      }
      const deletion = await server.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${otherRider.id}`,
        headers: { authorization: `Bearer ${testerSession.accessToken}` },
      });
      expect(deletion.statusCode).toBe(403);
      await expect401(null, '/api/admin/users');
    });

    it('opens diagnostics to admin and test, not to users', async () => {
      for (const session of [adminSession, testerSession]) {
        const response = await getWithToken(server.app, '/api/diagnostics', session.accessToken);
        expect(response.statusCode, session.user.roleId).toBe(200);
        expect(response.json()).toMatchObject({
          serverTime: expect.any(Number),
          version: expect.any(String),
          uptimeSeconds: expect.any(Number),
          database: {
            kind: engine,
            documents: expect.objectContaining({ trails: 246 }),
            users: { admin: 1, test: 1, user: expect.any(Number) },
            activeRefreshTokens: expect.any(Number),
          },
        });
      }
      const forbidden = await getWithToken(
        server.app,
        '/api/diagnostics',
        riderSession.accessToken,
      );
      expect(forbidden.statusCode).toBe(403);
      expect(errorMessage(forbidden)).toBe('Only admin and test accounts may use this.');
      await expect401(null, '/api/diagnostics');
    });

    it('takes the role from the account in the database, not from the token', async () => {
      await registerUser(server.app, 'plain-rider');
      const { app } = server;
      const session = await login(app, 'plain-rider');
      const claimAdmin = await new SignJWT({ role: 'admin', username: 'plain-rider' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.user.id)
        .setIssuer('natural-state-trails')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(secretKey);
      expect((await getWithToken(app, '/api/admin/users', claimAdmin)).statusCode).toBe(403);
    });

    it('answers 401 on every protected route without a token', async () => {
      for (const url of [
        '/api/auth/user',
        `/api/users/${rider.id}`,
        '/api/admin/users',
        '/api/diagnostics',
      ]) {
        await expect401(null, url);
      }
      const deletion = await server.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${rider.id}`,
      });
      expect(deletion.statusCode).toBe(401);
    });

    it('does not let an admin delete their own account', async () => {
      const response = await server.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${adminSession.user.id}`,
        headers: { authorization: `Bearer ${adminSession.accessToken}` },
      });
      expect(response.statusCode).toBe(409);
    });
  });
});

describe('secrets in logs', () => {
  it('never writes passwords or tokens to the request log', async () => {
    const lines: string[] = [];
    const logged = await buildAuthTestApp(
      {},
      { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const password = 'very-secret-passphrase-42';
      await registerUser(logged.app, 'logged-rider', password);
      const session = await login(logged.app, 'logged-rider', password);
      await postJson(logged.app, '/api/auth/login', {
        username: 'logged-rider',
        password: 'oops-wrong-9',
      });
      await postJson(logged.app, '/api/auth/refresh', { refreshToken: session.refreshToken });
      await getWithToken(logged.app, '/api/auth/user', session.accessToken);
      await postJson(logged.app, '/api/auth/register', { username: 'x', password, email: 1 });
      const log = lines.join('');
      expect(log).toContain('/api/auth/login');
      for (const secret of [password, 'oops-wrong-9', session.refreshToken, session.accessToken]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
