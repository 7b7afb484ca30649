// Test plumbing for the client side of sync: a transport that talks to a server on another
// port (or through the fault proxy) with a fixed bearer token, and a running test server with
// signed-in riders.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../../src/lib/http/request.ts';
import type { SyncTransport } from '../../../src/sync/sync-transport.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import type { StorageEngine } from '../server/test-server.ts';

/** A transport to `baseUrl` sending `token`; errors look like the app's (HttpError, TypeError). */
export function createTestTransport(baseUrl: string, token: string): SyncTransport {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async request<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new HttpError(response.status, `${response.status}: ${text}`);
      return JSON.parse(text) as T;
    },
    async openStream(path: string, signal: AbortSignal) {
      const response = await fetch(`${baseUrl}${path}`, { headers, signal });
      if (!response.ok)
        throw new HttpError(response.status, `${response.status}: ${await response.text()}`);
      return response;
    },
  };
}

export interface RunningSyncServer {
  server: AuthTestApp;
  app: FastifyInstance;
  baseUrl: string;
  port: number;
  /** Signs `username` in (registering on first use) and returns the user id and access token. */
  signIn(username: string): Promise<{ id: string; token: string }>;
  close(): Promise<void>;
}

/** A sync server on a free loopback port with the given storage engine. */
export async function startSyncServer(engine: StorageEngine): Promise<RunningSyncServer> {
  const server = await buildAuthTestApp({ accessTokenTtlSeconds: 3600 }, {}, engine);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const registered = new Set<string>();
  return {
    server,
    app: server.app,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    async signIn(username) {
      if (!registered.has(username)) {
        await registerUser(server.app, username);
        registered.add(username);
      }
      const answer = await login(server.app, username);
      return { id: answer.user.id, token: answer.accessToken };
    },
    close: () => server.close(),
  };
}
