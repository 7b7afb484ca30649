/**
 * Ranks trails for a trip: which trails of the catalogue fit the
 * rider's activity or vehicle, difficulty, dates and start, and why. Trail systems and their
 * USFS segments (kind 'ohv_trail', schemas/trails.ts) are ranked alike. Pure: no clock, no
 * storage; distances are straight-line miles (@turf/distance), never road miles.
 *
 * ## The score (0–100)
 * Two facts exclude a trail outright: it does not list the activity, or its season is closed on
 * a day of the trip, by a published season or, likely, by a reported and unconfirmed one
 * (src/lib/trail-season.ts; the plan says so rather than sending a rider to a gate that is
 * probably shut). The rest is a sum of four factors, each with a weight ({@link scoreWeights}):
 * - **distance 35**: the largest weight, full at the start and falling linearly to 0 at
 *   {@link farMiles} miles: every mile driven is time not riding, so a near trail system that
 *   fits beats a far one that fits a little better.
 * - **vehicle 25**: full when the USFS layer lists the rider's vehicle class for the trail (a
 *   published, per-trail permission); 80 % when only the system's activity list allows it.
 * - **season 20**: full when a published season is open on every day; 70 % when only a reported,
 *   unconfirmed window is (flagged); 40 % when no season is published (kept, flagged: the app
 *   never guesses "open").
 * - **difficulty 20**: full when the rating matches or the rider asked for any; half for an
 *   unrated trail (we cannot say); a quarter one step away (easy vs moderate); 0 two steps away.
 */
import { distance } from '@turf/distance';
import { addDays, parseISO } from 'date-fns';
import type {
  Trail,
  TrailActivity,
  TrailDifficulty,
  TrailVehicleClass,
} from '../../../schemas/trails.ts';
import { seasonStatus, type SeasonStatus } from '../trail-season.ts';
import type { PlanRequest, PlanSeasonState } from './plan-data.ts';

/** Weight of each factor; they sum to 100. */
export const scoreWeights = { distance: 35, vehicle: 25, season: 20, difficulty: 20 } as const;

/**
 * Straight-line miles at which the distance factor reaches 0: about three hours' drive on
 * Arkansas highways, the most a trip start day can take before riding.
 */
export const farMiles = 150;

/** Share of the season factor for a reported, unconfirmed window open on every day. */
const reportedSeasonShare = 0.7;
/** Share of the season factor when no season is published. */
const unknownSeasonShare = 0.4;
/** Share of the vehicle factor when only the system's activity list allows the vehicle. */
const activityListShare = 0.8;

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

/** A trail left out, with the rule it would break: its activities, or its season. */
export interface ExcludedTrail {
  trail: Trail;
  because: 'activity' | 'season';
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
      points: scoreWeights.vehicle * activityListShare,
      reason: `Lists ${activity.replace('_', ' ')} riding`,
      flag: 'Vehicle classes not published for this trail: check the signs at the trailhead',
    };
  }
  // Non-motorised activities have no vehicle class: the activity list is the permission.
  return { points: scoreWeights.vehicle, reason: `Lists ${activity.replace('_', ' ')}` };
}

/** The season on each day of the trip (src/lib/trail-season.ts). */
function tripSeasons(
  trail: Trail,
  request: Pick<PlanRequest, 'startDate' | 'days'>,
): SeasonStatus[] {
  return tripDates(request.startDate, request.days).map((date) => seasonStatus(trail, date));
}

/** Open on every day by a published season, likely open by a reported one, or unknown. */
function planSeason(seasons: readonly SeasonStatus[]): PlanSeasonState {
  if (seasons.every((season) => season.state === 'open')) return 'open';
  if (seasons.every((season) => season.state === 'open' || season.state === 'likelyOpen')) {
    return 'likelyOpen';
  }
  return 'unknown';
}

function seasonFactor(trail: Trail, season: PlanSeasonState, seasons: SeasonStatus[]): Factor {
  if (season === 'open') {
    return {
      points: scoreWeights.season,
      reason: `Open on your dates (${trail.season?.source ?? ''})`,
    };
  }
  const reported = seasons.find((status) => status.state === 'likelyOpen');
  if (season === 'likelyOpen' && reported?.state === 'likelyOpen') {
    return {
      points: scoreWeights.season * reportedSeasonShare,
      reason: 'Likely open on your dates',
      flag: `Season reported, unconfirmed (${reported.reportedAs}): call the manager before you go`,
    };
  }
  return {
    points: scoreWeights.season * unknownSeasonShare,
    flag: 'Season not published: ask the manager before you go',
  };
}

function distanceFactor(miles: number): Factor {
  const share = Math.max(0, 1 - miles / farMiles);
  return {
    points: scoreWeights.distance * share,
    reason: `${Math.round(miles).toString()} mi from the start, straight-line`,
  };
}

/** "Rated moderate", or "Derived moderate (USFS trail class)" for a derived difficulty. */
function difficultyWords(trail: Trail): string {
  return trail.difficultySource
    ? `Derived ${trail.difficulty ?? ''} (USFS trail class)`
    : `Rated ${trail.difficulty ?? ''}`;
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
    return { points: scoreWeights.difficulty, reason: difficultyWords(trail) };
  }
  return {
    points: steps === 1 ? scoreWeights.difficulty / 4 : 0,
    flag: `${difficultyWords(trail)}, not ${wanted}`,
  };
}

/**
 * Why `trail` cannot be planned for `request`, or null when it can: it does not list the
 * activity, or its season is closed (or, by a reported window, likely closed) on a day of the
 * trip.
 */
function exclusion(
  trail: Trail,
  request: Pick<PlanRequest, 'activity' | 'startDate' | 'days'>,
): Omit<ExcludedTrail, 'trail'> | null {
  if (!trail.activities.includes(request.activity)) {
    return { because: 'activity', reason: `Does not list ${request.activity.replace('_', ' ')}` };
  }
  const seasons = tripSeasons(trail, request);
  if (seasons.some((season) => season.state === 'closed')) {
    return {
      because: 'season',
      reason: `Closed by its season on a day of the trip (${trail.season?.source ?? ''})`,
    };
  }
  const likelyClosed = seasons.find((season) => season.state === 'likelyClosed');
  if (likelyClosed?.state === 'likelyClosed') {
    return {
      because: 'season',
      reason: `Likely closed on your dates (reported, unconfirmed: ${likelyClosed.reportedAs})`,
    };
  }
  return null;
}

/** Scores one trail that passed {@link exclusion} (see the file comment). */
export function scoreTrail(trail: Trail, request: PlanRequest): RankedTrail {
  const milesFromStart = straightLineMiles(request.start, trail);
  const seasons = tripSeasons(trail, request);
  const season = planSeason(seasons);
  const factors = [
    vehicleFactor(trail, request.activity),
    seasonFactor(trail, season, seasons),
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
    season,
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
    const left = exclusion(trail, request);
    if (left) excluded.push({ trail, ...left });
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
