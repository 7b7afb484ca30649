/**
 * What navigation tells the rider at each fix, as a pure function of the
 * previous guidance state and the new position: the rider's place on the route's line (started
 * anywhere on it, ridden either way), distance done and remaining, the next turn cue in the
 * direction of travel, off-route warnings with the bearing back to the line and back-on-route,
 * waypoint approach, quarter-mile and mile notices, arrival; or, for a trail known only by its trailhead point, the straight-line
 * distance and bearing to it with an arrival notice. Each notice carries its spoken text and
 * haptic pattern id (src/machines/haptics-patterns.ts).
 */
import {
  alongGapMeters,
  matchToRoute,
  prepareRoute,
  turnCues,
  type LonLat,
  type PreparedRoute,
  type RouteMatch,
  type TurnCue,
} from '../lib/geo/route-geometry.ts';
import {
  bearingDegrees,
  compassDirection,
  distanceMeters,
  METERS_PER_MILE,
} from '../lib/geo/track-stats.ts';
import type { Trail } from '../../schemas/trails.ts';

/** Beyond this many metres from the route for two fixes in a row the rider is off route. */
export const OFF_ROUTE_METERS = 40;
/** Within this many metres again the rider is back on route (hysteresis against flapping). */
export const BACK_ON_ROUTE_METERS = 25;
/** While off route the warning is repeated this often (ms), with the distance and bearing now. */
export const OFF_ROUTE_REPEAT_MS = 30_000;
/** …and at once whenever the distance off route has grown this many times since the last one. */
export const OFF_ROUTE_REPEAT_FACTOR = 2;
/** The direction of travel is decided once the rider has moved this far (m) along the line. */
export const DIRECTION_DECIDE_METERS = 20;
/** Riding this far (m) back against the direction of travel is a U-turn: the direction flips. */
export const U_TURN_METERS = 100;
/** A turn is announced once the rider is this close to it (m). */
export const TURN_ANNOUNCE_METERS = 120;
/** A waypoint is announced once the rider is this close to it (m). */
export const WAYPOINT_APPROACH_METERS = 150;
/** The end of a route is reached within this many metres (m). */
export const ROUTE_ARRIVAL_METERS = 30;
/** A trailhead point is reached within this many metres (most shipped points are approximate). */
export const POINT_ARRIVAL_METERS = 100;
/** A quarter mile in metres. */
export const QUARTER_MILE_METERS = METERS_PER_MILE / 4;

/** A waypoint along the route. */
export interface NavigationWaypoint {
  name: string;
  longitude: number;
  latitude: number;
}

/** What is being navigated to. */
export type NavigationTarget =
  | {
      kind: 'route';
      name: string;
      /** [lon, lat] positions of the trail, trip or imported track. */
      coordinates: readonly (readonly number[])[];
      waypoints: readonly NavigationWaypoint[];
    }
  | {
      kind: 'point';
      name: string;
      longitude: number;
      latitude: number;
      /** The point is a nearby anchor, not the surveyed trailhead (data/places). */
      approximate: boolean;
    };

/** A notice to show, speak and feel. */
export interface NavigationNotice {
  kind: 'turn' | 'offRoute' | 'backOnRoute' | 'waypoint' | 'quarterMile' | 'mile' | 'arrived';
  text: string;
  hapticPatternId: string;
}

/** Guidance state carried from fix to fix (plain data). */
export interface GuidanceState {
  position: LonLat | null;
  /** The rider's place on the line, metres from its first vertex (not the distance ridden). */
  alongMeters: number | null;
  /** Where on the line guidance started (m along), until the direction of travel is decided. */
  startAlongMeters: number | null;
  /** Furthest place reached in the direction of travel (m along). */
  frontierAlongMeters: number | null;
  /** Direction of travel: 1 towards the line's end, -1 towards its start, null not yet known. */
  direction: 1 | -1 | null;
  /** Metres ridden along the line since guidance started. */
  doneMeters: number;
  /** Metres to the nearest point of the whole line. */
  offRouteMeters: number | null;
  /** Bearing (degrees clockwise from true north) from the rider to that nearest point. */
  bearingToRouteDegrees: number | null;
  /** Metres to the end of the line in the direction of travel (to a point target: straight). */
  remainingMeters: number | null;
  /** Straight-line bearing (degrees) and distance (m) to the target point or route end. */
  bearingToTargetDegrees: number | null;
  distanceToTargetMeters: number | null;
  offRoute: boolean;
  offRouteStreak: number;
  /** Distance off route (m) at the latest off-route warning; null while on route. */
  offRouteWarnedMeters: number | null;
  /** Off-route warnings given so far (each one restarts the machine's repeat timer). */
  offRouteWarnings: number;
  /** The next turn in the direction of travel; null while off route or the direction is unknown. */
  nextCue: TurnCue | null;
  distanceToNextCueMeters: number | null;
  announcedCues: number[];
  announcedWaypoints: string[];
  quartersDone: number;
  arrived: boolean;
}

/** The route prepared for guidance, or null for a point target. */
export interface PreparedTarget {
  target: NavigationTarget;
  route: PreparedRoute | null;
  cues: TurnCue[];
}

/** Prepares a target: the route measured and its turn cues found. Throws for a one-point route. */
export function prepareTarget(target: NavigationTarget): PreparedTarget {
  if (target.kind === 'point') return { target, route: null, cues: [] };
  const route = prepareRoute(target.coordinates);
  return { target, route, cues: turnCues(route) };
}

/**
 * What to navigate for a catalogue trail: its line (`path`, the USFS lines) as a route
 * followed exactly like an imported GPX track, or, for a trail without a usable line (none
 * published, or fewer than two distinct points), straight-line guidance to its trailhead point.
 */
export function trailNavigationTarget(
  trail: Pick<Trail, 'name' | 'path' | 'longitude' | 'latitude' | 'locationConfidence'>,
): NavigationTarget {
  if (trail.path && hasRouteShape(trail.path)) {
    return { kind: 'route', name: trail.name, coordinates: trail.path, waypoints: [] };
  }
  return {
    kind: 'point',
    name: `${trail.name} trailhead`,
    longitude: trail.longitude,
    latitude: trail.latitude,
    approximate: trail.locationConfidence === 'approximate',
  };
}

function hasRouteShape(path: readonly (readonly number[])[]): boolean {
  try {
    prepareRoute(path);
    return true;
  } catch {
    return false;
  }
}

/** Guidance before the first fix. */
export function initialGuidance(): GuidanceState {
  return {
    position: null,
    alongMeters: null,
    startAlongMeters: null,
    frontierAlongMeters: null,
    direction: null,
    doneMeters: 0,
    offRouteMeters: null,
    bearingToRouteDegrees: null,
    remainingMeters: null,
    bearingToTargetDegrees: null,
    distanceToTargetMeters: null,
    offRoute: false,
    offRouteStreak: 0,
    offRouteWarnedMeters: null,
    offRouteWarnings: 0,
    nextCue: null,
    distanceToNextCueMeters: null,
    announcedCues: [],
    announcedWaypoints: [],
    quartersDone: 0,
    arrived: false,
  };
}

/** "500 feet" under 0.1 mile, else "1.3 miles". */
export function spokenDistance(metres: number): string {
  const miles = metres / METERS_PER_MILE;
  if (miles < 0.1) return `${Math.max(10, Math.round((metres * 3.28084) / 10) * 10)} feet`;
  const rounded = miles < 10 ? Number(miles.toFixed(1)) : Math.round(miles);
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
}

const compassWords: Record<string, string> = {
  N: 'north',
  NE: 'northeast',
  E: 'east',
  SE: 'southeast',
  S: 'south',
  SW: 'southwest',
  W: 'west',
  NW: 'northwest',
};

/** "north", "southwest", … for a bearing in degrees. */
export function compassWord(degrees: number): string {
  return compassWords[compassDirection(degrees)] ?? 'ahead';
}

function milesText(quarters: number): string {
  const miles = quarters / 4;
  return `${miles} ${miles === 1 ? 'mile' : 'miles'}`;
}

/** Guidance to a point target: straight-line distance and bearing, and arrival once within 100 m. */
function updatePointGuidance(
  target: Extract<NavigationTarget, { kind: 'point' }>,
  state: GuidanceState,
  position: LonLat,
): { state: GuidanceState; notices: NavigationNotice[] } {
  const notices: NavigationNotice[] = [];
  const here = { longitude: position[0], latitude: position[1] };
  const point = { longitude: target.longitude, latitude: target.latitude };
  const distance = distanceMeters(here, point);
  const arrived = state.arrived || distance <= POINT_ARRIVAL_METERS;
  if (arrived && !state.arrived) {
    notices.push({
      kind: 'arrived',
      text: `You have arrived at ${target.name}.${target.approximate ? ' The trailhead location is approximate; look for signs.' : ''}`,
      hapticPatternId: 'waypoint-approach',
    });
  }
  return {
    state: {
      ...state,
      position,
      bearingToTargetDegrees: bearingDegrees(here, point),
      distanceToTargetMeters: distance,
      remainingMeters: distance,
      arrived,
    },
    notices,
  };
}

/** The spoken off-route warning: how far the line is and which way (compass word) to head. */
function offRouteNotice(offRouteMeters: number, bearingToRouteDegrees: number): NavigationNotice {
  return {
    kind: 'offRoute',
    text: `Off route. The trail is ${spokenDistance(offRouteMeters)} to the ${compassWord(bearingToRouteDegrees)}.`,
    hapticPatternId: 'off-trail',
  };
}

type OffRouteFields = Pick<
  GuidanceState,
  'offRoute' | 'offRouteStreak' | 'offRouteWarnedMeters' | 'offRouteWarnings'
>;

/**
 * Off route after two fixes in a row beyond 40 m from the nearest point of the line, back on
 * route within 25 m: the hysteresis keeps a rider near the edge from hearing both every fix.
 * While off route the warning is given again as soon as the distance has doubled since the last
 * one (the repeat every 30 s is the machine's timer, `offRouteReminder`).
 */
function offRouteStep(
  state: GuidanceState,
  match: RouteMatch,
): OffRouteFields & { notice: NavigationNotice | null } {
  const distance = match.offRouteMeters;
  const offRouteStreak = distance > OFF_ROUTE_METERS ? state.offRouteStreak + 1 : 0;
  const warned = state.offRouteWarnedMeters ?? distance;
  const warn = !state.offRoute
    ? offRouteStreak >= 2
    : distance >= BACK_ON_ROUTE_METERS && distance >= warned * OFF_ROUTE_REPEAT_FACTOR;
  if (warn) {
    return {
      offRoute: true,
      offRouteStreak,
      offRouteWarnedMeters: distance,
      offRouteWarnings: state.offRouteWarnings + 1,
      notice: offRouteNotice(distance, match.bearingToRouteDegrees),
    };
  }
  if (state.offRoute && distance < BACK_ON_ROUTE_METERS) {
    return {
      offRoute: false,
      offRouteStreak,
      offRouteWarnedMeters: null,
      offRouteWarnings: state.offRouteWarnings,
      notice: { kind: 'backOnRoute', text: 'Back on route.', hapticPatternId: 'back-on-trail' },
    };
  }
  return {
    offRoute: state.offRoute,
    offRouteStreak,
    offRouteWarnedMeters: state.offRouteWarnedMeters,
    offRouteWarnings: state.offRouteWarnings,
    notice: null,
  };
}

/**
 * The off-route warning repeated (every 30 s while off route, from the machine's timer) with
 * the distance and bearing of the latest fix; null when on route or before any fix.
 */
export function offRouteReminder(
  state: GuidanceState,
): { state: GuidanceState; notice: NavigationNotice } | null {
  if (!state.offRoute || state.offRouteMeters === null || state.bearingToRouteDegrees === null) {
    return null;
  }
  return {
    state: {
      ...state,
      offRouteWarnedMeters: state.offRouteMeters,
      offRouteWarnings: state.offRouteWarnings + 1,
    },
    notice: offRouteNotice(state.offRouteMeters, state.bearingToRouteDegrees),
  };
}

type ProgressFields = Pick<
  GuidanceState,
  'startAlongMeters' | 'frontierAlongMeters' | 'direction' | 'doneMeters'
>;

/**
 * Progress along the line from the matched place `along` (m). Guidance starts wherever the
 * rider first meets the line; the direction of travel is the way they then move 20 m along it,
 * and flips only after riding 100 m back (a U-turn, not GPS jitter). Distance done grows only
 * as the rider passes their furthest place in the direction of travel. Fixes beyond 40 m from
 * the line move none of this: a detour or a parallel road is not progress.
 */
function progressStep(
  route: PreparedRoute,
  state: GuidanceState,
  along: number,
  onLine: boolean,
): ProgressFields {
  const { direction, doneMeters } = state;
  const start = state.startAlongMeters ?? along;
  const frontier = state.frontierAlongMeters ?? along;
  if (!onLine) {
    // Not riding the line: wherever the rider rejoins it is the new start or furthest place.
    return direction === null
      ? { startAlongMeters: along, frontierAlongMeters: along, direction, doneMeters }
      : { startAlongMeters: start, frontierAlongMeters: along, direction, doneMeters };
  }
  if (direction === null) {
    const moved = alongGapMeters(route, start, along);
    if (Math.abs(moved) < DIRECTION_DECIDE_METERS) {
      return { startAlongMeters: start, frontierAlongMeters: along, direction, doneMeters };
    }
    return {
      startAlongMeters: start,
      frontierAlongMeters: along,
      direction: moved > 0 ? 1 : -1,
      doneMeters: doneMeters + Math.abs(moved),
    };
  }
  const advance = alongGapMeters(route, frontier, along) * direction;
  if (advance > 0) {
    return {
      startAlongMeters: start,
      frontierAlongMeters: along,
      direction,
      doneMeters: doneMeters + advance,
    };
  }
  if (advance <= -U_TURN_METERS) {
    return {
      startAlongMeters: start,
      frontierAlongMeters: along,
      direction: direction === 1 ? -1 : 1,
      doneMeters: doneMeters - advance,
    };
  }
  return { startAlongMeters: start, frontierAlongMeters: frontier, direction, doneMeters };
}

/**
 * The direction guidance assumes until the rider's movement decides it: away from the nearer
 * end of an open line (someone at a trailhead rides into the trail), forwards round a loop.
 */
function assumedDirection(route: PreparedRoute, along: number): 1 | -1 {
  return route.closed || along <= route.totalMeters / 2 ? 1 : -1;
}

/**
 * The next turn more than 5 m ahead of `along` (m) in the direction of travel and its distance;
 * ridden towards the line's start, a cue is met from the other side, so left and right swap.
 * Each is announced once per direction (announced keys: its metres along, negative when ridden
 * backwards), within 120 m, unless `quiet` (off route, arrived or the direction not yet known).
 */
function turnStep(
  cues: readonly TurnCue[],
  along: number,
  direction: 1 | -1,
  announced: readonly number[],
  quiet: boolean,
): {
  nextCue: TurnCue | null;
  distanceToNextCue: number | null;
  announcedCues: number[];
  notice: NavigationNotice | null;
} {
  const announcedCues = [...announced];
  const ahead =
    direction === 1
      ? cues.find((cue) => cue.alongMeters > along + 5)
      : cues.findLast((cue) => cue.alongMeters < along - 5);
  if (quiet || !ahead) {
    return { nextCue: null, distanceToNextCue: null, announcedCues, notice: null };
  }
  const nextCue: TurnCue =
    direction === 1
      ? ahead
      : {
          ...ahead,
          direction: ahead.direction === 'left' ? 'right' : 'left',
          angleDegrees: -ahead.angleDegrees,
        };
  const distanceToNextCue = Math.abs(nextCue.alongMeters - along);
  const key = nextCue.alongMeters * direction;
  if (distanceToNextCue > TURN_ANNOUNCE_METERS || announcedCues.includes(key)) {
    return { nextCue, distanceToNextCue, announcedCues, notice: null };
  }
  announcedCues.push(key);
  return {
    nextCue,
    distanceToNextCue,
    announcedCues,
    notice: {
      kind: 'turn',
      text: `In ${spokenDistance(distanceToNextCue)}, ${nextCue.severity} ${nextCue.direction}.`,
      hapticPatternId: `${nextCue.severity}-${nextCue.direction}`,
    },
  };
}

/** Each waypoint within 150 m of `here` is announced once; keys are name@lon,lat. */
function waypointStep(
  waypoints: readonly NavigationWaypoint[],
  here: { longitude: number; latitude: number },
  announced: readonly string[],
): { announcedWaypoints: string[]; notices: NavigationNotice[] } {
  const announcedWaypoints = [...announced];
  const notices: NavigationNotice[] = [];
  for (const waypoint of waypoints) {
    const key = `${waypoint.name}@${waypoint.longitude},${waypoint.latitude}`;
    if (announcedWaypoints.includes(key)) continue;
    const distance = distanceMeters(here, waypoint);
    if (distance <= WAYPOINT_APPROACH_METERS) {
      announcedWaypoints.push(key);
      notices.push({
        kind: 'waypoint',
        text: `Approaching ${waypoint.name}, ${spokenDistance(distance)} ahead.`,
        hapticPatternId: 'waypoint-approach',
      });
    }
  }
  return { announcedWaypoints, notices };
}

/**
 * Quarter-mile and mile notices (a mile one also says what remains) as the distance done (m)
 * passes each quarter; counted only on route, and silent once arrived.
 */
function distanceStep(
  done: number,
  remaining: number,
  quartersBefore: number,
  offRoute: boolean,
  arrived: boolean,
): { quartersDone: number; notice: NavigationNotice | null } {
  const quarters = Math.floor(done / QUARTER_MILE_METERS);
  if (quarters <= quartersBefore || offRoute) return { quartersDone: quartersBefore, notice: null };
  if (arrived) return { quartersDone: quarters, notice: null };
  const notice: NavigationNotice =
    quarters % 4 === 0
      ? {
          kind: 'mile',
          text: `${milesText(quarters)} done, ${spokenDistance(remaining)} to go.`,
          hapticPatternId: 'mile-marker',
        }
      : {
          kind: 'quarterMile',
          text: `${milesText(quarters)} done.`,
          hapticPatternId: 'quarter-mile',
        };
  return { quartersDone: quarters, notice };
}

/**
 * Guidance along a route: the rider matched to the line, progress in the direction of travel,
 * off route, arrival at the end they ride towards, turns, waypoints, distance notices.
 */
function updateRouteGuidance(
  prepared: PreparedTarget & { target: Extract<NavigationTarget, { kind: 'route' }> },
  state: GuidanceState,
  position: LonLat,
): { state: GuidanceState; notices: NavigationNotice[] } {
  const here = { longitude: position[0], latitude: position[1] };
  const route = prepared.route as PreparedRoute;
  const match = matchToRoute(
    route,
    position,
    state.alongMeters === null
      ? null
      : { alongMeters: state.alongMeters, direction: state.direction },
  );
  const along = match.alongMeters;
  const offRouteResult = offRouteStep(state, match);
  const { offRoute } = offRouteResult;
  const progress = progressStep(route, state, along, match.offRouteMeters <= OFF_ROUTE_METERS);
  const heading = progress.direction ?? assumedDirection(route, along);
  const remaining = heading === 1 ? Math.max(route.totalMeters - along, 0) : Math.max(along, 0);

  const end = route.coordinates[heading === 1 ? route.coordinates.length - 1 : 0] as LonLat;
  const endPoint = { longitude: end[0], latitude: end[1] };
  const distanceToEnd = distanceMeters(here, endPoint);
  // Arrival needs a decided direction: a rider starting at one end has not arrived there.
  const arrived =
    state.arrived ||
    (!offRoute &&
      progress.direction !== null &&
      remaining <= ROUTE_ARRIVAL_METERS &&
      distanceToEnd <= ROUTE_ARRIVAL_METERS * 2);
  const arrival: NavigationNotice | null =
    arrived && !state.arrived
      ? {
          kind: 'arrived',
          text: `You have arrived at the end of ${prepared.target.name}.`,
          hapticPatternId: 'waypoint-approach',
        }
      : null;

  const turn = turnStep(
    prepared.cues,
    along,
    heading,
    state.announcedCues,
    offRoute || arrived || progress.direction === null,
  );
  const waypoints = arrived
    ? { announcedWaypoints: [...state.announcedWaypoints], notices: [] }
    : waypointStep(prepared.target.waypoints, here, state.announcedWaypoints);
  const distance = distanceStep(
    progress.doneMeters,
    remaining,
    state.quartersDone,
    offRoute,
    arrived,
  );
  const { notice: offRouteNoticeNow, ...offRouteFields } = offRouteResult;
  const notices = [offRouteNoticeNow, arrival, turn.notice, ...waypoints.notices, distance.notice];

  return {
    state: {
      ...state,
      ...offRouteFields,
      ...progress,
      position,
      alongMeters: along,
      offRouteMeters: match.offRouteMeters,
      bearingToRouteDegrees: match.bearingToRouteDegrees,
      remainingMeters: remaining,
      bearingToTargetDegrees: bearingDegrees(here, endPoint),
      distanceToTargetMeters: distanceToEnd,
      nextCue: turn.nextCue,
      distanceToNextCueMeters: turn.distanceToNextCue,
      announcedCues: turn.announcedCues,
      announcedWaypoints: waypoints.announcedWaypoints,
      quartersDone: distance.quartersDone,
      arrived,
    },
    notices: notices.filter((notice): notice is NavigationNotice => notice !== null),
  };
}

/**
 * The guidance after a fix at `position` ([lon, lat]) and the notices it raises, in the order
 * they should be spoken (safety first: off route, then arrival, turns, waypoints, distance).
 */
export function updateGuidance(
  prepared: PreparedTarget,
  state: GuidanceState,
  position: LonLat,
): { state: GuidanceState; notices: NavigationNotice[] } {
  const { target } = prepared;
  if (target.kind === 'point') return updatePointGuidance(target, state, position);
  return updateRouteGuidance({ ...prepared, target }, state, position);
}
