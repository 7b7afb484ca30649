/**
 * /ai-trails (also shown at /navigate): the AI Trail Finder (voice-navigation-campgrounds.md
 * §2.1; search words §5). Reads the trail catalogue from RxDB, so it works offline; the search
 * text lives in the URL (`q`), as does the activity the navigation links pass
 * (`activity` = hiking | biking | hunting). `activity=hunting` lists the Wildlife Management
 * Areas as hunting areas, since no trail in the catalogue is a hunting area.
 * A search's results are the trip planner's recommendations (core-platform §4 "Trip context"):
 * they are recorded in the trip context, and the page shows the recently recommended trails
 * while no search is active.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import { Bird, CloudOff, MapPin, Search, SearchX, Sparkles, TriangleAlert, X } from 'lucide-react';
import { arkansasRegions } from '../../schemas/common.ts';
import { trailDifficulties } from '../../schemas/trails.ts';
import type { TrailDifficulty } from '../../schemas/trails.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import { useCatalogueStatus, useSavedTrailIds, useTrails, useWaypoints } from '../db/hooks.ts';
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
  filterTrails,
  filterWildlifeAreas,
  parseTrailSearch,
  placeLabels,
} from './trail-search.ts';
import type { ActivityFilter, TownPlaceWord } from './trail-search.ts';
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

/** Activities the route's search schema accepts (voice §2.1 "/trails … activity"). */
const urlActivities = ['hiking', 'biking', 'hunting'] as const;
type UrlActivity = (typeof urlActivities)[number];

function isUrlActivity(value: unknown): value is UrlActivity {
  return typeof value === 'string' && (urlActivities as readonly string[]).includes(value);
}

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
  const urlActivity = isUrlActivity(search.activity) ? search.activity : null;

  // Rider activities (ATV, UTV …) are not part of the URL contract, so they are page state.
  const [riderActivity, setRiderActivity] = useState<ActivityFilter | null>(null);
  const [difficultyFilter, setDifficultyFilter] = useState<TrailDifficulty | null>(null);
  const [regionFilter, setRegionFilter] = useState<string | null>(null);
  const activity: ActivityFilter | null = urlActivity ?? riderActivity;
  const isHunting = activity === 'hunting';

  // The field edits a draft so typing never waits on the router; a new `q` from outside
  // (voice, Clear search, back button) replaces the draft.
  const [draft, setDraft] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  if (q !== syncedQ) {
    setSyncedQ(q);
    // The route trims `q`, so "easy " coming back as "easy" is the rider still typing.
    if (q !== draft.trim()) setDraft(q);
  }

  const updateUrl = (next: { q?: string; activity?: UrlActivity | null }) => {
    const nextQ = next.q !== undefined ? next.q : q;
    const nextActivity = next.activity !== undefined ? next.activity : urlActivity;
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
  const { waypoints: wildlifeAreas, isLoading: areasLoading } = useWaypoints({ category: 'wma' });
  const { savedTrailIds } = useSavedTrailIds();
  const catalogueStatus = useCatalogueStatus();
  const online = useOnlineStatus();

  const parsed = useMemo(() => parseTrailSearch(q), [q]);
  const understood = describeTrailSearch(parsed);
  const difficulty = difficultyFilter ?? parsed.difficulty;
  const towns = parsed.places.filter((place): place is TownPlaceWord =>
    ['russellville', 'fayetteville', 'little rock', 'hot springs'].includes(place),
  );

  const trailMatches = useMemo(
    () =>
      filterTrails(trails, {
        places: parsed.places,
        difficulty,
        freeText: parsed.freeText,
        activity,
        region: regionFilter,
      }),
    [trails, parsed, difficulty, activity, regionFilter],
  );
  const areaMatches = useMemo(
    () =>
      filterWildlifeAreas(wildlifeAreas, {
        places: parsed.places,
        freeText: parsed.freeText,
        region: regionFilter,
      }),
    [wildlifeAreas, parsed, regionFilter],
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
    setRiderActivity(null);
    setDifficultyFilter(null);
    setRegionFilter(null);
    void navigate({ to: '.', search: {}, replace: true });
  };

  const selectActivity = (next: ActivityFilter | null) => {
    if (next !== null && isUrlActivity(next)) {
      setRiderActivity(null);
      updateUrl({ activity: next });
    } else {
      setRiderActivity(next);
      if (urlActivity) updateUrl({ activity: null });
    }
  };

  const singleTown = towns.length === 1 ? towns[0]! : null;

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
            : 'Say or type what you are after, like “easy trails near Hot Springs” or “hard Ozark rides”. Everything here works offline.'}
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
              Places it knows:{' '}
              {Object.values(placeLabels)
                .map((label) => label.replace('Near ', ''))
                .join(', ')}
              .
            </span>
          )}
        </p>

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
              {areaMatches.map(({ area, distanceMiles }) => (
                <li key={area.id}>
                  <WildlifeAreaCard
                    area={area}
                    distanceLabel={
                      singleTown && distanceMiles !== null
                        ? `${distanceMiles.toFixed(0)} mi from ${placeLabels[singleTown].replace('Near ', '')}`
                        : null
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <ul className="card-grid" aria-label="Trails">
            {trailMatches.map(({ trail, distanceMiles }) => (
              <li key={trail.id}>
                <TrailCard
                  trail={trail}
                  isSaved={savedIds.has(trail.id)}
                  distanceLabel={
                    singleTown && distanceMiles !== null
                      ? `${distanceMiles.toFixed(0)} mi from ${placeLabels[singleTown].replace('Near ', '')}`
                      : null
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A WMA shown as a hunting area: name, county and region, waterfowl badge, approximate point. */
function WildlifeAreaCard({
  area,
  distanceLabel,
}: {
  area: Waypoint;
  distanceLabel: string | null;
}) {
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
