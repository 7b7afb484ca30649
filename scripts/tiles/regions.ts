/**
 * The downloadable map regions. The six regions are the product's Arkansas regions
 * (schemas/common.ts `arkansasRegions`); each bbox is computed, not typed in: the bounding box
 * of every trailhead and WMA the dataset assigns to that region (data/places/*.geojson
 * `region`), widened by `regionPaddingDegrees` on each side so the country around the outermost
 * trailheads is in the archive too, and clipped to the statewide bbox. Regions may overlap.
 */
import { arkansasRegions } from '../../schemas/common.ts';
import { statewideRegionId } from '../../schemas/map-catalog.ts';
import type { RegionPoint } from './map-layers.ts';

/** [west, south, east, north] in degrees WGS84. */
export type Bbox = [number, number, number, number];

/** One archive to build. */
export interface RegionDefinition {
  id: string;
  name: string;
  bbox: Bbox;
  minZoom: number;
  maxZoom: number;
}

/**
 * Arkansas (data/basemap/arkansas-state.geojson spans about -94.62…-89.64 W, 33.00…36.50 N)
 * plus about a degree of the neighbouring states, so a phone screen centred on the state line
 * still shows land, rivers and towns on both sides.
 */
export const statewideBbox: Bbox = [-96.0, 32.0, -88.6, 37.5];

/** Zooms of the statewide archive: whole-state overview down to county scale. */
export const statewideZooms = { minZoom: 4, maxZoom: 9 } as const;

/**
 * Zooms of the region archives: from where the statewide archive stops to z12 (about 10 m per
 * tile unit at 4096 units per tile). The data is trailhead points and 1:10m Natural Earth /
 * Census cartographic lines, which carry no more detail than that; deeper zooms overzoom z12.
 */
export const regionZooms = { minZoom: 10, maxZoom: 12 } as const;

/** Degrees added around the outermost trailhead or WMA of a region. */
export const regionPaddingDegrees = 0.25;

/** Lowercase, hyphenated id of a region name ("Arkansas River Valley" → "arkansas-river-valley"). */
export function regionId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

/**
 * The statewide archive first (clients download it first), then one region per name of
 * `arkansasRegions` that has at least one point. Throws when a region has no points at all,
 * because its bbox would be meaningless.
 */
export function regionDefinitions(points: readonly RegionPoint[]): RegionDefinition[] {
  const regions: RegionDefinition[] = [
    { id: statewideRegionId, name: 'Arkansas statewide', bbox: statewideBbox, ...statewideZooms },
  ];
  for (const name of arkansasRegions) {
    const inRegion = points.filter((point) => point.region === name);
    if (inRegion.length === 0) throw new Error(`no trailhead or WMA in region ${name}`);
    const longitudes = inRegion.map((point) => point.longitude);
    const latitudes = inRegion.map((point) => point.latitude);
    const bbox: Bbox = [
      round(Math.max(statewideBbox[0], Math.min(...longitudes) - regionPaddingDegrees)),
      round(Math.max(statewideBbox[1], Math.min(...latitudes) - regionPaddingDegrees)),
      round(Math.min(statewideBbox[2], Math.max(...longitudes) + regionPaddingDegrees)),
      round(Math.min(statewideBbox[3], Math.max(...latitudes) + regionPaddingDegrees)),
    ];
    regions.push({ id: regionId(name), name, bbox, ...regionZooms });
  }
  return regions;
}
