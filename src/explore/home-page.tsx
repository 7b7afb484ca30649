/**
 * / : the home page (requirements §voice-2.2): hero, six category cards, nine
 * featured locations, the duck-season card (§voice-9), the donation banner, a first-visit welcome
 * screen and a lazily loaded footer. Counts come from the catalogue on the device; where the
 * spec prints a different marketing figure, the comment beside the count cites it. The
 * campground section (§voice-2.6) is src/explore/campgrounds/campground-directory.tsx, loaded
 * lazily.
 */
import { Suspense, lazy, memo, useEffect, useMemo, useRef, useState } from 'react';
import * as sections from './home-sections.tsx';
import { useCatalogueStored, useTrails, useWmas } from '../db-react/hooks.ts';
import { WhenDatabaseOpen } from '../db-react/provider.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { useHydrated, useVisitDate } from '../ui/hydration.ts';
import { duckSeasonHeadline } from '../lib/hunting/duck-season.ts';
import * as duckSeason from './duck-season-card.tsx';
import { homeCatalogueView } from './home-catalogue.ts';
import { getHomeSnapshot, type HomeCatalogueView } from './home-snapshot.ts';
import * as activePlan from './active-plan-card.tsx';
import './explore.css';
import './home-page.css';

// The page renders again whenever one of its lists or the catalogue's state answers (a few times
// as a visit starts, each time with the whole page below it); each section renders again only
// when its own props change.
const HomeHero = memo(sections.HomeHero);
const CategorySection = memo(sections.CategorySection);
const FeaturedSection = memo(sections.FeaturedSection);
const DonateBanner = memo(sections.DonateBanner);
const DuckSeasonCard = memo(duckSeason.DuckSeasonCard);
const ActivePlanCard = memo(activePlan.ActivePlanCard);
const LazyFooterSlot = memo(LazyFooter);

// The first-visit welcome waits a second anyway: its modal code loads once the database is open.
const WelcomeDialog = lazy(() =>
  import('./welcome-dialog.tsx').then((module) => ({ default: memo(module.WelcomeDialog) })),
);

const HomeFooter = lazy(() =>
  import('./home-footer.tsx').then((module) => ({ default: module.HomeFooter })),
);

// The campground section (§voice-2.6) is its own chunk so the home page's first load stays small.
const CampgroundDirectory = lazy(() =>
  import('./campgrounds/campground-directory.tsx').then((module) => ({
    default: memo(module.CampgroundDirectory),
  })),
);

const campgroundsLoading = (
  <p className="home-campgrounds-loading">Loading Arkansas Campground Intelligence...</p>
);

/**
 * Fraction of the footer sentinel that must be visible before the footer loads (requirements
 * §voice-2.2).
 */
const FOOTER_THRESHOLD = 0.1;

/** The home page. */
export function HomePage() {
  const catalogue = useHomeCatalogue();
  const { trails, trailsLoading, areasLoading, stats, trailsFrom } = catalogue;
  // The real clock, read once per visit (the build's while hydrating a pre-rendered page): the
  // badge only changes with the day.
  const visitDate = useVisitDate();
  const season = useMemo(() => duckSeasonHeadline(visitDate), [visitDate]);

  usePageMeta({
    title: 'Natural State Trails',
    description:
      'Offline trail maps, AI trail finder, duck season, hunting areas and safety tools for Arkansas ATV, UTV, dirt bike, hiking and biking riders, hunters and anglers.',
    keywords: [
      'Arkansas ATV trails',
      'OHV',
      'UTV',
      'duck hunting 2025-26',
      'WMA',
      'offline trail map',
    ],
    path: '/',
  });

  return (
    <div className="home">
      <HomeHero
        seasonBadge={season.badge}
        trailsFrom={trailsFrom}
        trailsLoading={trailsLoading}
        areasLoading={areasLoading}
        stats={stats}
      />

      <div className="home__body">
        <WhenDatabaseOpen>
          <ActivePlanCard />
        </WhenDatabaseOpen>
        <CategorySection
          seasonLabel={season.label}
          trailsLoading={trailsLoading}
          areasLoading={areasLoading}
          stats={stats}
        />
        <FeaturedSection trails={trails} trailsLoading={trailsLoading} />
        <DuckSeasonCard />
        <DonateBanner trailsLoading={trailsLoading} trailCount={stats.trailCount} />
      </div>

      {/* The static sections above paint before the database opens. */}
      <WhenDatabaseOpen fallback={campgroundsLoading}>
        <Suspense fallback={campgroundsLoading}>
          <CampgroundDirectory />
        </Suspense>
      </WhenDatabaseOpen>

      <LazyFooterSlot />
      <WhenDatabaseOpen>
        <Suspense fallback={null}>
          <WelcomeDialog />
        </Suspense>
      </WhenDatabaseOpen>
    </div>
  );
}

/**
 * The home page's catalogue: the device's, or the pre-render's snapshot until it has one. With a
 * snapshot the device's lists are read only once a whole catalogue is stored: read during a
 * first visit's pull, their last answer before it (a list shows changes that come in a run once
 * they stop, src/db/catalogue-reads.ts) held a few slices' worth ("21 trails, 0 trailheads")
 * for half a second after the catalogue was stored, between the snapshot's counts and the
 * device's.
 */
function useHomeCatalogue(): HomeCatalogueView {
  const catalogueStored = useCatalogueStored();
  const snapshot = getHomeSnapshot();
  const enabled = catalogueStored || !snapshot;
  const { trails, isLoading: trailsLoading } = useTrails({ enabled });
  const { wmas, isLoading: areasLoading } = useWmas({ enabled });
  return useMemo(
    () =>
      homeCatalogueView({ trails, trailsLoading, wmas, areasLoading, catalogueStored }, snapshot),
    [trails, wmas, trailsLoading, areasLoading, catalogueStored, snapshot],
  );
}

/**
 * Loads the footer chunk only once the sentinel at the page end is 10% visible. Browsers without
 * IntersectionObserver load it straight away.
 */
function LazyFooter() {
  const sentinel = useRef<HTMLDivElement>(null);
  const [sentinelSeen, setSentinelSeen] = useState(false);
  // Not while pre-rendering or hydrating: the build has no IntersectionObserver either.
  const hydrated = useHydrated();
  const isNear = sentinelSeen || (hydrated && typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = sentinel.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSentinelSeen(true);
          observer.disconnect();
        }
      },
      { threshold: FOOTER_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);

  return (
    <div ref={sentinel} className="home-footer-slot">
      {isNear ? (
        <Suspense fallback={<div className="home-footer-placeholder" aria-hidden="true" />}>
          <HomeFooter />
        </Suspense>
      ) : (
        <div className="home-footer-placeholder" aria-hidden="true" />
      )}
    </div>
  );
}
