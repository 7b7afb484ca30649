/**
 * The read-only public catalogues (trails, WMAs, achievements, campgrounds; requirements §core-3,
 * §core-7) as screens list them. The sync engine pulls them into RxDB for every visitor
 * (src/sync/sync-engine.ts); this module orders them for display and reads them reactively
 * (`observe…`: an observable of plain documents that emits on every change, for the hooks of
 * src/db-react/hooks.ts, the voice assistant and the watchers).
 */
import { map, type Observable } from 'rxjs';
import type { Achievement } from '../../schemas/achievements.ts';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Waypoint, WaypointCategory } from '../../schemas/waypoints.ts';
import type { Wma } from '../../schemas/wmas.ts';
import type { AppDatabase } from './database.ts';

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

/** A document as the plain stored object. */
function plain<T>(document: { toJSON(): unknown }): T {
  return document.toJSON() as T;
}

/** Every cached trail, sorted by name (case-insensitive, numbers in numeric order). */
export function observeTrails(db: AppDatabase): Observable<Trail[]> {
  return db.trails.find().$.pipe(
    map((documents) =>
      sortCatalogue(
        'trails',
        documents.map((document) => plain<Trail>(document)),
      ),
    ),
  );
}

/** One trail by id, null when no such trail is cached. */
export function observeTrail(db: AppDatabase, id: string): Observable<Trail | null> {
  return db.trails
    .findOne(id)
    .$.pipe(map((document) => (document ? plain<Trail>(document) : null)));
}

/** The trails of a system (their `systemId` is `systemId`), sorted by name. */
export function observeSystemTrails(db: AppDatabase, systemId: string): Observable<Trail[]> {
  return db.trails.find({ selector: { systemId } }).$.pipe(
    map((documents) =>
      sortCatalogue(
        'trails',
        documents.map((document) => plain<Trail>(document)),
      ),
    ),
  );
}

/**
 * The rider's own waypoints on this device (the public WMAs are `observeWmas`), optionally of
 * one category, by name.
 */
export function observeWaypoints(
  db: AppDatabase,
  category?: WaypointCategory,
): Observable<Waypoint[]> {
  return db.waypoints.find(category ? { selector: { category } } : {}).$.pipe(
    map((documents) =>
      sortCatalogue(
        'waypoints',
        documents.map((document) => plain<Waypoint>(document)),
      ),
    ),
  );
}

/** The Wildlife Management Area catalogue (schemas/wmas.ts), sorted by name. */
export function observeWmas(db: AppDatabase): Observable<Wma[]> {
  return db.wmas.find().$.pipe(
    map((documents) =>
      sortCatalogue(
        'wmas',
        documents.map((document) => plain<Wma>(document)),
      ),
    ),
  );
}

/** The achievement catalogue in its `sortOrder`. */
export function observeAchievements(db: AppDatabase): Observable<Achievement[]> {
  return db.achievements.find().$.pipe(
    map((documents) =>
      sortCatalogue(
        'achievements',
        documents.map((document) => plain<Achievement>(document)),
      ),
    ),
  );
}

/** Every cached campground, sorted by name. */
export function observeCampgrounds(db: AppDatabase): Observable<Campground[]> {
  return db.campgrounds.find().$.pipe(
    map((documents) =>
      sortCatalogue(
        'campgrounds',
        documents.map((document) => plain<Campground>(document)),
      ),
    ),
  );
}
