/**
 * The sync server as a Fastify app factory that does not listen (DESIGN.md "Sync server"):
 * opens and migrates the database, seeds the public catalogue from data/, and registers
 * security headers, the API, JSON errors and static hosting of the built PWA. Tests drive it
 * through `inject` or listen on a free port; sync-server/main.ts listens for real.
 */
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandler } from './errors.ts';
import { registerCatalogRoutes } from './routes/catalog-routes.ts';
import { registerStaticHosting } from './static-hosting.ts';
import { openSqliteDatabase } from './storage/database.ts';
import { seedDatabase } from './storage/seed-database.ts';

export interface AppOptions {
  /** SQLite database file; created, with its folder, when missing. */
  databaseFile: string;
  /** Folder of the built PWA (vite build output), or null to serve the API only. */
  staticDir: string | null;
  /** Folder of the shipped datasets to seed from; default `<repo>/data`. */
  seedDataDir?: string;
  /** Fastify request logging; default off. */
  logger?: boolean;
}

/** Largest accepted request body: 1 MiB. Larger bodies get a JSON 413. */
export const bodyLimitBytes = 1024 * 1024;

/** The project's own data folder (never ../shared: DESIGN.md "Data"). */
export const defaultSeedDataDir = fileURLToPath(new URL('../data', import.meta.url));

/**
 * Content Security Policy that lets the PWA work: its own scripts plus WebAssembly (speech
 * model, map decoding), blob: workers (MapLibre), data:/blob: images, inline styles set by
 * libraries. No upgrade-insecure-requests: the app is also used over plain HTTP on a LAN.
 */
const contentSecurityPolicy = {
  useDefaults: true,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    workerSrc: ["'self'", 'blob:'],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    upgradeInsecureRequests: null,
  },
};

/**
 * Builds the app: opens `options.databaseFile`, migrates, seeds (or re-seeds when data/
 * changed) and registers every route. Does not listen. Closing the app closes the database.
 * Throws if the database cannot be opened or the seed data is invalid.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const db = await openSqliteDatabase(options.databaseFile);
  let app: FastifyInstance | undefined;
  try {
    const seed = await seedDatabase(db, options.seedDataDir ?? defaultSeedDataDir);
    app = Fastify({ logger: options.logger ?? false, bodyLimit: bodyLimitBytes });
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    installErrorHandler(app);
    await app.register(helmet, {
      contentSecurityPolicy,
      // The app loads nothing cross-origin that would need these; keep the PWA unblocked.
      crossOriginEmbedderPolicy: false,
    });
    await registerCatalogRoutes(app, { db, databaseKind: 'sqlite', seededAt: seed.seededAt });
    await registerStaticHosting(app, options.staticDir);
    await app.ready();
    return app;
  } catch (error) {
    if (app) await app.close();
    else await db.destroy();
    throw error;
  }
}
