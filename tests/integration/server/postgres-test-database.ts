// Fresh PostgreSQL databases for tests, one per test app, on the server the integration
// project's global setup provides (tests/integration/postgres-global-setup.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface PostgresTestDatabase {
  /** postgres:// URL of the new, empty database (pass it as `databaseUrl`). */
  url: string;
  /** Drops the database, ending any connection still open to it. Safe to call twice. */
  drop(): Promise<void>;
}

/** Runs `statement` on the test server's maintenance database. */
async function runOnServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('testPostgresUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database `nst_test_<random>` (about 0.1 s) and answers its URL. */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const name = `nst_test_${randomBytes(8).toString('hex')}`;
  await runOnServer(`create database ${name}`);
  const url = new URL(inject('testPostgresUrl'));
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // FORCE may not end an autovacuum worker that is visiting the database (only a superuser
      // may signal it): such a worker finishes within moments, so the drop is tried again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await runOnServer(`drop database if exists ${name} with (force)`);
          return;
        } catch (error) {
          const signalRefused = /pg_signal_backend/.test(String(error));
          if (!signalRefused || attempt === 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
  };
}
