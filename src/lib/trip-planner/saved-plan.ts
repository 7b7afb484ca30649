/**
 * What saving a planned trip writes (requirements §core-3 "Trip plan", §core-4 "Trip
 * context", §core-5): the plan name check, the trip plan document's fields, and the trip context
 * change that makes the plan active and adds its trails to the recommendations and history.
 * Pure: the caller supplies the id, the user id and `now` (epoch ms).
 */
import type { TripContext } from '../../../schemas/trip-context.ts';
import { tripPlanDefaults, type TripPlan } from '../../../schemas/trip-plans.ts';
import { applyRecommendations } from '../trip-context/trip-context-rules.ts';
import { isOutdatedGenericPlanName } from '../trip-plans/generic-plan-names.ts';
import type { ActiveTripPlan, TripPlanData } from './plan-data.ts';

/** Longest plan name the schema accepts (schemas/trip-plans.ts). */
export const maxPlanNameLength = 200;

/** Minutes in a day: a plan's `totalDuration` counts its calendar days. */
const minutesPerDay = 24 * 60;

/**
 * The app's 1–10 plan difficulty (requirements §core-3, default 5) for the rider's choice: the
 * three trail ratings spread over the scale (easy 3, moderate 5, hard 8); any keeps the default.
 */
export const planDifficultyOf = { easy: 3, moderate: 5, hard: 8 } as const;

/**
 * Why `name` cannot be saved, or null when it can: empty, longer than 200 characters, or one of
 * the outdated generic names requirements §core-5 purges (they would vanish on the next start).
 */
export function planNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Give the plan a name.';
  if (trimmed.length > maxPlanNameLength) {
    return `Keep the name to ${maxPlanNameLength.toString()} characters or fewer.`;
  }
  if (isOutdatedGenericPlanName(trimmed)) {
    return `"${trimmed}" is a generic name the app removes (plans named "Trip plan", "Basic trip" or containing "basic trip plan" or "fallback plan"). Choose a name that says where you are going.`;
  }
  return null;
}

/** A name that says what the plan is: "2-day ATV trip from Russellville". */
export function suggestedPlanName(planData: TripPlanData, activityLabel: string): string {
  const { days, start } = planData.request;
  return `${days.toString()}-day ${activityLabel} trip from ${start.label}`.slice(
    0,
    maxPlanNameLength,
  );
}

/** The day-by-day summary stored as the plan's description ("Day 1 (2026-05-02): A, B"). */
export function planDescription(planData: TripPlanData): string {
  return planData.days
    .map((day) => {
      const trails = day.trails.map((trail) => trail.name).join(', ') || 'no trail planned';
      return `Day ${day.day.toString()} (${day.date}): ${trails}`;
    })
    .join('\n')
    .slice(0, 4000);
}

/**
 * The trip plan document (schemas/trip-plans.ts) for `planData` under `name` (trimmed):
 * totalDuration = the days in minutes, totalDistance = the published trail miles planned,
 * estimatedCost = the sum of the known fees (complete only when `planData.cost.known`; the
 * page says "not known" otherwise), aiConfidence = the §core-3 default 0.8, status pending.
 */
export function tripPlanDocument(
  planData: TripPlanData,
  options: { id: string; name: string; userId: string | null; now: number },
): TripPlan {
  const difficulty = planData.request.difficulty;
  const totalDistance = planData.days.reduce(
    (sum, day) => sum + day.trails.reduce((daySum, trail) => daySum + (trail.lengthMiles ?? 0), 0),
    0,
  );
  return {
    id: options.id,
    userId: options.userId ?? tripPlanDefaults.userId,
    name: options.name.trim(),
    description: planDescription(planData),
    planData: planData as unknown as TripPlan['planData'],
    totalDuration: planData.request.days * minutesPerDay,
    totalDistance: Math.round(totalDistance * 100) / 100,
    difficulty: difficulty === null ? tripPlanDefaults.difficulty : planDifficultyOf[difficulty],
    estimatedCost: planData.cost.knownDollars,
    status: 'pending',
    aiConfidence: tripPlanDefaults.aiConfidence,
    createdAt: options.now,
    updatedAt: options.now,
  };
}

/**
 * The trip context after saving `plan` (requirements §core-4): the plan becomes `activeTripPlan`,
 * and its trails become the current recommendations, go to the top of the recent trails (max
 * 20, no duplicates) and join the history (max 10) with the plan's id and name, by
 * `applyRecommendations`'s rules. A plan without trails only becomes active.
 */
export function withSavedPlan(context: TripContext, plan: TripPlan, now: number): TripContext {
  const planData = plan.planData as unknown as TripPlanData;
  const trails = planData.days.flatMap((day) =>
    day.trails.map((trail) => ({
      id: trail.id,
      name: trail.name,
      day: day.day,
      tripPlanId: plan.id,
    })),
  );
  const recommended = applyRecommendations(context, trails, now, { query: plan.name });
  const history =
    recommended === context
      ? context.tripPlannerHistory
      : [
          { ...recommended.tripPlannerHistory[0], tripPlanId: plan.id, name: plan.name },
          ...recommended.tripPlannerHistory.slice(1),
        ];
  const active: ActiveTripPlan = { id: plan.id, name: plan.name, activatedAt: now, planData };
  return {
    ...recommended,
    tripPlannerHistory: history,
    activeTripPlan: active as unknown as TripContext['activeTripPlan'],
    updatedAt: now,
  };
}
