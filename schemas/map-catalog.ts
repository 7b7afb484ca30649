/**
 * The region catalog file the tile build writes next to the archives (data/tiles/catalog.json)
 * and the sync server serves as /api/map-regions. One shape for both sides.
 */

/** File name of the catalog inside the tiles folder. */
export const catalogFileName = 'catalog.json';

/** One archive in the catalog. `version` is the archive's SHA-256 (lowercase hex). */
export interface CatalogRegion {
  id: string;
  name: string;
  /** [west, south, east, north] in degrees WGS84. */
  bbox: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
  /** Archive size in bytes. */
  bytes: number;
  /** Archive file name inside the tiles folder; content-addressed, so it never changes. */
  file: string;
  version: string;
  /** Tiles in the archive (addressed, before deduplication). */
  tiles: number;
  /** Milliseconds this archive took to build (benchmark figure). */
  buildMs: number;
}

/** The whole catalog file. */
export interface CatalogFile {
  formatVersion: 1;
  /** SHA-256 over the build inputs (data files and builder sources); rebuilt when it changes. */
  inputsHash: string;
  /** Attribution every archive carries. */
  attribution: string;
  regions: CatalogRegion[];
}

/**
 * Attribution of the map data (data/README.md): campgrounds and some trailheads are
 * OpenStreetMap-derived (ODbL), so "© OpenStreetMap contributors" is always shown.
 */
export const mapAttribution =
  '© OpenStreetMap contributors · Recreation.gov RIDB · US Census (us-atlas) · Natural Earth';
