/**
 * /ai-trails (also shown at /navigate): the AI Trail Finder (requirements
 * §voice-2.1; search words §voice-5). Reads the trail catalogue from RxDB, so it works offline; the
 * search text lives in the URL (`q`), as does the activity chip (`activity`: any chip id or a
 * rider's word for one; src/app/route-search.ts). `activity=hunting`, or a hunting word in the
 * search, lists the Wildlife Management Areas as hunting areas, since no trail in the catalogue is
 * a hunting area. "near me" asks the browser for the rider's position.
 * A search's results are the trip planner's recommendations (requirements §core-4 "Trip context"):
 * they are recorded in the trip context, and the page shows the recently recommended trails
 * while no search is active.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Trail, TrailDifficulty } from '../../schemas/trails.ts';
import { useCatalogueStatus, useSavedTrailIds, useTrails, useWmas } from '../db-react/hooks.ts';
import { useOptionalDatabase, WhenDatabaseOpen } from '../db-react/provider.tsx';
import { recordRecommendations } from '../db/trip-context.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { catalogueStatusMessage } from './catalogue-status.ts';
import {
  describeTrailSearch,
  filterTrails,
  filterTrailsClosestDifficulty,
  filterWildlifeAreas,
  parseTrailSearch,
  unknownPlaceMessage,
  wantsHuntingAreas,
  type ActivityFilter,
  type TrailMatch,
} from './trail-search.ts';
import { activityFromParam } from './activity-words.ts';
import { useRiderPosition } from './use-rider-position.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import {
  finderQueryLabel,
  hasFinderCriteria,
  recommendationSettleMs,
  trailRecommendations,
} from './recent-recommendations.ts';
import { RecentlyRecommended } from './recently-recommended.tsx';
import {
  CatalogueStatusNote,
  FinderFilters,
  FinderHeader,
  FinderResults,
  FinderSearchField,
  OpenNowFilter,
  SearchUnderstanding,
} from './trail-finder-sections.tsx';
import { partitionOpenOn } from '../lib/trail-season.ts';
import './explore.css';

/**
 * The trail finder page: search field, what the search understood, activity / difficulty /
 * region filters, result count, and trail cards (or WMA cards for hunting). Shows a status line
 * when offline or when the catalogue could not refresh, and a clear empty state.
 */
export function AiTrailsPage() {
  const { q, activity, draft, setDraft, updateUrl, clearUrl } = useFinderUrl();
  const [difficultyFilter, setDifficultyFilter] = useState<TrailDifficulty | null>(null);
  const [regionFilter, setRegionFilter] = useState<string | null>(null);
  const [openNow, setOpenNow] = useState(false);
  const found = useFinderMatches(q, activity, difficultyFilter, regionFilter, openNow);
  const { parsed, isHunting, trails } = found;
  const { savedTrailIds } = useSavedTrailIds();
  const savedIds = useMemo(() => new Set(savedTrailIds), [savedTrailIds]);
  const catalogueStatus = useCatalogueStatus();
  const online = useOnlineStatus();
  const unrecorded = useRecommendationRecorder(
    { q, activity, difficulty: difficultyFilter, region: regionFilter },
    !isHunting && !found.trailsLoading,
    found.trailMatches,
  );
  useTrailFinderMeta(isHunting);

  const understood = describeTrailSearch(parsed);
  const filters = [activity, difficultyFilter, regionFilter];
  const hasCriteria = Boolean(q.trim()) || openNow || filters.some((value) => value !== null);
  const clearAll = () => {
    setDraft('');
    setDifficultyFilter(null);
    setRegionFilter(null);
    setOpenNow(false);
    clearUrl();
  };

  return (
    <div className="explore-page trails-page">
      <FinderHeader isHunting={isHunting} />
      <CatalogueStatusNote
        statusMessage={catalogueStatusMessage(online, catalogueStatus)}
        online={online}
      />
      <section className="finder" aria-label="Search and filters">
        <FinderSearchField
          draft={draft}
          isHunting={isHunting}
          onChange={(value) => {
            setDraft(value);
            updateUrl({ q: value });
          }}
          onSubmit={() => unrecorded.current?.()}
        />
        <SearchUnderstanding
          understood={understood}
          unknownPlaces={unknownPlaceMessage(parsed)}
          nearMe={parsed.nearMe}
          riderPosition={found.riderPosition}
        />
        <FinderFilters
          activity={activity}
          onSelectActivity={(next) => updateUrl({ activity: next })}
          isHunting={isHunting}
          difficultyFilter={difficultyFilter}
          onSelectDifficulty={setDifficultyFilter}
          regionFilter={regionFilter}
          onSelectRegion={setRegionFilter}
        />
        {isHunting ? null : <OpenNowFilter openNow={openNow} onChange={setOpenNow} />}
      </section>

      {hasCriteria || isHunting ? null : <RecentlyRecommendedOnDevice trails={trails} />}

      <FinderResults
        isLoading={isHunting ? found.areasLoading : found.trailsLoading}
        isHunting={isHunting}
        hasCriteria={hasCriteria}
        onClear={clearAll}
        parsed={parsed}
        understood={understood}
        difficulty={found.difficulty}
        trailMatches={found.trailMatches}
        likelyClosed={found.likelyClosed}
        shownDifficulty={found.shownDifficulty}
        areaMatches={found.areaMatches}
        storedCount={isHunting ? found.wildlifeAreas.length : trails.length}
        savedIds={savedIds}
      />
    </div>
  );
}

/** The recently recommended trails, from the trip context once the database is open. */
function RecentlyRecommendedOnDevice({ trails }: { trails: readonly Trail[] }) {
  return (
    <WhenDatabaseOpen>
      <RecentlyRecommended trails={trails} />
    </WhenDatabaseOpen>
  );
}

/**
 * The search text (`q`) and activity chip kept in the URL, and the field's draft. The draft
 * lets typing never wait on the router; a new `q` from outside (voice, Clear search, back
 * button) replaces it.
 */
function useFinderUrl() {
  // The page is mounted at both /ai-trails and /navigate (route table §voice-2.1), so the search is
  // read without pinning one route id; values are validated here either way.
  const search = useSearch({ strict: false }) as { q?: unknown; activity?: unknown };
  const navigate = useNavigate();
  const q = typeof search.q === 'string' ? search.q : '';
  const activity: ActivityFilter | null = activityFromParam(search.activity);

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
  const clearUrl = () => void navigate({ to: '.', search: {}, replace: true });
  return { q, activity, draft, setDraft, updateUrl, clearUrl };
}

/**
 * The parsed search and the trails and WMAs it matches, nearest first when "near me"; with
 * `openNow`, trails closed today by their season are left out (unknown seasons stay), and those
 * a reported, unconfirmed season likely closes are returned apart in `likelyClosed`. A difficulty
 * no trail has falls back to the closest level that has some (`shownDifficulty`).
 */
function useFinderMatches(
  q: string,
  activity: ActivityFilter | null,
  difficultyFilter: TrailDifficulty | null,
  regionFilter: string | null,
  openNow: boolean,
) {
  const { trails, isLoading: trailsLoading } = useTrails();
  const { wmas: wildlifeAreas, isLoading: areasLoading } = useWmas();
  const parsed = useMemo(() => parseTrailSearch(q), [q]);
  const difficulty = difficultyFilter ?? parsed.difficulty;
  const isHunting = wantsHuntingAreas({ activity, activities: parsed.activities });
  const riderPosition = useRiderPosition(parsed.nearMe);
  const near = riderPosition.status === 'located' ? riderPosition.position : null;

  const { trailMatches, likelyClosed, shownDifficulty } = useMemo(() => {
    const criteria = {
      places: parsed.places,
      difficulty,
      freeText: parsed.freeText,
      activities: parsed.activities,
      activity,
      region: regionFilter,
      near,
    };
    const seasons = openNow
      ? partitionOpenOn(trails, new Date())
      : { open: trails, likelyClosed: [] };
    const found = filterTrailsClosestDifficulty(seasons.open, criteria);
    const shown = { ...criteria, difficulty: found.shownDifficulty ?? difficulty };
    return {
      trailMatches: found.matches,
      likelyClosed: filterTrails(seasons.likelyClosed, shown).map((match) => match.trail),
      shownDifficulty: found.shownDifficulty,
    };
  }, [trails, parsed, difficulty, activity, regionFilter, near, openNow]);
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
  return {
    ...{ trails, trailsLoading, wildlifeAreas, areasLoading, parsed, difficulty, isHunting },
    ...{ riderPosition, trailMatches, likelyClosed, shownDifficulty, areaMatches },
  };
}

/**
 * Records a search's results as the trip planner's recommendations (requirements §core-4 "Trip
 * context") once they have stayed unchanged for a moment, at once on Enter (call the returned
 * ref), and when the rider leaves the page (e.g. opens a result), so typing a word letter by
 * letter records the word, not every prefix. The bare list and WMAs are not sets.
 */
function useRecommendationRecorder(
  criteria: Parameters<typeof finderQueryLabel>[0],
  isTrailSearch: boolean,
  trailMatches: TrailMatch[],
) {
  // Null while the database opens (the page paints before it): nothing is recorded meanwhile.
  const db = useOptionalDatabase();
  const queryLabel = finderQueryLabel(criteria);
  const searched = hasFinderCriteria(criteria) && isTrailSearch;
  const recommendations = useMemo(
    () => (searched ? trailRecommendations(trailMatches.map((match) => match.trail)) : []),
    [searched, trailMatches],
  );
  const unrecorded = useRef<(() => void) | null>(null);
  useEffect(() => () => unrecorded.current?.(), []);
  useEffect(() => {
    unrecorded.current = null;
    if (!db || recommendations.length === 0) return;
    const record = () => {
      unrecorded.current = null;
      recordRecommendations(db, recommendations, { query: queryLabel });
    };
    unrecorded.current = record;
    const timer = setTimeout(record, recommendationSettleMs);
    return () => clearTimeout(timer);
  }, [db, recommendations, queryLabel]);
  return unrecorded;
}

/** Title, description and keywords for the finder, or for hunting areas. */
function useTrailFinderMeta(isHunting: boolean) {
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
}
