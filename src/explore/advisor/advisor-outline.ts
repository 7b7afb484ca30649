/**
 * What the advisor advises on: the rider's active plan, the trails of the rider's
 * recent trips, or one trail the rider picks. Each becomes a plan outline (days with trail ids).
 */
import type { TripPlan } from '../../../schemas/trip-plans.ts';
import type { Trip } from '../../../schemas/trips.ts';
import { readPlan, type ActivePlanReference, type PlanOutline } from '../../lib/advisor/plan.ts';
import type { CalendarDay } from '../../lib/hunting/shooting-hours.ts';

/** The three things the advisor can advise on. */
export type AdviceSource = 'plan' | 'history' | 'trail';

/** How many recent trips' trails the history advice covers. */
export const RECENT_TRIP_TRAILS = 5;

/** Distinct trail ids of the rider's most recent trips (newest first), at most five. */
export function recentTripTrailIds(trips: readonly Trip[]): string[] {
  const newestFirst = [...trips].sort((a, b) => b.startedAt - a.startedAt);
  const ids = newestFirst.map((trip) => trip.trailId).filter((id): id is string => !!id);
  return [...new Set(ids)].slice(0, RECENT_TRIP_TRAILS);
}

/** The outline of the active plan: its stored document when this device has it, else the context's copy. */
export function planOutline(
  active: ActivePlanReference,
  stored: TripPlan | null,
  today: CalendarDay,
): PlanOutline {
  return stored
    ? readPlan(stored.planData, stored.totalDuration, today)
    : readPlan(active.planData, active.totalDuration, today);
}

/** A one-day outline for `trailIds` on `day` (history or a picked trail). */
export function singleDayOutline(trailIds: string[], day: CalendarDay): PlanOutline {
  return { days: [{ day, trailIds }], datesKnown: true, people: null, minutesPerDay: null };
}
