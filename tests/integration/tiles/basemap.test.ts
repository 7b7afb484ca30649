/**
 * The operator road map on the server: with a Protomaps-schema basemap at DATA_DIR/basemap.pmtiles
 * (the tiny one tests/fixtures/basemap builds from the project's own data), every region archive
 * the catalog lists is our archive with exactly the basemap's tiles inside the region's bbox and
 * zooms added, each combined tile decoding with both sets of layers; the cut is kept across a
 * restart. Without a basemap the catalog is the tile build's; a basemap that cannot be used is
 * logged and the default archives are served, until a usable file replaces it.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import type { FastifyInstance } from 'fastify';
import { PbfReader } from 'pbf';
import { PMTiles, tileIdToZxy, zxyToTileId } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tilesInBbox } from '../../../map-archives/tile-grid.ts';
import type { MapCatalog } from '../../../schemas/map-catalog.ts';
import { buildTiles, type BuildTilesResult } from '../../../scripts/tiles/build.ts';
import { readAllEntries } from '../../../src/map/archive-check.ts';
import { BlobSource } from '../../../src/map/blob-source.ts';
import { buildApp } from '../../../sync-server/app.ts';
import {
  buildProtomapsFixture,
  testRoad,
  testRoadCrossings,
  type ProtomapsFixture,
} from '../../fixtures/basemap/protomaps-fixture.ts';

let root: string;
let tilesDir: string;
let built: BuildTilesResult;
let fixture: ProtomapsFixture;
const running: FastifyInstance[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'nst-basemap-'));
  tilesDir = join(root, 'tiles');
  built = await buildTiles({ outDir: tilesDir });
  fixture = buildProtomapsFixture();
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((app) => app.close()));
  rmSync(root, { recursive: true, force: true });
});

/** A data folder of its own, with `basemap` bytes as its basemap.pmtiles when given. */
function dataDirWith(name: string, basemap?: Uint8Array): string {
  const dataDir = join(root, name);
  mkdirSync(dataDir, { recursive: true });
  if (basemap) writeFileSync(join(dataDir, 'basemap.pmtiles'), basemap);
  return dataDir;
}

/** Starts the server over `dataDir` as main.ts does; its log lines go to `log`. */
async function startServer(dataDir: string, log: string[] = []): Promise<FastifyInstance> {
  const app = await buildApp({
    databaseFile: join(root, 'server.sqlite'),
    staticDir: null,
    tilesDir,
    basemap: { file: join(dataDir, 'basemap.pmtiles'), cacheDir: join(dataDir, 'basemap-regions') },
    logger: true,
    logStream: { write: (line) => log.push(line) },
  });
  running.push(app);
  return app;
}

async function stopServer(app: FastifyInstance): Promise<void> {
  await app.close();
  running.splice(running.indexOf(app), 1);
}

/** The catalog once the server answers it (the cut runs in the background first). */
async function readyCatalog(app: FastifyInstance): Promise<MapCatalog> {
  return vi.waitFor(
    async () => {
      const response = await app.inject({ url: '/api/map-regions' });
      expect(response.statusCode).toBe(200);
      return response.json() as MapCatalog;
    },
    { timeout: 60_000, interval: 50 },
  );
}

async function download(app: FastifyInstance, url: string): Promise<Uint8Array<ArrayBuffer>> {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(200);
  return Uint8Array.from(response.rawPayload);
}

/** Every z/x/y an archive addresses, as tile ids, ascending. */
async function tileIds(archive: PMTiles): Promise<number[]> {
  const ids: number[] = [];
  for (const entry of await readAllEntries(archive)) {
    for (let id = entry.tileId; id < entry.tileId + entry.runLength; id++) ids.push(id);
  }
  return ids;
}

/** Layer name → feature count of an MVT tile. */
function layerCounts(data: Uint8Array | undefined): Record<string, number> {
  if (!data) return {};
  const { layers } = new VectorTile(new PbfReader(data));
  return Object.fromEntries(Object.entries(layers).map(([name, layer]) => [name, layer.length]));
}

const ownLayers = (data: Uint8Array | undefined) => layerCounts(data);

describe('an operator road map in DATA_DIR', () => {
  let app: FastifyInstance;
  let catalog: MapCatalog;
  const log: string[] = [];

  beforeAll(async () => {
    app = await startServer(dataDirWith('with-basemap', fixture.bytes), log);
  });

  it('answers 503 while the first cut runs, then lists a combined archive per region', async () => {
    const first = await app.inject({ url: '/api/map-regions' });
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe('30');
    expect(first.json().message).toMatch(/being prepared with this server's road map/);

    catalog = await readyCatalog(app);
    expect(catalog.regions.map((region) => region.id)).toEqual(
      built.catalog.regions.map((region) => region.id),
    );
    expect(catalog.attribution).toMatch(/^© OpenStreetMap contributors.* · Road map: Test fixture/);
    for (const region of catalog.regions) {
      const own = built.catalog.regions.find((entry) => entry.id === region.id)!;
      expect(region.basemap).toBe('protomaps');
      expect(region.url).toMatch(new RegExp(`^/tiles/${region.id}\\.[0-9a-f]{16}\\.pmtiles$`));
      expect(region.version).not.toBe(own.version);
      expect(region.bytes).toBeGreaterThan(own.bytes);
    }
    expect(log.some((line) => line.includes('Road map: cut into 7 map regions'))).toBe(true);
  });

  it('holds exactly the basemap tiles inside each region’s bbox and zooms, each on top of ours', async () => {
    const fixtureTiles = new Map(
      fixture.tiles.map((tile) => [zxyToTileId(tile.z, tile.x, tile.y), tile]),
    );
    for (const region of catalog.regions) {
      const bytes = await download(app, region.url);
      expect(bytes.length).toBe(region.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(region.version);
      const archive = new PMTiles(new BlobSource(new Blob([bytes]), region.url));
      const ownTiles = new Map(
        built.tiles
          .get(region.id)!
          .tiles.map((tile) => [zxyToTileId(tile.z, tile.x, tile.y), tile]),
      );
      const inRegion = new Set(
        tilesInBbox(region.bbox, region.minZoom, region.maxZoom).map(({ z, x, y }) =>
          zxyToTileId(z, x, y),
        ),
      );
      const basemapInRegion = [...fixtureTiles.keys()].filter((id) => inRegion.has(id));
      // The fixture reaches beyond every region (other zooms, the rest of the state).
      expect(basemapInRegion.length).toBeGreaterThan(0);
      expect(basemapInRegion.length).toBeLessThan(fixtureTiles.size);
      const expected = [...new Set([...ownTiles.keys(), ...basemapInRegion])].sort((a, b) => a - b);
      expect(await tileIds(archive), region.id).toEqual(expected);

      for (const id of expected) {
        const [z, x, y] = tileIdToZxy(id);
        const combined = await archive.getZxy(z, x, y);
        expect(layerCounts(new Uint8Array(combined!.data)), `${region.id} ${z}/${x}/${y}`).toEqual({
          ...ownLayers(ownTiles.get(id)?.data),
          ...layerCounts(fixtureTiles.get(id)?.data),
        });
      }
    }
  }, 120_000);

  it('puts the test road and the Wolf Pen Gap line it crosses in one Ouachitas tile', async () => {
    const ouachitas = catalog.regions.find((region) => region.id === 'ouachitas')!;
    const archive = new PMTiles(
      new BlobSource(new Blob([await download(app, ouachitas.url)]), 'ouachitas'),
    );
    const [crossing] = testRoadCrossings();
    expect(crossing!.lineId).toMatch(/^wolf-pen-gap-ohv-trail--/);
    const [z, x, y] = tilesInBbox([...crossing!.position, ...crossing!.position], 12, 12).map(
      (tile) => [tile.z, tile.x, tile.y] as const,
    )[0]!;
    const tile = new VectorTile(
      new PbfReader(new Uint8Array((await archive.getZxy(z, x, y))!.data)),
    );
    const names = Array.from(
      { length: tile.layers.roads!.length },
      (_, index) => tile.layers.roads!.feature(index).properties.name,
    );
    expect(names).toEqual([testRoad.name]);
    const lineIds = Array.from(
      { length: tile.layers.trail_lines!.length },
      (_, index) => tile.layers.trail_lines!.feature(index).properties.id,
    );
    expect(lineIds).toContain(crossing!.lineId);
  });

  it('keeps the cut across a restart, and serves it from the first request', async () => {
    const cacheDir = join(root, 'with-basemap', 'basemap-regions');
    const file = (region: MapCatalog['regions'][number]) =>
      join(cacheDir, region.url.slice('/tiles/'.length));
    const written = catalog.regions.map((region) => statSync(file(region)).mtimeMs);
    await stopServer(app);
    const restartLog: string[] = [];
    app = await startServer(join(root, 'with-basemap'), restartLog);
    const first = await app.inject({ url: '/api/map-regions' });
    expect(first.statusCode).toBe(200);
    expect((first.json() as MapCatalog).regions).toEqual(catalog.regions);
    expect(catalog.regions.map((region) => statSync(file(region)).mtimeMs)).toEqual(written);
    expect(restartLog.some((line) => line.includes('Road map: cutting'))).toBe(false);
  });

  it('still serves our own archive files, so a download started before the cut can finish', async () => {
    const own = built.catalog.regions[1]!;
    const response = await app.inject({
      url: `/tiles/${own.file}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(response.statusCode).toBe(206);
  });
});

describe('without a usable road map', () => {
  /** The tile build's catalog as the server served it before road maps existed. */
  const defaultRegions = () =>
    built.catalog.regions.map((region) => ({
      id: region.id,
      name: region.name,
      bbox: region.bbox,
      minZoom: region.minZoom,
      maxZoom: region.maxZoom,
      bytes: region.bytes,
      url: `/tiles/${region.file}`,
      version: region.version,
      basemap: null,
    }));

  it('serves the tile build’s catalog unchanged when there is no basemap', async () => {
    const app = await startServer(dataDirWith('without-basemap'));
    const response = await app.inject({ url: '/api/map-regions' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as MapCatalog).regions).toEqual(defaultRegions());
    await stopServer(app);
  });

  it('logs a clear error for a malformed basemap, serves the default archives, and takes a good one later', async () => {
    const dataDir = dataDirWith(
      'malformed',
      new TextEncoder().encode('not a map archive'.repeat(100)),
    );
    const log: string[] = [];
    const app = await startServer(dataDir, log);
    const catalog = await readyCatalog(app);
    expect(catalog.regions).toEqual(defaultRegions());
    const errors = log.filter((line) => line.includes('"level":50'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`Road map: ${join(dataDir, 'basemap.pmtiles')} cannot be used`);
    expect(errors[0]).toContain('not a readable PMTiles archive');
    expect(errors[0]).toContain('Serving the map regions without it');

    // Asking again does not retry the same file, nor log again.
    await app.inject({ url: '/api/map-regions' });
    expect(log.filter((line) => line.includes('"level":50'))).toHaveLength(1);

    // A map archive that is not a Protomaps basemap (one of our own) is refused too.
    copyFileSync(join(tilesDir, built.catalog.regions[0]!.file), join(dataDir, 'basemap.pmtiles'));
    await vi.waitFor(
      async () => {
        await app.inject({ url: '/api/map-regions' });
        expect(log.filter((line) => line.includes('"level":50'))).toHaveLength(2);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(log.filter((line) => line.includes('"level":50'))[1]).toContain(
      'lists no Protomaps-schema layer',
    );
    expect((await readyCatalog(app)).regions).toEqual(defaultRegions());

    writeFileSync(join(dataDir, 'basemap.pmtiles'), fixture.bytes);
    await vi.waitFor(
      async () => {
        const regions = (await readyCatalog(app)).regions;
        expect(regions.every((region) => region.basemap === 'protomaps')).toBe(true);
      },
      { timeout: 60_000, interval: 50 },
    );
    await stopServer(app);
  }, 120_000);
});
