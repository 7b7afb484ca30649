/**
 * Reactive reads of the public catalogues (trails, WMAs, achievements, campgrounds), the rider's
 * own waypoints and saved trail ids, and the catalogue pull state (docs/architecture.md#data:
 * every screen reads RxDB through reactive queries). Each `observe…` function is the RxDB query
 * or local document behind a hook of src/db-react/hooks.ts (and of the watchers and the voice
 * assistant), as an observable of plain documents (toJSON) that emits on every change from any
 * tab or the sync engine.
 */
import { map, type Observable } from 'rxjs';
import type { Achievement } from '../../schemas/achievements.ts';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Waypoint, WaypointCategory } from '../../schemas/waypoints.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { sortCatalogue } from './catalogue.ts';
import {
  catalogueStatusDocumentId,
  readCatalogueStatusData,
  type CatalogueStatus,
} from './catalogue-status.ts';
import type { AppDatabase } from './database.ts';
import { localDocumentData } from './local-document-write.ts';
import { savedTrailsDocumentId, type SavedTrails } from './saved-trails.ts';

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

/** Ids of the rider's saved trails, most recently saved first. */
export function observeSavedTrailIds(db: AppDatabase): Observable<string[]> {
  return db
    .getLocal$<SavedTrails>(savedTrailsDocumentId)
    .pipe(map((document) => [...(localDocumentData(document)?.trailIds ?? [])]));
}

/** The catalogue pull state (see catalogue-status.ts), on every change. */
export function observeCatalogueStatus(db: AppDatabase): Observable<CatalogueStatus> {
  return db
    .getLocal$(catalogueStatusDocumentId)
    .pipe(map((document) => readCatalogueStatusData(localDocumentData(document))));
}
