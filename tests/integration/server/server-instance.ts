// The sync server as an operator runs it (sync-server/main.ts in its own process), for the
// suites that restart PostgreSQL under it, kill it or stop it with SIGTERM, plus the little
// client each of them needs: a signed-in rider, pushes of trips, and an event stream reader.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createParser } from 'eventsource-parser';
import { freePort } from '../../../scripts/free-port.ts';
import { replicationBasePath } from '../../../schemas/sync-protocol.ts';
import type { Trip } from '../../../schemas/trips.ts';
import { makeScratchDir } from '../../support/scratch.ts';

const root = new URL('../../../', import.meta.url).pathname;

/** The JWT secret every instance of a test shares, so a token works on each of them. */
export const instanceJwtSecret = 'server-instance-test-secret-long-enough-for-hs256-01';

export interface ServerInstance {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  /** True while the process runs. */
  alive(): boolean;
  /** The last lines the process wrote (stdout and stderr), for failure messages. */
  output(): string;
}

/**
 * Starts `node --import tsx sync-server/main.ts` on `databaseUrl` (on `port`, default a free
 * one) and resolves once GET /api/health answers 200 (30 s at most). Throws with its output
 * when it exits or does not get ready.
 */
export async function startServerInstance(
  databaseUrl: string,
  port?: number,
): Promise<ServerInstance> {
  const listenPort = port ?? (await freePort());
  const dataDir = makeScratchDir('nst-instance-');
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-build'),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: instanceJwtSecret,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    });
  });
  const instance: ServerInstance = {
    baseUrl: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    child,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => tail,
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!instance.alive()) throw new Error(`the server exited while starting:\n${tail}`);
    try {
      if ((await fetch(`${instance.baseUrl}/api/health`)).ok) return instance;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not get ready within 30 s:\n${tail}`);
}

/** Kills the instance (SIGKILL) if it still runs and waits until it has exited. */
export async function killInstance(instance: ServerInstance | undefined): Promise<void> {
  if (!instance) return;
  if (instance.alive()) instance.child.kill('SIGKILL');
  await instance.exited;
}

/** Registers `username` through `baseUrl` and answers its user id and access token. */
export async function signUp(
  baseUrl: string,
  username: string,
): Promise<{ id: string; token: string }> {
  const credentials = { username, password: `${username}-password-1` };
  const headers = { 'content-type': 'application/json' };
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...credentials, email: `${username}@example.com` }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const session = (await login.json()) as { user: { id: string }; accessToken: string };
  return { id: session.user.id, token: session.accessToken };
}

/** POSTs `trips` as one push of the trips collection; answers the response. */
export function pushTrips(baseUrl: string, token: string, trips: Trip[]): Promise<Response> {
  return fetch(`${baseUrl}${replicationBasePath('trips')}/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      rows: trips.map((trip) => ({ newDocumentState: { ...trip, _deleted: false } })),
    }),
  });
}

/** An open sync stream of the trips collection, read as it arrives. */
export interface TripStream {
  /** Ids of the trips the stream has sent so far. */
  readonly tripIds: Set<string>;
  /** Everything the server wrote, comments and fields included. */
  text(): string;
  /** Resolves once the server ended the stream (or it failed). */
  ended: Promise<void>;
  /** True once `ended` has resolved. */
  hasEnded(): boolean;
  close(): void;
}

/** Opens GET /api/sync/trips/v…/stream with `token`; resolves once the server answered. */
export async function openTripStream(baseUrl: string, token: string): Promise<TripStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${replicationBasePath('trips')}/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const tripIds = new Set<string>();
  let text = '';
  let hasEnded = false;
  const parser = createParser({
    onEvent(event) {
      const batch = JSON.parse(event.data) as { documents: { id: string }[] };
      for (const document of batch.documents) tripIds.add(document.id);
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
        parser.feed(value);
      }
    } catch {
      // Aborted or cut: the stream has ended either way.
    } finally {
      hasEnded = true;
    }
  })();
  return {
    tripIds,
    text: () => text,
    ended,
    hasEnded: () => hasEnded,
    close: () => controller.abort(),
  };
}

/** Waits until `condition` holds, checking every 50 ms; throws `what` after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
