/**
 * Nearest town and county of a point, offline, over the shipped basemap data
 * (data/basemap/ne-populated-places.geojson: Natural Earth 10m towns, public domain;
 * data/basemap/arkansas-counties.geojson: us-atlas 3.0.1, 2017 Census boundaries, ISC).
 * The parsers are pure; `loadPlaceLookup` imports the two files lazily so they ship in the
 * safety pages' chunk only (precached by the service worker like every route chunk).
 */
import distance from '@turf/distance';
import bearing from '@turf/bearing';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';

/** A town: name, state and point [longitude, latitude] in degrees. */
export interface Town {
  name: string;
  state: string;
  coordinates: [number, number];
}

/** A county polygon with its name (Arkansas counties only in the shipped data). */
export interface County {
  name: string;
  geometry: Polygon | MultiPolygon;
}

/** The offline lookup tables. */
export interface PlaceLookup {
  towns: Town[];
  counties: County[];
}

/** The nearest town with the distance (miles) and compass direction from the town to the point. */
export interface NearestTown {
  town: Town;
  distanceMiles: number;
  /** 8-point compass direction of the point as seen from the town, e.g. "NE". */
  direction: string;
}

/** Towns of a Natural Earth populated-places collection (`name`, `adm1name` properties). */
export function parseTowns(collection: FeatureCollection): Town[] {
  return collection.features.flatMap((feature) => {
    const properties = feature.properties ?? {};
    const name = typeof properties.name === 'string' ? properties.name : null;
    if (!name || feature.geometry?.type !== 'Point') return [];
    const [longitude, latitude] = (feature.geometry as Point).coordinates;
    if (typeof longitude !== 'number' || typeof latitude !== 'number') return [];
    const state = typeof properties.adm1name === 'string' ? properties.adm1name : '';
    return [{ name, state, coordinates: [longitude, latitude] as [number, number] }];
  });
}

/** Counties of a county polygon collection (`name` property). */
export function parseCounties(collection: FeatureCollection): County[] {
  return collection.features.flatMap((feature) => {
    const name = feature.properties?.name;
    const type = feature.geometry?.type;
    if (typeof name !== 'string' || (type !== 'Polygon' && type !== 'MultiPolygon')) return [];
    return [{ name, geometry: feature.geometry as Polygon | MultiPolygon }];
  });
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** 8-point compass name of a bearing in degrees (-180..180 or 0..360). */
export function compassDirection(bearingDegrees: number): string {
  const normalized = ((bearingDegrees % 360) + 360) % 360;
  return COMPASS[Math.round(normalized / 45) % 8] ?? 'N';
}

/**
 * The town nearest to `point` ([longitude, latitude]) by great-circle distance; null when there
 * are no towns.
 */
export function nearestTown(point: [number, number], towns: readonly Town[]): NearestTown | null {
  let best: NearestTown | null = null;
  for (const town of towns) {
    const miles = distance(town.coordinates, point, { units: 'miles' });
    if (!best || miles < best.distanceMiles) {
      best = {
        town,
        distanceMiles: miles,
        direction: compassDirection(bearing(town.coordinates, point)),
      };
    }
  }
  return best;
}

/** The county containing `point` ([longitude, latitude]); null outside every county polygon. */
export function countyAt(point: [number, number], counties: readonly County[]): County | null {
  const feature: Feature<Point> = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'Point', coordinates: point },
  };
  return counties.find((county) => booleanPointInPolygon(feature, county.geometry)) ?? null;
}

/**
 * "12.3 miles NE of Conway, Arkansas" (under a tenth of a mile: "in Conway, Arkansas").
 */
export function describeNearestTown(nearest: NearestTown): string {
  const place = nearest.town.state
    ? `${nearest.town.name}, ${nearest.town.state}`
    : nearest.town.name;
  if (nearest.distanceMiles < 0.1) return `in ${place}`;
  return `${nearest.distanceMiles.toFixed(1)} miles ${nearest.direction} of ${place}`;
}

/** Where the place names come from, for the card's footnote. */
export const PLACE_DATA_SOURCE =
  'Towns: Natural Earth 10m populated places (17 towns in and around Arkansas). Counties: US Census 2017 cartographic boundaries via us-atlas 3.0.1.';

let lookupPromise: Promise<PlaceLookup> | null = null;

/**
 * Loads the shipped towns and counties once (about 90 KB of GeoJSON, in this lazily loaded
 * chunk). Rejects only if the chunk itself cannot load.
 */
export function loadPlaceLookup(): Promise<PlaceLookup> {
  lookupPromise ??= Promise.all([
    import('../../../data/basemap/ne-populated-places.geojson?raw'),
    import('../../../data/basemap/arkansas-counties.geojson?raw'),
  ]).then(([towns, counties]) => ({
    towns: parseTowns(JSON.parse(towns.default) as FeatureCollection),
    counties: parseCounties(JSON.parse(counties.default) as FeatureCollection),
  }));
  return lookupPromise;
}
