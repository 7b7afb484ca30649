/**
 * The sync server as a Fastify app factory that does not listen (docs/architecture.md#sync-server):
 * opens and migrates the database, seeds the public catalogue from data/, creates the accounts
 * configured in the environment, and registers security headers, rate limits, the API (catalogue,
 * auth, accounts, live USGS gauge readings), JSON errors and static hosting of the built PWA. Tests drive it
 * through `inject` or listen on a free port; sync-server/main.ts listens for real.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAccessTokenService, loadSigningSecret } from './auth/access-tokens.ts';
import { resolveAuthSettings, type AuthOptions } from './auth/auth-settings.ts';
import {
  assertDistinctConfiguredAccounts,
  ensureConfiguredAccount,
} from './auth/configured-accounts.ts';
import { createPasswordHasher } from './auth/passwords.ts';
import { createAuthGuards, type AuthGuards } from './auth/request-auth.ts';
import { installErrorHandler, sendUnavailable } from './errors.ts';
import { registerAccountDeletionRoutes } from './routes/account-deletion-routes.ts';
import { registerAccountRoutes } from './routes/account-routes.ts';
import { registerAnalyticsRoutes } from './routes/analytics-routes.ts';
import { registerAuthRoutes } from './routes/auth-routes.ts';
import { registerCatalogRoutes } from './routes/catalog-routes.ts';
import { defaultUsgsIvUrl, registerGaugeRoutes, type UsgsSettings } from './routes/gauge-routes.ts';
import { registerGroupRideRoutes } from './routes/group-ride-routes.ts';
import { createDiskPhotoStore } from './photos/disk-photo-store.ts';
import { registerPhotoRoutes } from './routes/photo-routes.ts';
import { registerRepairShopRoutes } from './routes/repair-shop-routes.ts';
import { registerReviewRoutes } from './routes/review-routes.ts';
import { registerTrailReportRoutes } from './routes/trail-report-routes.ts';
import { registerSyncRoutes } from './routes/sync-routes.ts';
import { registerRegulationRoutes } from './routes/regulation-routes.ts';
import { registerTrailSubmissionRoutes } from './routes/trail-submission-routes.ts';
import { registerTilesRoutes } from './routes/tiles-routes.ts';
import { registerVoiceRoutes, type RealtimeSettings } from './routes/voice-routes.ts';
import { registerStaticHosting } from './static-hosting.ts';
import { openServerDatabase, type DatabaseKind, type ServerDatabase } from './storage/database.ts';
import type { ChangeBus } from './sync/change-bus.ts';
import { seedDatabase } from './storage/seed-database.ts';
import type { BasemapSettings } from './tiles/basemap-regions.ts';
import { defaultTilesDir } from './tiles/tile-catalog.ts';
import { compileRequestSchema } from './validation.ts';
import { loadTrailPlaceLookup, type TrailPlaceLookup } from '../datasets/trail-place.ts';
import type { CollectionDescriptor } from '../schemas/collections/descriptor.ts';

export interface AppOptions {
  /** SQLite database file; created, with its folder, when missing. */
  databaseFile: string;
  /** PostgreSQL URL (DATABASE_URL); when set, used instead of `databaseFile`. */
  databaseUrl?: string | undefined;
  /** Folder of the built PWA (vite build output), or null to serve the API only. */
  staticDir: string | null;
  /** Folder of the shipped datasets to seed from; default `<repo>/data`. */
  seedDataDir?: string;
  /** Fastify request logging; default off. */
  logger?: boolean;
  /** Where log lines go when `logger` is on (tests read them); default stdout. */
  logStream?: { write(line: string): void };
  /** Sign-in, token, rate-limit and configured-account settings (auth/auth-settings.ts). */
  auth?: AuthOptions;
  /** Folder of the offline map archives and their catalog; default `<repo>/data/tiles`. */
  tilesDir?: string;
  /**
   * The operator's road map (DATA_DIR/basemap.pmtiles) and where its cut into the regions is
   * kept (DATA_DIR/basemap-regions); unset: the default map only (tiles/basemap-regions.ts).
   */
  basemap?: BasemapSettings | null;
  /** Folder of offline speech models (MODELS_DIR); default `<repo>/data/local/models`. */
  modelsDir?: string;
  /** Realtime voice provider (REALTIME_API_URL, REALTIME_API_KEY); unset: the route answers 503. */
  realtime?: RealtimeSettings | null;
  /** USGS water services (USGS_IV_URL); default the public Instantaneous Values service. */
  usgs?: UsgsSettings;
  /**
   * The collections the sync routes serve, as descriptors (default: the app's, from
   * schemas/collections/). A test of a new collection gives its one descriptor here.
   */
  collections?: readonly CollectionDescriptor[];
  /**
   * Folder of the photo files (DATA_DIR/photos); default `photos` beside `databaseFile`, which
   * sync-server/main.ts puts in DATA_DIR.
   */
  photosDir?: string;
}

/**
 * Compression of the API's JSON answers (a first visit's catalogue is about 1.1 MB of
 * JSON, ~190 KB compressed; a rider at a gas station has seconds of signal). Only JSON: the
 * built files already have Brotli and gzip copies (static-hosting.ts), map archives and model
 * files are binary and served by byte range. Small answers (errors, acks) stay as they are.
 * Brotli at quality 4 (the plugin's default) keeps the server's cost to a few ms per page; only
 * answers over 1 MiB are compressed on libuv's thread pool, off the event loop. Request bodies
 * are not decompressed: a pushed body arrives as JSON, as the sync protocol defines it.
 */
const apiCompression = {
  global: true,
  globalDecompression: false,
  customTypes: /^application\/(?:[a-z.+-]*\+)?json(?:;|$)/,
  threshold: 1024,
  // Answers up to 1 MiB (a pull page of 500 trips is ~320 KB, the trails catalogue ~730 KB) are
  // compressed in one call, 3–5 ms for a trips page, rather than through a zlib stream: on two
  // cores the stream's scheduling cost more than it overlapped, ~100 ms per 10,000 trips pulled.
  // Larger answers (track chunk pages) still stream on the thread pool.
  syncThreshold: 1024 * 1024,
  // gzip is what clients without Brotli get (Node's fetch over plain HTTP among them): its
  // fastest level still shrinks the catalogue about fourfold at a fraction of the default's cost.
  zlibOptions: { level: constants.Z_BEST_SPEED },
};

/** Default MODELS_DIR: beside the SQLite file, outside the repository's tracked files. */
export const defaultModelsDir = fileURLToPath(new URL('../data/local/models', import.meta.url));

/** Largest accepted request body: 1 MiB. Larger bodies get a JSON 413. */
export const bodyLimitBytes = 1024 * 1024;

/** The project's own data folder, data/ (docs/architecture.md#data). */
export const defaultSeedDataDir = fileURLToPath(new URL('../data', import.meta.url));

/**
 * Content Security Policy that lets the PWA work: its own scripts plus WebAssembly (speech
 * model, map decoding), blob: workers (MapLibre), data:/blob: images, inline styles set by
 * libraries. No upgrade-insecure-requests: the app is also used over plain HTTP on a LAN.
 */
function contentSecurityPolicy(realtime: RealtimeSettings | null | undefined) {
  return {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      workerSrc: ["'self'", 'blob:'],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // The realtime client posts its SDP offer to the provider itself (requirements §voice-7.1).
      connectSrc: ["'self'", ...(realtime ? [new URL(realtime.apiUrl).origin] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      upgradeInsecureRequests: null,
    },
  };
}

/**
 * Request logging without secrets: Fastify logs method, URL and status, never bodies, and the
 * redaction covers credentials should a header or body ever reach a log line.
 */
function loggerOptions(options: AppOptions): FastifyServerOptions['logger'] {
  if (!options.logger) return false;
  return {
    level: 'info',
    ...(options.logStream ? { stream: options.logStream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body',
        'body',
        'password',
        '*.password',
        'refreshToken',
        '*.refreshToken',
        'accessToken',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
  };
}

/**
 * Once `app.close()` has begun (SIGTERM, main.ts), requests still arriving on open keep-alive
 * connections answer 503 with Retry-After and `Connection: close`, so clients and load
 * balancers take them to another instance; the requests already running finish and their
 * connections close. The liveness route keeps answering: the process is alive until it exits.
 */
function rejectWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing || request.url === '/api/health/live') return;
    reply.header('connection', 'close');
    return sendUnavailable(reply, 'This server is shutting down. Try again.');
  });
  // The server stops only when every connection has closed, and Node closes only the ones idle
  // when closing began: a keep-alive connection whose request was still running would stay open.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

/** What the feature routes share: the database, its kind, the auth guards and the change bus. */
interface FeatureRouteContext {
  db: Kysely<ServerDatabase>;
  databaseKind: DatabaseKind;
  guards: AuthGuards;
  changeBus: ChangeBus;
}

/**
 * Registers the routes of the app's features beyond catalogue, auth, accounts and sync:
 * campground reviews, repair shops, group rides, usage counts, trail submissions, map tiles, voice and
 * river gauges.
 */
async function registerFeatureRoutes(
  app: FastifyInstance,
  options: AppOptions,
  { db, databaseKind, guards, changeBus }: FeatureRouteContext,
): Promise<void> {
  await registerReviewRoutes(app, { db, guards, changeBus });
  await registerTrailReportRoutes(app, { db, databaseKind, guards, changeBus });
  await registerRepairShopRoutes(app, { db, guards });
  await registerGroupRideRoutes(app, { db, guards, changeBus });
  await registerAnalyticsRoutes(app, { db, guards });
  await registerRegulationRoutes(app, { db, guards, changeBus });
  let placeLookup: TrailPlaceLookup | null = null;
  await registerTrailSubmissionRoutes(app, {
    db,
    databaseKind,
    guards,
    changeBus,
    // Read from data/ on the first approval, not at every start.
    placeLookup: () =>
      (placeLookup ??= loadTrailPlaceLookup(options.seedDataDir ?? defaultSeedDataDir)),
  });
  await registerTilesRoutes(app, {
    tilesDir: options.tilesDir ?? defaultTilesDir,
    basemap: options.basemap ?? null,
  });
  await registerVoiceRoutes(app, {
    guards,
    modelsDir: options.modelsDir ?? defaultModelsDir,
    realtime: options.realtime ?? null,
    staticDir: options.staticDir,
  });
  await registerPhotoRoutes(app, {
    db,
    guards,
    store: createDiskPhotoStore(options.photosDir ?? join(dirname(options.databaseFile), 'photos')),
  });
  await registerGaugeRoutes(app, {
    dataDir: options.seedDataDir ?? defaultSeedDataDir,
    usgs: options.usgs ?? { ivUrl: defaultUsgsIvUrl },
  });
}

/**
 * Builds the app: opens `options.databaseFile`, migrates, seeds (or re-seeds when data/
 * changed), creates or updates the configured admin and test accounts, and registers every
 * route. Does not listen. Closing the app closes the database. Throws if the database cannot be
 * opened, the seed data is invalid or an auth setting (secret, configured account) is invalid.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, kind: databaseKind, changeBus } = await openServerDatabase(options);
  let app: FastifyInstance | undefined;
  try {
    const seed = await seedDatabase(db, options.seedDataDir ?? defaultSeedDataDir);
    const settings = resolveAuthSettings(options.auth);
    assertDistinctConfiguredAccounts(settings.initialAdmin, settings.initialTestAccount);
    const hasher = await createPasswordHasher(settings.passwordHashing);
    const tokens = createAccessTokenService(
      await loadSigningSecret(db, settings.jwtSecret),
      settings.accessTokenTtlSeconds,
    );
    const configuredAccounts = [
      { account: settings.initialAdmin, roleId: 'admin', prefix: 'ADMIN' },
      { account: settings.initialTestAccount, roleId: 'test', prefix: 'TEST' },
    ] as const;
    const accountOutcomes: string[] = [];
    for (const { account, roleId, prefix } of configuredAccounts) {
      if (!account) continue;
      const outcome = await ensureConfiguredAccount(db, hasher, account, roleId, prefix);
      accountOutcomes.push(`${roleId} account "${account.username.trim()}": ${outcome}`);
    }

    app = Fastify({
      logger: loggerOptions(options),
      bodyLimit: bodyLimitBytes,
      // Requests arriving while the app closes get our own 503 (rejectWhileClosing).
      return503OnClosing: false,
    });
    // Runs once the requests in flight have finished (Fastify closes the server first).
    app.addHook('onClose', async () => {
      await changeBus.close();
      await db.destroy();
    });
    rejectWhileClosing(app);
    for (const line of accountOutcomes) app.log.info(line);
    installErrorHandler(app);
    app.setValidatorCompiler(({ schema }) => compileRequestSchema(schema));
    await app.register(helmet, {
      contentSecurityPolicy: contentSecurityPolicy(options.realtime),
      // The app loads nothing cross-origin that would need these; keep the PWA unblocked.
      crossOriginEmbedderPolicy: false,
    });
    // Per-IP limits only on routes that ask for them (config.rateLimit): the auth routes. Its
    // counters live in this process's memory: the one state the server keeps outside the
    // database (each instance behind a load balancer counts its own share).
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`Too many requests from this address. Try again in ${context.after}.`),
          { statusCode: context.statusCode },
        ),
    });
    await app.register(compress, apiCompression);
    const guards = createAuthGuards(app, db, tokens);
    await registerCatalogRoutes(app, { db, databaseKind, seededAt: seed.seededAt });
    await registerAuthRoutes(app, { db, settings, hasher, tokens, guards });
    await registerAccountRoutes(app, { db, databaseKind, guards });
    await registerAccountDeletionRoutes(app, {
      db,
      databaseKind,
      hasher,
      guards,
      credentialRequestsPerMinute: settings.credentialRequestsPerMinute,
    });
    await registerSyncRoutes(app, {
      db,
      databaseKind,
      guards,
      changeBus,
      ...(options.collections ? { collections: options.collections } : {}),
    });
    await registerFeatureRoutes(app, options, { db, databaseKind, guards, changeBus });
    await registerStaticHosting(app, options.staticDir);
    await app.ready();
    return app;
  } catch (error) {
    if (app) await app.close();
    else {
      await changeBus.close();
      await db.destroy();
    }
    throw error;
  }
}
