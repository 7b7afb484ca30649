/**
 * Reactive reads of the app database for components (docs/architecture.md#data: every screen reads
 * RxDB through reactive queries). Each `observe…` function is the RxDB query or local document
 * behind a hook, as an observable of plain documents (toJSON) that emits on every change from
 * any tab or the sync engine; each `use…` hook subscribes to it.
 * `isLoading` is true until the first answer of the current query.
 */
import { useMemo } from 'react';
import { map, NEVER, type Observable } from 'rxjs';
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
import { useDatabase, useOptionalDatabase } from './provider.tsx';
import { savedTrailsDocumentId, type SavedTrails } from './saved-trails.ts';
import { localDocumentData } from './local-document-data.ts';
import { useObservable } from './use-observable.ts';

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

/** The catalogue pull state (see catalogue-status.ts). */
export function observeCatalogueStatus(db: AppDatabase): Observable<CatalogueStatus> {
  return db
    .getLocal$(catalogueStatusDocumentId)
    .pipe(map((document) => readCatalogueStatusData(localDocumentData(document))));
}

/** Every cached trail, sorted by name; loading while a deferred provider opens the database. */
export function useTrails(): { trails: Trail[]; isLoading: boolean } {
  // Loading until the database opens, so the home page paints before RxDB has loaded.
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observeTrails(db) : NEVER), [db]);
  const { value, isLoading } = useObservable(source);
  return { trails: value ?? [], isLoading };
}

/** One trail by id; `trail` is null while loading and when no such trail is cached. */
export function useTrail(id: string): { trail: Trail | null; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeTrail(db, id), [db, id]);
  const { value, isLoading } = useObservable(source);
  return { trail: value ?? null, isLoading };
}

/** The trails of system `systemId` on this device (USFS lines), by name. */
export function useSystemTrails(systemId: string): { trails: Trail[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeSystemTrails(db, systemId), [db, systemId]);
  const { value, isLoading } = useObservable(source);
  return { trails: value ?? [], isLoading };
}

/**
 * The rider's own waypoints on this device, optionally of one category, by name. Public places
 * are not waypoints: WMAs come from `useWmas`.
 */
export function useWaypoints(filter?: { category?: WaypointCategory }): {
  waypoints: Waypoint[];
  isLoading: boolean;
} {
  const db = useDatabase();
  const category = filter?.category;
  const source = useMemo(() => observeWaypoints(db, category), [db, category]);
  const { value, isLoading } = useObservable(source);
  return { waypoints: value ?? [], isLoading };
}

/**
 * Every cached Wildlife Management Area (Arkansas Game and Fish Commission, data/places/
 * wmas.geojson), sorted by name; `isLoading` until the first answer.
 */
export function useWmas(): { wmas: Wma[]; isLoading: boolean } {
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observeWmas(db) : NEVER), [db]);
  const { value, isLoading } = useObservable(source);
  return { wmas: value ?? [], isLoading };
}

/** The achievement catalogue, in its `sortOrder`. */
export function useAchievements(): { achievements: Achievement[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeAchievements(db), [db]);
  const { value, isLoading } = useObservable(source);
  return { achievements: value ?? [], isLoading };
}

/** Every cached campground, sorted by name. */
export function useCampgrounds(): { campgrounds: Campground[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeCampgrounds(db), [db]);
  const { value, isLoading } = useObservable(source);
  return { campgrounds: value ?? [], isLoading };
}

/** Ids of the rider's saved trails, most recently saved first (see saved-trails.ts). */
export function useSavedTrailIds(): { savedTrailIds: string[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeSavedTrailIds(db), [db]);
  const { value, isLoading } = useObservable(source);
  return { savedTrailIds: value ?? [], isLoading };
}

/**
 * State of the public catalogues' pull (the sync engine writes it, src/sync/sync-engine.ts):
 * when every catalogue last finished pulling from the server (epoch ms, null if never), the
 * last failure's message (null after a success) and whether a pull is running now. Never-refreshed until the first answer.
 */
export function useCatalogueStatus(): CatalogueStatus {
  const db = useDatabase();
  const source = useMemo(() => observeCatalogueStatus(db), [db]);
  const { value } = useObservable(source);
  return value ?? { lastSyncedAt: null, error: null, isRefreshing: false };
}
