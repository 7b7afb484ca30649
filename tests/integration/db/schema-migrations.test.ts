// Version 1 of trips, tripPlans and waypoints (optional syncConflicts, issue 4): documents stored
// by an installed app at version 0 must open unchanged after the update (src/db/migrations.ts).
import { mapRegionSchema } from '../../../schemas/map-regions.ts';
import { runCollectionMoves } from '../../../src/db/collection-moves.ts';
import { mapRegionRepository } from '../../../src/db/map-regions.ts';
import { afterEach, expect, it } from 'vitest';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { collectionSchemas } from '../../../schemas/index.ts';
import { createAppDatabase, hashSha256Hex, type AppDatabase } from '../../../src/db/database.ts';
import { makeTrip, makeTripPlan } from '../sync/sync-fixtures.ts';
import { riderWaypoint, shippedCampgrounds, shippedTrails } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

/** The schema as version 0 shipped it: no syncConflicts. */
function versionZero(name: 'trips' | 'tripPlans' | 'waypoints'): RxJsonSchema<unknown> {
  const schema = structuredClone(collectionSchemas[name]) as unknown as {
    version: number;
    properties: Record<string, unknown>;
  };
  schema.version = 0;
  delete schema.properties.syncConflicts;
  delete schema.properties.photos;
  return schema as unknown as RxJsonSchema<unknown>;
}

it('keeps every trip, trip plan and rider waypoint stored at schema version 0', async () => {
  const name = `schema-v0-${Date.now().toString(36)}`;
  const trip = makeTrip('temp-lkj3-abc', { name: 'Friday night at Wolf Pen Gap' });
  const plan = makeTripPlan('temp-plan-1');
  const waypoint = riderWaypoint('rider-camp');
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }),
    hashFunction: hashSha256Hex,
  });
  await old.addCollections({
    trips: { schema: versionZero('trips') },
    tripPlans: { schema: versionZero('tripPlans') },
    waypoints: { schema: versionZero('waypoints') },
  });
  await old.trips!.insert(trip);
  await old.tripPlans!.insert(plan);
  await old.waypoints!.insert(waypoint);
  await old.close();

  db = await createAppDatabase({ name, devMode: true });
  expect((await db.trips.findOne(trip.id).exec())?.toJSON()).toEqual(trip);
  expect((await db.tripPlans.findOne(plan.id).exec())?.toJSON()).toEqual(plan);
  expect((await db.waypoints.findOne(waypoint.id).exec())?.toJSON()).toEqual(waypoint);
});

// Waypoints and trips version 2 added the optional `photos` (src/photos): a rider's documents
// stored at version 1 open unchanged, and take photos from then on.
it.each([
  ['waypoints', () => riderWaypoint('rider-camp-v1', 'u1', { syncConflicts: [] })],
  ['trips', () => makeTrip('temp-v1-trip', { name: 'Sunday at Wolf Pen Gap', syncConflicts: [] })],
] as const)(
  'keeps every %s document stored at schema version 1, without photos',
  async (collection, makeDocument) => {
    const name = `${collection}-v1-${Date.now().toString(36)}`;
    const schema = structuredClone(collectionSchemas[collection]) as unknown as {
      version: number;
      properties: Record<string, unknown>;
    };
    schema.version = 1;
    delete schema.properties.photos;
    const document = makeDocument();
    // A collection at version 1 opens only with RxDB's migration plugin.
    addRxPlugin(RxDBMigrationSchemaPlugin);
    const old = await createRxDatabase({
      name,
      storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }),
      hashFunction: hashSha256Hex,
    });
    await old.addCollections({
      [collection]: {
        schema: schema as unknown as RxJsonSchema<unknown>,
        // What the version 1 app shipped: its own step from version 0.
        migrationStrategies: { 1: (stored: unknown) => stored },
      },
    });
    await old[collection]!.insert(document);
    await old.close();

    db = await createAppDatabase({ name, devMode: true });
    const reopened = await db[collection].findOne(document.id).exec();
    expect(reopened?.toJSON()).toEqual(document);
    const photo = {
      hash: 'a'.repeat(64),
      thumbnailHash: 'b'.repeat(64),
      width: 1600,
      height: 1200,
      bytes: 412_000,
      type: 'image/jpeg' as const,
      hidden: false,
    };
    await reopened!.incrementalPatch({ photos: [photo] });
    expect((await db[collection].findOne(document.id).exec())?.toJSON().photos).toEqual([photo]);
  },
);

// Campgrounds version 1 (issue 14) added riders' ratings and nearby attractions. A device that
// cached the catalogue at version 0 must open with every campground kept, unrated and with no
// attractions listed until the next refresh brings the server's figures.
it('keeps every cached campground stored at schema version 0, unrated', async () => {
  const name = `campgrounds-v0-${Date.now().toString(36)}`;
  // A real version 0 document: the shipped data as the version 0 seed built it (region null).
  const { ratings: _ratings, nearbyAttractions: _nearby, ...current } = shippedCampgrounds()[0]!;
  const versionZeroDocument = { ...current, location: { ...current.location, region: null } };
  const schema = structuredClone(collectionSchemas.campgrounds) as unknown as {
    version: number;
    properties: Record<string, unknown>;
    required: string[];
  };
  schema.version = 0;
  delete schema.properties.ratings;
  delete schema.properties.nearbyAttractions;
  schema.required = schema.required.filter(
    (field) => field !== 'ratings' && field !== 'nearbyAttractions',
  );
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }),
    hashFunction: hashSha256Hex,
  });
  await old.addCollections({ campgrounds: { schema: schema as unknown as RxJsonSchema<unknown> } });
  await old.campgrounds!.insert(versionZeroDocument);
  await old.close();

  db = await createAppDatabase({ name, devMode: true });
  const migrated = (await db.campgrounds.findOne(versionZeroDocument.id).exec())?.toJSON();
  expect(migrated).toEqual({
    ...versionZeroDocument,
    ratings: {
      overall: null,
      cleanliness: null,
      facilities: null,
      location: null,
      value: null,
      reviewsCount: 0,
    },
    nearbyAttractions: [],
  });
});

// Trails version 1 (issue 15) added the USFS fields (system, number, vehicle classes, trail
// class, season, data date). A device that cached trails at version 0 must keep every one, with
// those facts unknown (null) until the next catalogue pull.
it('keeps every cached trail stored at schema version 0, with the USFS facts unknown', async () => {
  const name = `trails-v0-${Date.now().toString(36)}`;
  const usfsFields = [
    'systemId',
    'trailNumber',
    'vehicleClasses',
    'trailClass',
    'season',
    'dataDate',
  ] as const;
  const versionZeroDocuments = shippedTrails().map((trail) => {
    const old: Record<string, unknown> = { ...trail };
    for (const field of usfsFields) delete old[field];
    return old;
  });
  const schema = structuredClone(collectionSchemas.trails) as unknown as {
    version: number;
    properties: Record<string, unknown>;
    required: string[];
  };
  schema.version = 0;
  for (const field of usfsFields) delete schema.properties[field];
  schema.required = schema.required.filter(
    (field) => !(usfsFields as readonly string[]).includes(field),
  );
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }),
    hashFunction: hashSha256Hex,
  });
  await old.addCollections({ trails: { schema: schema as unknown as RxJsonSchema<unknown> } });
  await old.trails!.bulkInsert(versionZeroDocuments);
  await old.close();

  db = await createAppDatabase({ name, devMode: true });
  const migrated = (await db.trails.find().exec()).map((trail) => trail.toJSON());
  expect(migrated).toHaveLength(versionZeroDocuments.length);
  const wolfPen = migrated.find((trail) => trail.id === 'wolf-pen-gap-ohv-trail');
  expect(wolfPen).toEqual({
    ...versionZeroDocuments.find((trail) => trail.id === 'wolf-pen-gap-ohv-trail'),
    systemId: null,
    trailNumber: null,
    vehicleClasses: null,
    trailClass: null,
    season: null,
    dataDate: null,
  });
});

// Trails version 2 added the season's optional `reportedAs` (a reported, unconfirmed window). A
// device that cached trails at version 1 must keep every one as it was, seasons included.
it('keeps every cached trail stored at schema version 1, seasons unchanged', async () => {
  const name = `trails-v1-${Date.now().toString(36)}`;
  // Every other trail with a version 1 season window (the shipped places carry none).
  const versionOneDocuments = shippedTrails().map((trail, index) => ({
    ...trail,
    season:
      index % 2 === 0
        ? { yearRound: false, openFrom: '03-15', openUntil: '10-31', source: 'A version 1 source' }
        : null,
  }));
  const schema = structuredClone(collectionSchemas.trails) as unknown as {
    version: number;
    properties: { season: { properties: Record<string, unknown> } };
  };
  schema.version = 1;
  delete schema.properties.season.properties.reportedAs;
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }),
    hashFunction: hashSha256Hex,
  });
  // Version 1's own strategy, as the app shipped it (its documents are stored at version 1).
  addRxPlugin(RxDBMigrationSchemaPlugin);
  await old.addCollections({
    trails: {
      schema: schema as unknown as RxJsonSchema<unknown>,
      migrationStrategies: { 1: (document: unknown) => document },
    },
  });
  await old.trails!.bulkInsert(versionOneDocuments);
  await old.close();

  db = await createAppDatabase({ name, devMode: true });
  const migrated = (await db.trails.find().exec()).map((trail) => trail.toJSON());
  expect(migrated).toHaveLength(versionOneDocuments.length);
  const byId = new Map(migrated.map((trail) => [trail.id, trail]));
  for (const document of versionOneDocuments) expect(byId.get(document.id)).toEqual(document);
});

// Map regions version 1 added `basemap`, the road map a region archive carries. A region the
// device stored at version 0 (downloaded or not) must keep its download state, with no road map
// (its archive has none) until the next catalog refresh says what the server offers.
it('keeps every map region stored at schema version 0, with no road map', async () => {
  const name = `map-regions-v0-${Date.now().toString(36)}`;
  const version = 'd'.repeat(64);
  const versionZeroRegion = {
    id: 'ouachitas',
    name: 'Ouachitas',
    bbox: [-94.6266, 33.7795, -92.55, 35.115],
    minZoom: 10,
    maxZoom: 12,
    bytes: 135_437,
    url: '/tiles/ouachitas.bcf4fb708a045710.pmtiles',
    version,
    status: 'downloaded',
    downloadedBytes: 135_437,
    downloadedVersion: version,
    storageKey: `ouachitas@${version}`,
    error: null,
    updatedAt: 1_700_000_000_000,
  };
  const schema = structuredClone(mapRegionSchema) as unknown as {
    version: number;
    properties: Record<string, unknown>;
    required: string[];
  };
  schema.version = 0;
  delete schema.properties.basemap;
  schema.required = schema.required.filter((field) => field !== 'basemap');
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }),
    hashFunction: hashSha256Hex,
  });
  await old.addCollections({ mapRegions: { schema: schema as unknown as RxJsonSchema<unknown> } });
  await old.mapRegions!.insert(versionZeroRegion);
  await old.close();

  // Regions are a local document now: the move reads the old collection through its migration.
  db = await createAppDatabase({ name, devMode: true });
  expect(await runCollectionMoves(db)).toBe(1);
  const migrated = await mapRegionRepository(db).get('ouachitas');
  expect(migrated).toEqual({ ...versionZeroRegion, basemap: null });
});
