/**
 * A track drawn as SVG (independent of the MapLibre map): the line of a trip or route
 * with start and end markers, an optional second line (the route being followed) and the
 * rider's position. Positions are [lon, lat]; x is scaled by cos(latitude) so shapes are true.
 */
import { useMemo } from 'react';

/** Props of TrackDrawing. Positions are [longitude°, latitude°, …]. */
export interface TrackDrawingProps {
  track: readonly (readonly (number | null)[])[];
  route?: readonly (readonly (number | null)[])[] | null;
  position?: readonly [number, number] | null;
  /** Extra points to mark (waypoints, a trailhead). */
  markers?: readonly { longitude: number; latitude: number; label: string }[];
  label: string;
  height?: number;
}

const width = 600;

/** A position as drawn: [longitude°, latitude°, …]; only the first two are read. */
type DrawnPoint = readonly (number | null)[];

/** Margin around the drawing, in SVG units. */
const padding = 24;

/**
 * A projection from [lon, lat] to SVG x, y (y downwards) that fits `points` in a `width` by
 * `height` box with a margin and keeps shapes true by scaling x by cos(mid latitude).
 */
function fitProjection(
  points: readonly DrawnPoint[],
  height: number,
): (point: DrawnPoint) => [number, number] {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const point of points) {
    west = Math.min(west, point[0] as number);
    east = Math.max(east, point[0] as number);
    south = Math.min(south, point[1] as number);
    north = Math.max(north, point[1] as number);
  }
  const scaleX = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * scaleX, 1e-6);
  const spanY = Math.max(north - south, 1e-6);
  const scale = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  return (point) => [
    offsetX + ((point[0] as number) - west) * scaleX * scale,
    height - (offsetY + ((point[1] as number) - south) * scale),
  ];
}

/**
 * A line as an SVG `points` attribute, thinned to ~2000 vertices: a 10-hour track has 36,000
 * and the eye cannot tell. The last point is always kept.
 */
function polylinePoints(
  line: readonly DrawnPoint[],
  project: (point: DrawnPoint) => [number, number],
): string {
  const step = Math.max(1, Math.ceil(line.length / 2000));
  return line
    .filter((_, index) => index % step === 0 || index === line.length - 1)
    .map(project)
    .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
    .join(' ');
}

/** Everything TrackDrawing draws, in SVG units; null when there is no point at all. */
function trackGeometry({
  track,
  route,
  position,
  markers = [],
  height = 320,
}: Omit<TrackDrawingProps, 'label'>) {
  const all: DrawnPoint[] = [
    ...track,
    ...(route ?? []),
    ...(position ? [position] : []),
    ...markers.map((marker) => [marker.longitude, marker.latitude]),
  ];
  if (all.length === 0) return null;
  const project = fitProjection(all, height);
  return {
    track: polylinePoints(track, project),
    route: route ? polylinePoints(route, project) : null,
    start: track[0] ? project(track[0]) : null,
    end: track.length > 1 ? project(track[track.length - 1] as DrawnPoint) : null,
    position: position ? project(position) : null,
    markers: markers.map((marker) => ({
      label: marker.label,
      at: project([marker.longitude, marker.latitude]),
    })),
  };
}

/** SVG drawing of a track; shows "No points yet" when there is nothing to draw. */
export function TrackDrawing({
  track,
  route,
  position,
  markers = [],
  label,
  height = 320,
}: TrackDrawingProps) {
  const geometry = useMemo(
    () => trackGeometry({ track, route, position, markers, height }),
    [track, route, position, markers, height],
  );

  if (!geometry) {
    return (
      <div className="track-drawing track-drawing--empty" style={{ minHeight: height / 2 }}>
        No points yet
      </div>
    );
  }
  return (
    <svg
      className="track-drawing"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMidYMid meet"
    >
      {geometry.route ? (
        <polyline className="track-drawing__route" points={geometry.route} />
      ) : null}
      {track.length > 1 ? (
        <polyline className="track-drawing__line" points={geometry.track} />
      ) : null}
      {geometry.markers.map((marker) => (
        <g key={`${marker.label}-${marker.at[0]}`} className="track-drawing__marker">
          <circle cx={marker.at[0]} cy={marker.at[1]} r={6} />
          <text x={marker.at[0] + 9} y={marker.at[1] + 4}>
            {marker.label}
          </text>
        </g>
      ))}
      {geometry.start ? (
        <circle
          className="track-drawing__start"
          cx={geometry.start[0]}
          cy={geometry.start[1]}
          r={7}
        >
          <title>Start</title>
        </circle>
      ) : null}
      {geometry.end ? (
        <circle className="track-drawing__end" cx={geometry.end[0]} cy={geometry.end[1]} r={7}>
          <title>End</title>
        </circle>
      ) : null}
      {geometry.position ? (
        <circle
          className="track-drawing__position"
          cx={geometry.position[0]}
          cy={geometry.position[1]}
          r={9}
        >
          <title>You are here</title>
        </circle>
      ) : null}
    </svg>
  );
}
