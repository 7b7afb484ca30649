/**
 * /map: the statewide trail map (trailheads by difficulty with activity icons, campgrounds,
 * WMAs, water, counties, towns) and the Offline maps panel to download regions for riding
 * without signal (issue 5). Tapping a trail opens /map/{trailId}; a campground opens its
 * details dialog; a WMA shows its card.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMapVariant } from '../map/map-hooks.ts';
import { palettes } from '../map/map-style.ts';
import { MapView, type TappedFeature } from '../map/map-view.tsx';
import { OfflineMapsPanel } from '../map/offline-maps-panel.tsx';
import { useCampgrounds } from '../db/hooks.ts';
import { CampgroundDialog } from '../ui/campgrounds/campground-dialog.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { TrailMapFeatureCard } from './trail-map-card.tsx';
import './explore.css';
import './trail-map.css';

/** Where /map opens: the middle of Arkansas at a zoom that shows the whole state. */
const arkansasView = { center: [-92.4, 34.8] as [number, number], zoom: 6 };

/** Difficulty legend entries, matching the map style's colours by name. */
const legend = [
  { key: 'easy', label: 'Easy' },
  { key: 'moderate', label: 'Moderate' },
  { key: 'hard', label: 'Hard' },
  { key: 'unknown', label: 'Difficulty unknown' },
] as const;

/** The /map page. */
export function MapPage() {
  const navigate = useNavigate();
  const palette = palettes[useMapVariant()];
  const [selected, setSelected] = useState<TappedFeature | null>(null);
  const { campgrounds } = useCampgrounds();
  const [campgroundId, setCampgroundId] = useState<string | null>(null);
  usePageMeta({
    title: 'Trail Map',
    description:
      'Offline map of Arkansas trails, campgrounds and Wildlife Management Areas. Download regions to ride without signal.',
    keywords: ['Arkansas trail map', 'offline map', 'OHV trails', 'campgrounds', 'WMA'],
    path: '/map',
  });
  const onFeatureTap = (feature: TappedFeature) => {
    if (feature.kind === 'trail') {
      void navigate({ to: '/map/$trailId', params: { trailId: feature.id } });
      return;
    }
    if (feature.kind === 'campground') {
      // The same details dialog as the campground directory (issue 14).
      setCampgroundId(feature.id);
      return;
    }
    setSelected(feature);
  };
  return (
    <div className="explore-page map-page">
      <header>
        <p className="eyebrow">Explore</p>
        <h1>Trail map</h1>
      </header>
      <div className="map-page__map">
        <MapView
          initialView={arkansasView}
          label="Map of Arkansas trails, campgrounds and WMAs"
          onFeatureTap={onFeatureTap}
        />
      </div>
      <ul className="map-legend" aria-label="Map legend">
        {legend.map((item) => (
          <li key={item.key}>
            <span
              className="map-legend__dot"
              style={{ background: palette.difficulty[item.key] }}
              aria-hidden="true"
            />
            {item.label} trail
          </li>
        ))}
        <li>
          <span
            className="map-legend__dot"
            style={{ background: palette.campground }}
            aria-hidden="true"
          />
          Campground
        </li>
        <li>
          <span
            className="map-legend__dot"
            style={{ background: palette.wma }}
            aria-hidden="true"
          />
          WMA
        </li>
      </ul>
      <CampgroundDialog
        campground={campgrounds.find((campground) => campground.id === campgroundId) ?? null}
        onClose={() => setCampgroundId(null)}
      />
      {selected ? (
        <TrailMapFeatureCard feature={selected} onClose={() => setSelected(null)} />
      ) : null}
      <OfflineMapsPanel />
    </div>
  );
}
