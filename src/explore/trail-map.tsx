/**
 * The map panel of /map/{trailId}: the offline map centred on the trailhead with a highlight
 * ring, or fitted to the trail's line (or a system's lines) with a highlight band; tapping a trailhead, campground or WMA shows its card below the map (a trail's card
 * links to that trail's page).
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Layers } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { useSystemTrails } from '../db-react/hooks.ts';
import { viewForPaths } from '../lib/geo/trail-lines.ts';
import { MapView, type TappedFeature, type MapViewState } from '../map/map-view.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { TrailMapFeatureCard } from './trail-map-card.tsx';
import './trail-map.css';

/** Zoom of the trail map: a few miles around the trailhead (region archives start at z10). */
export const trailMapZoom = 10;

/**
 * Where the trail map starts: the whole line of a trail with a path, every line of a system
 * with lines, else the trailhead at `trailMapZoom`.
 */
function initialViewOf(trail: Trail, systemTrails: readonly Trail[]): MapViewState {
  const paths = trail.path
    ? [trail.path]
    : systemTrails.flatMap((line) => (line.path ? [line.path] : []));
  return (
    // The phone-width map is about 320 × 300 CSS px; the padding keeps lines off the controls.
    viewForPaths(paths, { widthPx: 320, heightPx: 300, paddingPx: 36, minZoom: trailMapZoom }) ?? {
      center: [trail.longitude, trail.latitude],
      zoom: trailMapZoom,
    }
  );
}

/** The map section of the trail page. */
export function TrailMap({ trail }: { trail: Trail }) {
  const [selected, setSelected] = useState<TappedFeature | null>(null);
  const { trails: systemTrails, isLoading } = useSystemTrails(trail.id);
  return (
    <section className="trail-map" aria-label={`Map around ${trail.name}`}>
      <div className="trail-map__canvas">
        {isLoading ? (
          <Spinner label="Loading the trail's lines…" />
        ) : (
          <MapView
            key={trail.id}
            initialView={initialViewOf(trail, systemTrails)}
            label={`Map centred on ${trail.name}`}
            highlightTrailId={trail.id}
            onFeatureTap={setSelected}
          />
        )}
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
