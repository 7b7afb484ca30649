/**
 * The days and trails of a trip plan (requirements §core-3 "Trip plan": `planData` is free-form, so
 * it is read defensively). Understood shapes, all optional:
 * - `days`: a number of days, or a list of days, each `{ date?: 'YYYY-MM-DD', trailIds?,
 *   trails?, stops? }` where trails and stops are trail ids or objects with `id` / `trailId`;
 * - `trails` / `trailIds` / `stops`: the plan's trails (every day when days do not name theirs);
 * - `startDate` (or `date`): ISO date of the first day; `people` (or `groupSize`): head count.
 * A plan with no date is advised for today, and says so (`datesKnown` false).
 */
import type { CalendarDay } from '../hunting/shooting-hours.ts';

/** One day of a plan: its date on the Arkansas clock and the trail ids it visits. */
export interface PlanDay {
  day: CalendarDay;
  trailIds: string[];
}

/** What the advisor reads from a plan. */
export interface PlanOutline {
  days: PlanDay[];
  /** False when the plan names no date and the days start today. */
  datesKnown: boolean;
  /** Head count, or null when the plan does not say. */
  people: number | null;
  /** Planned minutes per day (the plan's total duration over its days), or null. */
  minutesPerDay: number | null;
}

/** Longest plan the advisor lays out day by day. */
export const MAX_PLAN_DAYS = 14;

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A calendar day from 'YYYY-MM-DD' (a longer ISO string is cut to its date), else null. */
export function parseIsoDay(value: unknown): CalendarDay | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar day `count` days after `day`. */
export function addCalendarDays(day: CalendarDay, count: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + count));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Trail ids of a list of ids or `{ id }` / `{ trailId }` objects, without repeats. */
function trailIdsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = value.map((entry) => {
    if (typeof entry === 'string') return entry;
    if (!isObject(entry)) return null;
    const id = entry.trailId ?? entry.id;
    return typeof id === 'string' ? id : null;
  });
  return [...new Set(ids.filter((id): id is string => id !== null && id.length > 0))];
}

function trailIdsOfHolder(holder: Loose): string[] {
  return [
    ...new Set([
      ...trailIdsOf(holder.trailIds),
      ...trailIdsOf(holder.trails),
      ...trailIdsOf(holder.stops),
    ]),
  ];
}

function positiveNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The plan's days: `planData` as stored, `totalDuration` in minutes (0 = not given), `today`
 * on the Arkansas clock for plans without a date.
 */
export function readPlan(
  planData: unknown,
  totalDuration: number,
  today: CalendarDay,
): PlanOutline {
  const data = isObject(planData) ? planData : {};
  const start = parseIsoDay(data.startDate) ?? parseIsoDay(data.date);
  const planTrails = trailIdsOfHolder(data);
  const listed = Array.isArray(data.days) ? data.days.slice(0, MAX_PLAN_DAYS) : null;
  const count = listed
    ? listed.length
    : Math.min(MAX_PLAN_DAYS, Math.floor(positiveNumber(data.days) ?? 1));
  let datesKnown = start !== null;
  const days: PlanDay[] = Array.from({ length: Math.max(1, count) }, (_, index) => {
    const entry = listed?.[index];
    const own = isObject(entry) ? parseIsoDay(entry.date ?? entry.day) : null;
    if (own) datesKnown = true;
    const ids = isObject(entry) ? trailIdsOfHolder(entry) : [];
    return {
      day: own ?? addCalendarDays(start ?? today, index),
      trailIds: ids.length > 0 ? ids : planTrails,
    };
  });
  const people = positiveNumber(data.people) ?? positiveNumber(data.groupSize);
  const minutes = positiveNumber(totalDuration);
  return {
    days,
    datesKnown,
    people: people === null ? null : Math.floor(people),
    minutesPerDay: minutes === null ? null : Math.round(minutes / days.length),
  };
}

/** The active plan as the trip context holds it, resolved to what `readPlan` needs. */
export interface ActivePlanReference {
  /** Id of the tripPlans document it names, or null when it names none. */
  id: string | null;
  name: string | null;
  planData: unknown;
  totalDuration: number;
}

/**
 * Reads the trip context's `activeTripPlan` (requirements §core-3: free-form): a trip plan document
 * or a reference `{ id }` to one, or a bare plan body (its `planData`, or the object itself).
 * Null when there is no active plan.
 */
export function activePlanReference(active: unknown): ActivePlanReference | null {
  if (!isObject(active)) return null;
  const id = typeof active.id === 'string' && active.id.length > 0 ? active.id : null;
  const name = typeof active.name === 'string' && active.name.length > 0 ? active.name : null;
  return {
    id,
    name,
    planData: isObject(active.planData) ? active.planData : active,
    totalDuration: positiveNumber(active.totalDuration) ?? 0,
  };
}
