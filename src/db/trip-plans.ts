/**
 * Trip plans on this device (schemas/trip-plans.ts; requirements §core-3 "Trip plan", §core-4
 * "Offline" and "Trip context"): saving a plan from the trip planner and reading plans back.
 * A saved plan gets a `temp-` id and status pending; the sync engine pushes it and promotion
 * swaps the id (src/db/promotion.ts rewrites the trip context's references too).
 */
import { map, type Observable } from 'rxjs';
import type { TripPlan } from '../../schemas/trip-plans.ts';
import type { TripPlanData } from '../lib/trip-planner/plan-data.ts';
import {
  planNameProblem,
  tripPlanDocument,
  withSavedPlan,
} from '../lib/trip-planner/saved-plan.ts';
import type { AppDatabase } from './database.ts';
import { getTripContextPersister } from './trip-context.ts';
import { LOCAL_USER_ID, newTempId } from '../../schemas/identity.ts';

/** Thrown by {@link savePlannedTrip} for a name requirements §core-5 (or the schema) refuses. */
export class PlanNameError extends Error {}

/**
 * Saves `planData` as a trip plan named `name`: inserts the document (temp- id, status
 * pending, userId 'anonymous' until the server sets the owner), then makes it the trip
 * context's active plan and adds its trails to the recommendations and history (stored 1 s
 * later by the persister). Throws PlanNameError for a refused name (nothing is written) and the
 * database's error when the insert fails (the trip context is then left unchanged).
 */
export async function savePlannedTrip(
  db: AppDatabase,
  planData: TripPlanData,
  name: string,
  now: number = Date.now(),
): Promise<TripPlan> {
  const problem = planNameProblem(name);
  if (problem) throw new PlanNameError(problem);
  const plan = tripPlanDocument(planData, { id: newTempId(now), name, userId: LOCAL_USER_ID, now });
  await db.tripPlans.insert(plan);
  getTripContextPersister(db).change((context) => withSavedPlan(context, plan, now));
  return plan;
}

/** One trip plan, null when absent. */
export function observeTripPlan(db: AppDatabase, id: string): Observable<TripPlan | null> {
  return db.tripPlans
    .findOne(id)
    .$.pipe(map((document) => (document ? (document.toJSON() as TripPlan) : null)));
}
