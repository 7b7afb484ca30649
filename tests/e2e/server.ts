/**
 * Starts the real server entry (sync-server/main.ts, as `npm start` does) on a free port with a
 * temporary data directory, serving the built app from dist/. Browser tests that need a server
 * configured differently (accounts, token lifetimes) start their own with `startServer(env)`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.ts';

const root = new URL('../..', import.meta.url).pathname;

/** Accounts every e2e server creates from the environment (sync-server/main.ts). */
export const e2eAccounts = {
  admin: { username: 'e2e-admin', password: 'e2e-admin-password' },
  tester: { username: 'e2e-tester', password: 'e2e-tester-password' },
} as const;

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts a server and resolves once /api/health answers (60 s at most).
 * `env` adds or overrides environment variables (e.g. ACCESS_TOKEN_TTL_SECONDS).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nst-e2e-data-'));
  const port = await freePort();
  // tsx as a loader (not through npx) so SIGTERM reaches the server process itself.
  const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
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
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
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
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`server did not answer ${baseUrl}/api/health within 60 s`);
}
