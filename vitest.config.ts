import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit test files that replace a module with `vi.mock`: they run in a module registry of their
 * own (project unit-mocked), since a mock cannot take the place of a module another file has
 * already loaded into a shared one.
 */
const unitFilesWithModuleMocks = readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join('tests/unit', file))
  .filter((file) => /\bvi\.mock\(/.test(readFileSync(file, 'utf8')));

/**
 * Suites, all run by `npm test`: unit (pure functions; unit-mocked holds those that mock a
 * module), component (pages and components in jsdom), integration (RxDB on
 * fake-indexeddb, the server through its app factory and over a real port, on SQLite and on a
 * private PostgreSQL server that its global setup starts) and e2e (the built app in Debian's
 * Chromium through playwright-core, against a server on a free port).
 */
export default defineConfig({
  test: {
    // Vitest's default leaves a core free, which on a 2-core machine runs every file one at a
    // time; the suites' files mostly wait (on a database, a browser, a server), so two at a time
    // at least.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: unitFilesWithModuleMocks,
          environment: 'node',
          // Pure functions keep no state between files: sharing the modules saves each of the
          // ~100 files importing them anew (about a third of the suite's time).
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-mocked',
          include: unitFilesWithModuleMocks,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          globalSetup: ['tests/component/global-setup.ts'],
          testTimeout: 20_000,
          // The files of a worker share their modules and DOM environment (each file would
          // otherwise load the whole app anew): tests start from a cleared device instead
          // (rider-fixtures.tsx), never from a fresh module state. For the same reason a test
          // file cannot vi.mock an app module (another file may have loaded the real one into
          // the shared cache first): hand a component what the test controls instead. Only
          // setup.ts, which runs before any app module loads, mocks the map.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/integration/setup.ts'],
          // A PostgreSQL server for the suites on both storage engines (TEST_DATABASE_URL or a
          // private one); tests get fresh databases from it via createWorkspace({ engine }).
          globalSetup: ['tests/integration/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file would otherwise import the server, RxDB and the sync engine anew: about a
          // third of the suite's wall time on two cores. Files share modules, never state: each
          // opens its own databases and servers, and a file must not vi.mock an app module.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // The journeys' helpers and playwright-core load once per worker, not once per file.
          isolate: false,
        },
      },
    ],
  },
});
