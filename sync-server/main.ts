/**
 * Entry point of the sync server (`npm start` runs it through scripts/start.mjs).
 * Environment: PORT (default 8787), HOST (default 0.0.0.0), DATA_DIR (default ./data/local; the
 * SQLite file is `${DATA_DIR}/natural-state-trails.sqlite`), STATIC_DIR (default ./dist).
 * Stops cleanly on SIGINT and SIGTERM.
 */
import { resolve } from 'node:path';
import { buildApp } from './app.ts';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = resolve(process.env.DATA_DIR ?? './data/local');
const staticDir = resolve(process.env.STATIC_DIR ?? './dist');

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535, not "${process.env.PORT}".`);
  process.exit(1);
}

const app = await buildApp({
  databaseFile: resolve(dataDir, 'natural-state-trails.sqlite'),
  staticDir,
  logger: true,
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port, host });
  const address = app.server.address();
  const listeningPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Natural State Trails is running at http://localhost:${listeningPort}`);
} catch (error) {
  app.log.error({ err: error }, 'could not start the server');
  await app.close();
  process.exit(1);
}
