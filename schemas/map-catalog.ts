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
 * (ODbL), so "© OpenStreetMap contributors" is always shown; town labels are GeoNames (CC BY 4.0).
 */
export const mapAttribution =
  '© OpenStreetMap contributors · Recreation.gov RIDB · US Census (us-atlas) · Natural Earth · GeoNames (CC BY 4.0)';

/**
 * The road maps a region archive can carry besides our own layers: 'protomaps' when the server
 * cut an operator's Protomaps-schema basemap (DATA_DIR/basemap.pmtiles) into it, so its tiles
 * also hold the layers earth, landcover, landuse, water, roads, places, pois, boundaries,
 * buildings and transit (styled on the device with `@protomaps/basemaps`).
 */
export const mapBasemaps = ['protomaps'] as const;

/** The road map a region archive carries, or null for our own layers only. */
export type MapBasemap = (typeof mapBasemaps)[number] | null;

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
  /** The road map inside the archive's tiles (`mapBasemaps`), or null. */
  basemap: MapBasemap;
}

/** The catalog response: regions (statewide first) and the attribution to show. */
export interface MapCatalog {
  attribution: string;
  regions: MapCatalogRegion[];
}

/**
 * One archive in the catalog file: the public fields but the file name instead of its URL. The
 * tile build's archives carry no basemap; the server adds one (sync-server/tiles/).
 */
export interface CatalogFileRegion extends Omit<MapCatalogRegion, 'url' | 'basemap'> {
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
