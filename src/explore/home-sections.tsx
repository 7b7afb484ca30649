/**
 * The sections of the home page (requirements §voice-2.2): the hero with its
 * at-a-glance counts, the six category cards, the nine featured locations and the donation
 * banner. Counts come from the catalogue on the device; where the spec prints a different
 * marketing figure, the comment beside the count cites it.
 */
import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  Bird,
  Binoculars,
  CalendarDays,
  CircleHelp,
  CloudOff,
  Fish,
  GraduationCap,
  HandHeart,
  LifeBuoy,
  Map as MapIcon,
  MapPin,
  Route,
  Sparkles,
  Tractor,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';

/** What a featured location's card shows of its catalogue trail. */
export type FeaturedTrail = Pick<Trail, 'id' | 'kind' | 'county' | 'region'>;
import { computeHomeStats, featuredLocations, pluralise } from './featured-locations.ts';
import type { FeaturedLocation } from './featured-locations.ts';
import { countyRegionLabel, trailKindLabel } from './trail-format.ts';
import './explore.css';
import './home-page.css';

/** The catalogue counts on the device and whether each list is still loading. */
interface HomeCounts {
  trailsLoading: boolean;
  areasLoading: boolean;
  stats: ReturnType<typeof computeHomeStats>;
}

/**
 * A count in the hero's sentences: "…" while loading, in a box as wide as three digits, so the
 * sentence keeps its line breaks as the figures arrive.
 */
function HeroCount({ loading, value }: { loading: boolean; value: number }) {
  return <span className="hero__count">{loading ? '…' : value.toLocaleString('en-US')}</span>;
}

/**
 * The hero: season badge, title, the two main actions and the at-a-glance counts. The counts'
 * list says whose catalogue they are (`data-trails-from`: `build` or `device`), as the page's
 * root says whether it is offline-ready.
 */
export function HomeHero({
  seasonBadge,
  trailsFrom,
  trailsLoading,
  areasLoading,
  stats,
}: HomeCounts & { seasonBadge: string; trailsFrom: 'build' | 'device' }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <span className="season-badge">
          <CalendarDays size={16} aria-hidden="true" />
          {seasonBadge}
        </span>
        <h1 id="hero-title" className="hero__title">
          Ride the Natural State, <span className="hero__accent">signal or not</span>
        </h1>
        <p className="hero__lead">
          Trail maps, an AI trail finder, hunting areas and safety tools for Arkansas ATV, UTV, 4x4
          and dirt bike riders, hikers, cyclists, hunters and anglers.
        </p>
        <div className="hero__actions">
          <Link to="/map" className="button button--primary hero__button">
            <MapIcon size={20} aria-hidden="true" />
            Open Trail Map
          </Link>
          <Link to="/ai-trails" className="button hero__button hero__button--secondary">
            <Sparkles size={20} aria-hidden="true" />
            AI Trail Finder
          </Link>
        </div>
        <ul className="hero__stats" aria-label="At a glance" data-trails-from={trailsFrom}>
          <li>
            <strong>{trailsLoading ? '…' : stats.trailCount.toLocaleString('en-US')}</strong> trails
          </li>
          <li>
            <strong>{trailsLoading ? '…' : stats.trailheadCount.toLocaleString('en-US')}</strong>{' '}
            trailheads
          </li>
          <li>
            <strong>{areasLoading ? '…' : stats.wmaCount.toLocaleString('en-US')}</strong> WMAs
          </li>
          <li>
            <CloudOff size={16} aria-hidden="true" /> Works offline
          </li>
        </ul>
        {/* Shown while the counts load too, with "…" for each figure, so the cards below do
            not jump down when the catalogue answers. */}
        <p className="hero__accuracy" data-testid="location-accuracy">
          <HeroCount loading={trailsLoading} value={stats.exactCount} /> exact locations,{' '}
          <HeroCount loading={trailsLoading} value={stats.approximateCount} /> approximate: an
          approximate point is near the trail, not at its trailhead, and can be off by several
          kilometres. <HeroCount loading={trailsLoading} value={stats.lineCount} /> trails have
          their line on the map (USFS, 2021).
        </p>
      </div>
    </section>
  );
}

/** The six category cards, with the catalogue's counts as badges. */
export function CategorySection({
  seasonLabel,
  trailsLoading,
  areasLoading,
  stats,
}: HomeCounts & { seasonLabel: string }) {
  // Spec figures kept for reference: "135 Trails" (§voice-2.2 Trail Riding badge), "126+ trails"
  // (§voice-1), "24 Wildlife Management Areas" (§voice-1). The data holds 103 trails, 33 WMAs, 24
  // of them waterfowl.
  const trailCount = trailsLoading ? null : pluralise(stats.trailCount, 'Trail');
  const wmaCount = areasLoading ? null : pluralise(stats.wmaCount, 'WMA');
  const waterfowlCount = areasLoading
    ? null
    : `${pluralise(stats.waterfowlWmaCount, 'waterfowl WMA')}`;
  return (
    <section className="home-section" aria-labelledby="categories-title">
      <h2 id="categories-title" className="section-title">
        Explore
      </h2>
      <ul className="category-grid">
        <CategoryCard
          to="/map"
          icon={Tractor}
          title="Trail Riding"
          text="OHV trail systems, riding parks and multi-use trails, each with its trailhead point and sources."
          badge={trailCount}
          tone="primary"
        />
        <CategoryCard
          to="/duck-hunting"
          icon={Bird}
          title={`Duck Hunting ${seasonLabel}`}
          text="Season dates, bag limits and the waterfowl Wildlife Management Areas."
          badge={waterfowlCount}
          tone="accent"
        />
        <CategoryCard
          to="/safety"
          icon={LifeBuoy}
          title="Safety & Emergency"
          text="GPS tracking, SOS, emergency SMS and offline communication for when a ride goes wrong."
          badge={null}
          tone="danger"
        />
        <CategoryCard
          to="/hunting"
          icon={Fish}
          title="Hunting & Fishing"
          text="Wildlife Management Areas and hunting and fishing information across Arkansas."
          badge={wmaCount}
          tone="success"
        />
        <CategoryCard
          to="/arkansas-skills"
          icon={GraduationCap}
          title="Skills Training"
          text="Terrain, navigation, safety, maintenance and riding skills for riders, cyclists and hikers."
          badge={null}
          tone="secondary"
        />
        <CategoryCard
          to="/scouting-guide"
          icon={Binoculars}
          title="Arkansas Scouting Guide"
          text="Scout hunting ground and plan your days in the field before the season opens."
          badge={null}
          tone="warning"
        />
      </ul>
    </section>
  );
}

/** The nine featured locations, each joined to its catalogue trail when it has one. */
export function FeaturedSection({
  trails,
  trailsLoading,
}: {
  trails: readonly FeaturedTrail[];
  trailsLoading: boolean;
}) {
  const trailsById = useMemo(() => new Map(trails.map((trail) => [trail.id, trail])), [trails]);
  return (
    <section className="home-section" aria-labelledby="featured-title">
      <div className="section-head">
        <h2 id="featured-title" className="section-title">
          Featured locations
        </h2>
        <Link to="/ai-trails" className="section-head__link">
          All trails <ArrowRight size={18} aria-hidden="true" />
        </Link>
      </div>
      <ul className="featured-grid">
        {featuredLocations.map((location) => (
          <FeaturedCard
            key={location.key}
            location={location}
            trail={location.trailId ? (trailsById.get(location.trailId) ?? null) : null}
            isLoading={trailsLoading}
          />
        ))}
      </ul>
      <p className="fine-print">
        Figures marked “not verified” have not been checked against the land manager. Conditions,
        closures and fees change.
      </p>
    </section>
  );
}

/** The donation banner with the catalogue's trail count. */
export function DonateBanner({
  trailsLoading,
  trailCount,
}: {
  trailsLoading: boolean;
  trailCount: number;
}) {
  return (
    <section className="donate-banner" aria-labelledby="donate-title">
      <div className="donate-banner__text">
        <HandHeart size={36} aria-hidden="true" className="donate-banner__icon" />
        <div>
          <h2 id="donate-title">Built and maintained by one person</h2>
          <p>
            Natural State Trails is free to use. If it gets you home from a ride or onto a new
            trail, please help keep it going.
          </p>
        </div>
      </div>
      {/* Spec banner figure: "126 trails mapped" (§voice-2.2); the count below is ours. */}
      <ul className="donate-banner__stats">
        <li>
          <strong>{trailsLoading ? '…' : trailCount.toLocaleString('en-US')}</strong>
          <span>trails mapped</span>
        </li>
        <li>
          <strong>100%</strong>
          <span>offline capable</span>
        </li>
        <li>
          <strong>Free</strong>
          <span>forever</span>
        </li>
      </ul>
      <Link to="/donate" className="button button--primary donate-banner__button">
        <HandHeart size={20} aria-hidden="true" />
        Support the project
      </Link>
    </section>
  );
}

type CategoryPath =
  '/map' | '/duck-hunting' | '/safety' | '/hunting' | '/arkansas-skills' | '/scouting-guide';

interface CategoryCardProps {
  to: CategoryPath;
  icon: LucideIcon;
  title: string;
  text: string;
  /** Computed count, or null while loading or when the category has none. */
  badge: string | null;
  tone: 'primary' | 'secondary' | 'accent' | 'danger' | 'success' | 'warning';
}

function CategoryCard({ to, icon: Icon, title, text, badge, tone }: CategoryCardProps) {
  return (
    <li className={`category-card category-card--${tone}`}>
      <span className="category-card__icon" aria-hidden="true">
        <Icon size={26} />
      </span>
      <div className="category-card__body">
        <h3 className="category-card__title">
          <Link to={to} className="stretched-link">
            {title}
          </Link>
        </h3>
        <p className="category-card__text">{text}</p>
      </div>
      {badge ? <span className="count-badge">{badge}</span> : null}
      <ArrowRight size={20} aria-hidden="true" className="category-card__arrow" />
    </li>
  );
}

function FeaturedCard({
  location,
  trail,
  isLoading,
}: {
  location: FeaturedLocation;
  trail: FeaturedTrail | null;
  isLoading: boolean;
}) {
  const Icon = location.theme === 'duck' ? Bird : Route;
  const where = location.locationVerified
    ? trail
      ? countyRegionLabel(trail.county, trail.region)
      : isLoading
        ? 'Loading…'
        : 'Not in the trail list on this device'
    : 'Location not yet verified';
  return (
    <li className={`featured-card${location.locationVerified ? '' : ' featured-card--unverified'}`}>
      <div className="featured-card__top">
        <span className="featured-card__icon" aria-hidden="true">
          <Icon size={22} />
        </span>
        <div>
          <h3 className="featured-card__name">
            {location.trailId && trail ? (
              <Link
                to="/map/$trailId"
                params={{ trailId: location.trailId }}
                className="stretched-link"
              >
                {location.name}
              </Link>
            ) : (
              <Link to={location.pagePath} className="stretched-link">
                {location.name}
              </Link>
            )}
          </h3>
          <p className="featured-card__kind">
            {trail
              ? trailKindLabel(trail.kind)
              : location.theme === 'duck'
                ? 'Duck hunting area'
                : 'Riding area'}
          </p>
        </div>
      </div>
      <p
        className={`featured-card__where${location.locationVerified ? '' : ' featured-card__where--unverified'}`}
      >
        {location.locationVerified ? (
          <MapPin size={16} aria-hidden="true" />
        ) : (
          <CircleHelp size={16} aria-hidden="true" />
        )}
        {where}
      </p>
      {location.listingFacts.length > 0 ? (
        <div className="featured-card__facts">
          <ul aria-label={`${location.name} facts, not verified`}>
            {location.listingFacts.map((fact) => (
              <li key={fact} className="fact-chip">
                {fact}
              </li>
            ))}
          </ul>
          <span className="featured-card__source">not verified</span>
        </div>
      ) : trail ? (
        <p className="featured-card__source">Details and sources on the trail page</p>
      ) : null}
    </li>
  );
}
