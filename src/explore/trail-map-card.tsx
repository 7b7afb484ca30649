/**
 * The card shown under the map when the rider taps a trailhead, a trail line, a campground or a
 * WMA: what the
 * catalogue on this device knows about it (schemas/trails.ts, campgrounds.ts, wmas.ts),
 * with a link to the trail's own page (/map/{trailId}) for trails.
 */
import { Link } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { ArrowRight, Route, Tent, Trees, X } from 'lucide-react';
import { useCampgrounds, useTrail, useWmas } from '../db-react/hooks.ts';
import type { TappedFeature } from '../map/map-view.tsx';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import {
  activityLabel,
  trailDifficultyLabel,
  formatCoordinates,
  lengthLabel,
  trailKindLabel,
  vehicleClassesLabel,
} from './trail-format.ts';
import { seasonLabel } from '../lib/trail-season.ts';

const kindLabels = {
  trail: 'Trail',
  campground: 'Campground',
  wma: 'Wildlife Management Area',
} as const;

/** One labelled fact of the card. */
interface Fact {
  label: string;
  value: string;
}

/** What the card says about a trail; a tapped USFS line adds who may ride it and when. */
function trailFacts(trail: Trail): Fact[] {
  const facts: Fact[] = [
    { label: 'Kind', value: trailKindLabel(trail.kind) },
    { label: 'Difficulty', value: trailDifficultyLabel(trail) },
    { label: 'Activities', value: trail.activities.map(activityLabel).join(', ') || 'None listed' },
    { label: 'Length', value: lengthLabel(trail.lengthMiles) },
  ];
  if (trail.path) {
    // A tapped USFS line: who may ride it and when, as the layer publishes it.
    facts.push({ label: 'Open to', value: vehicleClassesLabel(trail.vehicleClasses) });
    facts.push({ label: 'Season', value: seasonLabel(trail.season) });
  }
  return facts;
}

/** What the card says about a campground, saying so where the sources are silent. */
function campgroundFacts(campground: Campground): Fact[] {
  return [
    { label: 'Operator', value: campground.operator ?? 'Operator unknown' },
    { label: 'County', value: campground.location.county ?? 'County unknown' },
    { label: 'Fee', value: campground.fee ?? 'Fee not listed in the sources' },
    {
      label: 'Location (lat, lon)',
      value: formatCoordinates(campground.location.latitude, campground.location.longitude),
    },
  ];
}

/** What the card says about a WMA; an approximate location says it is one. */
function wmaFacts(wma: Wma): Fact[] {
  const approximate =
    wma.locationConfidence === 'approximate' ? ' (approximate interior point)' : '';
  return [
    { label: 'County', value: wma.county ?? 'County unknown' },
    {
      label: 'Waterfowl hunting',
      value: wma.waterfowl === null ? 'Unknown' : wma.waterfowl ? 'Yes' : 'No',
    },
    {
      label: 'Location (lat, lon)',
      value: `${formatCoordinates(wma.latitude, wma.longitude)}${approximate}`,
    },
  ];
}

/** The facts as a definition list, or what to expect when the catalogue has none yet. */
function FactList({ facts }: { facts: readonly Fact[] }) {
  if (facts.length === 0) {
    return (
      <p className="fact__unknown">
        No further details on this device yet: they arrive with the catalogue the next time you are
        online.
      </p>
    );
  }
  return (
    <dl className="fact-grid">
      {facts.map((fact) => (
        <div className="fact" key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Props: the tapped feature, a close handler and, on a trail's own page, that trail's id (its
 * card then needs no link to itself).
 */
export function TrailMapFeatureCard({
  feature,
  onClose,
  currentTrailId = null,
}: {
  feature: TappedFeature;
  onClose: () => void;
  currentTrailId?: string | null;
}) {
  const { trail } = useTrail(feature.kind === 'trail' ? feature.id : '');
  const { campgrounds } = useCampgrounds();
  const { wmas } = useWmas();
  const campground =
    feature.kind === 'campground' ? campgrounds.find((item) => item.id === feature.id) : undefined;
  const wma = feature.kind === 'wma' ? wmas.find((item) => item.id === feature.id) : undefined;
  const Icon = feature.kind === 'trail' ? Route : feature.kind === 'campground' ? Tent : Trees;
  const facts = [
    ...(trail ? trailFacts(trail) : []),
    ...(campground ? campgroundFacts(campground) : []),
    ...(wma ? wmaFacts(wma) : []),
  ];
  return (
    <section className="map-feature-card" aria-labelledby="map-feature-card-title">
      <header>
        <Icon size={22} aria-hidden="true" />
        <div>
          <p className="eyebrow">{kindLabels[feature.kind]}</p>
          <h2 id="map-feature-card-title">{feature.name}</h2>
        </div>
        <Button className="button button--ghost" onPress={onClose} aria-label="Close details">
          <X size={18} aria-hidden="true" />
        </Button>
      </header>
      <FactList facts={facts} />
      {trail && trail.id !== currentTrailId ? (
        <Link to="/map/$trailId" params={{ trailId: trail.id }} className="button button--primary">
          Open trail page <ArrowRight size={16} aria-hidden="true" />
        </Link>
      ) : null}
      {trail && trail.id === currentTrailId ? (
        <p className="fact__hint">
          The full details of this trail are on this page, below the map.
        </p>
      ) : null}
      {campground?.sources.length || wma?.sources.length ? (
        <p className="fact__hint">
          Sources: {(campground?.sources ?? wma?.sources ?? []).join(' · ')}
        </p>
      ) : null}
    </section>
  );
}
