/**
 * Builds the app if dist/ is missing (`npm test` builds it first) and starts one shared server
 * for the browser tests; its URL reaches the tests through `inject('baseUrl')`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = new URL('../..', import.meta.url).pathname;

export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
