/**
 * Purge of cached trip plans with outdated generic names (requirements §core-5): a plan named like
 * 'Basic trip plan', 'Fallback plan', 'Basic trip' or 'Trip plan' (the rule is
 * `isOutdatedGenericPlanName`) is removed from this device at app start and whenever such a
 * plan arrives later (a pull from the server, another tab, an import). The removal is an
 * ordinary RxDB deletion, so the sync engine replicates it like any other.
 */
import type { Subscription } from 'rxjs';
import type { TripPlan } from '../../schemas/trip-plans.ts';
import { isOutdatedGenericPlanName } from '../lib/trip-plans/generic-plan-names.ts';
import type { AppDatabase } from './database.ts';

function outdatedIds(plans: readonly TripPlan[]): string[] {
  return plans.filter((plan) => isOutdatedGenericPlanName(plan.name)).map((plan) => plan.id);
}

/**
 * Removes every stored trip plan whose name is an outdated generic one. Resolves to the ids
 * removed ([] when none); rejects with RxDB's error when the database is closed.
 */
export async function purgeGenericTripPlans(db: AppDatabase): Promise<string[]> {
  const plans = await db.tripPlans.find().exec();
  const ids = outdatedIds(plans.map((plan) => plan.toJSON() as TripPlan));
  if (ids.length === 0) return [];
  const { success } = await db.tripPlans.bulkRemove(ids);
  return success.map((plan) => plan.id);
}

/**
 * Purges once now and again whenever the trip plans change and one of them has an outdated
 * generic name. Failures are logged, never thrown (the next change tries again). Returns the
 * function that stops it; call it before closing the database.
 */
export function startGenericTripPlanPurge(db: AppDatabase): () => void {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const purge = () => {
    running = running
      .then(() => (stopped || db.closed ? [] : purgeGenericTripPlans(db)))
      .catch((error: unknown) => {
        if (!db.closed) console.error('Purging generic trip plans failed', error);
      });
  };
  const subscription: Subscription = db.tripPlans.find().$.subscribe({
    next: (plans) => {
      if (outdatedIds(plans.map((plan) => plan.toJSON() as TripPlan)).length > 0) purge();
    },
    error: (error: unknown) => console.error('Trip plan purge subscription failed', error),
  });
  return () => {
    stopped = true;
    subscription.unsubscribe();
  };
}
