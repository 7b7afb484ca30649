/**
 * The trail finder's side of the trip context (requirements §core-4 "Trip context"): a search with
 * results is a set of recommendations from the trip planner, and the recent recommended trails
 * are shown back resolved against the trail catalogue on this device.
 */
import type { Trail, TrailDifficulty } from '../../schemas/trails.ts';
import { tripContextLimits } from '../../schemas/trip-context.ts';
import type { RecentRecommendedTrail } from '../lib/trip-context/trip-context-rules.ts';
import { difficultyLabel } from './trail-format.ts';
import { activityChips, type ActivityFilter } from './trail-search.ts';

/** A search must stay unchanged this long (ms) before its results count as recommended. */
export const recommendationSettleMs = 1500;

/** The finder's search as the rider set it. */
export interface FinderCriteria {
  q: string;
  activity: ActivityFilter | null;
  difficulty: TrailDifficulty | null;
  region: string | null;
}

/** True when the rider asked for something (words or any filter); the bare list is not a set. */
export function hasFinderCriteria(criteria: FinderCriteria): boolean {
  return (
    criteria.q.trim() !== '' ||
    criteria.activity !== null ||
    criteria.difficulty !== null ||
    criteria.region !== null
  );
}

/**
 * The search in words for the history entry: the typed words, then the chosen filters, joined
 * by ' · ' (e.g. "easy trails near Hot Springs · ATV · Ozarks"); '' without criteria.
 */
export function finderQueryLabel(criteria: FinderCriteria): string {
  const activity = activityChips.find((chip) => chip.id === criteria.activity)?.label ?? null;
  return [
    criteria.q.trim(),
    activity,
    criteria.difficulty ? difficultyLabel(criteria.difficulty) : null,
    criteria.region,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/**
 * The recommendations of a result list: the first 20 trails (the most the recent list holds),
 * each as `{ id, name }`, in the order shown.
 */
export function trailRecommendations(
  trails: readonly Pick<Trail, 'id' | 'name'>[],
): { id: string; name: string }[] {
  return trails
    .slice(0, tripContextLimits.recentTrails)
    .map((trail) => ({ id: trail.id, name: trail.name }));
}

/** A recent recommended trail found in the catalogue. */
export interface ResolvedRecentTrail {
  trail: Trail;
  /** When it was last recommended, epoch ms (0 when unknown). */
  recommendedAt: number;
}

/**
 * The recent recommended trails (most recent first) that are in the catalogue on this device;
 * ids the catalogue no longer has are left out.
 */
export function resolveRecentTrails(
  recent: readonly RecentRecommendedTrail[],
  trails: readonly Trail[],
): ResolvedRecentTrail[] {
  const byId = new Map(trails.map((trail) => [trail.id, trail]));
  return recent.flatMap((entry) => {
    const trail = byId.get(entry.id);
    return trail ? [{ trail, recommendedAt: entry.recommendedAt }] : [];
  });
}
