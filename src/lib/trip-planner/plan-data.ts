/**
 * The shape of a trip plan's `planData` (schemas/trip-plans.ts, requirements §core-3 "Trip plan"),
 * as the offline trip planner at /ai-trip-planner writes it, and of the trip
 * context's `activeTripPlan` it sets (requirements §core-3 "Trip context"). Other readers (the
 * intelligent advisor, the home page) read these types; they never need the planner itself.
 *
 * Units: distances in miles, straight-line (great-circle, @turf/distance) and labelled so,
 * never road miles; dates are local calendar days "YYYY-MM-DD"; times are epoch ms.
 */
import type { TrailActivity, TrailDifficulty } from '../../../schemas/trails.ts';

/** The version of the `planData` shape below; a reader meeting a higher one shows the name only. */
export const PLAN_DATA_VERSION = 1;

/** How every drive distance in a plan is labelled: the planner knows no road network. */
export const STRAIGHT_LINE_LABEL = 'straight-line distance (as the crow flies), not road miles';

/** Where the trip starts: the rider's GPS fix, a town of the gazetteer, or a trail. */
export interface PlanStart {
  kind: 'fix' | 'town' | 'trail';
  /** "Russellville", "your position", or the trail's name. */
  label: string;
  longitude: number;
  latitude: number;
  /** The trail's catalogue id when `kind` is 'trail'. */
  trailId?: string;
}

/** What the rider asked for (the planner form). */
export interface PlanRequest {
  start: PlanStart;
  /** The activity or vehicle (schemas/trails.ts `trailActivities`). */
  activity: TrailActivity;
  /** Days of the trip, 1–7. */
  days: number;
  /** Wanted difficulty, or null for any. */
  difficulty: TrailDifficulty | null;
  /** First day of the trip, "YYYY-MM-DD" (local). */
  startDate: string;
  /** Miles of trail the rider wants to cover a day (their pace; the form asks). */
  dailyTrailMiles: number;
  /** True when the rider hunts too: Wildlife Management Areas near each day are added. */
  hunting: boolean;
}

/**
 * What the season says about a planned trail over the trip's dates: open every day by a
 * published season, likely open by a reported and unconfirmed one, or unknown.
 */
export type PlanSeasonState = 'open' | 'likelyOpen' | 'unknown';

/** A trail in a day of the plan, with why it was picked. */
export interface PlannedTrail {
  /** Trail catalogue id: /map/<id> and /navigate/<id> open it. */
  id: string;
  name: string;
  /** The trail system a USFS segment belongs to, or null. */
  systemId: string | null;
  /** Ranking score 0–100 (src/lib/trip-planner/ranking.ts `scoreWeights`). */
  score: number;
  /** Why it fits, one short sentence each ("Open to ATVs (USFS trail layer)"). */
  reasons: string[];
  /** What the rider should check ("Season not published: ask the manager before you go"). */
  flags: string[];
  /** Published length, null when no source gives one. */
  lengthMiles: number | null;
  /** Straight-line miles from the trip's start to the trail's start point. */
  milesFromStart: number;
  season: PlanSeasonState;
  /** The published fee text, null when none is published. */
  fee: string | null;
  /** Where the trail starts (trailhead or the first point of its line). */
  longitude: number;
  latitude: number;
}

/** A campground near a day's trails. */
export interface PlannedCampground {
  id: string;
  name: string;
  /** Straight-line miles from the day's first trail. */
  miles: number;
  /** The published fee text (OpenStreetMap), null when not published. */
  fee: string | null;
}

/** A Wildlife Management Area near a day's trails, for hunters. */
export interface PlannedWma {
  id: string;
  name: string;
  /** Straight-line miles from the day's first trail. */
  miles: number;
  /** True when duck season (AGFC dates the app holds) is open that day and the area is listed for waterfowl. */
  inSeason: boolean;
  /** What the app knows about the season that day, with its source. */
  seasonNote: string;
}

/** One day of the plan. */
export interface PlanDay {
  /** 1-based day number. */
  day: number;
  /** "YYYY-MM-DD" (local). */
  date: string;
  /**
   * The riding area of the day: the trail system its trails belong to (or the trail itself),
   * null on a day without trails; absent in plans saved before areas were planned.
   */
  area?: { id: string; name: string } | null;
  trails: PlannedTrail[];
  /** Sum of the trails' published lengths; null when any length is unknown. */
  trailMiles: number | null;
  /** Straight-line miles driven: from the previous stop to the first trail, then trail to trail. */
  driveMiles: number;
  /** Where the day's drive starts ("Russellville", or the previous day's last trail). */
  driveFrom: string;
  campgrounds: PlannedCampground[];
  /** Empty unless the rider hunts. */
  wmas: PlannedWma[];
}

/** One known fee in the cost estimate. */
export interface PlanCostItem {
  day: number;
  trailId: string;
  /** The fee as published ("$3/day"). */
  text: string;
  dollars: number;
}

/**
 * The cost estimate: only published trail fees that state a daily dollar amount. When any
 * planned trail has no such fee, the total is not known (`known` false) and `unknownFor` names
 * those trails. Campground fees are not added (their texts are not priced per night).
 */
export interface PlanCost {
  known: boolean;
  /** Sum of `items` in US dollars; a complete total only when `known`. */
  knownDollars: number;
  items: PlanCostItem[];
  unknownFor: string[];
}

/** A riding area the trip's dates left out, nearer than the farthest one planned. */
export interface LeftOutArea {
  /** The system's (or trail's) catalogue id: /map/<id> opens it. */
  id: string;
  name: string;
  /** Straight-line miles from the start to its nearest trail. */
  milesFromStart: number;
  /** Why, in words ("Likely closed on your dates (reported, unconfirmed: …)"). */
  reason: string;
}

/** `planData` of a trip plan the planner saved (version {@link PLAN_DATA_VERSION}). */
export interface TripPlanData {
  version: typeof PLAN_DATA_VERSION;
  request: PlanRequest;
  days: PlanDay[];
  /** Nearer riding areas their season left out; absent in plans saved before it was added. */
  leftOut?: LeftOutArea[];
  cost: PlanCost;
  /** Always {@link STRAIGHT_LINE_LABEL}: how `driveMiles` and `milesFromStart` are measured. */
  distanceLabel: string;
}

/**
 * The trip context's `activeTripPlan` once a plan is saved: the plan's id (a `temp-` id until
 * the sync promotes it; promotion rewrites it), its name and its `planData`.
 */
export interface ActiveTripPlan {
  id: string;
  name: string;
  /** When the rider made it the active plan (epoch ms). */
  activatedAt: number;
  planData: TripPlanData;
}

/** Type guard for a stored `activeTripPlan` written by this planner (any other shape: false). */
export function isActiveTripPlan(value: unknown): value is ActiveTripPlan {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ActiveTripPlan>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.planData === 'object' &&
    candidate.planData !== null &&
    candidate.planData.version === PLAN_DATA_VERSION &&
    Array.isArray(candidate.planData.days)
  );
}
