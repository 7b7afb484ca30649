/**
 * The offline-map region catalog, one contract for its three users: the tile build writes it
 * next to the archives (data/tiles/catalog.json, `CatalogFile`), the sync server serves it as
 * GET /api/map-regions (`MapCatalog`), and the app validates and stores it (src/map). The
 * device's download state of each region is the mapRegions collection (./map-regions.ts).
 */

/** File name of the catalog inside the tiles folder. */
export const catalogFileName = 'catalog.json';

/** URL path of the catalog on the sync server. */
export const mapCatalogPath = '/api/map-regions';

/** URL path prefix under which the server serves the archives. */
export const tilesUrlPrefix = '/tiles/';

/** Id of the statewide (low-zoom) archive, listed and downloaded before any region. */
export const statewideRegionId = 'statewide';

/**
 * Attribution of the map data (data/README.md), carried by every archive and shown until the
 * catalog's own text is known: campgrounds and some trailheads are OpenStreetMap-derived
 * (ODbL), so "© OpenStreetMap contributors" is always shown.
 */
export const mapAttribution =
  '© OpenStreetMap contributors · Recreation.gov RIDB · US Census (us-atlas) · Natural Earth';

/** One region as GET /api/map-regions answers it. */
export interface MapCatalogRegion {
  /** Lowercase letters, digits and dashes, at most 64 characters. */
  id: string;
  name: string;
  /** [west, south, east, north] in degrees WGS84. */
  bbox: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
  /** Archive size in bytes. */
  bytes: number;
  /** Path of the archive on the server, under `tilesUrlPrefix`. */
  url: string;
  /** The archive's SHA-256 (64 lowercase hex digits). */
  version: string;
}

/** The catalog response: regions (statewide first) and the attribution to show. */
export interface MapCatalog {
  attribution: string;
  regions: MapCatalogRegion[];
}

/** One archive in the catalog file: the public fields but the file name instead of its URL. */
export interface CatalogFileRegion extends Omit<MapCatalogRegion, 'url'> {
  /** Archive file name inside the tiles folder; content-addressed, so it never changes. */
  file: string;
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
  /** Attribution every archive carries (`mapAttribution`). */
  attribution: string;
  regions: CatalogFileRegion[];
}
