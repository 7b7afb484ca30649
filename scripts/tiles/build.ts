/**
 * `npm run tiles`: builds the offline map archives from data/ into data/tiles/ (generated,
 * git-ignored): a statewide PMTiles v3 archive at low zooms and one per Arkansas region at
 * higher zooms (regions.ts), each written by our writer, read back and compared tile by tile
 * with the `pmtiles` library, named by its content hash, and listed in catalog.json for the
 * sync server. `--if-stale` (used by `npm start`) skips the build when the catalog matches the
 * current inputs and every archive is present. `--out <dir>` writes elsewhere (tests).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  catalogFileName,
  mapAttribution,
  type CatalogFile,
  type CatalogFileRegion,
} from '../../schemas/map-catalog.ts';
import { layerNames, loadMapLayers, type LayerName, type MapLayers } from './map-layers.ts';
import {
  writePmtiles,
  type ArchiveOptions,
  type TileInput,
} from '../../map-archives/pmtiles-writer.ts';
import { regionDefinitions, type RegionDefinition } from './regions.ts';
import { verifyArchive, verifyLayerIds } from './verify.ts';
import { indexLayers, renderTiles, type LayerIndexes } from './vector-tiles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The repo's data folder and the default output folder. */
export const defaultDataDir = join(root, 'data');
export const defaultTilesDir = join(root, 'data', 'tiles');

/** Data folders whose files feed the archives. */
const inputFolders = ['places', 'trails', 'campgrounds', 'basemap'];

function filesIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((name) => join(folder, name));
}

/**
 * SHA-256 over every input data file, this builder's own sources, the dataset readers it reuses
 * (datasets/), the archive writer and tile grid (map-archives/) and the catalog format
 * (schemas/map-catalog.ts), so a change to any rebuilds the archives.
 */
export function inputsHash(dataDir: string): string {
  const hash = createHash('sha256');
  const files = [
    ...inputFolders.flatMap((folder) => filesIn(join(dataDir, folder))),
    ...filesIn(join(root, 'scripts', 'tiles')),
    ...filesIn(join(root, 'datasets')),
    ...filesIn(join(root, 'map-archives')),
    join(root, 'schemas', 'map-catalog.ts'),
  ];
  for (const file of files) {
    hash.update(file.slice(file.lastIndexOf('/') + 1));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Options of `buildTiles`. */
export interface BuildTilesOptions {
  dataDir?: string;
  outDir?: string;
  /** Skip when catalog.json already matches the inputs and every archive exists. */
  onlyIfStale?: boolean;
  /**
   * Layers left empty (benchmark baselines, e.g. the archives without `trail_lines`). The
   * catalog's inputs hash then names them, so a normal `--if-stale` build replaces these.
   */
  omitLayers?: readonly LayerName[];
  log?: (line: string) => void;
}

/** The built catalog, whether anything was built, and the tiles of each archive (tests). */
export interface BuildTilesResult {
  catalog: CatalogFile;
  built: boolean;
  tiles: Map<string, { tiles: TileInput[]; options: ArchiveOptions }>;
}

/** Reads an existing catalog, or null when there is none or it is unreadable. */
export function readCatalog(outDir: string): CatalogFile | null {
  try {
    return JSON.parse(readFileSync(join(outDir, catalogFileName), 'utf8')) as CatalogFile;
  } catch {
    return null;
  }
}

function archiveOptions(region: RegionDefinition): ArchiveOptions {
  const [west, south, east, north] = region.bbox;
  return {
    bounds: region.bbox,
    center: [(west + east) / 2, (south + north) / 2, region.minZoom],
    minZoom: region.minZoom,
    maxZoom: region.maxZoom,
    metadata: {
      name: region.name,
      description: `Natural State Trails offline map: ${region.name}`,
      attribution: mapAttribution,
      type: 'overlay',
      format: 'pbf',
      vector_layers: layerNames.map((id) => ({
        id,
        minzoom: region.minZoom,
        maxzoom: region.maxZoom,
        fields: {},
      })),
    },
  };
}

/** Ids of the trail lines with a vertex inside `bbox` ([west, south, east, north]). */
export function trailLineIdsIn(layers: MapLayers, bbox: readonly number[]): string[] {
  const [west, south, east, north] = bbox as [number, number, number, number];
  return layers.trail_lines.features
    .filter((feature) => {
      const geometry = feature.geometry;
      const lines =
        geometry.type === 'LineString'
          ? [geometry.coordinates]
          : geometry.type === 'MultiLineString'
            ? geometry.coordinates
            : [];
      return lines.some((line) =>
        line.some(([x, y]) => x! >= west && x! <= east && y! >= south && y! <= north),
      );
    })
    .map((feature) => String(feature.properties?.id));
}

/**
 * Builds, verifies and writes every archive and catalog.json; every archive must draw each trail
 * line with a vertex in its bbox at its deepest zoom. Old archives no longer in the catalog are
 * removed. Rejects when the data cannot be read or an archive fails verification
 * (nothing is published then: the catalog is written last).
 */
export async function buildTiles(options: BuildTilesOptions = {}): Promise<BuildTilesResult> {
  const dataDir = options.dataDir ?? defaultDataDir;
  const outDir = options.outDir ?? defaultTilesDir;
  const log = options.log ?? (() => {});
  const omitted = options.omitLayers ?? [];
  const hash =
    omitted.length === 0
      ? inputsHash(dataDir)
      : createHash('sha256')
          .update(`${inputsHash(dataDir)} without ${omitted.join(',')}`)
          .digest('hex');
  const existing = readCatalog(outDir);
  if (
    options.onlyIfStale &&
    existing?.inputsHash === hash &&
    existing.regions.every((region) => existsSync(join(outDir, region.file)))
  ) {
    return { catalog: existing, built: false, tiles: new Map() };
  }

  const { layers, regionPoints } = loadMapLayers(dataDir);
  for (const name of omitted) layers[name] = { type: 'FeatureCollection', features: [] };
  const indexesByMaxZoom = new Map<number, LayerIndexes>();
  const regions: CatalogFileRegion[] = [];
  const written: BuildTilesResult['tiles'] = new Map();
  mkdirSync(outDir, { recursive: true });
  for (const region of regionDefinitions(regionPoints)) {
    const started = performance.now();
    let indexes = indexesByMaxZoom.get(region.maxZoom);
    if (!indexes) {
      indexes = indexLayers(layers, region.maxZoom);
      indexesByMaxZoom.set(region.maxZoom, indexes);
    }
    const tiles = renderTiles(indexes, region.bbox, region.minZoom, region.maxZoom);
    const archiveOptionsForRegion = archiveOptions(region);
    const archive = writePmtiles(tiles, archiveOptionsForRegion);
    await verifyArchive(archive.bytes, tiles, archiveOptionsForRegion);
    const lineIds = trailLineIdsIn(layers, region.bbox);
    await verifyLayerIds(archive.bytes, 'trail_lines', region.maxZoom, lineIds);
    const version = createHash('sha256').update(archive.bytes).digest('hex');
    const file = `${region.id}.${version.slice(0, 16)}.pmtiles`;
    writeFileSync(join(outDir, file), archive.bytes);
    const buildMs = Math.round(performance.now() - started);
    regions.push({
      ...region,
      bytes: archive.bytes.length,
      file,
      version,
      tiles: tiles.length,
      buildMs,
    });
    written.set(region.id, { tiles, options: archiveOptionsForRegion });
    log(
      `${region.name}: ${tiles.length} tiles z${region.minZoom}–${region.maxZoom}, ` +
        `${lineIds.length} trail lines, ` +
        `${(archive.bytes.length / 1024).toFixed(1)} KiB, ${buildMs} ms, verified`,
    );
  }
  const catalog: CatalogFile = {
    formatVersion: 1,
    inputsHash: hash,
    attribution: mapAttribution,
    regions,
  };
  writeFileSync(join(outDir, catalogFileName), `${JSON.stringify(catalog, null, 2)}\n`);
  const keep = new Set([catalogFileName, ...regions.map((region) => region.file)]);
  for (const name of readdirSync(outDir)) {
    if (name.endsWith('.pmtiles') && !keep.has(name)) rmSync(join(outDir, name));
  }
  return { catalog, built: true, tiles: written };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const started = performance.now();
  const result = await buildTiles({
    onlyIfStale: args.includes('--if-stale'),
    ...(outIndex >= 0 && args[outIndex + 1] ? { outDir: args[outIndex + 1] } : {}),
    log: (line) => console.log(`  ${line}`),
  });
  console.log(
    result.built
      ? `Map archives built in ${Math.round(performance.now() - started)} ms.`
      : 'Map archives are up to date.',
  );
}
