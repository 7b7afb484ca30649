// Brute-force protection (issue 3): failed sign-ins are limited per username (in the database,
// shared by every server instance) and requests to the credential routes per IP address.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildAuthTestApp,
  errorMessage,
  login,
  postJson,
  readTable,
  registerUser,
  type AuthTestApp,
} from './auth-test-server.ts';

const opened: AuthTestApp[] = [];
async function open(...args: Parameters<typeof buildAuthTestApp>): Promise<AuthTestApp> {
  const created = await buildAuthTestApp(...args);
  opened.push(created);
  return created;
}

afterEach(async () => {
  vi.useRealTimers();
  for (const created of opened.splice(0)) await created.close();
});

const wrong = { password: 'definitely wrong' };

describe('per-username sign-in throttling', () => {
  it('answers 429 with Retry-After after 5 failures, even for the right password', async () => {
    const { app } = await open();
    await registerUser(app, 'Target');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await postJson(app, '/api/auth/login', { username: 'target', ...wrong });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const locked = await postJson(app, '/api/auth/login', {
      username: 'TARGET',
      password: 'correct horse battery',
    });
    expect(locked.statusCode).toBe(429);
    expect(errorMessage(locked)).toBe(
      'Too many failed sign-ins for this username. Try again in 15 minutes.',
    );
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Other riders are not locked out by someone hammering this username.
    await registerUser(app, 'Bystander');
    expect((await login(app, 'Bystander')).user.username).toBe('Bystander');
  });

  it('locks unknown usernames the same way, so locking reveals nothing', async () => {
    const { app } = await open();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await postJson(app, '/api/auth/login', { username: 'ghost', ...wrong })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('lets the rider in again once the window has passed, and success clears the count', async () => {
    const { app } = await open({ loginThrottle: { maxFailures: 2, windowMs: 700 } });
    await registerUser(app, 'Patient');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await postJson(app, '/api/auth/login', { username: 'Patient', ...wrong });
    }
    expect(
      (
        await postJson(app, '/api/auth/login', {
          username: 'Patient',
          password: 'correct horse battery',
        })
      ).statusCode,
    ).toBe(429);
    // The 700 ms window passes on the clock the server reads, not in real time.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 800 });
    await login(app, 'Patient');
    // The success reset the count: one more failure is a 401, not a 429.
    await postJson(app, '/api/auth/login', { username: 'Patient', ...wrong });
    expect(
      (await postJson(app, '/api/auth/login', { username: 'Patient', ...wrong })).statusCode,
    ).toBe(401);
  });

  it('counts failures that arrive at the same time', async () => {
    const { app } = await open();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        postJson(app, '/api/auth/login', { username: 'burst', ...wrong }),
      ),
    );
    expect(
      (await postJson(app, '/api/auth/login', { username: 'burst', ...wrong })).statusCode,
    ).toBe(429);
  });
});

describe('per-IP rate limit', () => {
  it('answers a JSON 429 with Retry-After once an address exceeds the credential limit', async () => {
    const { app } = await open({ credentialRequestsPerMinute: 3 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await postJson(app, '/api/auth/login', {
        username: `user-${attempt}`,
        ...wrong,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          message: expect.stringMatching(/^Too many requests from this address/),
        });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);

    // Another address is unaffected; the catalogue is not rate limited.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'someone', ...wrong },
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(401);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });

  it('limits registration per address too, without creating accounts past the limit', async () => {
    const { app, workspace } = await open({ credentialRequestsPerMinute: 2 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await postJson(app, '/api/auth/register', {
        username: `new-${attempt}`,
        email: `n${attempt}@example.com`,
        password: 'a fine password',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await readTable(workspace, 'users')).map((row) => row.username)).toEqual(
      expect.arrayContaining(['new-0', 'new-1']),
    );
    expect(await readTable(workspace, 'users')).toHaveLength(2);
  });
});
