/**
 * Global setup of the integration project: a PostgreSQL server for the suites that run on both
 * storage engines (docs/architecture.md#testing). Uses the server in TEST_DATABASE_URL when set (its user
 * must be allowed to CREATE DATABASE); otherwise starts a private one (scripts/test-postgres.ts)
 * and stops it after the run. Tests reach it through `inject('testPostgresUrl')`, normally via
 * `createWorkspace({ engine: 'postgres' })` in tests/integration/server/test-server.ts, which
 * gives every test app its own fresh database.
 */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '../../scripts/test-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance database URL of the test PostgreSQL server; its user may create databases. */
    testPostgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const configured = process.env.TEST_DATABASE_URL?.trim();
  if (configured) {
    project.provide('testPostgresUrl', configured);
    return;
  }
  const server = await startTestPostgres();
  project.provide('testPostgresUrl', server.url);
  return () => server.stop();
}
