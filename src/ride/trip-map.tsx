/**
 * A trip's track on the offline map (the rider's trips as map overlays): the track as the
 * overlay's track line (simplified, both ends kept; src/map/rider-overlay.ts), its start, end
 * and waypoints as labelled places, the camera fitted to the whole track. The map draws the
 * downloaded regions offline and says where a region is missing.
 */
import { useMemo } from 'react';
import type { TrackPoint } from '../../schemas/track-chunks.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import { viewForPaths } from '../lib/geo/trail-lines.ts';
import type { MapOverlay, OverlayMarker } from '../map/map-style.ts';
import { MapView } from '../map/map-view.tsx';
import { overlayTrackLine, trackLineId } from '../map/rider-overlay.ts';

/** Props of `TripMap`. */
export interface TripMapProps {
  tripId: string;
  tripName: string;
  points: readonly TrackPoint[];
  waypoints: readonly Waypoint[];
}

/**
 * The map of one trip. Renders nothing but a note when the track has fewer than two points.
 * Mount it once the points are loaded: the camera is fitted when the map is created.
 */
export function TripMap({ tripId, tripName, points, waypoints }: TripMapProps) {
  const line = useMemo(() => overlayTrackLine(points), [points]);
  const overlay = useMemo<MapOverlay | null>(() => {
    if (line.length < 2) return null;
    const markers: OverlayMarker[] = [
      { position: line[0]!, label: 'Start', role: 'trail' },
      { position: line.at(-1)!, label: 'End', role: 'trail' },
      ...waypoints.map((waypoint) => ({
        position: [waypoint.longitude, waypoint.latitude],
        label: waypoint.name,
        role: 'trail' as const,
      })),
    ];
    return {
      lines: [{ id: trackLineId(tripId), path: line, emphasis: 'track' }],
      points: [],
      markers,
    };
  }, [line, tripId, waypoints]);
  if (!overlay) return <p className="ride-muted">This trip has no track to draw on the map.</p>;
  // The phone-width map is about 290 × 300 CSS px; the padding keeps the track and its Start
  // and End labels clear of the zoom buttons, the legend and the attribution in the corners.
  const view = viewForPaths([line], { widthPx: 290, heightPx: 300, paddingPx: 64, minZoom: 5 })!;
  return (
    <div className="trip-map">
      <MapView
        key={tripId}
        initialView={view}
        label={`Map of the track of ${tripName}`}
        overlay={overlay}
      />
    </div>
  );
}
