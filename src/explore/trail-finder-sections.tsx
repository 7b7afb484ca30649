/**
 * The parts of the AI Trail Finder page (requirements §voice-2.1): its header,
 * the catalogue status line, the search field, what the search understood, the filter chips and
 * the results (trail cards, or WMA cards for hunting). They hold no state of their own; the
 * page passes the URL-backed search and its matches down.
 */
import { Button, Input, Label, SearchField, ToggleButton } from 'react-aria-components';
import {
  Bird,
  CalendarCheck,
  CloudOff,
  LocateFixed,
  MapPin,
  MapPinOff,
  Search,
  SearchX,
  Sparkles,
  TriangleAlert,
  X,
} from 'lucide-react';
import { arkansasRegions } from '../../schemas/common.ts';
import { trailDifficulties } from '../../schemas/trails.ts';
import type { Trail, TrailDifficulty } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { Spinner } from '../ui/spinner.tsx';
import { ActivityIcon } from './activity-icon.tsx';
import { LikelyClosedNote } from './likely-closed-note.tsx';
import type { CatalogueStatusMessage } from './catalogue-status.ts';
import { pluralise } from './featured-locations.ts';
import { TrailCard } from './trail-card.tsx';
import { countyRegionLabel, difficultyLabel, formatCoordinates } from './trail-format.ts';
import {
  activityChips,
  distanceLabel,
  type ActivityFilter,
  type ParsedTrailSearch,
  type TrailMatch,
  type WildlifeAreaMatch,
} from './trail-search.ts';
import type { RiderPositionState } from './use-rider-position.ts';
import { ChipFilter } from './chip-filter.tsx';
import { useTrailReportsByTrail } from '../db-react/trail-reports.ts';

/** The page heading: trail finder, or hunting areas when the search is about hunting. */
export function FinderHeader({ isHunting }: { isHunting: boolean }) {
  return (
    <header className="page-header">
      <p className="eyebrow">
        <Sparkles size={16} aria-hidden="true" /> AI Trail Finder
      </p>
      <h1>{isHunting ? 'Hunting areas' : 'Find your next trail'}</h1>
      <p className="page-header__lead">
        {isHunting
          ? 'Arkansas Game and Fish Commission Wildlife Management Areas, on this device for use without signal.'
          : 'Say or type what you are after, like “atv trails near Russellville”, “easy hikes in Newton County” or “side by side near me”. Everything here works offline.'}
      </p>
    </header>
  );
}

/** Why the list may be old or missing: offline, or the catalogue could not refresh. */
export function CatalogueStatusNote({
  statusMessage,
  online,
}: {
  statusMessage: CatalogueStatusMessage | null;
  online: boolean;
}) {
  return statusMessage ? (
    <p className={`status-note status-note--${statusMessage.tone}`} role="status">
      {online ? (
        <TriangleAlert size={18} aria-hidden="true" />
      ) : (
        <CloudOff size={18} aria-hidden="true" />
      )}
      {statusMessage.text}
    </p>
  ) : null;
}

/** The search field; every change goes to the URL, Enter records the results at once. */
export function FinderSearchField({
  draft,
  isHunting,
  onChange,
  onSubmit,
}: {
  draft: string;
  isHunting: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  return (
    <SearchField className="search-field" value={draft} onChange={onChange} onSubmit={onSubmit}>
      <Label className="search-field__label">
        {isHunting ? 'Search hunting areas' : 'Search trails'}
      </Label>
      <div className="search-field__box">
        <Search size={20} aria-hidden="true" className="search-field__icon" />
        <Input className="search-field__input" placeholder="Try “easy trails near Hot Springs”" />
        {draft ? (
          <Button className="search-field__clear" aria-label="Clear search text">
            <X size={20} aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </SearchField>
  );
}

/** What the search understood, places it did not know, and the "near me" location state. */
export function SearchUnderstanding({
  understood,
  unknownPlaces,
  nearMe,
  riderPosition,
}: {
  understood: string;
  unknownPlaces: string | null;
  nearMe: boolean;
  riderPosition: RiderPositionState;
}) {
  return (
    <>
      <p className="understood" aria-live="polite">
        {understood ? (
          <>
            <span className="understood__label">Understood:</span> {understood}
          </>
        ) : (
          <span className="understood__hint">
            Knows Arkansas towns (over 1,000 people, and county seats) and counties, the Ozarks,
            Ouachitas, Buffalo and White rivers, “near me”, and rider words like ATV, side-by-side,
            jeep or dual sport.
          </span>
        )}
      </p>
      {unknownPlaces ? (
        <p className="status-note status-note--warning" role="status">
          <MapPinOff size={18} aria-hidden="true" />
          {unknownPlaces}
        </p>
      ) : null}
      {nearMe && riderPosition.status === 'locating' ? (
        <p className="status-note" role="status">
          <LocateFixed size={18} aria-hidden="true" />
          Finding your location to sort trails by distance…
        </p>
      ) : null}
      {nearMe && riderPosition.status === 'failed' ? (
        <p className="status-note status-note--warning" role="alert">
          <MapPinOff size={18} aria-hidden="true" />
          {riderPosition.message}
        </p>
      ) : null}
    </>
  );
}

/** The activity, difficulty (not for hunting areas) and region chips. */
export function FinderFilters({
  activity,
  onSelectActivity,
  isHunting,
  difficultyFilter,
  onSelectDifficulty,
  regionFilter,
  onSelectRegion,
}: {
  activity: ActivityFilter | null;
  onSelectActivity: (next: ActivityFilter | null) => void;
  isHunting: boolean;
  difficultyFilter: TrailDifficulty | null;
  onSelectDifficulty: (next: TrailDifficulty | null) => void;
  regionFilter: string | null;
  onSelectRegion: (next: string | null) => void;
}) {
  return (
    <>
      <ChipFilter
        id="activity"
        label="Activity"
        allLabel="All"
        options={activityChips.map((chip) => ({
          value: chip.id,
          label: (
            <>
              <ActivityIcon activity={chip.id} size={16} />
              {chip.label}
            </>
          ),
        }))}
        selected={activity}
        onSelect={onSelectActivity}
      />

      {isHunting ? null : (
        <ChipFilter
          id="difficulty"
          label="Difficulty"
          allLabel="Any"
          options={trailDifficulties.map((level) => ({
            value: level,
            label: difficultyLabel(level),
          }))}
          selected={difficultyFilter}
          onSelect={onSelectDifficulty}
        />
      )}

      <ChipFilter
        id="region"
        label="Region"
        allLabel="All regions"
        options={arkansasRegions.map((region) => ({ value: region, label: region }))}
        selected={regionFilter}
        onSelect={onSelectRegion}
      />
    </>
  );
}

/**
 * The "Open now" toggle: leaves out trails closed today by their season. Trails
 * whose season no source published stay in the list, and the hint says so.
 */
export function OpenNowFilter({
  openNow,
  onChange,
}: {
  openNow: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <div className="filter-group">
      <span className="filter-group__label" id="season-filter-label">
        Season
      </span>
      <div className="chip-row">
        <ToggleButton
          className="chip"
          isSelected={openNow}
          onChange={onChange}
          aria-describedby="open-now-hint"
        >
          <CalendarCheck size={16} aria-hidden="true" />
          Open now
        </ToggleButton>
      </div>
      <p className="filter-hint" id="open-now-hint">
        Leaves out trails closed today by their published season, and names those a reported,
        unconfirmed season likely closes. Trails whose season is not published stay in the list.
      </p>
    </div>
  );
}

/** What the results section shows: the matches, and what the counts and notes depend on. */
export interface FinderResultsProps {
  isLoading: boolean;
  isHunting: boolean;
  hasCriteria: boolean;
  onClear: () => void;
  parsed: ParsedTrailSearch;
  understood: string;
  /** The difficulty in force, from the chip or the search words. */
  difficulty: TrailDifficulty | null;
  trailMatches: TrailMatch[];
  /** Matching trails "Open now" left out as likely closed by a reported, unconfirmed season. */
  likelyClosed: Trail[];
  /** The closest difficulty shown because none has the one asked for, else null. */
  shownDifficulty: TrailDifficulty | null;
  areaMatches: WildlifeAreaMatch[];
  /** How many trails and WMAs are stored, to tell an empty device from no match. */
  storedCount: number;
  savedIds: ReadonlySet<string>;
}

/** The result count, Clear search, the cards or the empty state, and the distance note. */
export function FinderResults(props: FinderResultsProps) {
  const { isLoading, isHunting, hasCriteria, parsed, onClear: clearAll } = props;
  const resultCount = isHunting ? props.areaMatches.length : props.trailMatches.length;
  return (
    <section className="results" aria-labelledby="results-heading">
      <div className="results__bar">
        <h2 id="results-heading" className="results__count" aria-live="polite">
          {isLoading
            ? 'Loading…'
            : isHunting
              ? pluralise(resultCount, 'hunting area')
              : pluralise(resultCount, 'trail')}
        </h2>
        {hasCriteria ? (
          <Button className="button button--ghost" onPress={clearAll}>
            <X size={18} aria-hidden="true" />
            Clear search
          </Button>
        ) : null}
      </div>

      {props.shownDifficulty && props.difficulty && !isHunting && !isLoading ? (
        <p className="results__note" role="note">
          <TriangleAlert size={16} aria-hidden="true" /> No trail on this device is{' '}
          {props.difficulty} for this search, by a source&rsquo;s rating or derived from a published
          trail class. Showing {props.shownDifficulty} trails, the closest level.
        </p>
      ) : null}
      {isHunting ? null : <LikelyClosedNote trails={props.likelyClosed} />}
      <ResultList {...props} />
      {parsed.places.some((place) => place.kind !== 'area') ? (
        <p className="results__note">
          Distances are straight-line miles from the trailhead point. Town locations: GeoNames (CC
          BY 4.0); county centres from US Census county boundaries.
        </p>
      ) : null}
    </section>
  );
}

/** A spinner while loading, the empty state, or the WMA or trail cards. */
function ResultList(props: FinderResultsProps) {
  const { isLoading, isHunting, trailMatches, areaMatches, savedIds } = props;
  const reportsByTrail = useTrailReportsByTrail();
  const resultCount = isHunting ? areaMatches.length : trailMatches.length;
  return (
    <>
      {isLoading ? (
        <Spinner label={isHunting ? 'Loading hunting areas…' : 'Loading trails…'} />
      ) : resultCount === 0 ? (
        <NoMatches {...props} />
      ) : isHunting ? (
        <>
          <p className="results__note">
            <TriangleAlert size={16} aria-hidden="true" /> WMA points are approximate interior
            locations of large areas. Check Arkansas Game and Fish Commission maps and regulations
            before you hunt.
          </p>
          <ul className="card-grid" aria-label="Wildlife Management Areas">
            {areaMatches.map(({ area, distance }) => (
              <li key={area.id}>
                <WildlifeAreaCard area={area} distanceLabel={distanceLabel(distance)} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <ul className="card-grid" aria-label="Trails">
          {trailMatches.map(({ trail, distance }) => (
            <li key={trail.id}>
              <TrailCard
                trail={trail}
                isSaved={savedIds.has(trail.id)}
                distanceLabel={distanceLabel(distance)}
                reports={reportsByTrail.get(trail.id) ?? []}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** No match: says whether the device has no list yet or the search left everything out. */
function NoMatches(props: FinderResultsProps) {
  const { isHunting, hasCriteria, understood, difficulty, onClear: clearAll } = props;
  return (
    <div className="empty-state">
      <SearchX size={40} aria-hidden="true" className="empty-state__icon" />
      <h3>{isHunting ? 'No hunting areas match' : 'No trails match your search'}</h3>
      <p>
        {props.storedCount === 0
          ? 'No trails are stored on this device yet. Connect once to download the Arkansas trail list; after that it works offline.'
          : `Nothing in the ${isHunting ? 'WMA list' : 'trail list'} matches ${understood || 'these filters'}${
              difficulty && !isHunting
                ? '. Many trails have no difficulty rating yet, so a difficulty filter leaves them out'
                : ''
            }. Try fewer words or another place.`}
      </p>
      {hasCriteria ? (
        <Button className="button button--primary" onPress={clearAll}>
          Clear search
        </Button>
      ) : null}
    </div>
  );
}

/** A WMA shown as a hunting area: name, county and region, waterfowl badge, approximate point. */
function WildlifeAreaCard({ area, distanceLabel }: { area: Wma; distanceLabel: string | null }) {
  return (
    <article className="trail-card wma-card" aria-labelledby={`wma-${area.id}-name`}>
      <header className="trail-card__header">
        <div className="trail-card__heading">
          <p className="trail-card__kind">Wildlife Management Area</p>
          <h3 className="trail-card__name" id={`wma-${area.id}-name`}>
            {area.name}
          </h3>
        </div>
        {area.waterfowl ? (
          <span className="pill pill--accent">
            <Bird size={16} aria-hidden="true" />
            Waterfowl
          </span>
        ) : null}
      </header>
      <p className="trail-card__line">
        <MapPin size={16} aria-hidden="true" />
        <span>
          {countyRegionLabel(area.county, area.region)}
          {distanceLabel ? <span className="trail-card__distance"> · {distanceLabel}</span> : null}
        </span>
      </p>
      <p className="trail-card__line trail-card__line--muted">
        Approximate location: {formatCoordinates(area.latitude, area.longitude)}
      </p>
      <p className="approximate-note">
        <TriangleAlert size={16} aria-hidden="true" />
        Approximate location (rough interior point of the area)
      </p>
    </article>
  );
}
