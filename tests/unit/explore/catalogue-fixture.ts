/**
 * The shipped catalogue (data/places/trails.geojson, wmas.geojson) exactly as the server seeds
 * it and the client stores it: camelCase `Trail` documents and `wma` waypoints. Tests run against
 * the real data so a change to the data that breaks search or the home page shows up here.
 */
import { fileURLToPath } from 'node:url';
import type { Trail } from '../../../schemas/trails.ts';
import type { Waypoint } from '../../../schemas/waypoints.ts';
import {
  loadTrails as loadSeedTrails,
  loadWmaWaypoints,
} from '../../../sync-server/seed/places.ts';

const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));

/** All trails of data/places/trails.geojson as `Trail` documents. */
export function loadTrails(): Trail[] {
  return loadSeedTrails(dataDir, 0);
}

/** All WMAs of data/places/wmas.geojson as public `wma` waypoints. */
export function loadWildlifeAreas(): Waypoint[] {
  return loadWmaWaypoints(dataDir, 0);
}
