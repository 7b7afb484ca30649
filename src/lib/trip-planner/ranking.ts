/**
 * Ranks trails for a trip: which trails of the catalogue fit the
 * rider's activity or vehicle, difficulty, dates and start, and why. Trail systems and their
 * USFS segments (kind 'ohv_trail', schemas/trails.ts) are ranked alike. Pure: no clock, no
 * storage; distances are straight-line miles (@turf/distance), never road miles.
 *
 * ## The score (0–100)
 * Two facts exclude a trail outright, because riding it would break a published rule:
 * it does not list the activity, or its published season is closed on a day of the trip. The
 * rest is a sum of four factors, each with a weight ({@link scoreWeights}):
 * - **vehicle 30**: the most important fit. Full when the USFS layer lists the rider's vehicle
 *   class for the trail (a published, per-trail permission); half when only the system's
 *   activity list allows it (true of the system, not checked per trail).
 * - **season 25**: full when the season is published and open on every day; 10 when no season
 *   is published (kept, flagged: the app never guesses "open").
 * - **distance 25**: full at the start, falling linearly to 0 at {@link farMiles} miles, so a
 *   closer trail wins between otherwise equal ones: every mile driven is time not riding.
 * - **difficulty 20**: full when the rating matches or the rider asked for any; half for an
 *   unrated trail (we cannot say); a quarter one step away (easy vs moderate); 0 two steps away.
 * Difficulty weighs least because most trails are unrated (null) in the sources.
 */
import { distance } from '@turf/distance';
import { addDays, parseISO } from 'date-fns';
import type {
  Trail,
  TrailActivity,
  TrailDifficulty,
  TrailVehicleClass,
} from '../../../schemas/trails.ts';
import { isOpenOn } from '../trail-season.ts';
import type { PlanRequest, PlanSeasonState } from './plan-data.ts';

/** Weight of each factor; they sum to 100. */
export const scoreWeights = { vehicle: 30, season: 25, distance: 25, difficulty: 20 } as const;

/**
 * Straight-line miles at which the distance factor reaches 0: about three hours' drive on
 * Arkansas highways, the most a trip start day can take before riding.
 */
export const farMiles = 150;

/** Points of the season factor when no season is published. */
const unknownSeasonPoints = 10;

/** The USFS vehicle class of each motorised activity (as sync-server/seed/trail-lines.ts maps it). */
export const vehicleClassOfActivity: Partial<Record<TrailActivity, TrailVehicleClass>> = {
  atv: 'atv',
  dirt_bike: 'motorcycle',
  '4x4': '4wd_over_50in',
  utv: 'other_wheeled_ohv',
};

const vehicleClassWords: Record<TrailVehicleClass, string> = {
  atv: 'ATVs',
  motorcycle: 'motorcycles',
  '4wd_over_50in': '4WD vehicles over 50 inches',
  other_wheeled_ohv: 'other wheeled OHVs (side-by-sides)',
};

const difficultySteps: Record<TrailDifficulty, number> = { easy: 0, moderate: 1, hard: 2 };

/** A ranked trail: its score, the reasons it fits and what to check. */
export interface RankedTrail {
  trail: Trail;
  score: number;
  reasons: string[];
  flags: string[];
  /** Straight-line miles from the start to the trail's start point. */
  milesFromStart: number;
  season: PlanSeasonState;
}

/** A trail left out, with the published rule it would break. */
export interface ExcludedTrail {
  trail: Trail;
  reason: string;
}

/** Great-circle miles between two points given as { longitude, latitude } degrees. */
export function straightLineMiles(
  from: { longitude: number; latitude: number },
  to: { longitude: number; latitude: number },
): number {
  return distance([from.longitude, from.latitude], [to.longitude, to.latitude], { units: 'miles' });
}

/** The trip's calendar days as local Dates, from `startDate` ("YYYY-MM-DD") for `days` days. */
export function tripDates(startDate: string, days: number): Date[] {
  const first = parseISO(startDate);
  return Array.from({ length: days }, (_, index) => addDays(first, index));
}

interface Factor {
  points: number;
  reason?: string;
  flag?: string;
}

function vehicleFactor(trail: Trail, activity: TrailActivity): Factor {
  const wanted = vehicleClassOfActivity[activity];
  if (wanted && trail.vehicleClasses?.includes(wanted)) {
    return {
      points: scoreWeights.vehicle,
      reason: `Open to ${vehicleClassWords[wanted]} (USFS trail layer)`,
    };
  }
  if (wanted && trail.vehicleClasses === null) {
    return {
      points: scoreWeights.vehicle / 2,
      reason: `Lists ${activity.replace('_', ' ')} riding`,
      flag: 'Vehicle classes not published for this trail: check the signs at the trailhead',
    };
  }
  // Non-motorised activities have no vehicle class: the activity list is the permission.
  return { points: scoreWeights.vehicle, reason: `Lists ${activity.replace('_', ' ')}` };
}

/** Whether the season is published (a complete window or year-round), whatever the date. */
function seasonKnown(trail: Trail, day: Date): boolean {
  return isOpenOn(trail, day) !== 'unknown';
}

function seasonFactor(trail: Trail, firstDay: Date): Factor {
  if (!seasonKnown(trail, firstDay)) {
    return {
      points: unknownSeasonPoints,
      flag: 'Season not published: ask the manager before you go',
    };
  }
  return {
    points: scoreWeights.season,
    reason: `Open on your dates (${trail.season?.source ?? ''})`,
  };
}

function distanceFactor(miles: number): Factor {
  const share = Math.max(0, 1 - miles / farMiles);
  return {
    points: scoreWeights.distance * share,
    reason: `${Math.round(miles).toString()} mi from the start, straight-line`,
  };
}

function difficultyFactor(trail: Trail, wanted: TrailDifficulty | null): Factor {
  if (wanted === null) return { points: scoreWeights.difficulty };
  if (trail.difficulty === null) {
    return {
      points: scoreWeights.difficulty / 2,
      flag: 'Difficulty not rated by any source',
    };
  }
  const steps = Math.abs(difficultySteps[trail.difficulty] - difficultySteps[wanted]);
  if (steps === 0) {
    return { points: scoreWeights.difficulty, reason: `Rated ${trail.difficulty}` };
  }
  return {
    points: steps === 1 ? scoreWeights.difficulty / 4 : 0,
    flag: `Rated ${trail.difficulty}, not ${wanted}`,
  };
}

/**
 * Why `trail` cannot be planned for `request`, or null when it can: it does not list the
 * activity, or its published season is closed on a day of the trip.
 */
export function exclusionReason(
  trail: Trail,
  request: Pick<PlanRequest, 'activity' | 'startDate' | 'days'>,
): string | null {
  if (!trail.activities.includes(request.activity)) {
    return `Does not list ${request.activity.replace('_', ' ')}`;
  }
  const closedOn = tripDates(request.startDate, request.days).find(
    (date) => isOpenOn(trail, date) === false,
  );
  if (closedOn) return `Closed by its season on a day of the trip (${trail.season?.source ?? ''})`;
  return null;
}

/** Scores one trail that passed {@link exclusionReason} (see the file comment). */
export function scoreTrail(trail: Trail, request: PlanRequest): RankedTrail {
  const milesFromStart = straightLineMiles(request.start, trail);
  const firstDay = parseISO(request.startDate);
  const factors = [
    vehicleFactor(trail, request.activity),
    seasonFactor(trail, firstDay),
    distanceFactor(milesFromStart),
    difficultyFactor(trail, request.difficulty),
  ];
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  return {
    trail,
    score: Math.round(score * 10) / 10,
    reasons: factors.flatMap((factor) => (factor.reason ? [factor.reason] : [])),
    flags: factors.flatMap((factor) => (factor.flag ? [factor.flag] : [])),
    milesFromStart,
    season: seasonKnown(trail, firstDay) ? 'open' : 'unknown',
  };
}

/**
 * Ranks the catalogue for `request`: trails that break no published rule, best score first
 * (ties: nearer first, then by name), and those left out with their reason. Trailheads (kind
 * 'trailhead') are places to start, not trails to ride, and are skipped.
 */
export function rankTrails(
  trails: readonly Trail[],
  request: PlanRequest,
): { ranked: RankedTrail[]; excluded: ExcludedTrail[] } {
  const ranked: RankedTrail[] = [];
  const excluded: ExcludedTrail[] = [];
  for (const trail of trails) {
    if (trail.kind === 'trailhead') continue;
    const reason = exclusionReason(trail, request);
    if (reason) excluded.push({ trail, reason });
    else ranked.push(scoreTrail(trail, request));
  }
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      a.milesFromStart - b.milesFromStart ||
      a.trail.name.localeCompare(b.trail.name, 'en'),
  );
  return { ranked, excluded };
}
