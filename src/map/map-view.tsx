/**
 * The map as pages use it: picks the archives to draw (every archive stored on the device, read
 * from its Blob; archives not on the device streamed from the server only while online), loads
 * the MapLibre chunk lazily, follows the app theme, and says clearly when the area on screen
 * has no downloaded region ("region not downloaded"). This module does not import maplibre.
 */
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CloudOff, MapPinned, TriangleAlert } from 'lucide-react';
import type { MapRegion } from '../../schemas/map-regions.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { useMapRegions, useMapRegionRepository } from '../db-react/map-regions.ts';
import { Spinner } from '../ui/spinner.tsx';
import { getArchiveStore } from './archive-store.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { useMapVariant, useReportedTrailLineStatuses, useTrailLineStatuses } from './map-hooks.ts';
import { MapLegend } from './map-legend.tsx';
import type { MapArchive, MapViewState, TappedFeature } from './maplibre-map.tsx';
import type { MapOverlay } from './map-style.ts';
import type { RiderPosition } from './rider-position.ts';
import { mapAttribution, statewideRegionId } from '../../schemas/map-catalog.ts';
import { refreshRegionCatalog, storedAttribution } from './region-store.ts';
import './map.css';

const MapLibreMap = lazy(() =>
  import('./maplibre-map.tsx').then((module) => ({ default: module.MapLibreMap })),
);

export type { MapOverlay, MapViewState, RiderPosition, TappedFeature };

/** Props of `MapView`. */
export interface MapViewProps {
  /** Where the camera starts: [longitude, latitude] and zoom. */
  initialView: MapViewState;
  /** Accessible name of the map. */
  label: string;
  highlightTrailId?: string | null;
  onFeatureTap?: (feature: TappedFeature) => void;
  onFirstRender?: (ms: number) => void;
  /** Lines and points from the page's data over the map (src/map/map-style.ts `MapOverlay`). */
  overlay?: MapOverlay | null;
  /** Each tap's [longitude, latitude] (drawing a line); feature taps are then not reported. */
  onMapTap?: (position: [number, number]) => void;
  /** A long press (or right click) at [longitude, latitude]. */
  onLongPress?: (position: [number, number]) => void;
  /** The rider as an arrow (src/map/rider-position.ts); null until located, absent: not shown. */
  riderPosition?: RiderPosition | null;
  /** Keeps the camera on `riderPosition` until the rider moves the map by hand. */
  follow?: boolean;
  /** The rider moved the map by hand while `follow` was on. */
  onFollowPaused?: () => void;
  /** The page's buttons laid over the map (inside its frame, above the canvas). */
  controls?: ReactNode;
}

let catalogRefreshed = false;

/** Refreshes the region catalog once per page load while online (stored for offline use). */
function useCatalogRefresh(online: boolean): void {
  const db = useDatabase();
  useEffect(() => {
    if (!online || catalogRefreshed) return;
    catalogRefreshed = true;
    refreshRegionCatalog(db).catch((error: unknown) => {
      catalogRefreshed = false;
      console.warn('Map catalog refresh failed; using the stored catalog', error);
    });
  }, [db, online]);
}

/** Blobs of the stored archives by storage key; missing archives are marked failed. */
function useStoredArchives(regions: MapRegion[]): Map<string, Blob> {
  const repository = useMapRegionRepository();
  const [blobs, setBlobs] = useState<Map<string, Blob>>(new Map());
  const keys = regions
    .map((region) => region.storageKey)
    .filter((key): key is string => key !== null)
    .join('|');
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const store = await getArchiveStore();
      const next = new Map<string, Blob>();
      for (const region of regions) {
        if (!region.storageKey) continue;
        const blob = await store.getArchive(region.storageKey);
        if (blob) {
          next.set(region.storageKey, blob);
        } else if (!cancelled) {
          await repository.patch(region.id, {
            status: 'failed',
            storageKey: null,
            downloadedVersion: null,
            downloadedBytes: 0,
            error:
              'The stored map of this region is gone (the browser may have cleared its storage). Download it again.',
            updatedAt: Date.now(),
          });
        }
      }
      if (!cancelled) setBlobs(next);
    })();
    return () => {
      cancelled = true;
    };
    // Reload only when the set of stored archives changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys, repository]);
  return blobs;
}

function contains(bbox: readonly number[], [longitude, latitude]: [number, number]): boolean {
  return (
    longitude >= bbox[0]! && longitude <= bbox[2]! && latitude >= bbox[1]! && latitude <= bbox[3]!
  );
}

/**
 * The note for the area on screen: null when a downloaded region covers it (or the zoom is below
 * where regions add detail), else which region(s) there are not downloaded and what shows
 * instead. `view.center` is [longitude, latitude].
 */
export function regionNote(
  regions: readonly MapRegion[],
  view: MapViewState,
  online: boolean,
): string | null {
  const statewide = regions.find((region) => region.id === statewideRegionId);
  if (!statewide?.storageKey && !online) {
    return 'No map is stored on this device yet. Connect once and open Offline maps to download the statewide map.';
  }
  // Regions only add detail from their own first zoom; below it the statewide map is complete.
  const here = regions.filter(
    (region) =>
      region.id !== statewideRegionId &&
      view.zoom >= region.minZoom - 0.5 &&
      contains(region.bbox, view.center),
  );
  if (here.length === 0 || here.some((region) => region.storageKey !== null)) return null;
  const names = here.map((region) => region.name).join(' / ');
  return online
    ? `${names}: region not downloaded. The detailed map is streaming from the server; download the region in Offline maps to use it without signal.`
    : `${names}: region not downloaded. Only the statewide map shows here offline.`;
}

class MapErrorBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    const text = error instanceof Error ? error.message : String(error);
    return {
      message: /webgl/i.test(text)
        ? 'This browser cannot draw the map (WebGL is turned off or unsupported).'
        : 'The map engine is not on this device yet. Open the map once with a connection so it is kept for offline use.',
    };
  }

  override render() {
    if (this.state.message) {
      return (
        <div className="map-fallback" role="alert">
          <TriangleAlert size={28} aria-hidden="true" />
          <p>{this.state.message}</p>
        </div>
      );
    }
    return this.props.children;
  }
}

/**
 * The archives to draw, in the order of `regions`: each region's stored archive when it is on
 * the device, else (online) the server's, each with the road map its tiles carry.
 */
function mapArchives(
  regions: readonly MapRegion[],
  blobs: ReadonlyMap<string, Blob>,
  online: boolean,
): MapArchive[] {
  const list: MapArchive[] = [];
  for (const region of regions) {
    const base = { id: region.id, minZoom: region.minZoom, basemap: region.basemap };
    const blob = region.storageKey ? blobs.get(region.storageKey) : undefined;
    if (region.storageKey && blob) {
      list.push({ ...base, kind: 'local', key: `device:${region.storageKey}`, blob });
    } else if (online) {
      list.push({ ...base, kind: 'remote', url: new URL(region.url, window.location.origin).href });
    }
  }
  return list;
}

/**
 * The map with its archives, theme and "region not downloaded" note. Renders a spinner while
 * the map chunk loads and an explanation when it cannot (no WebGL, chunk never cached).
 */
export function MapView(props: MapViewProps) {
  const online = useOnlineStatus();
  useCatalogRefresh(online);
  const { regions } = useMapRegions();
  const blobs = useStoredArchives(regions);
  const variant = useMapVariant();
  const trailLineStatuses = useTrailLineStatuses();
  const reportedTrailStatuses = useReportedTrailLineStatuses();
  const [view, setView] = useState<MapViewState>(props.initialView);

  const archiveSignature = regions
    .map((region) => {
      const local = region.storageKey && blobs.has(region.storageKey);
      const source = local ? region.storageKey : online ? region.url : '-';
      return `${region.id}:${source}:${region.basemap ?? ''}`;
    })
    .join('|');
  const archives = useMemo<MapArchive[]>(
    () => mapArchives(regions, blobs, online),
    // The signature captures every input that changes the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [archiveSignature],
  );

  const note = regionNote(regions, view, online);
  const attribution = storedAttribution() ?? mapAttribution;

  // The note sits below the map on phones (beside it would cover the trail) and over the
  // map's top edge on wider screens; map.css decides, so the note is outside .map-view.
  return (
    <div className="map-frame">
      <div className="map-view">
        <MapErrorBoundary>
          <Suspense fallback={<Spinner label="Loading the map…" />}>
            <MapLibreMap
              archives={archives}
              variant={variant}
              attribution={attribution}
              initialView={props.initialView}
              highlightTrailId={props.highlightTrailId ?? null}
              label={props.label}
              onViewChange={setView}
              trailLineStatuses={trailLineStatuses}
              reportedTrailStatuses={reportedTrailStatuses}
              {...(props.onFeatureTap ? { onFeatureTap: props.onFeatureTap } : {})}
              {...(props.onFirstRender ? { onFirstRender: props.onFirstRender } : {})}
              {...(props.overlay ? { overlay: props.overlay } : {})}
              {...(props.onMapTap ? { onMapTap: props.onMapTap } : {})}
              {...(props.onLongPress ? { onLongPress: props.onLongPress } : {})}
              {...(props.riderPosition !== undefined
                ? { riderPosition: props.riderPosition, follow: props.follow ?? false }
                : {})}
              {...(props.onFollowPaused ? { onFollowPaused: props.onFollowPaused } : {})}
            />
          </Suspense>
        </MapErrorBoundary>
        {props.controls}
        <MapLegend
          variant={variant}
          hasRoadLayer={archives.some((archive) => archive.basemap === 'protomaps')}
        />
      </div>
      {note ? (
        <p className="map-note" role="status">
          {online ? (
            <MapPinned size={16} aria-hidden="true" />
          ) : (
            <CloudOff size={16} aria-hidden="true" />
          )}
          {note}
        </p>
      ) : null}
    </div>
  );
}
