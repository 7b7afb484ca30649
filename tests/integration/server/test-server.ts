// Temporary databases and fake PWA builds for the server tests: every test app gets its own
// database (a SQLite file, or a fresh PostgreSQL database on the test server) and static folder
// in the suites' scratch folder (tests/support/scratch.ts), removed afterwards.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../sync-server/app.ts';
import { makeScratchDir } from '../../support/scratch.ts';
import { createPostgresTestDatabase } from './postgres-test-database.ts';

export const fakeIndexHtml = '<!doctype html><title>Natural State Trails test build</title>';
/** The fake build's empty app shell (app-shell.html), for routes without a pre-rendered page. */
export const fakeAppShellHtml = '<!doctype html><title>Natural State Trails app shell</title>';
/** The fake build's pre-rendered pages (scripts/prerender-build.ts), by file. */
export const fakePrerenderedPages = {
  'safety.html': '<!doctype html><title>Safety, pre-rendered</title>',
  'map.html': '<!doctype html><title>Map, pre-rendered</title>',
  'map/[trailId].html': '<!doctype html><title>A trail page, pre-rendered</title>',
};
export const fakeServiceWorker = 'self.addEventListener("fetch", () => {});';
export const fakeAsset = 'console.log("app-abc123");';

/** The storage backends the server runs on; suites loop over them with `describe.each`. */
export const storageEngines = ['sqlite', 'postgres'] as const;
export type StorageEngine = (typeof storageEngines)[number];

/**
 * The engines route-level suites run on: SQLite only, because what differs between the engines
 * is the storage layer, which tests/integration/storage checks function by function on both.
 * `ROUTE_SUITES_ON_ALL_ENGINES=1` runs them on PostgreSQL too (before a change to the storage
 * layer lands, say).
 */
export const routeSuiteEngines: readonly StorageEngine[] = process.env.ROUTE_SUITES_ON_ALL_ENGINES
  ? storageEngines
  : ['sqlite'];

export interface TestWorkspace {
  engine: StorageEngine;
  /** Temporary folder holding the fake build (and the SQLite file). */
  root: string;
  /** SQLite file path; the app uses it only when `databaseUrl` is undefined. */
  databaseFile: string;
  /** URL of this workspace's own PostgreSQL database (engine 'postgres'), else undefined. */
  databaseUrl: string | undefined;
  staticDir: string;
  /** Deletes the folder and drops the PostgreSQL database. Close apps on it first. */
  remove(): Promise<void>;
}

export interface WorkspaceOptions {
  /** Storage backend; default 'sqlite'. */
  engine?: StorageEngine;
  /**
   * SQLite only: start from a copy of a database this test process seeded once (default true),
   * so an app opens it without seeding (the stored seed hash matches); false for an empty file,
   * when the test is about the first start itself.
   */
  seeded?: boolean;
}

let seededSqliteTemplate: Promise<string> | null = null;

/**
 * A SQLite file that an app has migrated and seeded from data/, made once per test process
 * (seeding costs about 0.3 s, a copy a few milliseconds). Apps add their configured accounts
 * and secrets to their own copy as they would on an empty file.
 */
function sqliteTemplate(): Promise<string> {
  seededSqliteTemplate ??= (async () => {
    // On the disk, not in the scratch folder: only copied from, and a test process that is
    // stopped without its exit event leaves it behind.
    const folder = mkdtempSync(join(tmpdir(), 'nst-seeded-template-'));
    const file = join(folder, 'template.sqlite');
    const app = await buildApp({ databaseFile: file, staticDir: null });
    await app.close();
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    return file;
  })();
  return seededSqliteTemplate;
}

/**
 * A temporary folder with a fake build (index.html, the app shell, pre-rendered pages, sw.js, an asset) and a database on the
 * chosen engine: a copy of a seeded SQLite file (or an empty path, `seeded: false`), or a new
 * empty PostgreSQL database
 * `nst_test_<random>` on the test server of the integration project's global setup. Every app
 * built on the workspace shares that database, so two apps on one workspace behave like two
 * server instances (PostgreSQL) or a restart (either engine).
 *
 * @example
 * describe.each(routeSuiteEngines)('on %s', (engine) => {
 *   let workspace: TestWorkspace;
 *   let app: FastifyInstance;
 *   beforeAll(async () => {
 *     workspace = await createWorkspace({ engine });
 *     app = await buildTestApp(workspace, { staticDir: null });
 *   });
 *   afterAll(async () => {
 *     await app?.close();
 *     await workspace?.remove();
 *   });
 *   it('answers the trails', async () => {
 *     expect((await app.inject('/api/trails')).statusCode).toBe(200);
 *   });
 * });
 */
export async function createWorkspace(options: WorkspaceOptions = {}): Promise<TestWorkspace> {
  const engine = options.engine ?? 'sqlite';
  const database = engine === 'postgres' ? await createPostgresTestDatabase() : null;
  const root = makeScratchDir('nst-server-test-');
  const staticDir = join(root, 'dist');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), fakeIndexHtml);
  writeFileSync(join(staticDir, 'app-shell.html'), fakeAppShellHtml);
  mkdirSync(join(staticDir, 'map'));
  for (const [file, html] of Object.entries(fakePrerenderedPages)) {
    writeFileSync(join(staticDir, file), html);
  }
  writeFileSync(join(staticDir, 'sw.js'), fakeServiceWorker);
  writeFileSync(join(staticDir, 'assets', 'app-abc123.js'), fakeAsset);
  writeFileSync(join(staticDir, 'icon-192.png'), 'not really a png');
  const databaseFile = join(root, 'db', 'test.sqlite');
  if (engine === 'sqlite' && options.seeded !== false) {
    const template = await sqliteTemplate();
    mkdirSync(join(root, 'db'));
    copyFileSync(template, databaseFile);
    // Closed apps checkpoint their write-ahead log; copy what may be left anyway.
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(template + suffix)) copyFileSync(template + suffix, databaseFile + suffix);
    }
  }
  return {
    engine,
    root,
    databaseFile,
    databaseUrl: database?.url,
    staticDir,
    async remove() {
      rmSync(root, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * Builds an app (not listening) on the workspace's database and build folder; `overrides`
 * replace any AppOptions. Close it with `app.close()` before `workspace.remove()`.
 */
export function buildTestApp(
  workspace: TestWorkspace,
  overrides: Partial<AppOptions> = {},
): Promise<FastifyInstance> {
  return buildApp({
    databaseFile: workspace.databaseFile,
    databaseUrl: workspace.databaseUrl,
    staticDir: workspace.staticDir,
    ...overrides,
  });
}
