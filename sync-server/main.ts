/**
 * Entry point of the sync server (`npm start` runs it through scripts/start.mjs).
 * Environment: PORT (default 8787), HOST (default 0.0.0.0), DATA_DIR (default ./data/local; the
 * SQLite file is `${DATA_DIR}/natural-state-trails.sqlite`), STATIC_DIR (default ./dist).
 * An operator's road map is `${DATA_DIR}/basemap.pmtiles` (a Protomaps-schema basemap, README
 * "Road map"); the server cuts it into the map regions and keeps the cut in
 * `${DATA_DIR}/basemap-regions/`.
 * DATABASE_URL (postgres://user:password@host:5432/database): store everything in that
 * PostgreSQL database instead of the SQLite file, so several instances can share it; each
 * instance migrates it at start (one at a time) and hears the others' sync changes through
 * LISTEN/NOTIFY.
 *
 * Sign-in and sessions (all optional):
 * - ADMIN_USERNAME, ADMIN_PASSWORD (at least 8 characters), ADMIN_EMAIL: the first admin. At
 *   every start this account is created, or set to role admin, restored if deleted and given
 *   this password (other sessions of it end when the password changes). Set both or neither.
 * - TEST_USERNAME, TEST_PASSWORD, TEST_EMAIL: the same for an account with role test (sees the
 *   admin-and-test tools, not the admin-only ones).
 * - JWT_SECRET: HS256 signing secret for access tokens, at least 32 bytes. Unset: one is
 *   generated on first start and kept in the database, so restarts keep sessions valid. Set it
 *   (the same on every instance) to rotate it, which signs everyone out within one token lifetime.
 * - ACCESS_TOKEN_TTL_SECONDS: access token lifetime, default 900 (15 minutes).
 * - REFRESH_TOKEN_TTL_SECONDS: refresh token lifetime, default 2592000 (30 days), renewed on
 *   every refresh.
 * - AUTH_RATE_LIMIT_PER_MINUTE: requests per minute per IP address to POST /api/auth/login and
 *   POST /api/auth/register (each), default 20. Failed sign-ins per username are limited
 *   separately: 5 per 15 minutes.
 *
 * Voice (all optional):
 * - MODELS_DIR: folder of offline speech models (`npm run models` installs one), default
 *   `${DATA_DIR}/models`; served under /models/.
 * - REALTIME_API_URL, REALTIME_API_KEY: an OpenAI Realtime API compatible provider's base URL
 *   (e.g. `…/v1/realtime`) and key; unset, POST /api/realtime/client-secret answers 503.
 *   REALTIME_MODEL: the realtime model name, default "gpt-realtime".
 * USGS water data (optional):
 * - USGS_IV_URL: the USGS Instantaneous Values service the gauge route asks, default
 *   https://waterservices.usgs.gov/nwis/iv/ (tests point it at a local fake).
 * Stops cleanly on SIGINT and SIGTERM (docs/operations.md): takes no new connections, answers
 * 503 to requests still arriving on open ones, lets the requests in flight finish, ends the
 * sync streams with a reconnect hint, closes the database and exits 0. If that takes longer
 * than 10 s the remaining connections are cut (their transactions roll back, the devices retry)
 * and it exits 1.
 */
import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { basemapCacheFolder, basemapFileName } from './tiles/basemap-regions.ts';
import { authOptionsFromEnvironment, type AuthOptions } from './auth/auth-settings.ts';
import { defaultUsgsIvUrl } from './routes/gauge-routes.ts';
import { realtimeSettingsFromEnvironment, type RealtimeSettings } from './routes/voice-routes.ts';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = resolve(process.env.DATA_DIR ?? './data/local');
const staticDir = resolve(process.env.STATIC_DIR ?? './dist');
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const modelsDir = resolve(process.env.MODELS_DIR ?? resolve(dataDir, 'models'));

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535, not "${process.env.PORT}".`);
  process.exit(1);
}

const usgsIvUrl = process.env.USGS_IV_URL?.trim() || defaultUsgsIvUrl;
if (!URL.canParse(usgsIvUrl) || !/^https?:$/.test(new URL(usgsIvUrl).protocol)) {
  console.error(`USGS_IV_URL must be an http(s) URL, not "${usgsIvUrl}".`);
  process.exit(1);
}

let auth: AuthOptions;
let realtime: RealtimeSettings | null;
try {
  auth = authOptionsFromEnvironment(process.env);
  realtime = realtimeSettingsFromEnvironment(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({
    databaseFile: resolve(dataDir, 'natural-state-trails.sqlite'),
    databaseUrl,
    staticDir,
    logger: true,
    auth,
    modelsDir,
    basemap: {
      file: resolve(dataDir, basemapFileName),
      cacheDir: resolve(dataDir, basemapCacheFolder),
    },
    realtime,
    usgs: { ivUrl: usgsIvUrl },
  });
} catch (error) {
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/** Longest a graceful stop may take before the remaining connections are cut, ms. */
const shutdownBoundMs = 10_000;
/** After cutting them, how long the database gets to close before the process just exits, ms. */
const shutdownCutGraceMs = 2_000;

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing the requests in flight, then stopping`);
    let cutShort = false;
    const cut = setTimeout(() => {
      cutShort = true;
      app.log.warn(`requests still running after ${shutdownBoundMs} ms: closing their connections`);
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), shutdownCutGraceMs).unref();
    }, shutdownBoundMs);
    cut.unref();
    app.close().then(
      () => {
        clearTimeout(cut);
        process.exit(cutShort ? 1 : 0);
      },
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
