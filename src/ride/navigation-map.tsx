/**
 * The map under navigation: the app's offline map (src/map/map-view.tsx, the downloaded
 * regions' archives) with the route being followed as the overlay's primary line, its
 * waypoints (or the trailhead of a point target) as labelled places, and the rider as an arrow
 * along their direction of travel. The camera follows the rider from zoom 14; when the rider
 * pans or zooms the map by hand, follow pauses and "Follow my position" brings it back.
 */
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { LocateFixed } from 'lucide-react';
import type { LonLat } from '../lib/geo/route-geometry.ts';
import type { NavigationTarget } from '../machines/navigation-cues.ts';
import type { MapOverlay } from '../map/map-style.ts';
import { MapView } from '../map/map-view.tsx';

/** Zoom the navigation map starts at: a few hundred metres of trail around the rider. */
export const navigationZoom = 14;

/** The route's line and its waypoints, or the trailhead of a point target. */
export function navigationOverlay(target: NavigationTarget): MapOverlay {
  if (target.kind === 'point') {
    return {
      lines: [],
      points: [],
      markers: [
        { position: [target.longitude, target.latitude], label: 'Trailhead', role: 'trail' },
      ],
    };
  }
  return {
    lines: [{ id: 'navigation-route', path: target.coordinates, emphasis: 'primary' }],
    points: [],
    markers: target.waypoints.map((waypoint) => ({
      position: [waypoint.longitude, waypoint.latitude],
      label: waypoint.name,
      role: 'trail' as const,
    })),
  };
}

/** Where the map opens before it follows: the rider if located, else the route's start. */
function startCenter(target: NavigationTarget, position: LonLat | null): [number, number] {
  if (position) return [position[0], position[1]];
  if (target.kind === 'point') return [target.longitude, target.latitude];
  const [longitude, latitude] = target.coordinates[0] ?? [0, 0];
  return [longitude ?? 0, latitude ?? 0];
}

/** The navigation map with its follow button (see the file comment). */
export function NavigationMap({
  target,
  position,
  headingDegrees,
}: {
  target: NavigationTarget;
  position: LonLat | null;
  headingDegrees: number | null;
}) {
  const [follow, setFollow] = useState(true);
  const overlay = useMemo(() => navigationOverlay(target), [target]);
  const [initialView] = useState(() => ({
    center: startCenter(target, position),
    zoom: navigationZoom,
  }));
  const longitude = position?.[0];
  const latitude = position?.[1];
  const riderPosition = useMemo(
    () =>
      longitude === undefined || latitude === undefined
        ? null
        : { position: [longitude, latitude] as [number, number], headingDegrees },
    [longitude, latitude, headingDegrees],
  );
  return (
    <section className="nav-map" aria-label="Map">
      <MapView
        label={`Map of ${target.name} with your position`}
        initialView={initialView}
        overlay={overlay}
        riderPosition={riderPosition}
        follow={follow}
        onFollowPaused={() => setFollow(false)}
        controls={
          follow ? null : (
            <Button
              className="button button--primary nav-map__follow"
              onPress={() => setFollow(true)}
            >
              <LocateFixed size={20} aria-hidden="true" /> Follow my position
            </Button>
          )
        }
      />
    </section>
  );
}
