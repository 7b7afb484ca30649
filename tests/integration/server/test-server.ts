// Temporary databases and fake PWA builds for the server tests: every test app gets its own
// SQLite file and static folder under os.tmpdir(), removed afterwards.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../sync-server/app.ts';

export const fakeIndexHtml = '<!doctype html><title>Natural State Trails test build</title>';
export const fakeServiceWorker = 'self.addEventListener("fetch", () => {});';
export const fakeAsset = 'console.log("app-abc123");';

export interface TestWorkspace {
  root: string;
  databaseFile: string;
  staticDir: string;
  remove(): void;
}

/** A temporary folder with a database path and a fake build (index.html, sw.js, an asset). */
export function createWorkspace(): TestWorkspace {
  const root = mkdtempSync(join(tmpdir(), 'nst-server-test-'));
  const staticDir = join(root, 'dist');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), fakeIndexHtml);
  writeFileSync(join(staticDir, 'sw.js'), fakeServiceWorker);
  writeFileSync(join(staticDir, 'assets', 'app-abc123.js'), fakeAsset);
  writeFileSync(join(staticDir, 'icon-192.png'), 'not really a png');
  return {
    root,
    databaseFile: join(root, 'db', 'test.sqlite'),
    staticDir,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Builds an app on the workspace's database and build folder. */
export function buildTestApp(
  workspace: TestWorkspace,
  overrides: Partial<AppOptions> = {},
): Promise<FastifyInstance> {
  return buildApp({
    databaseFile: workspace.databaseFile,
    staticDir: workspace.staticDir,
    ...overrides,
  });
}
