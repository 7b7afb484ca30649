/**
 * /map: the statewide trail map (trailheads by difficulty with activity icons, campgrounds,
 * WMAs, water, counties, towns) and the Offline maps panel to download regions for riding
 * without signal. Tapping a trail opens /map/{trailId}; a campground opens its
 * details dialog; a WMA shows its card. `?wma=<id>` or `?campground=<id>` (the palette's
 * results) opens with that place's card or dialog, centred on it. The rider's own trips,
 * imported GPX tracks and saved trails are drawn over it behind the "My tracks" switch.
 */
import { useMemo, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCampgrounds, useWmas } from '../db-react/hooks.ts';
import { useMapVariant } from '../map/map-hooks.ts';
import { palettes, type MapOverlay, type OverlayMarker } from '../map/map-style.ts';
import { MapView, type TappedFeature } from '../map/map-view.tsx';
import { ReportConditionsDialog } from '../trail-reports/report-conditions-dialog.tsx';
import { useTrailReportsInBbox } from '../db-react/trail-reports.ts';
import { countsTowardStatus, trailReportStatusLabel } from '../lib/trail-reports/trail-status.ts';
import { OfflineMapsPanel } from '../map/offline-maps-panel.tsx';
import { CampgroundDialog } from './campgrounds/campground-dialog.tsx';
import { MyTracksSwitch, useRiderOverlay } from './my-tracks.tsx';
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

/** Zoom at which a WMA or campground opened from search is shown with its surroundings. */
const placeZoom = 10;

/**
 * The WMA or campground named in the URL, once the catalogue on this device has it: its card
 * and a view centred on it. Null while loading and when no such place is stored.
 */
function useLinkedPlace(): { feature: TappedFeature; view: typeof arkansasView } | null {
  const search = useSearch({ from: '/map' });
  const { wmas } = useWmas();
  const { campgrounds } = useCampgrounds();
  if (search.wma) {
    const area = wmas.find((item) => item.id === search.wma);
    if (!area) return null;
    return {
      feature: {
        kind: 'wma',
        id: area.id,
        name: area.name,
        properties: { id: area.id, name: area.name },
      },
      view: { center: [area.longitude, area.latitude], zoom: placeZoom },
    };
  }
  if (search.campground) {
    const campground = campgrounds.find((item) => item.id === search.campground);
    if (!campground) return null;
    const { longitude, latitude } = campground.location;
    return {
      feature: {
        kind: 'campground',
        id: campground.id,
        name: campground.name,
        properties: { id: campground.id, name: campground.name },
      },
      view: { center: [longitude, latitude], zoom: placeZoom },
    };
  }
  return null;
}

/**
 * Title, description and canonical path of /map; a linked WMA or campground names the area
 * (requirements §voice-2.5).
 */
function useMapPageMeta(linkedPlace: TappedFeature | null) {
  usePageMeta({
    title: linkedPlace ? `${linkedPlace.name}: Trail Map` : 'Trail Map',
    description: linkedPlace
      ? `${linkedPlace.name} on the offline map of Arkansas trails, campgrounds and Wildlife Management Areas.`
      : 'Offline map of Arkansas trails, campgrounds and Wildlife Management Areas. Download regions to ride without signal.',
    keywords: [
      ...(linkedPlace ? [linkedPlace.name] : []),
      'Arkansas trail map',
      'offline map',
      'OHV trails',
      'campgrounds',
      'WMA',
    ],
    path: linkedPlace
      ? `/map?${linkedPlace.kind === 'campground' ? 'campground' : 'wma'}=${encodeURIComponent(linkedPlace.id)}`
      : '/map',
  });
}

/** Difficulty colours, campgrounds and WMAs in the current map palette. */
function MapLegend() {
  const palette = palettes[useMapVariant()];
  return (
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
        <span className="map-legend__dot" style={{ background: palette.wma }} aria-hidden="true" />
        WMA
      </li>
      {(
        [
          ['Closed', palette.closed],
          ['Some issues', palette.someIssues],
          ['All clear', palette.difficulty.easy],
        ] as const
      ).map(([label, colour]) => (
        <li key={label}>
          <span className="map-legend__dot" style={{ background: colour }} aria-hidden="true" />
          {label} (rider report)
        </li>
      ))}
    </ul>
  );
}

const wholeWorld = [-180, -90, 180, 90] as const;

/**
 * `base` with a marker for each rider's report that counts now (the last 14 days, not cleared by
 * two riders, not hidden), coloured by its status and labelled "Closed (rider report)".
 */
function useReportMarkers(base: MapOverlay | null): MapOverlay | null {
  // Every report, on a trail or not: the map shows the whole state.
  const reports = useTrailReportsInBbox(wholeWorld);
  const [now] = useState(() => Date.now());
  return useMemo(() => {
    const markers: OverlayMarker[] = reports
      .filter((report) => countsTowardStatus(report, now))
      .map((report) => ({
        position: [report.position.lon, report.position.lat],
        label: `${trailReportStatusLabel(report.status)} (rider report)`,
        role: `report-${report.status}` as const,
      }));
    if (markers.length === 0) return base;
    return {
      lines: base?.lines ?? [],
      points: base?.points ?? [],
      markers: [...(base?.markers ?? []), ...markers],
    };
  }, [base, reports, now]);
}

/** The /map page. */
export function MapPage() {
  const navigate = useNavigate();
  const linked = useLinkedPlace();
  const [tapped, setSelected] = useState<TappedFeature | null>(null);
  const [linkClosed, setLinkClosed] = useState<string | null>(null);
  const linkKey = linked ? `${linked.feature.kind}:${linked.feature.id}` : null;
  const linkedFeature = linked && linkClosed !== linkKey ? linked.feature : null;
  // A campground opened from search gets the same details dialog as a tapped one.
  const linkedCampgroundId = linkedFeature?.kind === 'campground' ? linkedFeature.id : null;
  const selected = tapped ?? (linkedCampgroundId ? null : linkedFeature);
  const { campgrounds } = useCampgrounds();
  const [tappedCampgroundId, setCampgroundId] = useState<string | null>(null);
  const campgroundId = tappedCampgroundId ?? linkedCampgroundId;
  useMapPageMeta(linked?.feature ?? null);
  const [showMine, setShowMine] = useState(true);
  const rider = useRiderOverlay(showMine);
  const [reportAt, setReportAt] = useState<[number, number] | null>(null);
  const overlay = useReportMarkers(rider.overlay);
  const onFeatureTap = (feature: TappedFeature) => {
    if (feature.kind === 'trail') {
      void navigate({ to: '/map/$trailId', params: { trailId: feature.id } });
      return;
    }
    if (feature.kind === 'campground') {
      // The same details dialog as the campground directory.
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
          // The map reads its start view once; a place opened from search starts a new view.
          key={linkKey ?? 'statewide'}
          initialView={linked?.view ?? arkansasView}
          label="Map of Arkansas trails, campgrounds and WMAs"
          onFeatureTap={onFeatureTap}
          onLongPress={setReportAt}
          overlay={overlay}
        />
      </div>
      <MyTracksSwitch isSelected={showMine} onChange={setShowMine} rider={rider} />
      <MapLegend />
      <CampgroundDialog
        campground={campgrounds.find((campground) => campground.id === campgroundId) ?? null}
        onClose={() => {
          setCampgroundId(null);
          if (linkedCampgroundId) setLinkClosed(linkKey);
        }}
      />
      {selected ? (
        <TrailMapFeatureCard
          feature={selected}
          onClose={() => {
            setSelected(null);
            if (linked) setLinkClosed(linkKey);
          }}
        />
      ) : null}
      <p className="map-page__hint">
        Press and hold a point on the map to report conditions there.
      </p>
      <ReportConditionsDialog
        isOpen={reportAt !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setReportAt(null);
        }}
        places={reportAt ? [{ label: 'The point you pressed on the map', position: reportAt }] : []}
        trail={null}
      />
      <OfflineMapsPanel />
    </div>
  );
}
