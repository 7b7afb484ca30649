/**
 * Nearest town and county of a point, offline, over the shipped data:
 * data/places/arkansas-places.json (the gazetteer trail search uses: 213 Arkansas towns from
 * GeoNames, CC BY 4.0, each with its county, and 7 Natural Earth towns over the state line) and
 * data/basemap/arkansas-counties.geojson (us-atlas 3.0.1, 2017 Census boundaries, ISC).
 * The parsers are pure; `loadPlaceLookup` imports the two files lazily so they ship in the
 * safety pages' chunk only (precached by the service worker like every route chunk).
 */
import distance from '@turf/distance';
import bearing from '@turf/bearing';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';

/**
 * A town of the gazetteer: name, county (null for towns outside Arkansas), state ("AR" or the
 * neighbouring state's name) and point [longitude, latitude] in degrees.
 */
export interface Town {
  name: string;
  county: string | null;
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

/** One town as data/places/arkansas-places.json stores it. */
export interface GazetteerTownRecord {
  name: string;
  county: string | null;
  state: string | null;
  longitude: number;
  latitude: number;
}

/** Towns of the gazetteer (data/places/arkansas-places.json `towns`). */
export function parseGazetteerTowns(records: readonly GazetteerTownRecord[]): Town[] {
  return records.map((record) => ({
    name: record.name,
    county: record.county,
    state: record.state ?? '',
    coordinates: [record.longitude, record.latitude],
  }));
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

/** Where the place names come from, for the card's footnote. */
export const PLACE_DATA_SOURCE =
  'Towns: GeoNames (CC BY 4.0, geonames.org), 213 Arkansas towns over 1,000 people or county seats, and 7 Natural Earth towns over the state line. Counties: US Census 2017 cartographic boundaries via us-atlas 3.0.1. Trails, trailheads and campgrounds: the catalogues on this device.';

let lookupPromise: Promise<PlaceLookup> | null = null;

/**
 * Loads the shipped towns and counties once (about 120 KB of JSON, in this lazily loaded
 * chunk). Rejects only if the chunk itself cannot load.
 */
export function loadPlaceLookup(): Promise<PlaceLookup> {
  lookupPromise ??= Promise.all([
    import('../../../data/places/arkansas-places.json'),
    import('../../../data/basemap/arkansas-counties.geojson?raw'),
  ]).then(([gazetteer, counties]) => ({
    towns: parseGazetteerTowns(gazetteer.default.towns),
    counties: parseCounties(JSON.parse(counties.default) as FeatureCollection),
  }));
  return lookupPromise;
}
