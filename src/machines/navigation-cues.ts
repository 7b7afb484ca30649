/**
 * What navigation tells the rider at each fix, as a pure function of the
 * previous guidance state and the new position: progress along the route (distance done and
 * remaining), the next turn cue, off-route and back-on-route, waypoint approach, quarter-mile
 * and mile notices, arrival; or, for a trail known only by its trailhead point, the straight-line
 * distance and bearing to it with an arrival notice. Each notice carries its spoken text and
 * haptic pattern id (src/machines/haptics-patterns.ts).
 */
import {
  prepareRoute,
  projectOntoRoute,
  sideOfRoute,
  turnCues,
  type LonLat,
  type PreparedRoute,
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
  alongMeters: number | null;
  offRouteMeters: number | null;
  remainingMeters: number | null;
  /** Straight-line bearing (degrees) and distance (m) to the target point or route end. */
  bearingToTargetDegrees: number | null;
  distanceToTargetMeters: number | null;
  offRoute: boolean;
  offRouteStreak: number;
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
    offRouteMeters: null,
    remainingMeters: null,
    bearingToTargetDegrees: null,
    distanceToTargetMeters: null,
    offRoute: false,
    offRouteStreak: 0,
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

/**
 * Off route after two fixes in a row beyond 40 m (saying which side the trail is on), back on
 * route within 25 m: the hysteresis keeps a rider near the edge from hearing both every fix.
 */
function offRouteStep(
  route: PreparedRoute,
  state: GuidanceState,
  projection: { alongMeters: number; offRouteMeters: number },
  position: LonLat,
): { offRoute: boolean; offRouteStreak: number; notice: NavigationNotice | null } {
  const beyond = projection.offRouteMeters > OFF_ROUTE_METERS;
  const offRouteStreak = beyond ? state.offRouteStreak + 1 : 0;
  if (!state.offRoute && offRouteStreak >= 2) {
    const side = sideOfRoute(route, projection.alongMeters, position);
    return {
      offRoute: true,
      offRouteStreak,
      notice: {
        kind: 'offRoute',
        text: `Off route. The trail is ${spokenDistance(projection.offRouteMeters)} to your ${side === 'left' ? 'right' : 'left'}.`,
        hapticPatternId: 'off-trail',
      },
    };
  }
  if (state.offRoute && projection.offRouteMeters < BACK_ON_ROUTE_METERS) {
    return {
      offRoute: false,
      offRouteStreak,
      notice: { kind: 'backOnRoute', text: 'Back on route.', hapticPatternId: 'back-on-trail' },
    };
  }
  return { offRoute: state.offRoute, offRouteStreak, notice: null };
}

/**
 * The next turn more than 5 m ahead of `along` (m) and its distance; it is announced once,
 * within 120 m, unless `quiet` (off route or arrived).
 */
function turnStep(
  cues: readonly TurnCue[],
  along: number,
  announced: readonly number[],
  quiet: boolean,
): {
  nextCue: TurnCue | null;
  distanceToNextCue: number | null;
  announcedCues: number[];
  notice: NavigationNotice | null;
} {
  const nextCue = cues.find((cue) => cue.alongMeters > along + 5) ?? null;
  const distanceToNextCue = nextCue ? nextCue.alongMeters - along : null;
  const announcedCues = [...announced];
  if (
    quiet ||
    !nextCue ||
    distanceToNextCue === null ||
    distanceToNextCue > TURN_ANNOUNCE_METERS ||
    announcedCues.includes(nextCue.alongMeters)
  ) {
    return { nextCue, distanceToNextCue, announcedCues, notice: null };
  }
  announcedCues.push(nextCue.alongMeters);
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
 * Quarter-mile and mile notices (a mile one also says what remains) as `along` (m) passes
 * each quarter; counted only on route, and silent once arrived.
 */
function distanceStep(
  along: number,
  remaining: number,
  quartersBefore: number,
  offRoute: boolean,
  arrived: boolean,
): { quartersDone: number; notice: NavigationNotice | null } {
  const quarters = Math.floor(along / QUARTER_MILE_METERS);
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

/** Guidance along a route: progress, off route, arrival at its end, turns, waypoints, distance. */
function updateRouteGuidance(
  prepared: PreparedTarget & { target: Extract<NavigationTarget, { kind: 'route' }> },
  state: GuidanceState,
  position: LonLat,
): { state: GuidanceState; notices: NavigationNotice[] } {
  const here = { longitude: position[0], latitude: position[1] };
  const route = prepared.route as PreparedRoute;
  const projection = projectOntoRoute(route, position, { previousAlongMeters: state.alongMeters });
  // Progress never runs backwards on a jittery fix; a real U-turn is rare on a followed track.
  const along = Math.max(projection.alongMeters, (state.alongMeters ?? 0) - 50);
  const remaining = Math.max(route.totalMeters - along, 0);
  const offRouteResult = offRouteStep(route, state, projection, position);
  const { offRoute } = offRouteResult;

  const end = route.coordinates[route.coordinates.length - 1] as LonLat;
  const endPoint = { longitude: end[0], latitude: end[1] };
  const distanceToEnd = distanceMeters(here, endPoint);
  const arrived =
    state.arrived ||
    (!offRoute && remaining <= ROUTE_ARRIVAL_METERS && distanceToEnd <= ROUTE_ARRIVAL_METERS * 2);
  const arrival: NavigationNotice | null =
    arrived && !state.arrived
      ? {
          kind: 'arrived',
          text: `You have arrived at the end of ${prepared.target.name}.`,
          hapticPatternId: 'waypoint-approach',
        }
      : null;

  const turn = turnStep(prepared.cues, along, state.announcedCues, offRoute || arrived);
  const waypoints = arrived
    ? { announcedWaypoints: [...state.announcedWaypoints], notices: [] }
    : waypointStep(prepared.target.waypoints, here, state.announcedWaypoints);
  const distance = distanceStep(along, remaining, state.quartersDone, offRoute, arrived);
  const notices = [
    offRouteResult.notice,
    arrival,
    turn.notice,
    ...waypoints.notices,
    distance.notice,
  ];

  return {
    state: {
      ...state,
      position,
      alongMeters: along,
      offRouteMeters: projection.offRouteMeters,
      remainingMeters: remaining,
      bearingToTargetDegrees: bearingDegrees(here, endPoint),
      distanceToTargetMeters: distanceToEnd,
      offRoute,
      offRouteStreak: offRouteResult.offRouteStreak,
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
