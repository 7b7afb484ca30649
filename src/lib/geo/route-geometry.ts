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
  /** The line ends where it starts (within `CLOSED_LOOP_METERS`): a loop, measured around. */
  closed: boolean;
}

/** A line whose ends are this close (m) is a loop: distances along it wrap around. */
export const CLOSED_LOOP_METERS = 30;

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
  const first = coordinates[0] as LonLat;
  const last = coordinates[coordinates.length - 1] as LonLat;
  // A two- or three-point line whose ends meet is a there-and-back, not a loop to wrap around.
  const closed =
    coordinates.length > 3 &&
    total > CLOSED_LOOP_METERS * 4 &&
    distanceMeters(
      { longitude: first[0], latitude: first[1] },
      { longitude: last[0], latitude: last[1] },
    ) <= CLOSED_LOOP_METERS;
  return { coordinates, cumulativeMeters, totalMeters: total, closed };
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

/**
 * Signed metres along the route from `fromMeters` to `toMeters`: plain subtraction on an open
 * line; on a loop the shorter way around, so crossing the start/end point is a small step.
 */
export function alongGapMeters(route: PreparedRoute, fromMeters: number, toMeters: number): number {
  const gap = toMeters - fromMeters;
  if (!route.closed) return gap;
  const total = route.totalMeters;
  return ((((gap + total / 2) % total) + total) % total) - total / 2;
}

/** Segments within this many metres of the nearest one are candidates for the rider's place. */
export const MATCH_TOLERANCE_METERS = 25;

/** What `matchToRoute` knows of the rider's place before this fix. */
export interface RouteMatchHint {
  /** Matched metres along the route at the previous fix. */
  alongMeters: number;
  /** Direction of travel along the line (1 = towards its end, -1 = towards its start), if known. */
  direction: 1 | -1 | null;
}

/** A position matched to the route. */
export interface RouteMatch {
  /** Metres along the route of the rider's place on the line (the leg being ridden). */
  alongMeters: number;
  /** Metres from the position to the nearest point of the whole line. */
  offRouteMeters: number;
  /** The nearest point of the whole line ([lon, lat]). */
  nearest: LonLat;
  /** Bearing (degrees clockwise from true north) from the position to `nearest`. */
  bearingToRouteDegrees: number;
}

/** Metres per degree of latitude (and of longitude at the equator) on the mean Earth sphere. */
const METERS_PER_DEGREE = 111_195;

/**
 * Matches a lon/lat position to the route. The distance off route is to the nearest point of
 * the whole line, so a rider anywhere on it is on route. The place along the line is chosen
 * among the segments within `MATCH_TOLERANCE_METERS` of that nearest distance, preferring the
 * one closest along the line to the previous place (`hint`), and a step backwards against the
 * direction of travel counts double: on an out-and-back, a loop or where the line passes near
 * itself the rider stays on the leg they are riding instead of jumping to the other one. Without
 * a hint the nearest point wins (the first along the line on a tie).
 *
 * Each segment is measured in a flat projection centred on the position (errors far below GPS
 * noise over a trail's few kilometres); a fix scans every segment, a few hundred on a trail.
 */
export function matchToRoute(
  route: PreparedRoute,
  position: LonLat,
  hint: RouteMatchHint | null = null,
): RouteMatch {
  const [lon0, lat0] = position;
  const xScale = METERS_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180);
  const toX = (lon: number) => (lon - lon0) * xScale;
  const toY = (lat: number) => (lat - lat0) * METERS_PER_DEGREE;
  const segments: { distance: number; along: number; point: LonLat }[] = [];
  let best = Number.POSITIVE_INFINITY;
  for (let index = 0; index < route.coordinates.length - 1; index += 1) {
    const start = route.coordinates[index] as LonLat;
    const end = route.coordinates[index + 1] as LonLat;
    const ax = toX(start[0]);
    const ay = toY(start[1]);
    const dx = toX(end[0]) - ax;
    const dy = toY(end[1]) - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared > 0 ? Math.min(Math.max(-(ax * dx + ay * dy) / lengthSquared, 0), 1) : 0;
    const distance = Math.hypot(ax + t * dx, ay + t * dy);
    const startMeters = route.cumulativeMeters[index] as number;
    const segmentMeters = (route.cumulativeMeters[index + 1] as number) - startMeters;
    segments.push({
      distance,
      along: startMeters + t * segmentMeters,
      point: [start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t],
    });
    best = Math.min(best, distance);
  }
  const nearest = segments.find((segment) => segment.distance === best) as (typeof segments)[0];
  let chosen = nearest;
  if (hint) {
    let chosenCost = Number.POSITIVE_INFINITY;
    for (const segment of segments) {
      if (segment.distance > best + MATCH_TOLERANCE_METERS) continue;
      const gap = alongGapMeters(route, hint.alongMeters, segment.along);
      const against = hint.direction !== null && Math.sign(gap) === -hint.direction;
      const cost = segment.distance + 0.5 * Math.abs(gap) * (against ? 2 : 1);
      if (cost < chosenCost) {
        chosen = segment;
        chosenCost = cost;
      }
    }
  }
  let along = chosen.along;
  if (hint && route.closed) {
    // On a loop the start and the end are one place: count on from the previous place, so a
    // rider finishing a lap is at the end (not back at 0) and one starting a lap is near 0.
    along = hint.alongMeters + alongGapMeters(route, hint.alongMeters, chosen.along);
    if (along < 0) along += route.totalMeters;
    if (along > route.totalMeters) along -= route.totalMeters;
  }
  const here = { longitude: position[0], latitude: position[1] };
  const nearestPoint = { longitude: nearest.point[0], latitude: nearest.point[1] };
  return {
    alongMeters: along,
    offRouteMeters: distanceMeters(here, nearestPoint),
    nearest: nearest.point,
    bearingToRouteDegrees: bearingDegrees(here, nearestPoint),
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
