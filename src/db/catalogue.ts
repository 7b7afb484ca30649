/**
 * The read-only public catalogues (trails, WMAs, achievements, campgrounds; requirements §core-3,
 * §core-7) as screens list them. The sync engine pulls them into RxDB for every visitor
 * (src/sync/sync-engine.ts); this module only orders them for display.
 */
import type { Achievement } from '../../schemas/achievements.ts';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import type { Wma } from '../../schemas/wmas.ts';

/** Document type of each list `sortCatalogue` orders. */
export interface CatalogueDocuments {
  trails: Trail;
  wmas: Wma;
  achievements: Achievement;
  campgrounds: Campground;
  waypoints: Waypoint;
}

export type CatalogueName = keyof CatalogueDocuments;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Orders a list as its screens show it: achievements by sortOrder then title, everything else
 * by name (case-insensitive, numbers in numeric order). Returns a new array.
 */
export function sortCatalogue<N extends CatalogueName>(
  name: N,
  documents: CatalogueDocuments[N][],
): CatalogueDocuments[N][] {
  const sorted = [...documents];
  if (name === 'achievements') {
    (sorted as Achievement[]).sort(
      (a, b) => a.sortOrder - b.sortOrder || collator.compare(a.title, b.title),
    );
  } else {
    (sorted as { name: string }[]).sort((a, b) => collator.compare(a.name, b.name));
  }
  return sorted;
}
