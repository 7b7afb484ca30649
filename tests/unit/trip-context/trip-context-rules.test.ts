import { describe, expect, it } from 'vitest';
import { tripContextKey, tripContextLimits } from '../../../schemas/trip-context.ts';
import {
  applyRecommendations,
  emptyTripContext,
  isCurrentRecommendationSet,
  maxRecommendationsPerSet,
  recentRecommendedTrails,
  setNavigationContext,
} from '../../../src/lib/trip-context/trip-context-rules.ts';

const trail = (id: string, name = `Trail ${id}`) => ({ id, name });
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('emptyTripContext', () => {
  it('is the one document under the fixed key with nothing in it', () => {
    expect(emptyTripContext(5)).toEqual({
      id: tripContextKey,
      currentRecommendations: null,
      activeTripPlan: null,
      recentRecommendedTrails: [],
      tripPlannerHistory: [],
      navigationContext: null,
      updatedAt: 5,
    });
  });
});

describe('applyRecommendations (core-platform §4 "Trip context")', () => {
  it('makes the set current, from the trip planner, at now', () => {
    const next = applyRecommendations(emptyTripContext(), [trail('a'), trail('b')], 1000);
    expect(next.currentRecommendations).toEqual({
      recommendations: [trail('a'), trail('b')],
      timestamp: 1000,
      source: 'trip_planner',
    });
    expect(next.updatedAt).toBe(1000);
  });

  it('adds the trails to the top of the recent list, moving repeats up instead of doubling', () => {
    let context = applyRecommendations(emptyTripContext(), [trail('a'), trail('b')], 1000);
    context = applyRecommendations(context, [trail('c'), trail('a')], 2000);
    expect(ids(context.recentRecommendedTrails)).toEqual(['c', 'a', 'b']);
    expect(recentRecommendedTrails(context)).toEqual([
      { ...trail('c'), recommendedAt: 2000 },
      { ...trail('a'), recommendedAt: 2000 },
      { ...trail('b'), recommendedAt: 1000 },
    ]);
  });

  it('keeps at most 20 recent trails, the newest', () => {
    let context = emptyTripContext();
    for (let set = 0; set < 5; set += 1) {
      const items = Array.from({ length: 6 }, (_, index) => trail(`t${set}-${index}`));
      context = applyRecommendations(context, items, 1000 + set);
    }
    expect(context.recentRecommendedTrails).toHaveLength(tripContextLimits.recentTrails);
    expect(ids(context.recentRecommendedTrails).slice(0, 6)).toEqual(
      Array.from({ length: 6 }, (_, index) => `t4-${index}`),
    );
    expect(ids(context.recentRecommendedTrails)).not.toContain('t0-0');
    expect(new Set(ids(context.recentRecommendedTrails)).size).toBe(20);
  });

  it('a set larger than 20 fills the recent list with its first 20', () => {
    const items = Array.from({ length: 30 }, (_, index) => trail(`t${index}`));
    const context = applyRecommendations(emptyTripContext(), items, 1);
    expect(ids(context.recentRecommendedTrails)).toEqual(ids(items.slice(0, 20)));
    expect(context.currentRecommendations?.recommendations).toHaveLength(30);
  });

  it('adds each set to the top of the history with its query, keeping 10', () => {
    let context = emptyTripContext();
    for (let set = 0; set < 12; set += 1) {
      context = applyRecommendations(context, [trail(`t${set}`)], 100 + set, {
        query: ` set ${set} `,
      });
    }
    expect(context.tripPlannerHistory).toHaveLength(tripContextLimits.history);
    expect(context.tripPlannerHistory[0]).toEqual({
      recommendations: [trail('t11')],
      timestamp: 111,
      source: 'trip_planner',
      query: 'set 11',
    });
    expect(context.tripPlannerHistory.map((entry) => entry.query)).toEqual(
      Array.from({ length: 10 }, (_, index) => `set ${11 - index}`),
    );
  });

  it('omits an empty query from the history entry', () => {
    const context = applyRecommendations(emptyTripContext(), [trail('a')], 1, { query: '  ' });
    expect(context.tripPlannerHistory[0]).not.toHaveProperty('query');
  });

  it('drops items without a usable id and duplicate ids, and caps the set at 100', () => {
    const context = applyRecommendations(
      emptyTripContext(),
      [
        trail('a'),
        { name: 'no id' },
        { id: 7 },
        { id: '' },
        { id: 'x'.repeat(129) },
        null,
        trail('a', 'again'),
        trail('b'),
      ],
      1,
    );
    expect(context.currentRecommendations?.recommendations).toEqual([trail('a'), trail('b')]);

    const many = Array.from({ length: 150 }, (_, index) => trail(`t${index}`));
    const capped = applyRecommendations(emptyTripContext(), many, 1);
    expect(capped.currentRecommendations?.recommendations).toHaveLength(maxRecommendationsPerSet);
  });

  it('treats an empty set or the current set again as no new set', () => {
    const start = emptyTripContext();
    expect(applyRecommendations(start, [], 1)).toBe(start);
    expect(applyRecommendations(start, [{ nope: true }], 1)).toBe(start);

    const once = applyRecommendations(start, [trail('a'), trail('b')], 1);
    expect(isCurrentRecommendationSet(once, [trail('a'), trail('b')])).toBe(true);
    expect(applyRecommendations(once, [trail('a'), trail('b')], 2)).toBe(once);

    const reordered = applyRecommendations(once, [trail('b'), trail('a')], 3);
    expect(reordered).not.toBe(once);
    expect(reordered.tripPlannerHistory).toHaveLength(2);
    expect(ids(reordered.recentRecommendedTrails)).toEqual(['b', 'a']);
  });

  it('keeps the active plan and navigation context, and never mutates its input', () => {
    const start = setNavigationContext(
      { ...emptyTripContext(), activeTripPlan: { id: 'plan-1', name: 'Ozarks weekend' } },
      { trailId: 'a' },
      1,
    );
    const frozen = structuredClone(start);
    const next = applyRecommendations(start, [trail('a')], 2);
    expect(start).toEqual(frozen);
    expect(next.activeTripPlan).toEqual({ id: 'plan-1', name: 'Ozarks weekend' });
    expect(next.navigationContext).toEqual({ trailId: 'a' });
  });
});

describe('navigation context', () => {
  it('sets and clears the navigation context', () => {
    const navigating = setNavigationContext(
      emptyTripContext(),
      { trailId: 'a', mode: 'follow' },
      5,
    );
    expect(navigating.navigationContext).toEqual({ trailId: 'a', mode: 'follow' });
    const stopped = setNavigationContext(navigating, null, 6);
    expect(stopped.navigationContext).toBeNull();
    expect(setNavigationContext(stopped, null, 7)).toBe(stopped);
  });
});
