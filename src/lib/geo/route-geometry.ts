/**
 * Geometry of a route being followed: where the rider is along it,
 * how far off it, and the turn cues its shape implies. Routes are lon/lat lines (a trail's path,
 * a recorded trip or an imported GPX track); distances are metres along the line.
 */
import { lineString } from '@turf/helpers';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import { bearingDegrees, distanceMeters } from './track-stats.ts';

/** A lon/lat position [longitude°, latitude°]. */
export type LonLat = [number, number];

/** A route prepared for following: its positions and the distance along it at each. */
export interface PreparedRoute {
  coordinates: LonLat[];
  /** Metres from the start to each coordinate (same length as coordinates). */
  cumulativeMeters: number[];
  totalMeters: number;
}

/**
 * Prepares a line for following: drops repeated positions (GPS tracks hold many) and measures
 * it. Throws when fewer than two distinct positions remain: a single point is not a route.
 */
export function prepareRoute(positions: readonly (readonly number[])[]): PreparedRoute {
  const coordinates: LonLat[] = [];
  const cumulativeMeters: number[] = [];
  let total = 0;
  for (const position of positions) {
    const point: LonLat = [position[0] as number, position[1] as number];
    const previous = coordinates[coordinates.length - 1];
    if (previous) {
      const step = distanceMeters(
        { longitude: previous[0], latitude: previous[1] },
        { longitude: point[0], latitude: point[1] },
      );
      if (step < 0.5) continue;
      total += step;
    }
    coordinates.push(point);
    cumulativeMeters.push(total);
  }
  if (coordinates.length < 2) throw new Error('A route needs at least two distinct positions');
  return { coordinates, cumulativeMeters, totalMeters: total };
}

/** Index of the last coordinate at or before `meters` along the route. */
function indexAt(route: PreparedRoute, meters: number): number {
  let low = 0;
  let high = route.cumulativeMeters.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((route.cumulativeMeters[middle] as number) <= meters) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The position `meters` along the route (clamped to its ends), interpolated on the segment. */
export function positionAlong(route: PreparedRoute, meters: number): LonLat {
  const clamped = Math.min(Math.max(meters, 0), route.totalMeters);
  const index = Math.min(indexAt(route, clamped), route.coordinates.length - 2);
  const start = route.coordinates[index] as LonLat;
  const end = route.coordinates[index + 1] as LonLat;
  const startMeters = route.cumulativeMeters[index] as number;
  const length = (route.cumulativeMeters[index + 1] as number) - startMeters;
  const fraction = length > 0 ? Math.min(Math.max((clamped - startMeters) / length, 0), 1) : 0;
  return [start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction];
}

/** Where a position lies relative to the route. */
export interface RouteProjection {
  /** Metres along the route of the nearest point on it. */
  alongMeters: number;
  /** Metres from the position to that nearest point. */
  offRouteMeters: number;
  nearest: LonLat;
}

/** Options of `projectOntoRoute`: search only near the last known progress, if given. */
export interface ProjectionOptions {
  previousAlongMeters?: number | null;
  windowBackMeters?: number;
  windowAheadMeters?: number;
}

/**
 * Projects a lon/lat position onto the route with @turf/nearest-point-on-line. With a previous
 * progress, only the stretch from 200 m behind to 3 km ahead of it is searched, so an
 * out-and-back or a loop does not make the rider jump to the other leg passing nearby.
 */
export function projectOntoRoute(
  route: PreparedRoute,
  position: LonLat,
  options: ProjectionOptions = {},
): RouteProjection {
  let startIndex = 0;
  let endIndex = route.coordinates.length - 1;
  if (options.previousAlongMeters !== undefined && options.previousAlongMeters !== null) {
    const back = options.windowBackMeters ?? 200;
    const ahead = options.windowAheadMeters ?? 3000;
    startIndex = indexAt(route, options.previousAlongMeters - back);
    endIndex = Math.min(
      indexAt(route, options.previousAlongMeters + ahead) + 1,
      route.coordinates.length - 1,
    );
    if (endIndex <= startIndex) endIndex = Math.min(startIndex + 1, route.coordinates.length - 1);
    if (endIndex <= startIndex) startIndex = endIndex - 1;
  }
  const window = route.coordinates.slice(startIndex, endIndex + 1);
  const nearest = nearestPointOnLine(lineString(window), position, { units: 'meters' });
  const coordinates = nearest.geometry.coordinates as LonLat;
  return {
    alongMeters: (route.cumulativeMeters[startIndex] as number) + nearest.properties.totalDistance,
    offRouteMeters: nearest.properties.pointDistance,
    nearest: [coordinates[0], coordinates[1]],
  };
}

/** Turn direction and severity of a cue. */
export interface TurnCue {
  alongMeters: number;
  direction: 'left' | 'right';
  severity: 'slight' | 'sharp';
  /** Signed change of heading, degrees: positive clockwise (right). */
  angleDegrees: number;
  position: LonLat;
}

/** Options of `turnCues`. */
export interface TurnCueOptions {
  /** Headings are measured over this far before and after the bend (smooths GPS jitter). */
  lookMeters: number;
  /** A change of heading from this many degrees is a slight turn… */
  slightDegrees: number;
  /** …and from this many a sharp one. */
  sharpDegrees: number;
  /** Bends closer than this merge into the strongest one. */
  mergeMeters: number;
}

export const defaultTurnCueOptions: TurnCueOptions = {
  lookMeters: 30,
  slightDegrees: 25,
  sharpDegrees: 70,
  mergeMeters: 60,
};

function signedAngle(from: number, to: number): number {
  const difference = ((((to - from) % 360) + 540) % 360) - 180;
  return difference === -180 ? 180 : difference;
}

function asPoint(position: LonLat) {
  return { longitude: position[0], latitude: position[1] };
}

/**
 * Turn cues implied by the route's shape, in order along it: at each vertex, the heading over
 * `lookMeters` before is compared with the heading over `lookMeters` after; bends of at least
 * `slightDegrees` become cues (sharp from `sharpDegrees`), and bends within `mergeMeters` of a
 * stronger one are dropped so one curve drawn by many points gives one cue.
 */
export function turnCues(
  route: PreparedRoute,
  options: TurnCueOptions = defaultTurnCueOptions,
): TurnCue[] {
  const candidates: TurnCue[] = [];
  for (let index = 1; index < route.coordinates.length - 1; index += 1) {
    const along = route.cumulativeMeters[index] as number;
    if (along < options.lookMeters / 2 || along > route.totalMeters - options.lookMeters / 2) {
      continue;
    }
    const here = route.coordinates[index] as LonLat;
    const before = positionAlong(route, along - options.lookMeters);
    const after = positionAlong(route, along + options.lookMeters);
    const incoming = bearingDegrees(asPoint(before), asPoint(here));
    const outgoing = bearingDegrees(asPoint(here), asPoint(after));
    const angle = signedAngle(incoming, outgoing);
    if (Math.abs(angle) < options.slightDegrees) continue;
    candidates.push({
      alongMeters: along,
      direction: angle > 0 ? 'right' : 'left',
      severity: Math.abs(angle) >= options.sharpDegrees ? 'sharp' : 'slight',
      angleDegrees: angle,
      position: here,
    });
  }
  const kept: TurnCue[] = [];
  for (const candidate of [...candidates].sort(
    (a, b) => Math.abs(b.angleDegrees) - Math.abs(a.angleDegrees),
  )) {
    if (
      kept.every((cue) => Math.abs(cue.alongMeters - candidate.alongMeters) >= options.mergeMeters)
    ) {
      kept.push(candidate);
    }
  }
  return kept.sort((a, b) => a.alongMeters - b.alongMeters);
}

/** Side of the route a position lies on, seen along the direction of travel at `alongMeters`. */
export function sideOfRoute(
  route: PreparedRoute,
  alongMeters: number,
  position: LonLat,
): 'left' | 'right' {
  const here = positionAlong(route, alongMeters);
  const ahead = positionAlong(route, Math.min(alongMeters + 20, route.totalMeters));
  const from = alongMeters + 20 > route.totalMeters ? positionAlong(route, alongMeters - 20) : here;
  const to = alongMeters + 20 > route.totalMeters ? here : ahead;
  const routeBearing = bearingDegrees(asPoint(from), asPoint(to));
  const toPosition = bearingDegrees(asPoint(here), asPoint(position));
  return signedAngle(routeBearing, toPosition) >= 0 ? 'right' : 'left';
}
