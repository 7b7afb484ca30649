/**
 * Starts the real server as `npm start` runs it (the bundled sync-server/main.ts) on a free port
 * with a temporary data directory, serving the built app from dist/. The browser suites share one
 * such server, started by the e2e global setup; a suite that needs a server configured
 * differently (token lifetimes, a fake upstream) starts its own with `startServer(env)`.
 */
import { spawn } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.ts';
import { bundleServer, serverBundlePath } from '../../scripts/server-bundle.mjs';
import { makeScratchDir } from '../support/scratch.ts';

const root = new URL('../..', import.meta.url).pathname;

/** Accounts every e2e server creates from the environment (sync-server/main.ts). */
export const e2eAccounts = {
  admin: { username: 'e2e-admin', password: 'e2e-admin-password' },
  tester: { username: 'e2e-tester', password: 'e2e-tester-password' },
} as const;

export interface RunningServer {
  baseUrl: string;
  /** The server's data directory (its SQLite file), removed by `stop()`. */
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Environment variables added to or overriding the defaults (e.g. ACCESS_TOKEN_TTL_SECONDS). */
  env?: Record<string, string>;
  /**
   * A data directory to copy as the new server's own, e.g. one an earlier server seeded, so the
   * new one opens a seeded database instead of seeding its own (about a second of the start).
   */
  seededDataDir?: string;
  /** Files to put into the data directory before the start, by name (e.g. basemap.pmtiles). */
  files?: Record<string, Uint8Array>;
}

/** Bundles the server (when its sources changed) so every start skips TypeScript loading. */
export async function prepareServerBundle(): Promise<void> {
  await bundleServer();
}

/**
 * Starts a server from the bundle (call `prepareServerBundle` once first) and resolves once
 * /api/health answers (60 s at most).
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dataDir = makeScratchDir('nst-e2e-data-');
  if (options.seededDataDir) cpSync(options.seededDataDir, dataDir, { recursive: true });
  for (const [name, bytes] of Object.entries(options.files ?? {})) {
    writeFileSync(join(dataDir, name), bytes);
  }
  const port = await freePort();
  const server = spawn(process.execPath, ['--enable-source-maps', serverBundlePath], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: e2eAccounts.admin.username,
      ADMIN_PASSWORD: e2eAccounts.admin.password,
      TEST_USERNAME: e2eAccounts.tester.username,
      TEST_PASSWORD: e2eAccounts.tester.password,
      // Browser suites sign in many times from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`server exited with code ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`server did not answer ${baseUrl}/api/health within 60 s`);
}
