/**
 * The sync server under test: the real app (`buildApp`, sync-server/app.ts) on a fresh database
 * (a temporary SQLite file, or a throw-away PostgreSQL database when DATABASE_URL is set:
 * bench-database.ts), listening on a free loopback port in this process (as the PouchDB server
 * does in its baseline), with one registered and signed-in rider whose bearer token the clients
 * use.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../sync-server/app.ts';
import type { ServerDatabaseLocation } from '../../../sync-server/storage/database.ts';
import { createBenchDatabase } from './bench-database.ts';

/** A listening server and the rider signed in on it. */
export interface BenchServer {
  baseUrl: string;
  /** The server's database, for contenders that write it directly (the raw ceiling). */
  database: ServerDatabaseLocation;
  accessToken: string;
  userId: string;
  app: FastifyInstance;
  /** Closes the server and removes its database. */
  stop(): Promise<void>;
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/**
 * Builds the app on a fresh database (API only, no static files), listens on 127.0.0.1,
 * registers and signs in a rider. Throws if any step fails; the database is removed in that case.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const database = await createBenchDatabase();
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ ...database.location, staticDir: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const baseUrl = `http://127.0.0.1:${port}`;
    const credentials = { username: 'bench-rider', password: 'bench-rider-password' };
    await postJson(`${baseUrl}/api/auth/register`, {
      ...credentials,
      email: 'bench-rider@example.com',
    });
    const login = (await postJson(`${baseUrl}/api/auth/login`, credentials)) as {
      accessToken: string;
      user: { id: string };
    };
    const running = app;
    return {
      baseUrl,
      database: database.location,
      accessToken: login.accessToken,
      userId: login.user.id,
      app: running,
      stop: async () => {
        await running.close();
        await database.remove();
      },
    };
  } catch (error) {
    await app?.close();
    await database.remove();
    throw error;
  }
}
