// The server as `npm start` runs it (scripts/server-bundle.mjs, for a fast cold start): one bundled
// file, not the TypeScript sources under tsx. It must behave as the sources do: find the seed data,
// the built app and the map catalog from its own place, sign riders in, and sync. Other suites
// drive the sources; this one drives the bundle over a real port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-port.ts';
import { bundleServer } from '../../../scripts/server-bundle.mjs';
import { replicationBasePath } from '../../../schemas/sync-protocol.ts';
import { benchTrips } from '../../bench/sync/trips.ts';

const root = new URL('../../../', import.meta.url).pathname;
// Inside the repository, so the bundle finds the native packages in node_modules.
const outfile = join(
  root,
  'node_modules',
  '.cache',
  'natural-state-trails',
  `test-${process.pid}.mjs`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'nst-bundle-data-'));
let server: ChildProcess;
let baseUrl = '';

async function json<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as T };
}

beforeAll(async () => {
  await bundleServer({ outfile, force: true });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [outfile], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the bundled server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the bundled server did not answer within 30 s');
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outfile, { force: true });
  rmSync(`${outfile}.map`, { force: true });
});

describe('the bundled server', () => {
  it('seeds the shipped catalogue and answers the public API', async () => {
    const health = await json<{ status: string; counts: Record<string, number> }>('/api/health');
    expect(health.body.status).toBe('ok');
    expect(health.body.counts.wmas).toBe(33);
    const trails = await json<{ id: string }[]>('/api/trails');
    expect(trails.body.length).toBe(health.body.counts.trails);
    const regions = await fetch(`${baseUrl}/api/map-regions`);
    expect(regions.headers.get('content-type')).toMatch(/json/);
  });

  it('signs a rider in, takes their trips and gives them back', async () => {
    const credentials = { username: 'bundle-rider', password: 'bundle-rider-password' };
    const headers = { 'content-type': 'application/json' };
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...credentials, email: 'bundle-rider@example.com' }),
    });
    expect(registered.status).toBeLessThan(300);
    const login = await json<{ accessToken: string }>('/api/auth/login', {
      method: 'POST',
      headers,
      body: JSON.stringify(credentials),
    });
    const authorization = `Bearer ${login.body.accessToken}`;
    const trips = benchTrips(3);
    const base = replicationBasePath('trips');
    const pushed = await json<{ conflicts: unknown[] }>(`${base}/push`, {
      method: 'POST',
      headers: { ...headers, authorization },
      body: JSON.stringify({
        rows: trips.map((trip) => ({ newDocumentState: { ...trip, _deleted: false } })),
      }),
    });
    expect(pushed).toEqual({ status: 200, body: { conflicts: [] } });
    const pulled = await json<{ documents: { id: string; status: string }[] }>(
      `${base}/pull?limit=10`,
      { headers: { authorization } },
    );
    expect(pulled.body.documents.map((document) => document.id).sort()).toEqual(
      trips.map((trip) => trip.id).sort(),
    );
    expect(pulled.body.documents.every((document) => document.status === 'synced')).toBe(true);
  });
});
