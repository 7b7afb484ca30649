/**
 * Reactive reads of the public catalogues (trails, WMAs, achievements, campgrounds), the rider's
 * own waypoints and saved trail ids, and the catalogue pull state (docs/architecture.md#data:
 * every screen reads RxDB through reactive queries). Each `observe…` function is the RxDB query
 * or local document behind a hook of src/db-react/hooks.ts (and of the watchers and the voice
 * assistant), as an observable of plain documents (toJSON) that emits on every change from any
 * tab or the sync engine.
 */
import { distinctUntilChanged, map, Observable, type OperatorFunction } from 'rxjs';
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

/**
 * How long a catalogue list waits for its changes to stop before it shows them, ms. A first
 * visit stores the trail catalogue in many slices (src/lib/sync/pull-slices.ts); rendering every
 * screen and watcher that lists trails after each of them cost a mid-range phone more
 * main-thread time than storing them. So a list shows its first results, and a change after a
 * quiet spell, at once; changes that follow each other closely show together once they stop,
 * or every `catalogueUpdateMaxWaitMs` while they go on. Catalogues change only through the sync
 * engine.
 */
export const catalogueUpdateIntervalMs = 500;

/** Longest a list waits during a run of changes before it shows the latest, ms. */
export const catalogueUpdateMaxWaitMs = 2000;

/** A query's results as `catalogueUpdateIntervalMs` describes. */
function coalesced<T>(): OperatorFunction<T, T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let quiet: ReturnType<typeof setTimeout> | null = null;
      let latest: { value: T } | null = null;
      let shownAt = 0;
      const show = (value: T) => {
        latest = null;
        shownAt = Date.now();
        subscriber.next(value);
      };
      const waitForQuiet = () => {
        if (quiet !== null) clearTimeout(quiet);
        quiet = setTimeout(() => {
          quiet = null;
          if (!latest) return;
          show(latest.value);
          waitForQuiet();
        }, catalogueUpdateIntervalMs);
      };
      const subscription = source.subscribe({
        next(value) {
          if (quiet === null) show(value);
          else if (Date.now() - shownAt >= catalogueUpdateMaxWaitMs) show(value);
          else latest = { value };
          waitForQuiet();
        },
        error: (error: unknown) => subscriber.error(error),
        complete() {
          if (latest) subscriber.next(latest.value);
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        if (quiet !== null) clearTimeout(quiet);
      };
    });
}

/** A document as the plain stored object. */
function plain<T>(document: { toJSON(): unknown }): T {
  return document.toJSON() as T;
}

/** Every cached trail, sorted by name (case-insensitive, numbers in numeric order). */
export function observeTrails(db: AppDatabase): Observable<Trail[]> {
  return db.trails.find().$.pipe(
    coalesced(),
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
    coalesced(),
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
    coalesced(),
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
    coalesced(),
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
    coalesced(),
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

/** The catalogue pull state (see catalogue-status.ts), whenever what it says changes. */
export function observeCatalogueStatus(db: AppDatabase): Observable<CatalogueStatus> {
  return db.getLocal$(catalogueStatusDocumentId).pipe(
    map((document) => readCatalogueStatusData(localDocumentData(document))),
    // The stored document also holds when a pull started, which screens never show.
    distinctUntilChanged(
      (a, b) =>
        a.lastSyncedAt === b.lastSyncedAt &&
        a.error === b.error &&
        a.isRefreshing === b.isRefreshing,
    ),
  );
}
