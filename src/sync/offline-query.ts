/**
 * Catalogue reads that keep working offline (core-platform §7 and §8): a successful array
 * answer for /api/trails, /api/waypoints, /api/achievements or /api/campgrounds refreshes the
 * RxDB cache; a failed one (network down or non-OK) is answered from that cache when it holds
 * anything, else the error goes to the caller.
 */
import { readCatalogue, replaceCatalogue, type CatalogueName } from '../db/catalogue.ts';
import type { AppDatabase } from '../db/database.ts';
import { apiRequest } from '../lib/http/request.ts';

/** The catalogue whose full list `path` returns, or null for any other path. */
export function catalogueForPath(path: string): CatalogueName | null {
  // Only the unfiltered list may replace the cache: a query string or sub-path is a subset,
  // and replacing with it would delete the rest of the catalogue.
  switch (path) {
    case '/api/trails':
      return 'trails';
    case '/api/waypoints':
      return 'waypoints';
    case '/api/achievements':
      return 'achievements';
    case '/api/campgrounds':
      return 'campgrounds';
    default:
      return null;
  }
}

/**
 * GET `path` through apiRequest. For the four catalogue paths, an array answer is cached into
 * RxDB (a failure to cache is logged, the answer still returned) and a failure is answered
 * with the cached list when non-empty. Other paths behave exactly like apiRequest.
 * Throws what apiRequest throws (HttpError `${status}: ${text}`, a network TypeError) when
 * there is nothing cached to fall back on.
 */
export async function queryWithOfflineFallback<T>(db: AppDatabase, path: string): Promise<T> {
  const catalogue = catalogueForPath(path);
  if (!catalogue) return apiRequest<T>('GET', path);
  let answer: T;
  try {
    answer = await apiRequest<T>('GET', path);
  } catch (error) {
    const cached = await readCatalogue(db, catalogue).catch(() => []);
    if (cached.length > 0) return cached as T;
    throw error;
  }
  if (Array.isArray(answer)) {
    try {
      await replaceCatalogue(db, catalogue, answer);
    } catch (cacheError) {
      console.error(`Could not cache ${catalogue} for offline use`, cacheError);
    }
  }
  return answer;
}
