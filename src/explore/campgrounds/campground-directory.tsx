/**
 * The campground directory (voice-navigation-campgrounds §2.6, §4.2, §5, §7.2, §9) over the 228
 * real campgrounds cached on this device: search, Filters (type, price, must-have amenities),
 * tabs All / Favorites / Nearby / Top Rated, a results count with Clear Search, cards and the
 * details dialog. Everything reads RxDB, so it works offline; searches never leave the device.
 * Shown on the home page and at /campgrounds.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Input,
  Label,
  SearchField,
  Tab,
  TabList,
  Tabs,
  TextField,
  ToggleButton,
} from 'react-aria-components';
import { Heart, MapPin, Search, SlidersHorizontal, Star, Tent, X } from 'lucide-react';
import type { Campground, CampgroundType } from '../../../schemas/campgrounds.ts';
import { useCampgroundPreferences } from '../../db/campground-preferences.ts';
import { useCampgrounds, useCatalogueStatus } from '../../db/hooks.ts';
import {
  cacheStatus,
  campgroundAmenityOptions,
  campgroundTypeOptions,
  distanceMiles,
  filterCampgrounds,
  formatMiles,
  maxAmenityChips,
  nearbyCampgrounds,
  nearbyRadiusMiles,
  publishedNightlyFee,
  topRatedCampgrounds,
  type CampgroundAmenityOption,
  type LatLng,
} from '../../lib/campgrounds/directory.ts';
import {
  amenityLabels,
  campgroundTypeLabels,
  campgroundTypeLabel,
  notPublished,
  placeLine,
  presentAmenities,
  ratingText,
} from './campground-format.ts';
import { CampgroundDialog } from './campground-dialog.tsx';
import './campgrounds.css';

type DirectoryTab = 'all' | 'favorites' | 'nearby' | 'recommended';

/** Where the device is, as the Nearby tab knows it. */
type PositionState =
  | { status: 'unknown' }
  | { status: 'locating' }
  | { status: 'located'; position: LatLng }
  | { status: 'refused'; message: string };

/** Asks the browser for the device position; refusal is only logged (§7.2). */
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

function priceLine(campground: Campground): string {
  const fee = publishedNightlyFee(campground);
  if (fee === null) return `Tent, RV and cabin prices ${notPublished}`;
  const amount = fee === 0 ? 'No fee' : `$${fee.toFixed(2)}`;
  return `Tent/RV: ${amount} (published fee) · Cabin: ${notPublished}`;
}

function CampgroundCard({
  campground,
  distance,
  isFavorite,
  onToggleFavorite,
  onOpen,
}: {
  campground: Campground;
  distance: number | null;
  isFavorite: boolean;
  onToggleFavorite: () => void;
  onOpen: () => void;
}) {
  const amenities = presentAmenities(campground);
  return (
    <article className="campground-card" aria-labelledby={`campground-${campground.id}`}>
      <div className="campground-card__header">
        <h3 id={`campground-${campground.id}`} className="campground-card__name">
          {campground.name}
        </h3>
        <ToggleButton
          className="campground-card__heart"
          isSelected={isFavorite}
          onChange={onToggleFavorite}
          aria-label={`Favorite ${campground.name}`}
        >
          <Heart size={22} aria-hidden="true" fill={isFavorite ? 'currentColor' : 'none'} />
        </ToggleButton>
      </div>
      <div className="campground-card__badges">
        <span className="campground-badge">{campgroundTypeLabel(campground.type)}</span>
        <span className="campground-badge campground-badge--muted">
          Availability {notPublished}
        </span>
      </div>
      <p className="campground-card__rating">
        <Star size={16} aria-hidden="true" /> {ratingText(campground)}
      </p>
      <p className="campground-card__description">
        {campground.description ?? `Description ${notPublished}.`}
      </p>
      <p className="campground-card__place">
        <MapPin size={16} aria-hidden="true" /> {placeLine(campground)}
        {distance !== null ? ` · ${formatMiles(distance)} mi away` : ''}
      </p>
      {amenities.length > 0 ? (
        <ul className="campground-card__chips" aria-label="Amenities">
          {amenities.slice(0, maxAmenityChips).map((flag) => (
            <li key={flag} className="campground-chip">
              {amenityLabels[flag]}
            </li>
          ))}
        </ul>
      ) : (
        <p className="campground-card__muted">Amenities {notPublished}</p>
      )}
      <p className="campground-card__price">{priceLine(campground)}</p>
      <Button className="button campground-card__details" onPress={onOpen}>
        Details
      </Button>
    </article>
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
  const { campgrounds, isLoading } = useCampgrounds();
  const { lastSyncedAt } = useCatalogueStatus();
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
  const [position, setPosition] = useState<PositionState>({ status: 'unknown' });
  const [openId, setOpenId] = useState<string | null>(initialCampgroundId);
  const filters = preferences.filterPreferences;
  const asked = useRef(false);

  // §7.2: the position is asked for once when the directory loads.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    requestPosition(setPosition);
  }, []);

  // A new campground asked for from outside (a map tap) opens, as React's "adjust state when a
  // prop changes" pattern does it: during render, not in an effect.
  const [shownInitialId, setShownInitialId] = useState(initialCampgroundId);
  if (shownInitialId !== initialCampgroundId) {
    setShownInitialId(initialCampgroundId);
    setOpenId(initialCampgroundId);
  }
  // Freshness is judged when the directory opens and whenever a sync lands.
  const [checkedAt, setCheckedAt] = useState(() => ({ lastSyncedAt, now: Date.now() }));
  if (checkedAt.lastSyncedAt !== lastSyncedAt)
    setCheckedAt({ lastSyncedAt, now: lastSyncedAt ?? 0 });

  const favorites = useMemo(
    () => new Set(preferences.favoriteCampgrounds),
    [preferences.favoriteCampgrounds],
  );
  const here = position.status === 'located' ? position.position : null;

  const results = useMemo(() => {
    const filtered = filterCampgrounds(campgrounds, { query, ...filters });
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
  }, [campgrounds, query, filters, tab, favorites, here]);

  const opened = campgrounds.find((campground) => campground.id === openId) ?? null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const status = cacheStatus(lastSyncedAt, checkedAt.now);
  const filterCount =
    filters.types.length +
    filters.amenities.length +
    (filters.priceMin || filters.priceMax ? 1 : 0);

  const clearSearch = () => {
    setQuery('');
    void saveFilters({ types: [], amenities: [], priceMin: '', priceMax: '' });
  };

  const emptyText = (): string => {
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
  };

  return (
    <section className="campground-directory" aria-labelledby="campground-directory-heading">
      <div className="campground-directory__intro">
        <Heading id="campground-directory-heading" className="campground-directory__title">
          <Tent size={24} aria-hidden="true" /> Arkansas Campground Intelligence
        </Heading>
        <p className="campground-directory__lead">
          {campgrounds.length > 0 ? `${campgrounds.length} campgrounds` : 'Campgrounds'} from
          Recreation.gov and OpenStreetMap, on this device. Ratings come from riders' reviews;
          prices and availability are shown only where a source publishes them.
          <span className={`campground-cache campground-cache--${status}`}>
            {' '}
            Data {status === 'fresh' ? 'fresh' : 'stale'}
            {lastSyncedAt ? '' : ' (never synced on this device)'}
          </span>
        </p>
      </div>

      <div className="campground-directory__controls">
        <SearchField
          className="campground-search"
          value={query}
          onChange={setQuery}
          onSubmit={(value) => void rememberSearch(value)}
          aria-label="Search campgrounds"
        >
          <Search size={18} aria-hidden="true" className="campground-search__icon" />
          <Input
            className="campground-search__input"
            placeholder="Search name, city, county, region"
            onBlur={() => {
              if (query.trim()) void rememberSearch(query);
            }}
          />
          <Button className="campground-search__clear" aria-label="Clear search text">
            <X size={16} aria-hidden="true" />
          </Button>
        </SearchField>
        <ToggleButton
          className="button campground-filters-toggle"
          isSelected={showFilters}
          onChange={setShowFilters}
          aria-expanded={showFilters}
          aria-controls="campground-filters"
        >
          <SlidersHorizontal size={18} aria-hidden="true" /> Filters
          {filterCount > 0 ? ` (${filterCount})` : ''}
        </ToggleButton>
      </div>

      {preferences.searchHistory.length > 0 && query === '' ? (
        <div className="campground-history">
          <span className="campground-history__label">Recent searches:</span>
          {preferences.searchHistory.map((entry) => (
            <Button
              key={entry}
              className="campground-chip campground-chip--button"
              onPress={() => setQuery(entry)}
            >
              {entry}
            </Button>
          ))}
        </div>
      ) : null}

      {showFilters ? (
        <div id="campground-filters" className="campground-filters">
          <CheckboxGroup
            className="campground-filters__group"
            value={[...filters.types]}
            onChange={(types) => void saveFilters({ ...filters, types: types as CampgroundType[] })}
          >
            <Label className="campground-filters__label">Type</Label>
            {campgroundTypeOptions.map((type) => (
              <Checkbox key={type} value={type} className="campground-checkbox">
                <span className="campground-checkbox__box" aria-hidden="true" />
                {campgroundTypeLabels[type]}
              </Checkbox>
            ))}
          </CheckboxGroup>
          <div className="campground-filters__group">
            <span className="campground-filters__label">Price per night (USD)</span>
            <div className="campground-filters__prices">
              <TextField
                value={filters.priceMin}
                onChange={(priceMin) => void saveFilters({ ...filters, priceMin })}
                inputMode="decimal"
              >
                <Label>Min</Label>
                <Input placeholder="0" />
              </TextField>
              <TextField
                value={filters.priceMax}
                onChange={(priceMax) => void saveFilters({ ...filters, priceMax })}
                inputMode="decimal"
              >
                <Label>Max</Label>
                <Input placeholder="200" />
              </TextField>
            </div>
            <p className="campground-card__muted">
              Only 15 campgrounds publish a fee; narrowing the range hides those that do not.
            </p>
          </div>
          <CheckboxGroup
            className="campground-filters__group"
            value={[...filters.amenities]}
            onChange={(amenities) =>
              void saveFilters({ ...filters, amenities: amenities as CampgroundAmenityOption[] })
            }
          >
            <Label className="campground-filters__label">Must have any of</Label>
            {campgroundAmenityOptions.map((amenity) => (
              <Checkbox key={amenity} value={amenity} className="campground-checkbox">
                <span className="campground-checkbox__box" aria-hidden="true" />
                {amenityLabels[amenity]}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </div>
      ) : null}

      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => {
          const next = String(key) as DirectoryTab;
          setTab(next);
          // §6: location is asked for when the rider opens Nearby.
          if (next === 'nearby' && position.status !== 'located') requestPosition(setPosition);
        }}
      >
        <TabList className="campground-tabs" aria-label="Campground lists">
          <Tab id="all" className="campground-tab">
            All
          </Tab>
          <Tab id="favorites" className="campground-tab">
            Favorites
          </Tab>
          <Tab id="nearby" className="campground-tab">
            Nearby
          </Tab>
          <Tab id="recommended" className="campground-tab">
            Top Rated
          </Tab>
        </TabList>
      </Tabs>

      <div className="campground-results__bar">
        <h3 className="campground-results__count" aria-live="polite">
          {isLoading
            ? 'Campgrounds'
            : `${results.length} ${results.length === 1 ? 'campground' : 'campgrounds'}`}
          {tab === 'nearby' && here ? ` within ${nearbyRadiusMiles} miles` : ''}
        </h3>
        <Button className="button" onPress={clearSearch}>
          Clear Search
        </Button>
      </div>

      {isLoading || preferencesLoading ? (
        <p className="campground-directory__status" role="status">
          Loading Arkansas Campground Intelligence...
        </p>
      ) : results.length === 0 ? (
        <p className="campground-directory__status" role="status">
          {emptyText()}
        </p>
      ) : (
        <ul className="campground-grid">
          {results.map((campground) => (
            <li key={campground.id}>
              <CampgroundCard
                campground={campground}
                distance={here ? distanceMiles(here, campground.location) : null}
                isFavorite={favorites.has(campground.id)}
                onToggleFavorite={() => void toggleFavoriteCampground(campground.id)}
                onOpen={() => setOpenId(campground.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <CampgroundDialog campground={opened} onClose={() => setOpenId(null)} />
    </section>
  );
}
