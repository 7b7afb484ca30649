// How the server entry reads sign-in settings from the environment (sync-server/main.ts): the
// documented variables, their defaults, and clear refusals of half or malformed configuration.
import { describe, expect, it } from 'vitest';
import {
  authOptionsFromEnvironment,
  resolveAuthSettings,
} from '../../../sync-server/auth/auth-settings.ts';

describe('authOptionsFromEnvironment', () => {
  it('reads every documented variable', () => {
    expect(
      authOptionsFromEnvironment({
        JWT_SECRET: 's'.repeat(40),
        ACCESS_TOKEN_TTL_SECONDS: '30',
        REFRESH_TOKEN_TTL_SECONDS: '3600',
        AUTH_RATE_LIMIT_PER_MINUTE: '50',
        ADMIN_USERNAME: 'chief',
        ADMIN_PASSWORD: 'chief password',
        ADMIN_EMAIL: 'chief@example.com',
        TEST_USERNAME: 'qa',
        TEST_PASSWORD: 'qa password',
      }),
    ).toEqual({
      jwtSecret: 's'.repeat(40),
      accessTokenTtlSeconds: 30,
      refreshTokenTtlSeconds: 3600,
      credentialRequestsPerMinute: 50,
      initialAdmin: { username: 'chief', password: 'chief password', email: 'chief@example.com' },
      initialTestAccount: { username: 'qa', password: 'qa password' },
    });
  });

  it('keeps the production defaults when nothing is set', () => {
    const settings = resolveAuthSettings(authOptionsFromEnvironment({}));
    expect(settings).toEqual({
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      credentialRequestsPerMinute: 20,
      sessionRequestsPerMinute: 120,
      loginThrottle: { maxFailures: 5, windowMs: 15 * 60_000 },
    });
  });

  it('refuses malformed numbers and half-configured accounts', () => {
    expect(() => authOptionsFromEnvironment({ ACCESS_TOKEN_TTL_SECONDS: '15m' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS/,
    );
    expect(() => authOptionsFromEnvironment({ AUTH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /AUTH_RATE_LIMIT_PER_MINUTE/,
    );
    expect(() => authOptionsFromEnvironment({ ADMIN_USERNAME: 'chief' })).toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD/,
    );
    expect(() => authOptionsFromEnvironment({ TEST_PASSWORD: 'qa password' })).toThrow(
      /TEST_USERNAME and TEST_PASSWORD/,
    );
  });
});
