/**
 * Advice for a trip, day by day and trail by trail: sun times
 * and daylight left, season state, safety figures, packing list, and the USGS gauges near the
 * trail and near water trails close to it. Pure: the page passes the trails, the shipped
 * gauges and the current time. Distances are straight-line miles from each trail's point.
 */
import distance from '@turf/distance';
import type { Trail, TrailActivity } from '../../../schemas/trails.ts';
import { gaugesNear, type Gauge, type NearbyGauge } from '../hunting/gauges.ts';
import { arkansasDay, type CalendarDay } from '../hunting/shooting-hours.ts';
import { packingList, type PackingItem } from './packing.ts';
import type { PlanDay } from './plan.ts';
import { safetyFiguresFor, type SafetyFigure } from './safety.ts';
import { seasonState, type SeasonState } from './season.ts';
import { daylightLeft, sunDay, type DaylightLeft, type SunDay } from './sun.ts';

/** Gauges within this many miles of a water trail's point are its gauges. */
export const WATER_TRAIL_GAUGE_MILES = 25;
/** Gauges within this many miles of a land trail are listed for it. */
export const TRAIL_GAUGE_MILES = 15;
/** Water trails within this many miles of a land trail are listed with their gauges. */
export const NEARBY_WATER_TRAIL_MILES = 15;

/** A water trail near a plan trail, its distance in miles and its gauges. */
export interface NearbyWaterTrail {
  trail: Trail;
  miles: number;
  gauges: NearbyGauge[];
}

/** Advice for one trail on one day. */
export interface TrailAdvice {
  trail: Trail;
  sun: SunDay;
  /** Daylight left at `now`, only when the day is today on the Arkansas clock. */
  daylightLeft: DaylightLeft | null;
  season: SeasonState;
  safety: SafetyFigure[];
  gauges: NearbyGauge[];
  waterTrails: NearbyWaterTrail[];
}

/** Advice for one day: its trails, the ids not found on this device, and the packing list. */
export interface DayAdvice {
  day: CalendarDay;
  isToday: boolean;
  trails: TrailAdvice[];
  missingTrailIds: string[];
  packing: PackingItem[];
}

/** What `adviseDays` needs besides the plan's days. */
export interface AdviceContext {
  trails: readonly Trail[];
  gauges: readonly Gauge[];
  now: Date;
  people: number | null;
  minutesPerDay: number | null;
}

function pointOf(trail: Trail): [number, number] {
  return [trail.longitude, trail.latitude];
}

function gaugesFor(trail: Trail, gauges: readonly Gauge[]): NearbyGauge[] {
  const maxMiles = trail.kind === 'water_trail' ? WATER_TRAIL_GAUGE_MILES : TRAIL_GAUGE_MILES;
  return gaugesNear(gauges, pointOf(trail), { maxMiles, limit: 3 });
}

/** Water trails other than `trail` within NEARBY_WATER_TRAIL_MILES of it, nearest first. */
function waterTrailsNear(trail: Trail, context: AdviceContext): NearbyWaterTrail[] {
  return context.trails
    .filter((other) => other.kind === 'water_trail' && other.id !== trail.id)
    .map((other) => ({
      trail: other,
      miles: distance(pointOf(trail), pointOf(other), { units: 'miles' }),
    }))
    .filter((near) => near.miles <= NEARBY_WATER_TRAIL_MILES)
    .sort((a, b) => a.miles - b.miles)
    .slice(0, 3)
    .map((near) => ({ ...near, gauges: gaugesFor(near.trail, context.gauges) }));
}

function sameDay(a: CalendarDay, b: CalendarDay): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

function adviseTrail(trail: Trail, day: CalendarDay, isToday: boolean, context: AdviceContext) {
  const sun = sunDay(day, { latitude: trail.latitude, longitude: trail.longitude });
  return {
    trail,
    sun,
    daylightLeft: isToday ? daylightLeft(sun, context.now) : null,
    season: seasonState(trail.season, day),
    safety: safetyFiguresFor(trail.activities),
    gauges: gaugesFor(trail, context.gauges),
    waterTrails: trail.kind === 'water_trail' ? [] : waterTrailsNear(trail, context),
  } satisfies TrailAdvice;
}

/** Advice for each plan day, in the plan's order. */
export function adviseDays(days: readonly PlanDay[], context: AdviceContext): DayAdvice[] {
  const byId = new Map(context.trails.map((trail) => [trail.id, trail]));
  const today = arkansasDay(context.now);
  return days.map(({ day, trailIds }) => {
    const isToday = sameDay(day, today);
    const found = trailIds.map((id) => byId.get(id)).filter((trail) => trail !== undefined);
    const trails = found.map((trail) => adviseTrail(trail, day, isToday, context));
    const activities = [...new Set(found.flatMap((trail) => trail.activities))] as TrailActivity[];
    const daylight = trails.map((advice) => advice.sun.daylightMinutes);
    return {
      day,
      isToday,
      trails,
      missingTrailIds: trailIds.filter((id) => !byId.has(id)),
      packing: packingList({
        activities,
        month: day.month,
        daylightMinutes: daylight.length > 0 ? Math.min(...daylight) : null,
        plannedMinutes: context.minutesPerDay,
        people: context.people ?? 1,
      }),
    };
  });
}
