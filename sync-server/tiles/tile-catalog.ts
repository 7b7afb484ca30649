/**
 * The map region catalog as the server serves it: read from the catalog.json that
 * `npm run tiles` writes next to the archives (schemas/map-catalog.ts), re-read when the
 * file changes so a rebuild needs no restart.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  catalogFileName,
  tilesUrlPrefix,
  type CatalogFile,
  type CatalogFileRegion,
  type MapCatalogRegion,
} from '../../schemas/map-catalog.ts';

/** Where `npm run tiles` writes by default: <repo>/data/tiles. */
export const defaultTilesDir = fileURLToPath(new URL('../../data/tiles', import.meta.url));

/** Converts a catalog entry to its public form. */
export function toPublicRegion(region: CatalogFileRegion): MapCatalogRegion {
  return {
    id: region.id,
    name: region.name,
    bbox: region.bbox,
    minZoom: region.minZoom,
    maxZoom: region.maxZoom,
    bytes: region.bytes,
    url: `${tilesUrlPrefix}${region.file}`,
    version: region.version,
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
