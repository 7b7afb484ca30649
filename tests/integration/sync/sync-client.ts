// Test plumbing for the client side of sync: a running test server with signed-in riders
// (the transport to reach it is in test-transport.ts).
import type { FastifyInstance } from 'fastify';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import type { StorageEngine } from '../server/test-server.ts';

export interface RunningSyncServer {
  server: AuthTestApp;
  app: FastifyInstance;
  baseUrl: string;
  port: number;
  /** Signs `username` in (registering on first use) and returns the user id and access token. */
  signIn(username: string): Promise<{ id: string; token: string }>;
  close(): Promise<void>;
}

/**
 * A sync server on a free loopback port with the given storage engine; `overrides` are other
 * app options (a test's own `collections`).
 */
export async function startSyncServer(
  engine: StorageEngine,
  auth: Parameters<typeof buildAuthTestApp>[0] = {},
  overrides: Parameters<typeof buildAuthTestApp>[1] = {},
): Promise<RunningSyncServer> {
  const server = await buildAuthTestApp(
    { accessTokenTtlSeconds: 3600, ...auth },
    overrides,
    engine,
  );
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
