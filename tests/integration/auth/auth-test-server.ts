// Test apps for the auth suite: a temporary database (SQLite or PostgreSQL), cheap argon2 costs
// (production keeps the library defaults), a known JWT secret so tests can forge tokens,
// generous per-IP limits unless a test lowers them, and small helpers to register, sign in and
// read the users table directly.
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { AppOptions } from '../../../sync-server/app.ts';
import type { AuthOptions } from '../../../sync-server/auth/auth-settings.ts';
import { postgresTypeParsers } from '../../../sync-server/storage/postgres.ts';
import {
  buildTestApp,
  createWorkspace,
  type StorageEngine,
  type TestWorkspace,
} from '../server/test-server.ts';

export const testJwtSecret = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** argon2id at 1 MiB and one pass: fast enough for dozens of sign-ins per test. */
export const fastPasswordHashing = { memoryCost: 1024, timeCost: 1 };

export interface AuthTestApp {
  app: FastifyInstance;
  workspace: TestWorkspace;
  close(): Promise<void>;
}

/**
 * Builds an app; `auth` overrides the test defaults, `overrides` any other AppOptions.
 * `workspaceOrEngine` is an existing workspace (to restart on its database), or the engine of a
 * fresh one (default 'sqlite'). `close()` closes the app and removes the workspace.
 */
export async function buildAuthTestApp(
  auth: AuthOptions = {},
  overrides: Partial<AppOptions> = {},
  workspaceOrEngine: TestWorkspace | StorageEngine = 'sqlite',
): Promise<AuthTestApp> {
  const workspace =
    typeof workspaceOrEngine === 'string'
      ? await createWorkspace({ engine: workspaceOrEngine })
      : workspaceOrEngine;
  const app = await buildTestApp(workspace, {
    staticDir: null,
    ...overrides,
    auth: {
      jwtSecret: testJwtSecret,
      passwordHashing: fastPasswordHashing,
      credentialRequestsPerMinute: 10_000,
      sessionRequestsPerMinute: 10_000,
      ...auth,
    },
  });
  return {
    app,
    workspace,
    async close() {
      await app.close();
      await workspace.remove();
    },
  };
}

export interface PublicUser {
  id: string;
  username: string;
  email: string | null;
  vehicleType: string;
  roleId: 'admin' | 'test' | 'user';
  createdAt: number;
}

export interface LoginAnswer {
  user: PublicUser;
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

export interface RefreshAnswer {
  accessToken: string;
  expiresAt: number;
  refreshToken: string;
}

/** POSTs a JSON body. */
export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: body as object, headers });
}

/** GET with a bearer token (none when null). */
export function getWithToken(
  app: FastifyInstance,
  url: string,
  token: string | null,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

/** Registers an account and returns it; throws unless the answer is 201. */
export async function registerUser(
  app: FastifyInstance,
  username: string,
  password = 'correct horse battery',
  email = `${username.toLowerCase()}@example.com`,
): Promise<PublicUser> {
  const response = await postJson(app, '/api/auth/register', { username, email, password });
  if (response.statusCode !== 201) {
    throw new Error(`register ${username}: ${response.statusCode} ${response.body}`);
  }
  return response.json<PublicUser>();
}

/** Signs in and returns the answer; throws unless the answer is 200. */
export async function login(
  app: FastifyInstance,
  username: string,
  password = 'correct horse battery',
): Promise<LoginAnswer> {
  const response = await postJson(app, '/api/auth/login', { username, password });
  if (response.statusCode !== 200) {
    throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
  }
  return response.json<LoginAnswer>();
}

/**
 * Every row of a table, ordered by its first column, read straight from the workspace's
 * database beside the app (SQLite read-only; PostgreSQL on a connection of its own, int8
 * columns as numbers like the app reads them).
 */
export async function readTable(
  workspace: TestWorkspace,
  table: string,
): Promise<Array<Record<string, unknown>>> {
  const query = `select * from ${table} order by 1`;
  if (workspace.databaseUrl) {
    const client = new pg.Client({
      connectionString: workspace.databaseUrl,
      types: postgresTypeParsers,
    });
    await client.connect();
    try {
      return (await client.query(query)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  }
  const sqlite = new BetterSqlite3(workspace.databaseFile, { readonly: true });
  try {
    return sqlite.prepare(query).all() as Array<Record<string, unknown>>;
  } finally {
    sqlite.close();
  }
}

/** Asserts the shared JSON error shape and returns the message. */
export function errorMessage(response: LightMyRequestResponse): string {
  const body = response.json<{ statusCode: number; error: string; message: string }>();
  if (body.statusCode !== response.statusCode || typeof body.error !== 'string') {
    throw new Error(`not a JSON error body: ${response.body}`);
  }
  return body.message;
}
