/**
 * Global setup of the browser suites, paid once per run instead of once per test:
 * - the app build (dist/, when missing or older than its sources, as `npm start` decides; `npm
 *   test` builds it first), the offline map archives (when stale) and the server bundle;
 * - one shared server for every suite, reached through `inject('baseUrl')`; tests create their
 *   own riders on it, so they do not see each other's data;
 * - its seeded data directory, copied by suites that need a server of their own
 *   (`inject('seededDataDir')`), so they skip seeding;
 * - an offline-ready Chromium profile: one first visit of the shared server (service worker
 *   installed, catalogues stored), which `openBrowser` copies for each test.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { appBuildInputs, isStale } from '../../scripts/server-bundle.mjs';
import { buildTiles } from '../../scripts/tiles/build.ts';
import { launchChromium, viewports, waitForOfflineReady } from './browser.ts';
import { makeScratchDir } from '../support/scratch.ts';
import { prepareServerBundle, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A data directory holding a seeded database, to copy for a server of a suite's own. */
    seededDataDir: string;
    /** A Chromium profile that has visited `baseUrl` once and is ready to use it offline. */
    offlineReadyProfileDir: string;
  }
}

const root = new URL('../..', import.meta.url).pathname;

export default async function setup(project: TestProject) {
  if (isStale(join(root, 'dist', 'index.html'), appBuildInputs)) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which would make this a development build (React and RxDB
      // dev mode, whose eval the server's CSP refuses): build what `npm start` serves.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  await buildTiles({ onlyIfStale: true });
  await prepareServerBundle();

  const server = await startServer();
  // A copy taken before any test ran: the seeded catalogue and the configured accounts only.
  const seededDataDir = makeScratchDir('nst-e2e-seeded-');
  cpSync(server.dataDir, seededDataDir, { recursive: true });

  const profileDir = makeScratchDir('nst-e2e-profile-');
  const cleanUp = async () => {
    await server.stop();
    rmSync(seededDataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  };
  try {
    const context = await launchChromium(profileDir, viewports.phone);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${server.baseUrl}/`);
      await waitForOfflineReady(page);
    } finally {
      await context.close();
    }
  } catch (error) {
    // Vitest runs no teardown for a failed setup: a server left running would keep the run,
    // and whatever reads its output, from ending.
    await cleanUp();
    throw error;
  }

  project.provide('baseUrl', server.baseUrl);
  project.provide('seededDataDir', seededDataDir);
  project.provide('offlineReadyProfileDir', profileDir);
  return cleanUp;
}
