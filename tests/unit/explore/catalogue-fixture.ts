/**
 * The shipped catalogue (data/places/trails.geojson, wmas.geojson) exactly as the server seeds
 * it and the client stores it: camelCase `Trail` and `Wma` documents. Tests run against
 * the real data so a change to the data that breaks search or the home page shows up here.
 */
import { fileURLToPath } from 'node:url';
import type { Trail } from '../../../schemas/trails.ts';
import type { Wma } from '../../../schemas/wmas.ts';
import { loadTrails as loadSeedTrails, loadWmas } from '../../../sync-server/seed/places.ts';

const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));

/** All trails of data/places/trails.geojson as `Trail` documents. */
export function loadTrails(): Trail[] {
  return loadSeedTrails(dataDir, 0);
}

/** All WMAs of data/places/wmas.geojson as `wmas` catalogue documents. */
export function loadWildlifeAreas(): Wma[] {
  return loadWmas(dataDir, 0);
}
