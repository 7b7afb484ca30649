/**
 * The campground directory (requirements §voice-2.6, §voice-4.2, §voice-5, §voice-7.2, §voice-9)
 * over the 224 real campgrounds cached on this device: search, Filters (type, price, must-have
 * amenities), tabs All / Favorites / Nearby / Top Rated, a results count with Clear Search, cards
 * and the details dialog. Everything reads RxDB (or, before the catalogue first arrives, the list
 * bundled with the app), so it works offline; searches never leave the device. Shown on the home page and at /campgrounds.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import type { Campground } from '../../../schemas/campgrounds.ts';
import { useCampgroundPreferences } from '../../db-react/campground-preferences.ts';
import { useCatalogueLastSyncedAt } from '../../db-react/hooks.ts';
import {
  cacheStatus,
  distanceMiles,
  filterCampgrounds,
  nearbyCampgrounds,
  nearbyRadiusMiles,
  noCampgroundFilters,
  topRatedCampgrounds,
  type LatLng,
} from '../../lib/campgrounds/directory.ts';
import { CampgroundDialog } from './campground-dialog.tsx';
import { useDirectoryCampgrounds } from './use-directory-campgrounds.ts';
import {
  CampgroundCard,
  DirectoryControls,
  DirectoryFilters,
  DirectoryIntro,
  DirectoryTabs,
  SearchHistory,
  type DirectoryTab,
} from './campground-directory-parts.tsx';
import './campgrounds.css';

/** Where the device is, as the Nearby tab knows it. */
type PositionState =
  | { status: 'unknown' }
  | { status: 'locating' }
  | { status: 'located'; position: LatLng }
  | { status: 'refused'; message: string };

/** Asks the browser for the device position; refusal is only logged (§voice-7.2). */
function requestPosition(onResult: (state: PositionState) => void): void {
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    onResult({ status: 'refused', message: 'This browser cannot share its location.' });
    return;
  }
  onResult({ status: 'locating' });
  navigator.geolocation.getCurrentPosition(
    (position) =>
      onResult({
        status: 'located',
        position: { latitude: position.coords.latitude, longitude: position.coords.longitude },
      }),
    (error) => {
      console.info('Campground directory: location not available:', error.message);
      onResult({ status: 'refused', message: 'Location is off or was refused.' });
    },
    { maximumAge: 5 * 60_000, timeout: 20_000 },
  );
}

/** Props of the directory. */
export interface CampgroundDirectoryProps {
  /** Heading level of the section title: 2 on the home page, 1 on /campgrounds. */
  headingLevel?: 1 | 2;
  /** A campground to open at once (e.g. tapped on the map). */
  initialCampgroundId?: string | null;
}

/** The whole directory section. */
export function CampgroundDirectory({
  headingLevel = 2,
  initialCampgroundId = null,
}: CampgroundDirectoryProps) {
  const { campgrounds, isLoading, bundled } = useDirectoryCampgrounds();
  const lastSyncedAt = useCatalogueLastSyncedAt();
  const {
    preferences,
    isLoading: preferencesLoading,
    toggleFavoriteCampground,
    rememberSearch,
    saveFilters,
  } = useCampgroundPreferences();
  const [query, setQuery] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const [tab, setTab] = useState<DirectoryTab>('all');
  const [position, setPosition] = useDevicePosition();
  const [openId, setOpenId] = useOpenCampground(initialCampgroundId);
  const filters = preferences.filterPreferences;
  const checkedAt = useFreshnessClock(lastSyncedAt);

  const favorites = useMemo(
    () => new Set(preferences.favoriteCampgrounds),
    [preferences.favoriteCampgrounds],
  );
  const here = position.status === 'located' ? position.position : null;

  const results = useMemo(
    () => tabResults(filterCampgrounds(campgrounds, { query, ...filters }), tab, favorites, here),
    [campgrounds, query, filters, tab, favorites, here],
  );

  const opened = campgrounds.find((campground) => campground.id === openId) ?? null;

  const clearSearch = () => {
    const { query: noQuery, ...noFilters } = noCampgroundFilters;
    setQuery(noQuery);
    void saveFilters({ ...noFilters, types: [], amenities: [] });
  };

  return (
    <section className="campground-directory" aria-labelledby="campground-directory-heading">
      <DirectoryIntro
        headingLevel={headingLevel}
        count={campgrounds.length}
        status={cacheStatus(lastSyncedAt, checkedAt)}
        lastSyncedAt={lastSyncedAt}
        bundled={bundled}
      />
      <DirectoryControls
        query={query}
        setQuery={setQuery}
        rememberSearch={rememberSearch}
        showFilters={showFilters}
        setShowFilters={setShowFilters}
        filterCount={activeFilterCount(filters)}
      />
      {preferences.searchHistory.length > 0 && query === '' ? (
        <SearchHistory history={preferences.searchHistory} setQuery={setQuery} />
      ) : null}
      {showFilters ? <DirectoryFilters filters={filters} saveFilters={saveFilters} /> : null}
      <DirectoryTabs
        tab={tab}
        onChange={(next) => {
          setTab(next);
          // §voice-6: location is asked for when the rider opens Nearby.
          if (next === 'nearby' && position.status !== 'located') requestPosition(setPosition);
        }}
      />

      <DirectoryResults
        listKey={`${tab}|${query}|${JSON.stringify(filters)}`}
        isLoading={isLoading || preferencesLoading}
        countLoading={isLoading}
        results={results}
        onClear={clearSearch}
        emptyText={emptyText(tab, here, position, campgrounds)}
        nearbyRadius={tab === 'nearby' && here ? nearbyRadiusMiles : null}
        here={here}
        favorites={favorites}
        onToggleFavorite={(id) => void toggleFavoriteCampground(id)}
        onOpen={setOpenId}
      />
      <CampgroundDialog campground={opened} onClose={() => setOpenId(null)} />
    </section>
  );
}

/** Why a list is empty: Nearby without a position, Top Rated without reviews, or no match. */
function emptyText(
  tab: DirectoryTab,
  here: LatLng | null,
  position: PositionState,
  campgrounds: readonly Campground[],
): string {
  if (tab === 'nearby' && !here) {
    return position.status === 'locating'
      ? 'Finding your location…'
      : `Nearby needs your location: allow location access and choose Nearby again. (${
          position.status === 'refused' ? position.message : 'Not asked yet.'
        })`;
  }
  if (tab === 'recommended' && topRatedCampgrounds(campgrounds).length === 0) {
    return 'No campground has rider reviews rated 4 stars or more yet. Stayed at one? Open it and be the first to rate it.';
  }
  return 'No Campgrounds Found - Try adjusting your search criteria or filters';
}

/** The campgrounds of one tab: favourites, those near `here`, the top rated, or all. */
function tabResults(
  filtered: Campground[],
  tab: DirectoryTab,
  favorites: ReadonlySet<string>,
  here: LatLng | null,
): Campground[] {
  switch (tab) {
    case 'favorites':
      return filtered.filter((campground) => favorites.has(campground.id));
    case 'nearby':
      return here ? nearbyCampgrounds(filtered, here).map((entry) => entry.campground) : [];
    case 'recommended':
      return topRatedCampgrounds(filtered);
    default:
      return filtered;
  }
}

/** The device position for Nearby, asked for once when the directory loads (§voice-7.2). */
function useDevicePosition() {
  const [position, setPosition] = useState<PositionState>({ status: 'unknown' });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    requestPosition(setPosition);
  }, []);
  return [position, setPosition] as const;
}

/**
 * The campground whose dialog is open. A new one asked for from outside (a map tap) opens, as
 * React's "adjust state when a prop changes" pattern does it: during render, not in an effect.
 */
function useOpenCampground(initialCampgroundId: string | null) {
  const [openId, setOpenId] = useState<string | null>(initialCampgroundId);
  const [shownInitialId, setShownInitialId] = useState(initialCampgroundId);
  if (shownInitialId !== initialCampgroundId) {
    setShownInitialId(initialCampgroundId);
    setOpenId(initialCampgroundId);
  }
  return [openId, setOpenId] as const;
}

/**
 * The time (epoch ms) the cache's freshness is judged at: when the directory opens, and the
 * sync time whenever a sync lands.
 */
function useFreshnessClock(lastSyncedAt: number | null): number {
  const [checkedAt, setCheckedAt] = useState(() => ({ lastSyncedAt, now: Date.now() }));
  if (checkedAt.lastSyncedAt !== lastSyncedAt)
    setCheckedAt({ lastSyncedAt, now: lastSyncedAt ?? 0 });
  return checkedAt.now;
}

/**
 * Cards shown at first and added by each "Show more": all 224 at once made about 6,000 elements
 * and 460 buttons on the home page, rendered while a phone's first visit is still storing the
 * catalogues, and a long scroll past them to the rest of the page.
 */
export const campgroundCardsPerPage = 24;

/**
 * How many cards of the list named `listKey` are shown: one page, more after each "Show more",
 * and one page again when the list changes (another tab, search or filter). Favoriting or a
 * catalogue sync keeps the rider's place.
 */
function useShownCount(listKey: string) {
  const [shown, setShown] = useState({ listKey, count: campgroundCardsPerPage });
  if (shown.listKey !== listKey) setShown({ listKey, count: campgroundCardsPerPage });
  const showMore = () =>
    setShown((current) => ({ ...current, count: current.count + campgroundCardsPerPage }));
  return [shown.listKey === listKey ? shown.count : campgroundCardsPerPage, showMore] as const;
}

/**
 * The result count with Clear Search, then the first cards with "Show more", the loading line
 * or why it is empty.
 */
function DirectoryResults({
  listKey,
  isLoading,
  countLoading,
  results,
  onClear,
  emptyText,
  nearbyRadius,
  here,
  favorites,
  onToggleFavorite,
  onOpen,
}: {
  /** Names the list (tab, search, filters): a new list starts again at one page of cards. */
  listKey: string;
  isLoading: boolean;
  countLoading: boolean;
  results: Campground[];
  onClear: () => void;
  emptyText: string;
  /** Miles of the Nearby radius when Nearby lists by position, else null. */
  nearbyRadius: number | null;
  here: LatLng | null;
  favorites: ReadonlySet<string>;
  onToggleFavorite: (id: string) => void;
  onOpen: (id: string) => void;
}) {
  const [shownCount, showMore] = useShownCount(listKey);
  const shown = results.slice(0, shownCount);
  const hidden = results.length - shown.length;
  return (
    <>
      <div className="campground-results__bar">
        <h3 className="campground-results__count" aria-live="polite">
          {countLoading
            ? 'Campgrounds'
            : `${results.length} ${results.length === 1 ? 'campground' : 'campgrounds'}`}
          {nearbyRadius !== null ? ` within ${nearbyRadius} miles` : ''}
        </h3>
        <Button className="button" onPress={onClear}>
          Clear Search
        </Button>
      </div>

      {isLoading ? (
        <p className="campground-directory__status" role="status">
          Loading Arkansas Campground Intelligence...
        </p>
      ) : results.length === 0 ? (
        <p className="campground-directory__status" role="status">
          {emptyText}
        </p>
      ) : (
        <ul className="campground-grid">
          {shown.map((campground) => (
            <li key={campground.id}>
              <CampgroundCard
                campground={campground}
                distance={here ? distanceMiles(here, campground.location) : null}
                isFavorite={favorites.has(campground.id)}
                onToggleFavorite={() => onToggleFavorite(campground.id)}
                onOpen={() => onOpen(campground.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {!isLoading && hidden > 0 ? (
        <div className="campground-results__more">
          {/* Announced, so a screen reader hears what "Show more" added. */}
          <p aria-live="polite">
            Showing {shown.length} of {results.length} campgrounds.
          </p>
          <Button className="button" onPress={showMore}>
            Show {Math.min(hidden, campgroundCardsPerPage)} more campgrounds
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * How many filters are on, for the Filters button: each type and amenity, the price range, and
 * "priced only".
 */
function activeFilterCount(filters: {
  types: readonly unknown[];
  amenities: readonly unknown[];
  priceMin: string;
  priceMax: string;
  pricedOnly?: boolean;
}): number {
  return (
    filters.types.length +
    filters.amenities.length +
    (filters.priceMin || filters.priceMax ? 1 : 0) +
    (filters.pricedOnly ? 1 : 0)
  );
}
