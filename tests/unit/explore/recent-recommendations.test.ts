import { describe, expect, it } from 'vitest';
import {
  finderQueryLabel,
  hasFinderCriteria,
  resolveRecentTrails,
  trailRecommendations,
} from '../../../src/explore/recent-recommendations.ts';
import { loadTrails } from './catalogue-fixture.ts';

const none = { q: '', activity: null, difficulty: null, region: null };

describe('trail finder recommendations', () => {
  it('counts a search as a set only when the rider asked for something', () => {
    expect(hasFinderCriteria(none)).toBe(false);
    expect(hasFinderCriteria({ ...none, q: '   ' })).toBe(false);
    expect(hasFinderCriteria({ ...none, q: 'easy' })).toBe(true);
    expect(hasFinderCriteria({ ...none, activity: 'atv' })).toBe(true);
    expect(hasFinderCriteria({ ...none, difficulty: 'hard' })).toBe(true);
    expect(hasFinderCriteria({ ...none, region: 'Ozarks' })).toBe(true);
  });

  it('writes the search in words for the history', () => {
    expect(finderQueryLabel(none)).toBe('');
    expect(
      finderQueryLabel({
        q: ' trails near Hot Springs ',
        activity: 'atv',
        difficulty: 'easy',
        region: 'Ouachitas',
      }),
    ).toBe('trails near Hot Springs · ATV · Easy · Ouachitas');
    expect(finderQueryLabel({ ...none, activity: 'utv' })).toBe('UTV / side-by-side');
  });

  it('recommends the first 20 results as { id, name }', () => {
    const trails = loadTrails();
    const recommendations = trailRecommendations(trails);
    expect(recommendations).toHaveLength(20);
    expect(recommendations[0]).toEqual({ id: trails[0]!.id, name: trails[0]!.name });
    expect(trailRecommendations(trails.slice(0, 3))).toHaveLength(3);
  });

  it('resolves recent trails against the catalogue, in order, leaving out unknown ids', () => {
    const trails = loadTrails();
    const [first, second] = [trails[5]!, trails[1]!];
    const resolved = resolveRecentTrails(
      [
        { id: first.id, recommendedAt: 20 },
        { id: 'no-such-trail', recommendedAt: 15 },
        { id: second.id, name: 'old name', recommendedAt: 10 },
      ],
      trails,
    );
    expect(resolved).toEqual([
      { trail: first, recommendedAt: 20 },
      { trail: second, recommendedAt: 10 },
    ]);
  });
});
