/**
 * Every knob of sign-in and sessions, with production defaults, and how the server entry reads
 * them from the environment (documented in main.ts). Tests pass cheaper or smaller values
 * through AppOptions.auth.
 */
import type { LoginThrottleSettings } from '../storage/login-attempts.ts';
import type { PasswordHashingCosts } from './passwords.ts';

/** An account the operator defines in the environment (first admin, test account). */
export interface ConfiguredAccount {
  username: string;
  password: string;
  /** Optional; the account's email stays null without it. */
  email?: string;
}

export interface AuthOptions {
  /** HS256 secret (≥ 32 bytes); default: generated once and kept in the database. */
  jwtSecret?: string;
  /** Access token lifetime, s; default 900 (15 minutes). */
  accessTokenTtlSeconds?: number;
  /** Refresh token lifetime from its issue (each rotation restarts it), s; default 30 days. */
  refreshTokenTtlSeconds?: number;
  /** argon2id costs; default: the library's (19 MiB, 2 passes). Lower them in tests only. */
  passwordHashing?: PasswordHashingCosts;
  /** Per-IP requests per minute to POST /api/auth/login and /register (each); default 20. */
  credentialRequestsPerMinute?: number;
  /** Per-IP requests per minute to the other /api/auth/* routes (each); default 120. */
  sessionRequestsPerMinute?: number;
  /** Per-username failed sign-ins; default 5 per 15 minutes. */
  loginThrottle?: LoginThrottleSettings;
  /** Created, or promoted to admin, at start-up (ADMIN_USERNAME / ADMIN_PASSWORD). */
  initialAdmin?: ConfiguredAccount;
  /** Created, or set to role test, at start-up (TEST_USERNAME / TEST_PASSWORD). */
  initialTestAccount?: ConfiguredAccount;
}

/** AuthOptions with every default filled in. */
export type AuthSettings = Required<
  Omit<AuthOptions, 'jwtSecret' | 'passwordHashing' | 'initialAdmin' | 'initialTestAccount'>
> &
  Pick<AuthOptions, 'jwtSecret' | 'passwordHashing' | 'initialAdmin' | 'initialTestAccount'>;

export const defaultAccessTokenTtlSeconds = 15 * 60;
export const defaultRefreshTokenTtlSeconds = 30 * 24 * 60 * 60;

/** Fills in the defaults; throws when a number is not a positive whole number. */
export function resolveAuthSettings(options: AuthOptions = {}): AuthSettings {
  const settings: AuthSettings = {
    ...options,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? defaultAccessTokenTtlSeconds,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? defaultRefreshTokenTtlSeconds,
    credentialRequestsPerMinute: options.credentialRequestsPerMinute ?? 20,
    sessionRequestsPerMinute: options.sessionRequestsPerMinute ?? 120,
    loginThrottle: options.loginThrottle ?? { maxFailures: 5, windowMs: 15 * 60 * 1000 },
  };
  const positive: Array<[string, number]> = [
    ['accessTokenTtlSeconds', settings.accessTokenTtlSeconds],
    ['refreshTokenTtlSeconds', settings.refreshTokenTtlSeconds],
    ['credentialRequestsPerMinute', settings.credentialRequestsPerMinute],
    ['sessionRequestsPerMinute', settings.sessionRequestsPerMinute],
    ['loginThrottle.maxFailures', settings.loginThrottle.maxFailures],
    ['loginThrottle.windowMs', settings.loginThrottle.windowMs],
  ];
  for (const [name, value] of positive) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new Error(`Auth setting ${name} must be a positive whole number, not ${value}.`);
    }
  }
  return settings;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, not "${raw}".`);
  }
  return value;
}

function configuredAccount(
  env: NodeJS.ProcessEnv,
  prefix: 'ADMIN' | 'TEST',
): ConfiguredAccount | undefined {
  const username = env[`${prefix}_USERNAME`];
  const password = env[`${prefix}_PASSWORD`];
  const email = env[`${prefix}_EMAIL`];
  if (!username && !password) return undefined;
  if (!username || !password) {
    throw new Error(`Set both ${prefix}_USERNAME and ${prefix}_PASSWORD, or neither.`);
  }
  return { username, password, ...(email ? { email } : {}) };
}

/**
 * Reads JWT_SECRET, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS,
 * AUTH_RATE_LIMIT_PER_MINUTE, ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL and
 * TEST_USERNAME / TEST_PASSWORD / TEST_EMAIL. Unset or empty variables keep the defaults.
 * Throws on malformed numbers or half-configured accounts.
 */
export function authOptionsFromEnvironment(env: NodeJS.ProcessEnv): AuthOptions {
  const options: AuthOptions = {};
  if (env.JWT_SECRET) options.jwtSecret = env.JWT_SECRET;
  const accessTtl = positiveInteger(env, 'ACCESS_TOKEN_TTL_SECONDS');
  if (accessTtl !== undefined) options.accessTokenTtlSeconds = accessTtl;
  const refreshTtl = positiveInteger(env, 'REFRESH_TOKEN_TTL_SECONDS');
  if (refreshTtl !== undefined) options.refreshTokenTtlSeconds = refreshTtl;
  const perMinute = positiveInteger(env, 'AUTH_RATE_LIMIT_PER_MINUTE');
  if (perMinute !== undefined) options.credentialRequestsPerMinute = perMinute;
  const admin = configuredAccount(env, 'ADMIN');
  if (admin) options.initialAdmin = admin;
  const tester = configuredAccount(env, 'TEST');
  if (tester) options.initialTestAccount = tester;
  return options;
}
