/**
 * The card shown under the map when the rider taps a trailhead, a trail line, a campground or a
 * WMA: what the
 * catalogue on this device knows about it (schemas/trails.ts, campgrounds.ts, wmas.ts),
 * with a link to the trail's own page (/map/{trailId}) for trails.
 */
import { Link } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { ArrowRight, Route, Tent, Trees, X } from 'lucide-react';
import { useCampgrounds, useTrail, useWmas } from '../db/hooks.ts';
import type { TappedFeature } from '../map/map-view.tsx';
import {
  activityLabel,
  difficultyLabel,
  formatCoordinates,
  lengthLabel,
  seasonLabel,
  trailKindLabel,
  vehicleClassesLabel,
} from './trail-format.ts';

const kindLabels = {
  trail: 'Trail',
  campground: 'Campground',
  wma: 'Wildlife Management Area',
} as const;

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
  const facts: { label: string; value: string }[] = [];
  if (trail) {
    facts.push({ label: 'Kind', value: trailKindLabel(trail.kind) });
    facts.push({ label: 'Difficulty', value: difficultyLabel(trail.difficulty) });
    facts.push({
      label: 'Activities',
      value: trail.activities.map(activityLabel).join(', ') || 'None listed',
    });
    facts.push({ label: 'Length', value: lengthLabel(trail.lengthMiles) });
    if (trail.path) {
      // A tapped USFS line (issue 15): who may ride it and when, as the layer publishes it.
      facts.push({ label: 'Open to', value: vehicleClassesLabel(trail.vehicleClasses) });
      facts.push({ label: 'Season', value: seasonLabel(trail.season) });
    }
  }
  if (campground) {
    facts.push({ label: 'Operator', value: campground.operator ?? 'Operator unknown' });
    facts.push({ label: 'County', value: campground.location.county ?? 'County unknown' });
    facts.push({ label: 'Fee', value: campground.fee ?? 'Fee not listed in the sources' });
    facts.push({
      label: 'Location (lat, lon)',
      value: formatCoordinates(campground.location.latitude, campground.location.longitude),
    });
  }
  if (wma) {
    facts.push({ label: 'County', value: wma.county ?? 'County unknown' });
    facts.push({
      label: 'Waterfowl hunting',
      value: wma.waterfowl === null ? 'Unknown' : wma.waterfowl ? 'Yes' : 'No',
    });
    facts.push({
      label: 'Location (lat, lon)',
      value: `${formatCoordinates(wma.latitude, wma.longitude)}${wma.locationConfidence === 'approximate' ? ' (approximate interior point)' : ''}`,
    });
  }
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
      {facts.length > 0 ? (
        <dl className="fact-grid">
          {facts.map((fact) => (
            <div className="fact" key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="fact__unknown">
          No further details on this device yet: they arrive with the catalogue the next time you
          are online.
        </p>
      )}
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
