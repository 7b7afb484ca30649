/**
 * Small real archives for the map tests: MVT tiles from geojson-vt + vt-pbf written by our
 * PMTiles writer, and an in-memory archive store and region repository with the same contracts
 * as the IndexedDB store and the RxDB repository.
 */
import { createHash } from 'node:crypto';
import GeoJSONVT from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import type { MapRegion } from '../../../schemas/map-regions.ts';
import type { ArchiveOptions, TileInput } from '../../../map-archives/pmtiles-writer.ts';
import { writePmtiles } from '../../../map-archives/pmtiles-writer.ts';
import { tilesInBbox } from '../../../map-archives/tile-grid.ts';
import type { MapRegionRepository } from '../../../src/db/map-regions.ts';
import type { ArchiveStore } from '../../../src/map/archive-store.ts';

/** A bbox around Mill Creek OHV Trail's trailhead (data/places/trails.geojson), degrees. */
export const fixtureBbox: [number, number, number, number] = [-93.9, 35.6, -93.5, 35.9];

/** A grid of `size`×`size` synthetic test points over fixtureBbox (volume for size tests). */
function gridPoints(size: number) {
  const points = [];
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      points.push({
        type: 'Feature' as const,
        geometry: {
          type: 'Point' as const,
          coordinates: [-93.9 + (0.4 * i) / size, 35.6 + (0.3 * j) / size],
        },
        properties: { id: `grid-${i}-${j}`, name: `Test point ${i}-${j}` },
      });
    }
  }
  return points;
}

/**
 * Tiles with a test point and area layer over fixtureBbox at zooms minZoom…maxZoom; `grid`
 * adds grid×grid more points so archives span several download parts.
 */
export function fixtureTiles(minZoom = 6, maxZoom = 10, grid = 0): TileInput[] {
  const index = new GeoJSONVT(
    {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-93.72, 35.75] },
          properties: { id: 'fixture-trail', name: 'Fixture Trail', difficulty: 'hard' },
        },
        {
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-93.9, 35.6],
                [-93.5, 35.6],
                [-93.5, 35.9],
                [-93.9, 35.9],
                [-93.9, 35.6],
              ],
            ],
          },
          properties: { name: 'Fixture area' },
        },
        ...gridPoints(grid),
      ],
    },
    { maxZoom },
  );
  const tiles: TileInput[] = [];
  for (const { z, x, y } of tilesInBbox(fixtureBbox, minZoom, maxZoom)) {
    const tile = index.getTile(z, x, y);
    if (!tile || tile.features.length === 0) continue;
    const data = fromGeojsonVt({ places: tile } as Parameters<typeof fromGeojsonVt>[0], {
      version: 2,
    });
    tiles.push({ z, x, y, data: new Uint8Array(data) });
  }
  return tiles;
}

/** Archive options matching fixtureTiles. */
export function fixtureOptions(minZoom = 6, maxZoom = 10): ArchiveOptions {
  return {
    bounds: fixtureBbox,
    center: [-93.7, 35.75, minZoom],
    minZoom,
    maxZoom,
    metadata: { name: 'fixture', attribution: '© OpenStreetMap contributors', vector_layers: [] },
  };
}

/** A written fixture archive with its SHA-256 (the catalog version). */
export function fixtureArchive(
  minZoom = 6,
  maxZoom = 10,
  grid = 0,
): { bytes: Uint8Array; sha256: string } {
  const { bytes } = writePmtiles(
    fixtureTiles(minZoom, maxZoom, grid),
    fixtureOptions(minZoom, maxZoom),
  );
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** An ArchiveStore in memory; `quotaBytes` makes writes past it fail as a full disk does. */
export function memoryArchiveStore(quotaBytes = Number.POSITIVE_INFINITY) {
  const parts = new Map<string, Blob>();
  const archives = new Map<string, Blob>();
  const used = () =>
    [...parts.values(), ...archives.values()].reduce((sum, blob) => sum + blob.size, 0);
  const full = (adding: number) => {
    if (used() + adding > quotaBytes) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
  };
  const store: ArchiveStore = {
    async putPart(downloadKey, index, chunk) {
      full(chunk.size);
      parts.set(`${downloadKey}#${String(index).padStart(6, '0')}`, chunk);
    },
    async readParts(downloadKey) {
      return [...parts.keys()]
        .filter((key) => key.startsWith(`${downloadKey}#`))
        .sort()
        .map((key) => parts.get(key)!);
    },
    async listDownloads(prefix) {
      return [
        ...new Set(
          [...parts.keys()]
            .filter((key) => key.startsWith(prefix))
            .map((key) => key.slice(0, key.lastIndexOf('#'))),
        ),
      ];
    },
    async deleteParts(prefix) {
      for (const key of [...parts.keys()]) if (key.startsWith(prefix)) parts.delete(key);
    },
    async putArchive(storageKey, archive) {
      full(archive.size);
      archives.set(storageKey, archive);
    },
    async getArchive(storageKey) {
      return archives.get(storageKey) ?? null;
    },
    async deleteArchive(storageKey) {
      archives.delete(storageKey);
    },
  };
  return { store, parts, archives };
}

/** A MapRegionRepository in memory, holding copies as RxDB would. */
export function memoryRepository(initial: MapRegion[]): MapRegionRepository & {
  regions: Map<string, MapRegion>;
  history: MapRegion[];
} {
  const regions = new Map(initial.map((region) => [region.id, structuredClone(region)]));
  const history: MapRegion[] = [];
  return {
    regions,
    history,
    async list() {
      return [...regions.values()].map((region) => structuredClone(region));
    },
    async get(id) {
      const region = regions.get(id);
      return region ? structuredClone(region) : null;
    },
    async put(list) {
      for (const region of list) regions.set(region.id, structuredClone(region));
    },
    async patch(id, patch) {
      const region = regions.get(id);
      if (!region) throw new Error(`No map region "${id}" on this device.`);
      const next = { ...region, ...patch };
      regions.set(id, next);
      history.push(structuredClone(next));
    },
  };
}

/** A region document for an archive served at `/tiles/<id>.pmtiles`. */
export function regionFor(
  id: string,
  archive: { bytes: Uint8Array; sha256: string },
  overrides: Partial<MapRegion> = {},
): MapRegion {
  return {
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    bbox: fixtureBbox,
    minZoom: 6,
    maxZoom: 10,
    bytes: archive.bytes.length,
    url: `/tiles/${id}.pmtiles`,
    version: archive.sha256,
    basemap: null,
    status: 'not-downloaded',
    downloadedBytes: 0,
    downloadedVersion: null,
    storageKey: null,
    error: null,
    updatedAt: 0,
    ...overrides,
  };
}
