/**
 * The region catalog as the client sees it (GET /api/map-regions, served from the tile build's
 * catalog.json), validated before anything is stored, and the rules that merge it into the
 * device's mapRegions documents (schemas/map-regions.ts) without losing download state.
 */
import {
  mapBasemaps,
  mapCatalogPath,
  tilesUrlPrefix,
  type MapBasemap,
  type MapCatalog,
  type MapCatalogRegion,
} from '../../schemas/map-catalog.ts';
import type { MapRegion } from '../../schemas/map-regions.ts';

function isRegion(value: unknown): value is MapCatalogRegion {
  if (typeof value !== 'object' || value === null) return false;
  const region = value as Record<string, unknown>;
  const bbox = region.bbox;
  return (
    typeof region.id === 'string' &&
    /^[a-z0-9-]{1,64}$/.test(region.id) &&
    typeof region.name === 'string' &&
    Array.isArray(bbox) &&
    bbox.length === 4 &&
    bbox.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    Number.isInteger(region.minZoom) &&
    Number.isInteger(region.maxZoom) &&
    Number.isInteger(region.bytes) &&
    (region.bytes as number) > 0 &&
    typeof region.url === 'string' &&
    region.url.startsWith(tilesUrlPrefix) &&
    typeof region.version === 'string' &&
    /^[0-9a-f]{64}$/.test(region.version) &&
    (region.basemap === undefined ||
      region.basemap === null ||
      (mapBasemaps as readonly unknown[]).includes(region.basemap))
  );
}

/** The entry's road map; a server from before road maps sends none, which means none. */
function basemapOf(region: MapCatalogRegion): MapBasemap {
  return (region.basemap as MapBasemap | undefined) ?? null;
}

/**
 * Validates a parsed catalog response. Throws an Error saying what is wrong when it is not a
 * catalog (so a broken server answer never overwrites the stored catalog).
 */
export function parseRegionCatalog(body: unknown): MapCatalog {
  if (typeof body !== 'object' || body === null) throw new Error('The map catalog is not JSON.');
  const { attribution, regions } = body as Record<string, unknown>;
  if (typeof attribution !== 'string' || !Array.isArray(regions)) {
    throw new Error('The map catalog has no region list.');
  }
  const bad = regions.findIndex((region) => !isRegion(region));
  if (bad >= 0) throw new Error(`Map catalog entry ${bad + 1} is malformed.`);
  return {
    attribution,
    regions: (regions as MapCatalogRegion[]).map((region) => ({
      ...region,
      basemap: basemapOf(region),
    })),
  };
}

/**
 * Fetches and validates the catalog. Rejects on a network failure, a non-2xx answer (with the
 * server's message) or a malformed body.
 */
export async function fetchRegionCatalog(fetchImpl: typeof fetch = fetch): Promise<MapCatalog> {
  const response = await fetchImpl(mapCatalogPath, { headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof body === 'object' && body && 'message' in body ? String(body.message) : '';
    throw new Error(`Map catalog: ${response.status} ${message}`.trim());
  }
  return parseRegionCatalog(body);
}

/**
 * The mapRegions document for a catalog entry, given the stored one (or null). Catalog fields
 * are refreshed; download state is kept. A downloaded region whose catalog version changed
 * becomes `update-available` (its old archive stays usable until the update completes); an
 * update-available region whose catalog returns to the stored version is `downloaded` again.
 */
export function mergeCatalogRegion(
  stored: MapRegion | null,
  entry: MapCatalogRegion,
  now: number,
): MapRegion {
  const base: MapRegion = stored ?? {
    ...entry,
    status: 'not-downloaded',
    downloadedBytes: 0,
    downloadedVersion: null,
    storageKey: null,
    error: null,
    updatedAt: now,
  };
  let status = base.status;
  if (
    base.downloadedVersion !== null &&
    (status === 'downloaded' || status === 'update-available')
  ) {
    status = base.downloadedVersion === entry.version ? 'downloaded' : 'update-available';
  }
  return {
    ...base,
    id: entry.id,
    name: entry.name,
    bbox: [...entry.bbox],
    minZoom: entry.minZoom,
    maxZoom: entry.maxZoom,
    bytes: entry.bytes,
    url: entry.url,
    version: entry.version,
    basemap: entry.basemap,
    status,
    updatedAt: now,
  };
}
