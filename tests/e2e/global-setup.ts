/**
 * Starts the real server entry (sync-server/main.ts, as `npm start` does) on a free port with a
 * temporary data directory, serving the built app from dist/ (built by `npm test` before vitest
 * runs; built here if missing), and hands its URL to the browser tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = new URL('../..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'nst-e2e-data-'));
  const port = await freePort();
  // tsx as a loader (not through npx) so SIGTERM reaches the server process itself.
  const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, 60_000);
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
