/**
 * The trip context's rules as pure functions (requirements §core-3 "Trip context", §core-4 "Trip
 * context", §core-9 limits): what a new set of recommendations does to the current set, the recent
 * trails and the planner history, and the active plan and navigation context. No storage, no
 * clock: every function takes the context and `now` (epoch ms) and returns a new context; the
 * persister in src/db/trip-context.ts stores what they return.
 */
import { tripContextKey, tripContextLimits } from '../../../schemas/trip-context.ts';
import type { TripContext } from '../../../schemas/trip-context.ts';

/** Most recommendations one set keeps (the schema's `maxItems` of `currentRecommendations`). */
export const maxRecommendationsPerSet = 100;

/** Longest id a recommendation may carry (the schema's `maxLength` of ids). */
const maxIdLength = 128;

/**
 * One recommended item, usually a trail: its catalogue `id` plus whatever the recommender
 * wants to remember about it (name, why it was picked…). Keep it small: it is stored in the
 * current set, every history entry and the recent trails, and synced.
 */
export type Recommendation = { id: string } & Record<string, unknown>;

/** The current set as stored: what was recommended, when (epoch ms) and by what. */
export type RecommendationSet = NonNullable<TripContext['currentRecommendations']>;

/** An entry of `tripPlannerHistory`: a past set, with the rider's query when one was given. */
export type RecommendationHistoryEntry = RecommendationSet & { query?: string };

/** An entry of `recentRecommendedTrails`: the recommendation plus when it was recommended. */
export type RecentRecommendedTrail = Recommendation & { recommendedAt: number };

/** Options of `applyRecommendations`. */
export interface ApplyRecommendationsOptions {
  /** The rider's words or filters that produced the set, kept in its history entry. */
  query?: string;
}

/** A trip context with nothing in it, updated at `now` (epoch ms; 0 when unknown). */
export function emptyTripContext(now = 0): TripContext {
  return {
    id: tripContextKey,
    currentRecommendations: null,
    activeTripPlan: null,
    recentRecommendedTrails: [],
    tripPlannerHistory: [],
    navigationContext: null,
    updatedAt: now,
  };
}

function isRecommendation(value: unknown): value is Recommendation {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= maxIdLength;
}

/** Ids in order with duplicates removed (first occurrence wins). */
function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/**
 * True when `recommendations` are the same ids in the same order as the current set, i.e.
 * showing them again is not a new set of recommendations.
 */
export function isCurrentRecommendationSet(
  context: TripContext,
  recommendations: readonly { id: string }[],
): boolean {
  const current = context.currentRecommendations?.recommendations ?? [];
  if (current.length !== recommendations.length) return false;
  return recommendations.every(
    (recommendation, index) =>
      (current[index] as { id?: unknown } | undefined)?.id === recommendation.id,
  );
}

/**
 * A new set of recommendations (requirements §core-4 "Trip context"):
 * - it becomes `currentRecommendations` `{ recommendations, timestamp: now, source:
 *   'trip_planner' }`;
 * - its items go to the top of `recentRecommendedTrails` (each with `recommendedAt: now`),
 *   an id already there moves up rather than appearing twice, and the list keeps the 20 most
 *   recent (§core-9);
 * - the set goes to the top of `tripPlannerHistory` (with `query` when given), which keeps 10.
 *
 * Items without a string id (1–128 characters) are dropped, duplicate ids within the set keep
 * their first occurrence, and at most 100 items are kept (the schema's limit). An empty set, or
 * the same ids in the same order as the current set, is not a new set: the context is
 * returned unchanged (same object), so re-rendering a result list never grows the history.
 */
export function applyRecommendations(
  context: TripContext,
  recommendations: readonly unknown[],
  now: number,
  options: ApplyRecommendationsOptions = {},
): TripContext {
  const items = uniqueById(recommendations.filter(isRecommendation)).slice(
    0,
    maxRecommendationsPerSet,
  );
  if (items.length === 0 || isCurrentRecommendationSet(context, items)) return context;

  const set: RecommendationSet = { recommendations: items, timestamp: now, source: 'trip_planner' };
  const newIds = new Set(items.map((item) => item.id));
  const recent: RecentRecommendedTrail[] = [
    ...items.map((item) => ({ ...item, recommendedAt: now })),
    ...(context.recentRecommendedTrails as RecentRecommendedTrail[]).filter(
      (trail) => !newIds.has(trail.id),
    ),
  ];
  const query = options.query?.trim();
  const historyEntry: RecommendationHistoryEntry = query ? { ...set, query } : set;
  return {
    ...context,
    currentRecommendations: set,
    recentRecommendedTrails: uniqueById(recent).slice(0, tripContextLimits.recentTrails),
    tripPlannerHistory: [historyEntry, ...context.tripPlannerHistory].slice(
      0,
      tripContextLimits.history,
    ),
    updatedAt: now,
  };
}

/**
 * Replaces the navigation context (what the rider is navigating now: route, trail, target…);
 * null clears it. Returns the context unchanged when clearing an already empty one.
 */
export function setNavigationContext(
  context: TripContext,
  navigation: Record<string, unknown> | null,
  now: number,
): TripContext {
  if (navigation === null && context.navigationContext === null) return context;
  return {
    ...context,
    navigationContext: navigation === null ? null : { ...navigation },
    updatedAt: now,
  };
}

/** The recent recommended trails, most recent first, as typed entries. */
export function recentRecommendedTrails(context: TripContext): RecentRecommendedTrail[] {
  return context.recentRecommendedTrails.filter(isRecommendation).map((trail) => ({
    ...trail,
    recommendedAt: typeof trail.recommendedAt === 'number' ? trail.recommendedAt : 0,
  }));
}
