/**
 * Test databases and documents for the db and sync integration suites. Catalogue documents are
 * built from the shipped datasets (data/), so the facts in them are real and sourced; rider
 * documents (trips, plans, …) are what a rider could create.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Achievement } from '../../../schemas/achievements.ts';
import type { Campground } from '../../../schemas/campgrounds.ts';
import type { Trail } from '../../../schemas/trails.ts';
import type { Waypoint } from '../../../schemas/waypoints.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';

let databaseCounter = 0;

/** A new, empty app database with a name no other test uses; remove() it after the test. */
export function openTestDatabase(): Promise<AppDatabase> {
  databaseCounter += 1;
  return createAppDatabase({
    name: `test-${process.pid}-${Date.now().toString(36)}-${databaseCounter}`,
    devMode: true,
  });
}

function readJson<T>(relativePath: string): T {
  return JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../${relativePath}`, import.meta.url)), 'utf8'),
  ) as T;
}

type PointFeature<P> = { geometry: { coordinates: [number, number] }; properties: P };

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
  location_confidence: Trail['locationConfidence'];
  notes: string | null;
  sources: string[];
}

/** The trails of data/places/trails.geojson as catalogue documents. */
export function shippedTrails(updatedAt = 1_700_000_000_000): Trail[] {
  const collection = readJson<{ features: PointFeature<TrailProperties>[] }>(
    'data/places/trails.geojson',
  );
  return collection.features.map(({ geometry, properties }) => ({
    id: properties.id,
    name: properties.name,
    kind: properties.kind,
    activities: properties.activities,
    difficulty: properties.difficulty ?? null,
    lengthMiles: properties.length_miles ?? null,
    county: properties.county,
    region: properties.region,
    manager: properties.manager ?? null,
    fee: properties.fee ?? null,
    officialUrl: properties.official_url ?? null,
    locationConfidence: properties.location_confidence,
    notes: properties.notes ?? null,
    sources: properties.sources,
    longitude: geometry.coordinates[0],
    latitude: geometry.coordinates[1],
    path: null,
    updatedAt,
  }));
}

interface WmaProperties {
  id: string;
  name: string;
  county: string | null;
  region: string | null;
  waterfowl: boolean | null;
  location_confidence: Waypoint['locationConfidence'];
  sources: string[];
}

/** The WMAs of data/places/wmas.geojson as public waypoints. */
export function shippedWmaWaypoints(updatedAt = 1_700_000_000_000): Waypoint[] {
  const collection = readJson<{ features: PointFeature<WmaProperties>[] }>(
    'data/places/wmas.geojson',
  );
  return collection.features.map(({ geometry, properties }) => ({
    id: properties.id,
    ownerId: null,
    name: properties.name,
    category: 'wma',
    description: null,
    longitude: geometry.coordinates[0],
    latitude: geometry.coordinates[1],
    elevationMetres: null,
    trailId: null,
    tripId: null,
    county: properties.county ?? null,
    region: properties.region ?? null,
    waterfowl: properties.waterfowl ?? null,
    locationConfidence: properties.location_confidence,
    sources: properties.sources,
    createdAt: updatedAt,
    updatedAt,
  }));
}

/** The achievements of data/achievements.json. */
export function shippedAchievements(updatedAt = 1_700_000_000_000): Achievement[] {
  return readJson<Omit<Achievement, 'updatedAt'>[]>('data/achievements.json').map(
    (achievement) => ({
      ...achievement,
      updatedAt,
    }),
  );
}

interface RidbProperties {
  id: string;
  name: string;
  facility_id: string;
}

/** RIDB campgrounds of data/campgrounds, with only name, point and facility id filled in. */
export function shippedCampgrounds(updatedAt = 1_700_000_000_000): Campground[] {
  const collection = readJson<{ features: PointFeature<RidbProperties>[] }>(
    'data/campgrounds/ridb-arkansas.geojson',
  );
  return collection.features.slice(0, 5).map(({ geometry, properties }) => ({
    id: `ridb-${properties.facility_id}`,
    name: properties.name,
    type: null,
    description: null,
    operator: null,
    location: {
      longitude: geometry.coordinates[0],
      latitude: geometry.coordinates[1],
      address: null,
      city: null,
      county: null,
      region: null,
    },
    siteCounts: { total: null, tent: null, rv: null, cabins: null },
    amenities: Object.fromEntries(
      [
        'electric_hookups',
        'water_hookups',
        'sewer_hookups',
        'restrooms',
        'showers',
        'dump_station',
        'drinking_water',
        'fire_rings',
        'picnic_tables',
        'tents_allowed',
        'rvs_allowed',
        'wifi',
        'swimming',
        'fishing',
        'boating',
        'boat_launch',
        'hiking_trails',
        'pet_friendly',
        'accessible',
      ].map((flag) => [flag, null]),
    ) as Campground['amenities'],
    fee: null,
    roadSurface: null,
    contact: { phone: null, website: null, email: null, reservationUrl: null },
    ridbFacilityId: properties.facility_id,
    osmNodeId: null,
    sources: [`RIDB facility ${properties.facility_id}`],
    updatedAt,
  }));
}
