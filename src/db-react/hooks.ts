/**
 * Hooks over the catalogues, the rider's saved trails and the catalogue status for components
 * (docs/architecture.md#data: every screen reads RxDB through reactive queries). Each `use…`
 * hook subscribes to the repository's `observe…` function (src/db/catalogue-reads.ts), an
 * observable of plain documents that emits on every change from any tab or the sync engine.
 * `isLoading` is true until the first answer of the current query.
 */
import { useMemo } from 'react';
import { map, NEVER } from 'rxjs';
import type { Achievement } from '../../schemas/achievements.ts';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Waypoint, WaypointCategory } from '../../schemas/waypoints.ts';
import type { Wma } from '../../schemas/wmas.ts';
import type { CatalogueStatus } from '../db/catalogue-status.ts';
import { useDatabase, useOptionalDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import {
  observeTrails,
  observeTrail,
  observeSystemTrails,
  observeWaypoints,
  observeWmas,
  observeAchievements,
  observeCampgrounds,
  observeSavedTrailIds,
  observeCatalogueStatus,
} from '../db/catalogue-reads.ts';

/** Options of the catalogue list hooks. */
export interface CatalogueListOptions {
  /**
   * False: do not read the list yet (loading until it turns true). A page that shows another
   * source meanwhile (the home page's build-time snapshot) reads the device's list only once it
   * would show it, and then gets the whole stored list as its first answer.
   */
  enabled?: boolean;
}

/** Every cached trail, sorted by name; loading while a deferred provider opens the database. */
export function useTrails({ enabled = true }: CatalogueListOptions = {}): {
  trails: Trail[];
  isLoading: boolean;
} {
  // Loading until the database opens, so the home page paints before RxDB has loaded.
  const db = useOptionalDatabase();
  const source = useMemo(() => (db && enabled ? observeTrails(db) : NEVER), [db, enabled]);
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
export function useWmas({ enabled = true }: CatalogueListOptions = {}): {
  wmas: Wma[];
  isLoading: boolean;
} {
  const db = useOptionalDatabase();
  const source = useMemo(() => (db && enabled ? observeWmas(db) : NEVER), [db, enabled]);
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
  // Loading while a deferred provider opens the database (the trail finder paints before it).
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observeSavedTrailIds(db) : NEVER), [db]);
  const { value, isLoading } = useObservable(source);
  return { savedTrailIds: value ?? [], isLoading };
}

/**
 * State of the public catalogues' pull (the sync engine writes it, src/sync/sync-engine.ts):
 * when every catalogue last finished pulling from the server (epoch ms, null if never), the
 * last failure's message (null after a success) and whether a pull is running now. Never-refreshed until the first answer.
 */
export function useCatalogueStatus(): CatalogueStatus {
  return useCatalogueStatusPart(wholeStatus) ?? neverRefreshed;
}

const neverRefreshed: CatalogueStatus = { lastSyncedAt: null, error: null, isRefreshing: false };

function wholeStatus(status: CatalogueStatus): CatalogueStatus {
  return status;
}

function isStored(status: CatalogueStatus): boolean {
  return status.lastSyncedAt !== null;
}

function lastSyncedAtOf(status: CatalogueStatus): number | null {
  return status.lastSyncedAt;
}

function errorOf(status: CatalogueStatus): string | null {
  return status.error;
}

/**
 * Whether the device has stored a whole catalogue once (`lastSyncedAt` set). A screen that
 * only needs this renders again once per device, not at every start and end of a pull.
 */
export function useCatalogueStored(): boolean {
  return useCatalogueStatusPart(isStored) ?? false;
}

/** When every catalogue last finished pulling (epoch ms), null if never; see useCatalogueStatus. */
export function useCatalogueLastSyncedAt(): number | null {
  return useCatalogueStatusPart(lastSyncedAtOf) ?? null;
}

/** The last catalogue pull's failure in words, null after a success; see useCatalogueStatus. */
export function useCatalogueError(): string | null {
  return useCatalogueStatusPart(errorOf) ?? null;
}

/**
 * One part of the catalogue status (`part` must be a module-level function), undefined until
 * the database answers. A part that did not change keeps the state (`useObservable` compares
 * values), so its screen does not render again at every start and end of a pull.
 */
function useCatalogueStatusPart<T>(part: (status: CatalogueStatus) => T): T | undefined {
  // Nothing known yet while a deferred provider opens the database.
  const db = useOptionalDatabase();
  const source = useMemo(
    () => (db ? observeCatalogueStatus(db).pipe(map(part)) : NEVER),
    [db, part],
  );
  return useObservable(source).value;
}
