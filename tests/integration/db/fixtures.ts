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
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { loadAchievements } from '../../../sync-server/seed/achievements.ts';
import { loadCampgrounds } from '../../../datasets/campgrounds.ts';
import { loadTrails, loadWmaWaypoints } from '../../../sync-server/seed/places.ts';

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

/** The WMAs of data/places/wmas.geojson as public `wma` waypoints. */
export function shippedWmaWaypoints(updatedAt = 1_700_000_000_000): Waypoint[] {
  return loadWmaWaypoints(dataDir, updatedAt);
}

/** The achievements of data/achievements.json. */
export function shippedAchievements(updatedAt = 1_700_000_000_000): Achievement[] {
  return loadAchievements(dataDir, updatedAt);
}

/** The first five merged campgrounds (RIDB + OpenStreetMap), as the server seeds them. */
export function shippedCampgrounds(updatedAt = 1_700_000_000_000): Campground[] {
  return loadCampgrounds(dataDir, updatedAt).slice(0, 5);
}
