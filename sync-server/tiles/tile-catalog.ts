/**
 * The map region catalog as the server serves it: read from the catalog.json that
 * `npm run tiles` writes next to the archives (schemas/map-catalog.ts), re-read when the
 * file changes so a rebuild needs no restart. With an operator's road map the server serves
 * combined archives instead (basemap-regions.ts); both are `ServedCatalog`s.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  catalogFileName,
  tilesUrlPrefix,
  type CatalogFile,
  type CatalogFileRegion,
  type MapBasemap,
  type MapCatalogRegion,
} from '../../schemas/map-catalog.ts';

/** Where `npm run tiles` writes by default: <repo>/data/tiles. */
export const defaultTilesDir = fileURLToPath(new URL('../../data/tiles', import.meta.url));

/** Converts a catalog entry to its public form; `basemap` names the road map in its tiles. */
export function toPublicRegion(
  region: CatalogFileRegion,
  basemap: MapBasemap = null,
): MapCatalogRegion {
  return {
    id: region.id,
    name: region.name,
    bbox: region.bbox,
    minZoom: region.minZoom,
    maxZoom: region.maxZoom,
    bytes: region.bytes,
    url: `${tilesUrlPrefix}${region.file}`,
    version: region.version,
    basemap,
  };
}

/** One archive the server serves: its public entry, file name and path on disk. */
export interface ServedRegion {
  region: MapCatalogRegion;
  file: string;
  path: string;
}

/** The catalog the server serves: attribution and archives, statewide first. */
export interface ServedCatalog {
  attribution: string;
  regions: ServedRegion[];
}

/** A catalog entry whose file lies in `dir`, served with the road map `basemap` (or none). */
export function servedRegion(
  region: CatalogFileRegion,
  dir: string,
  basemap: MapBasemap,
): ServedRegion {
  return {
    region: toPublicRegion(region, basemap),
    file: region.file,
    path: join(dir, region.file),
  };
}

/** Our own archives in `tilesDir`, as the tile build listed them (no road map). */
export function defaultServedCatalog(catalog: CatalogFile, tilesDir: string): ServedCatalog {
  return {
    attribution: catalog.attribution,
    regions: catalog.regions.map((region) => servedRegion(region, tilesDir, null)),
  };
}

/** Reads the catalog of `tilesDir`, caching it until the file's modification time changes. */
export function createTileCatalogReader(tilesDir: string): () => CatalogFile | null {
  let cached: { mtimeMs: number; catalog: CatalogFile } | null = null;
  return () => {
    const file = join(tilesDir, catalogFileName);
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, catalog: JSON.parse(readFileSync(file, 'utf8')) as CatalogFile };
    }
    return cached.catalog;
  };
}
