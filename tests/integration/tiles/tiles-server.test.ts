/**
 * The tile build and the server's map routes together: every archive `npm run tiles` builds is
 * read back tile for tile; the catalog and archives are served with ranges, ETags and caching;
 * the pmtiles reader works over HTTP against a real port; the region store's RxDB repository
 * and IndexedDB archive store keep what the downloader writes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTiles, type BuildTilesResult } from '../../../scripts/tiles/build.ts';
import { archiveLayerIds, verifyArchive } from '../../../scripts/tiles/verify.ts';
import { buildApp } from '../../../sync-server/app.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { mapRegionRepository } from '../../../src/db/map-regions.ts';
import { openIndexedDbArchiveStore } from '../../../src/map/archive-store.ts';
import { parseRegionCatalog } from '../../../src/map/region-catalog.ts';
import { RegionDownloader } from '../../../src/map/region-downloads.ts';
import { storeRegionCatalog } from '../../../src/map/region-store.ts';

let root: string;
let tilesDir: string;
let built: BuildTilesResult;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'nst-tiles-'));
  tilesDir = join(root, 'tiles');
  built = await buildTiles({ outDir: tilesDir });
  app = await buildApp({ databaseFile: join(root, 'db.sqlite'), staticDir: null, tilesDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run tiles', () => {
  it('builds the statewide archive first and one per Arkansas region', () => {
    expect(built.catalog.regions.map((region) => region.id)).toEqual([
      'statewide',
      'ozarks',
      'ouachitas',
      'arkansas-river-valley',
      'central',
      'delta',
      'timberlands',
    ]);
    const [statewide, ...regions] = built.catalog.regions;
    expect(statewide).toMatchObject({ minZoom: 4, maxZoom: 9 });
    for (const region of regions) {
      expect(region).toMatchObject({ minZoom: 10, maxZoom: 12 });
      // Region bboxes lie inside the statewide one.
      expect(region.bbox[0]).toBeGreaterThanOrEqual(statewide!.bbox[0]);
      expect(region.bbox[3]).toBeLessThanOrEqual(statewide!.bbox[3]);
    }
  });

  it('reads every built archive back from disk, tile for tile', async () => {
    for (const region of built.catalog.regions) {
      const bytes = new Uint8Array(readFileSync(join(tilesDir, region.file)));
      expect(bytes.length).toBe(region.bytes);
      const { tiles, options } = built.tiles.get(region.id)!;
      const result = await verifyArchive(bytes, tiles, options);
      expect(result.tiles).toBe(region.tiles);
    }
  });

  it('draws the USFS trail lines, with their trail ids, in the Ozarks, Ouachitas and statewide archives', async () => {
    const idsIn = async (regionId: string) => {
      const region = built.catalog.regions.find((candidate) => candidate.id === regionId)!;
      const bytes = new Uint8Array(readFileSync(join(tilesDir, region.file)));
      return [...(await archiveLayerIds(bytes, 'trail_lines', region.maxZoom))];
    };
    const ozarks = await idsIn('ozarks');
    const ouachitas = await idsIn('ouachitas');
    const statewide = await idsIn('statewide');
    const systemOf = (id: string) => id.slice(0, id.indexOf('--'));
    const count = (ids: string[], system: string) =>
      ids.filter((id) => systemOf(id) === system).length;
    expect(count(ozarks, 'brock-creek-ohv-trail')).toBe(23);
    expect(count(ozarks, 'buckhorn-ohv-trail')).toBe(15);
    expect(count(ozarks, 'moccasin-gap-trail')).toBe(21);
    expect(ozarks).toContain('brock-creek-ohv-trail--brock-creek-47');
    expect(count(ouachitas, 'wolf-pen-gap-ohv-trail')).toBe(14);
    expect(statewide).toHaveLength(73);
    expect(await idsIn('delta')).toEqual([]);
  });

  it('skips the build when nothing changed (npm start)', async () => {
    const again = await buildTiles({ outDir: tilesDir, onlyIfStale: true });
    expect(again.built).toBe(false);
    expect(again.catalog.regions.map((region) => region.version)).toEqual(
      built.catalog.regions.map((region) => region.version),
    );
  });
});

describe('map routes', () => {
  it('serves the region catalog', async () => {
    const response = await fetch(`${baseUrl}/api/map-regions`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const catalog = parseRegionCatalog(await response.json());
    expect(catalog.attribution).toContain('© OpenStreetMap contributors');
    const ozarks = catalog.regions.find((region) => region.id === 'ozarks')!;
    expect(ozarks.url).toMatch(/^\/tiles\/ozarks\.[0-9a-f]{16}\.pmtiles$/);
    expect(ozarks.version).toMatch(/^[0-9a-f]{64}$/);
  });

  it('serves archives with ranges, a strong ETag, conditional requests and immutable caching', async () => {
    const region = built.catalog.regions[1]!;
    const url = `${baseUrl}/tiles/${region.file}`;
    const bytes = new Uint8Array(readFileSync(join(tilesDir, region.file)));

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('etag')).toBe(`"${region.version}"`);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 200));

    const resume = await fetch(url, {
      headers: { range: 'bytes=1000-', 'if-range': `"${region.version}"` },
    });
    expect(resume.status).toBe(206);
    expect(new Uint8Array(await resume.arrayBuffer())).toEqual(bytes.slice(1000));

    const otherVersion = await fetch(url, {
      headers: { range: 'bytes=1000-', 'if-range': '"old"' },
    });
    expect(otherVersion.status).toBe(200);
    expect((await otherVersion.arrayBuffer()).byteLength).toBe(bytes.length);

    const notModified = await fetch(url, { headers: { 'if-none-match': `"${region.version}"` } });
    expect(notModified.status).toBe(304);

    const beyond = await fetch(url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(bytes.length));

    expect((await fetch(`${baseUrl}/tiles/..%2Fcatalog.json`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/tiles/catalog.json`)).status).toBe(404);
  });

  it('lets the pmtiles reader fetch tiles over HTTP range requests', async () => {
    const region = built.catalog.regions.find((entry) => entry.id === 'ozarks')!;
    const reader = new PMTiles(`${baseUrl}/tiles/${region.file}`);
    const header = await reader.getHeader();
    expect(header.minZoom).toBe(10);
    const [tile] = built.tiles.get('ozarks')!.tiles;
    const read = await reader.getZxy(tile!.z, tile!.x, tile!.y);
    expect(new Uint8Array(read!.data)).toEqual(tile!.data);
  });

  it('answers a clear 503 when the archives are not built', async () => {
    const bare = await buildApp({
      databaseFile: join(root, 'bare.sqlite'),
      staticDir: null,
      tilesDir: join(root, 'missing'),
    });
    const response = await bare.inject({ url: '/api/map-regions' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/npm run tiles/);
    await bare.close();
  });
});

describe('region store on RxDB and IndexedDB', () => {
  let db: AppDatabase;
  afterAll(async () => {
    await db?.remove();
  });

  it('stores the catalog, downloads a region from the server and keeps the archive blob', async () => {
    db = await createAppDatabase({ name: `map-regions-${Date.now()}`, devMode: false });
    const repository = mapRegionRepository(db);
    const catalog = parseRegionCatalog(await (await fetch(`${baseUrl}/api/map-regions`)).json());
    await storeRegionCatalog(repository, catalog, 1);
    expect((await repository.list()).map((region) => region.id)[0]).toBe('statewide');

    const store = await openIndexedDbArchiveStore();
    const downloader = new RegionDownloader({
      repository,
      store,
      fetch,
      baseUrl,
      storage: null,
      now: () => 2,
    });
    await downloader.start('central');
    const central = (await repository.get('central'))!;
    expect(central.status).toBe('downloaded');
    const blob = await store.getArchive(central.storageKey!);
    const region = built.catalog.regions.find((entry) => entry.id === 'central')!;
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(
      new Uint8Array(readFileSync(join(tilesDir, region.file))),
    );
    // A catalog refresh keeps the download state.
    await storeRegionCatalog(repository, catalog, 3);
    expect((await repository.get('central'))!.status).toBe('downloaded');
  });
});
