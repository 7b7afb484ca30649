/**
 * Loads the shipped catalogue (data/places/trails.geojson, wmas.geojson) as the client sees it
 * after seeding: camelCase `Trail` documents and `wma` waypoints. Tests run against the real data
 * so a change to the data that breaks search or the home page shows up here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Trail } from '../../../schemas/trails.ts';
import type { Waypoint } from '../../../schemas/waypoints.ts';

interface PointFeature<P> {
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: P;
}

interface TrailProperties {
  id: string;
  name: string;
  kind: Trail['kind'];
  activities: Trail['activities'];
  difficulty: Trail['difficulty'];
  length_miles: number | null;
  county: string;
  region: Trail['region'];
  manager: string | null;
  fee: string | null;
  official_url: string | null;
  location_confidence: 'exact' | 'approximate';
  notes: string | null;
  sources: string[];
}

interface WmaProperties {
  id: string;
  name: string;
  county: string;
  region: string;
  waterfowl: boolean;
  location_confidence: 'exact' | 'approximate';
  sources: string[];
}

function readFeatures<P>(file: string): PointFeature<P>[] {
  const path = fileURLToPath(new URL(`../../../data/places/${file}`, import.meta.url));
  return (JSON.parse(readFileSync(path, 'utf8')) as { features: PointFeature<P>[] }).features;
}

/** All trails of data/places/trails.geojson as `Trail` documents. */
export function loadTrails(): Trail[] {
  return readFeatures<TrailProperties>('trails.geojson').map(({ geometry, properties: p }) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    activities: p.activities,
    difficulty: p.difficulty,
    lengthMiles: p.length_miles,
    county: p.county,
    region: p.region,
    manager: p.manager,
    fee: p.fee,
    officialUrl: p.official_url,
    locationConfidence: p.location_confidence,
    notes: p.notes,
    sources: p.sources,
    longitude: geometry.coordinates[0],
    latitude: geometry.coordinates[1],
    path: null,
    updatedAt: 0,
  }));
}

/** All WMAs of data/places/wmas.geojson as public `wma` waypoints. */
export function loadWildlifeAreas(): Waypoint[] {
  return readFeatures<WmaProperties>('wmas.geojson').map(({ geometry, properties: p }) => ({
    id: p.id,
    ownerId: null,
    name: p.name,
    category: 'wma',
    description: null,
    longitude: geometry.coordinates[0],
    latitude: geometry.coordinates[1],
    county: p.county,
    region: p.region,
    waterfowl: p.waterfowl,
    locationConfidence: p.location_confidence,
    sources: p.sources,
    createdAt: 0,
    updatedAt: 0,
  }));
}
