/**
 * The map panel of /map/{trailId}: the offline map centred on the trailhead with a highlight
 * ring; tapping a trailhead, campground or WMA shows its card below the map (a trail's card
 * links to that trail's page).
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Layers } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { MapView, type TappedFeature } from '../map/map-view.tsx';
import { TrailMapFeatureCard } from './trail-map-card.tsx';
import './trail-map.css';

/** Zoom of the trail map: a few miles around the trailhead (region archives start at z10). */
export const trailMapZoom = 10;

/** The map section of the trail page. */
export function TrailMap({ trail }: { trail: Trail }) {
  const [selected, setSelected] = useState<TappedFeature | null>(null);
  return (
    <section className="trail-map" aria-label={`Map around ${trail.name}`}>
      <div className="trail-map__canvas">
        <MapView
          key={trail.id}
          initialView={{ center: [trail.longitude, trail.latitude], zoom: trailMapZoom }}
          label={`Map centred on ${trail.name}`}
          highlightTrailId={trail.id}
          onFeatureTap={setSelected}
        />
      </div>
      <p className="trail-map__links">
        <Link to="/map">
          <Layers size={16} aria-hidden="true" /> Full map and offline downloads
        </Link>
      </p>
      {selected ? (
        <TrailMapFeatureCard
          feature={selected}
          currentTrailId={trail.id}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </section>
  );
}
