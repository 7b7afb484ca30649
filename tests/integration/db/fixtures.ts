/**
 * Test databases and documents for the db and sync integration suites. Catalogue documents are
 * built from the shipped datasets (data/), so the facts in them are real and sourced; rider
 * documents (trips, plans, …) are what a rider could create.
 */
import { fileURLToPath } from 'node:url';
import type { Achievement } from '../../../schemas/achievements.ts';
import type { Campground } from '../../../schemas/campgrounds.ts';
import type { Trail } from '../../../schemas/trails.ts';
import type { Waypoint } from '../../../schemas/waypoints.ts';
import type { Wma } from '../../../schemas/wmas.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { loadAchievements } from '../../../sync-server/seed/achievements.ts';
import { loadCampgrounds } from '../../../datasets/campgrounds.ts';
import { loadTrails, loadWmas } from '../../../sync-server/seed/places.ts';

let databaseCounter = 0;

/** A new, empty app database with a name no other test uses; remove() it after the test. */
export function openTestDatabase(): Promise<AppDatabase> {
  databaseCounter += 1;
  return createAppDatabase({
    name: `test-${process.pid}-${Date.now().toString(36)}-${databaseCounter}`,
    devMode: true,
  });
}

/** The project's shipped datasets; the fixtures map them exactly as the server seeds them. */
const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));

/** The trails of data/places/trails.geojson as catalogue documents. */
export function shippedTrails(updatedAt = 1_700_000_000_000): Trail[] {
  return loadTrails(dataDir, updatedAt);
}

/** The WMAs of data/places/wmas.geojson as documents of the `wmas` catalogue. */
export function shippedWmas(updatedAt = 1_700_000_000_000): Wma[] {
  return loadWmas(dataDir, updatedAt);
}

/**
 * A WMA as versions before the `wmas` catalogue cached it: a public row of `waypoints`
 * (ownerId null, category `wma`).
 */
export function publicWmaWaypoint(wma: Wma): Waypoint {
  return {
    id: wma.id,
    ownerId: null,
    name: wma.name,
    category: 'wma',
    description: null,
    longitude: wma.longitude,
    latitude: wma.latitude,
    elevationMetres: null,
    trailId: null,
    tripId: null,
    county: wma.county,
    region: wma.region,
    waterfowl: wma.waterfowl,
    locationConfidence: wma.locationConfidence,
    sources: [...wma.sources],
    createdAt: wma.updatedAt,
    updatedAt: wma.updatedAt,
  };
}

/** A waypoint a rider marked (a camp spot near Wolf Pen Gap), owned by `ownerId`. */
export function riderWaypoint(
  id: string,
  ownerId = 'u1',
  overrides: Partial<Waypoint> = {},
): Waypoint {
  return {
    id,
    ownerId,
    name: 'Camp by the creek',
    category: 'camp',
    description: null,
    longitude: -93.79,
    latitude: 34.52,
    elevationMetres: null,
    trailId: null,
    tripId: null,
    county: null,
    region: null,
    waterfowl: null,
    locationConfidence: 'exact',
    sources: ['rider'],
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}

/** The achievements of data/achievements.json. */
export function shippedAchievements(updatedAt = 1_700_000_000_000): Achievement[] {
  return loadAchievements(dataDir, updatedAt);
}

/** The first five merged campgrounds (RIDB + OpenStreetMap), as the server seeds them. */
export function shippedCampgrounds(updatedAt = 1_700_000_000_000): Campground[] {
  return loadCampgrounds(dataDir, updatedAt).slice(0, 5);
}
