/**
 * The pieces of the campground directory (requirements §voice-2.6, §voice-5, §voice-9): its
 * intro with the cache state, the search field with the Filters toggle, recent searches, the
 * filter panel, the list tabs and the campground card. They hold no state; the directory
 * passes its state and the preference setters down.
 */
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
import { useCampgroundPreferences } from '../../db-react/campground-preferences.ts';
import {
  cacheStatus,
  campgroundAmenityOptions,
  campgroundTypeOptions,
  formatMiles,
  maxAmenityChips,
  publishedNightlyFee,
  type CampgroundAmenityOption,
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

/** The lists the directory offers. */
export type DirectoryTab = 'all' | 'favorites' | 'nearby' | 'recommended';
type FilterPreferences = ReturnType<
  typeof useCampgroundPreferences
>['preferences']['filterPreferences'];

/** The section title, how many campgrounds are on the device, and whether that data is fresh. */
export function DirectoryIntro({
  headingLevel,
  count,
  status,
  lastSyncedAt,
  bundled,
}: {
  headingLevel: 1 | 2;
  count: number;
  status: ReturnType<typeof cacheStatus>;
  lastSyncedAt: number | null;
  /** The list is the one bundled with the app: the catalogue has not reached this device. */
  bundled: boolean;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="campground-directory__intro">
      <Heading id="campground-directory-heading" className="campground-directory__title">
        <Tent size={24} aria-hidden="true" /> Arkansas Campground Intelligence
      </Heading>
      <p className="campground-directory__lead">
        {count > 0 ? `${count} campgrounds` : 'Campgrounds'} from Recreation.gov and OpenStreetMap,
        on this device. Ratings come from riders' reviews; prices and availability are shown only
        where a source publishes them.
        {bundled ? null : (
          <span className={`campground-cache campground-cache--${status}`}>
            {' '}
            Data {status === 'fresh' ? 'fresh' : 'stale'}
            {lastSyncedAt ? '' : ' (never synced on this device)'}
          </span>
        )}
      </p>
      {bundled ? (
        <p className="campground-cache campground-cache--stale" role="status">
          Showing the list bundled with the app: this device has not received the campground
          catalogue yet. Riders&apos; ratings arrive with your first sync.
        </p>
      ) : null}
    </div>
  );
}

/** The search field (remembered on Enter or leaving it) and the Filters toggle with its count. */
export function DirectoryControls({
  query,
  setQuery,
  rememberSearch,
  showFilters,
  setShowFilters,
  filterCount,
}: {
  query: string;
  setQuery: (query: string) => void;
  rememberSearch: (query: string) => Promise<void>;
  showFilters: boolean;
  setShowFilters: (show: boolean) => void;
  filterCount: number;
}) {
  return (
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
  );
}

/** The rider's recent searches as chips that search again. */
export function SearchHistory({
  history,
  setQuery,
}: {
  history: readonly string[];
  setQuery: (query: string) => void;
}) {
  return (
    <div className="campground-history">
      <span className="campground-history__label">Recent searches:</span>
      {history.map((entry) => (
        <Button
          key={entry}
          className="campground-chip campground-chip--button"
          onPress={() => setQuery(entry)}
        >
          {entry}
        </Button>
      ))}
    </div>
  );
}

/** Type, price range and amenity filters, each saved as the rider changes it. */
export function DirectoryFilters({
  filters,
  saveFilters,
}: {
  filters: FilterPreferences;
  saveFilters: (filters: FilterPreferences) => Promise<void>;
}) {
  return (
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
        <Checkbox
          className="campground-checkbox"
          isSelected={filters.pricedOnly ?? false}
          onChange={(pricedOnly) => void saveFilters({ ...filters, pricedOnly })}
        >
          <span className="campground-checkbox__box" aria-hidden="true" />
          Only campgrounds that publish a price
        </Checkbox>
        <p className="campground-card__muted">
          Few campgrounds publish a fee. Those that do not stay listed whatever the range, since
          their price is unknown, unless you tick the box above.
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
  );
}

/** The All / Favorites / Nearby / Top Rated tabs. */
export function DirectoryTabs({
  tab,
  onChange,
}: {
  tab: DirectoryTab;
  onChange: (tab: DirectoryTab) => void;
}) {
  return (
    <Tabs selectedKey={tab} onSelectionChange={(key) => onChange(String(key) as DirectoryTab)}>
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
  );
}

/** Published tent/RV fee, or that the source publishes none. */
function priceLine(campground: Campground): string {
  const fee = publishedNightlyFee(campground);
  if (fee === null) return `Tent, RV and cabin prices ${notPublished}`;
  const amount = fee === 0 ? 'No fee' : `$${fee.toFixed(2)}`;
  return `Tent/RV: ${amount} (published fee) · Cabin: ${notPublished}`;
}

/** One campground: type, rating, description, place, amenities, price, favourite and Details. */
export function CampgroundCard({
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
