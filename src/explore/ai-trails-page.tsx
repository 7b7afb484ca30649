/**
 * /ai-trails (also shown at /navigate): the AI Trail Finder (voice-navigation-campgrounds.md
 * §2.1; search words §5). Reads the trail catalogue from RxDB, so it works offline; the search
 * text lives in the URL (`q`), as does the activity chip (`activity`: any chip id or a rider's
 * word for one; src/app/route-search.ts). `activity=hunting`, or a hunting word in the search,
 * lists the Wildlife Management Areas as hunting areas, since no trail in the catalogue is a
 * hunting area. "near me" asks the browser for the rider's position.
 * A search's results are the trip planner's recommendations (core-platform §4 "Trip context"):
 * they are recorded in the trip context, and the page shows the recently recommended trails
 * while no search is active.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import {
  Bird,
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
import type { TrailDifficulty } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { useCatalogueStatus, useSavedTrailIds, useTrails, useWmas } from '../db/hooks.ts';
import { useDatabase } from '../db/provider.tsx';
import { recordRecommendations } from '../db/trip-context.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { ActivityIcon } from './activity-icon.tsx';
import { catalogueStatusMessage } from './catalogue-status.ts';
import { pluralise } from './featured-locations.ts';
import { TrailCard } from './trail-card.tsx';
import { countyRegionLabel, difficultyLabel, formatCoordinates } from './trail-format.ts';
import {
  activityChips,
  describeTrailSearch,
  distanceLabel,
  filterTrails,
  filterWildlifeAreas,
  parseTrailSearch,
  unknownPlaceMessage,
  wantsHuntingAreas,
} from './trail-search.ts';
import type { ActivityFilter } from './trail-search.ts';
import { activityFromParam } from './activity-words.ts';
import { useRiderPosition } from './use-rider-position.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { ChipFilter } from './chip-filter.tsx';
import {
  finderQueryLabel,
  hasFinderCriteria,
  recommendationSettleMs,
  trailRecommendations,
} from './recent-recommendations.ts';
import { RecentlyRecommended } from './recently-recommended.tsx';
import './explore.css';

/**
 * The trail finder page: search field, what the search understood, activity / difficulty /
 * region filters, result count, and trail cards (or WMA cards for hunting). Shows a status line
 * when offline or when the catalogue could not refresh, and a clear empty state.
 */
export function AiTrailsPage() {
  // The page is mounted at both /ai-trails and /navigate (route table §2.1), so the search is
  // read without pinning one route id; values are validated here either way.
  const search = useSearch({ strict: false }) as { q?: unknown; activity?: unknown };
  const navigate = useNavigate();
  const q = typeof search.q === 'string' ? search.q : '';
  const activity: ActivityFilter | null = activityFromParam(search.activity);

  const [difficultyFilter, setDifficultyFilter] = useState<TrailDifficulty | null>(null);
  const [regionFilter, setRegionFilter] = useState<string | null>(null);

  // The field edits a draft so typing never waits on the router; a new `q` from outside
  // (voice, Clear search, back button) replaces the draft.
  const [draft, setDraft] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  if (q !== syncedQ) {
    setSyncedQ(q);
    // The route trims `q`, so "easy " coming back as "easy" is the rider still typing.
    if (q !== draft.trim()) setDraft(q);
  }

  const updateUrl = (next: { q?: string; activity?: ActivityFilter | null }) => {
    const nextQ = next.q !== undefined ? next.q : q;
    const nextActivity = next.activity !== undefined ? next.activity : activity;
    void navigate({
      to: '.',
      search: {
        ...(nextActivity ? { activity: nextActivity } : {}),
        ...(nextQ.trim() ? { q: nextQ.trim() } : {}),
      },
      replace: true,
    });
  };

  const { trails, isLoading: trailsLoading } = useTrails();
  const { wmas: wildlifeAreas, isLoading: areasLoading } = useWmas();
  const { savedTrailIds } = useSavedTrailIds();
  const catalogueStatus = useCatalogueStatus();
  const online = useOnlineStatus();

  const parsed = useMemo(() => parseTrailSearch(q), [q]);
  const understood = describeTrailSearch(parsed);
  const unknownPlaces = unknownPlaceMessage(parsed);
  const difficulty = difficultyFilter ?? parsed.difficulty;
  const isHunting = wantsHuntingAreas({ activity, activities: parsed.activities });
  const riderPosition = useRiderPosition(parsed.nearMe);
  const near = riderPosition.status === 'located' ? riderPosition.position : null;

  const trailMatches = useMemo(
    () =>
      filterTrails(trails, {
        places: parsed.places,
        difficulty,
        freeText: parsed.freeText,
        activities: parsed.activities,
        activity,
        region: regionFilter,
        near,
      }),
    [trails, parsed, difficulty, activity, regionFilter, near],
  );
  const areaMatches = useMemo(
    () =>
      filterWildlifeAreas(wildlifeAreas, {
        places: parsed.places,
        freeText: parsed.freeText,
        region: regionFilter,
        near,
      }),
    [wildlifeAreas, parsed, regionFilter, near],
  );
  const savedIds = useMemo(() => new Set(savedTrailIds), [savedTrailIds]);

  // A search with results is a set of recommendations (core-platform §4 "Trip context"): it is
  // recorded once it has stayed unchanged for a moment, at once on Enter, and when the rider
  // leaves the page (e.g. opens a result), so typing a word letter by letter records the word,
  // not every prefix. The bare list and WMAs are not sets.
  const db = useDatabase();
  const criteria = { q, activity, difficulty: difficultyFilter, region: regionFilter };
  const queryLabel = finderQueryLabel(criteria);
  const searched = hasFinderCriteria(criteria) && !isHunting && !trailsLoading;
  const recommendations = useMemo(
    () => (searched ? trailRecommendations(trailMatches.map((match) => match.trail)) : []),
    [searched, trailMatches],
  );
  const unrecorded = useRef<(() => void) | null>(null);
  useEffect(() => () => unrecorded.current?.(), []);
  useEffect(() => {
    unrecorded.current = null;
    if (recommendations.length === 0) return;
    const record = () => {
      unrecorded.current = null;
      recordRecommendations(db, recommendations, { query: queryLabel });
    };
    unrecorded.current = record;
    const timer = setTimeout(record, recommendationSettleMs);
    return () => clearTimeout(timer);
  }, [db, recommendations, queryLabel]);

  usePageMeta({
    title: isHunting ? 'Hunting Areas: Arkansas WMAs' : 'AI Trail Finder',
    description:
      'Find Arkansas off-road, hiking, biking, horse and paddling trails by place, difficulty or name. Works offline with trails saved on your device.',
    keywords: [
      'Arkansas trails',
      'ATV trails',
      'OHV',
      'hiking',
      'mountain biking',
      'trail finder',
      'WMA',
    ],
    path: '/ai-trails',
  });

  const isLoading = isHunting ? areasLoading : trailsLoading;
  const resultCount = isHunting ? areaMatches.length : trailMatches.length;
  const hasCriteria =
    Boolean(q.trim()) || activity !== null || difficultyFilter !== null || regionFilter !== null;
  const statusMessage = catalogueStatusMessage(online, catalogueStatus);

  const clearAll = () => {
    setDraft('');
    setDifficultyFilter(null);
    setRegionFilter(null);
    void navigate({ to: '.', search: {}, replace: true });
  };

  const selectActivity = (next: ActivityFilter | null) => updateUrl({ activity: next });

  return (
    <div className="explore-page trails-page">
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

      {statusMessage ? (
        <p className={`status-note status-note--${statusMessage.tone}`} role="status">
          {online ? (
            <TriangleAlert size={18} aria-hidden="true" />
          ) : (
            <CloudOff size={18} aria-hidden="true" />
          )}
          {statusMessage.text}
        </p>
      ) : null}

      <section className="finder" aria-label="Search and filters">
        <SearchField
          className="search-field"
          value={draft}
          onChange={(value) => {
            setDraft(value);
            updateUrl({ q: value });
          }}
          onSubmit={() => unrecorded.current?.()}
        >
          <Label className="search-field__label">
            {isHunting ? 'Search hunting areas' : 'Search trails'}
          </Label>
          <div className="search-field__box">
            <Search size={20} aria-hidden="true" className="search-field__icon" />
            <Input
              className="search-field__input"
              placeholder="Try “easy trails near Hot Springs”"
            />
            {draft ? (
              <Button className="search-field__clear" aria-label="Clear search text">
                <X size={20} aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        </SearchField>

        <p className="understood" aria-live="polite">
          {understood ? (
            <>
              <span className="understood__label">Understood:</span> {understood}
            </>
          ) : (
            <span className="understood__hint">
              Knows Arkansas towns (over 1,000 people, and county seats) and counties, the Ozarks,
              Ouachitas, Buffalo and White rivers, “near me”, and rider words like ATV,
              side-by-side, jeep or dual sport.
            </span>
          )}
        </p>
        {unknownPlaces ? (
          <p className="status-note status-note--warning" role="status">
            <MapPinOff size={18} aria-hidden="true" />
            {unknownPlaces}
          </p>
        ) : null}
        {parsed.nearMe && riderPosition.status === 'locating' ? (
          <p className="status-note" role="status">
            <LocateFixed size={18} aria-hidden="true" />
            Finding your location to sort trails by distance…
          </p>
        ) : null}
        {parsed.nearMe && riderPosition.status === 'failed' ? (
          <p className="status-note status-note--warning" role="alert">
            <MapPinOff size={18} aria-hidden="true" />
            {riderPosition.message}
          </p>
        ) : null}

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
          onSelect={selectActivity}
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
            onSelect={setDifficultyFilter}
          />
        )}

        <ChipFilter
          id="region"
          label="Region"
          allLabel="All regions"
          options={arkansasRegions.map((region) => ({ value: region, label: region }))}
          selected={regionFilter}
          onSelect={setRegionFilter}
        />
      </section>

      {hasCriteria || isHunting ? null : <RecentlyRecommended trails={trails} />}

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

        {isLoading ? (
          <Spinner label={isHunting ? 'Loading hunting areas…' : 'Loading trails…'} />
        ) : resultCount === 0 ? (
          <div className="empty-state">
            <SearchX size={40} aria-hidden="true" className="empty-state__icon" />
            <h3>{isHunting ? 'No hunting areas match' : 'No trails match your search'}</h3>
            <p>
              {(isHunting ? wildlifeAreas.length : trails.length) === 0
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
                />
              </li>
            ))}
          </ul>
        )}
        {parsed.places.some((place) => place.kind !== 'area') ? (
          <p className="results__note">
            Distances are straight-line miles from the trailhead point. Town locations: GeoNames (CC
            BY 4.0); county centres from US Census county boundaries.
          </p>
        ) : null}
      </section>
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
