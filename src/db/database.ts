/**
 * Opens the app's RxDB database: every collection of `schemas/collections/` on Dexie (IndexedDB)
 * storage, with local documents for settings and flags (docs/architecture.md#data, requirements
 * §core-3). This folder is the only code that imports rxdb; the rest of the app reads through the
 * hooks of `src/db-react` and writes through the domain functions of this folder.
 */
import { addRxPlugin, createRxDatabase, isRxDatabaseFirstTimeInstantiated } from 'rxdb';
import type { MigrationStrategies, RxCollection, RxDatabase, RxJsonSchema, RxStorage } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { withIndexedChangesSince } from './changes-since-storage.ts';
import { yieldToMain } from '../lib/scheduling/yield-to-main.ts';
import { allCollections } from '../../schemas/collections/index.ts';
import type { CollectionDescriptor } from '../../schemas/collections/descriptor.ts';
import type { Achievement } from '../../schemas/achievements.ts';
import type { CampgroundReview } from '../../schemas/campground-reviews.ts';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { RiderRecord } from '../../schemas/records.ts';
import type { TrackChunk } from '../../schemas/track-chunks.ts';
import type { TrailReport } from '../../schemas/trail-reports.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { TripContext } from '../../schemas/trip-context.ts';
import type { TripPlan } from '../../schemas/trip-plans.ts';
import type { Trip } from '../../schemas/trips.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { conflictHandlerFor } from './conflict-handlers.ts';
import { removePublicWmaWaypoints } from './public-waypoint-removal.ts';

/** Name of the browser's one database (IndexedDB databases are prefixed by Dexie with `rxdb-dexie-`). */
export const appDatabaseName = 'natural-state-trails';

export type TrailCollection = RxCollection<Trail>;
export type WaypointCollection = RxCollection<Waypoint>;
export type TripCollection = RxCollection<Trip>;
export type TrackChunkCollection = RxCollection<TrackChunk>;
export type AchievementCollection = RxCollection<Achievement>;
export type TripPlanCollection = RxCollection<TripPlan>;
export type TripContextCollection = RxCollection<TripContext>;
export type CampgroundCollection = RxCollection<Campground>;
export type CampgroundReviewCollection = RxCollection<CampgroundReview>;
export type WmaCollection = RxCollection<Wma>;
export type RecordCollection = RxCollection<RiderRecord>;
export type TrailReportCollection = RxCollection<TrailReport>;

/** Every collection of the app database, by the names of `schemas/collections/index.ts`. */
export type AppCollections = {
  trails: TrailCollection;
  waypoints: WaypointCollection;
  trips: TripCollection;
  trackChunks: TrackChunkCollection;
  achievements: AchievementCollection;
  tripPlans: TripPlanCollection;
  tripContext: TripContextCollection;
  campgrounds: CampgroundCollection;
  campgroundReviews: CampgroundReviewCollection;
  wmas: WmaCollection;
  records: RecordCollection;
  trailReports: TrailReportCollection;
};

/** The app's RxDB database, with local documents enabled. */
export type AppDatabase = RxDatabase<AppCollections>;

/** Options of `createAppDatabase`. */
export interface CreateAppDatabaseOptions {
  /** IndexedDB database name (tests use a unique one each). */
  name: string;
  /** IndexedDB implementation; defaults to the global one (fake-indexeddb in Node tests). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** RxDB dev mode and Ajv schema validation of every write. Defaults to `import.meta.env.DEV`. */
  devMode?: boolean;
  /**
   * Storage instead of Dexie on IndexedDB; benchmarks use RxDB's memory storage to compare the
   * sync engine with PouchDB's memory adapter. `indexedDB` and `IDBKeyRange` are then unused.
   */
  storage?: RxStorage<unknown, unknown>;
  /**
   * The collections to open, as descriptors (default: the app's thirteen). Tests open a
   * collection of their own this way; the free RxDB build opens at most 13 per process.
   */
  collections?: readonly CollectionDescriptor[];
}

/**
 * SHA-256 as lowercase hex. The browser's Web Crypto digest where it exists (it runs off the
 * main thread; RxDB hashes every collection's schema while the database opens), else plain
 * JavaScript, loaded only then: browsers only expose `crypto.subtle` on secure origins, so a
 * phone testing the app over plain-HTTP LAN would otherwise fail to open the database
 * (docs/architecture.md#toolchain).
 */
export async function hashSha256Hex(input: string | ArrayBuffer | Blob): Promise<string> {
  let bytes: Uint8Array<ArrayBuffer>;
  if (typeof input === 'string') {
    bytes = new TextEncoder().encode(input);
  } else if (typeof Blob !== 'undefined' && input instanceof Blob) {
    bytes = new Uint8Array(await input.arrayBuffer());
  } else {
    bytes = new Uint8Array(input as ArrayBuffer);
  }
  const subtle = globalThis.crypto?.subtle;
  const digest = subtle
    ? new Uint8Array(await subtle.digest('SHA-256', bytes))
    : (await import('@noble/hashes/sha2.js')).sha256(bytes);
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let pluginsAdded = false;
let devModePluginAdded = false;

/**
 * Dev mode and Ajv validation are imported dynamically so production bundles never carry them
 * (about 270 KB of source; dev mode and ajv validation run in development builds only:
 * docs/architecture.md#data).
 */
async function addPlugins(devMode: boolean): Promise<void> {
  if (!pluginsAdded) {
    addRxPlugin(RxDBLocalDocumentsPlugin);
    addRxPlugin(RxDBMigrationSchemaPlugin);
    pluginsAdded = true;
  }
  if (devMode && !devModePluginAdded) {
    const { RxDBDevModePlugin, disableWarnings } = await import('rxdb/plugins/dev-mode');
    // The dev-mode banner repeats what this comment says; the checks stay on.
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    devModePluginAdded = true;
  }
}

/** RxDB's creator of `descriptor`'s collection: schema, migrations and conflict handler. */
function collectionCreator(descriptor: CollectionDescriptor) {
  const conflictHandler = conflictHandlerFor(descriptor);
  return {
    schema: descriptor.schema as unknown as RxJsonSchema<unknown>,
    migrationStrategies: descriptor.migrations as MigrationStrategies,
    ...(conflictHandler ? { conflictHandler } : {}),
  };
}

/**
 * Opens (creating on first use) the app database with every collection of
 * `schemas/collections/` (or `options.collections`), each with its descriptor's migration
 * strategies and conflict handler.
 * Rejects with RxDB's error when IndexedDB is unavailable (some private-browsing modes) or a
 * stored schema version has no migration path. Callers own the instance: `close()` or
 * `remove()` it; the free RxDB build allows 13 open collections per process.
 */
export async function createAppDatabase(options: CreateAppDatabaseOptions): Promise<AppDatabase> {
  // Once the dev-mode plugin is in a process it checks every database, so later ones must be
  // validated too, whatever they asked for.
  const devMode = (options.devMode ?? import.meta.env.DEV) || devModePluginAdded;
  await addPlugins(devMode);
  // Pushes read changes through index ranges (changes-since-storage.ts), on any storage.
  const baseStorage = withIndexedChangesSince(
    options.storage ??
      getRxStorageDexie({
        ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
        ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
      }),
  );
  const storage: RxStorage<unknown, unknown> = devMode
    ? (await import('rxdb/plugins/validate-ajv')).wrappedValidateAjvStorage({
        storage: baseStorage,
      })
    : baseStorage;
  const database = await createRxDatabase<AppCollections>({
    name: options.name,
    storage,
    localDocuments: true,
    hashFunction: hashSha256Hex,
    // Hot module reload re-runs this module with the old instance still open; only dev mode
    // may tolerate that, a duplicate in production is a bug.
    ...(devMode ? { ignoreDuplicate: true } : {}),
  });
  try {
    // One collection at a time, the main thread given back between them: creating all
    // thirteen in one call was one task of a quarter of a second on a mid-range phone's first
    // visit, during which no tap was answered.
    for (const descriptor of options.collections ?? allCollections) {
      await database.addCollections({ [descriptor.name]: collectionCreator(descriptor) });
      await yieldToMain();
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

let appDatabase: Promise<AppDatabase> | null = null;

/** True when this open created the database (its first visit); false when unsure. */
async function isNewDatabase(database: AppDatabase): Promise<boolean> {
  try {
    return await isRxDatabaseFirstTimeInstantiated(database as unknown as RxDatabase);
  } catch {
    return false;
  }
}

let startStepModules: {
  legacyMigration: Promise<typeof import('./legacy-migration.ts')>;
  collectionMoves: Promise<typeof import('./collection-moves.ts')>;
} | null = null;

/**
 * The one-time steps' modules, loaded on demand (after their first run they only read a flag,
 * so they should not weigh on the entry) and requested once, at the start of the database's
 * opening: on a first visit they download beside it instead of one after the other after it.
 */
function loadStartStepModules(): NonNullable<typeof startStepModules> {
  if (!startStepModules) {
    startStepModules = {
      legacyMigration: import('./legacy-migration.ts'),
      collectionMoves: import('./collection-moves.ts'),
    };
    // A failed download is reported by the step that awaits it, not as unhandled meanwhile.
    startStepModules.legacyMigration.catch(() => undefined);
    startStepModules.collectionMoves.catch(() => undefined);
  }
  return startStepModules;
}

/**
 * The one-time steps after the database opens (see `getAppDatabase`). A database this start
 * created holds nothing older, so a first visit only records them as done: the legacy check
 * skips counting the empty collections, and no retired collection is opened and removed, which
 * on a mid-range phone kept the main thread busy for half a second before the catalogue's pull.
 */
export async function runStartSteps(database: AppDatabase): Promise<void> {
  const modules = loadStartStepModules();
  const isNew = await isNewDatabase(database);
  try {
    const { runLegacyMigration } = await modules.legacyMigration;
    await runLegacyMigration(database, { currentDatabaseIsNew: isNew });
  } catch (error) {
    console.error('Legacy offline database migration failed; will retry next start', error);
  }
  try {
    const { recordCollectionMovesDone, runCollectionMoves } = await modules.collectionMoves;
    await (isNew ? recordCollectionMovesDone(database) : runCollectionMoves(database));
  } catch (error) {
    console.error('Could not move a retired collection; will retry next start', error);
  }
  if (isNew) return;
  try {
    await removePublicWmaWaypoints(database);
  } catch (error) {
    console.error('Could not remove the old public WMA waypoints; will retry next start', error);
  }
}

/**
 * The browser's one app database ('natural-state-trails'), opened on first call and shared
 * afterwards. The first open also runs the one-time legacy-database migration
 * (requirements §core-4 "Offline"); a failed migration is logged and never blocks the app, and it
 * is retried on the next start because its flag is only set on success. Then the documents of
 * retired collections move into their new ones (`runCollectionMoves`, once per device), and the
 * public WMA rows older versions kept in `waypoints` are removed (`removePublicWmaWaypoints`);
 * a database this start created skips both (`runStartSteps`).
 * A failed open is not cached, so a later call tries again.
 */
export function getAppDatabase(): Promise<AppDatabase> {
  if (!appDatabase) {
    appDatabase = (async () => {
      loadStartStepModules();
      const database = await createAppDatabase({ name: appDatabaseName });
      await runStartSteps(database);
      // `npm run bench` prints it in a first visit's timeline (docs/performance.md).
      performance.mark('database-open');
      return database;
    })();
    appDatabase.catch(() => {
      appDatabase = null;
    });
  }
  return appDatabase;
}
