import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Trail } from '../../../schemas/trails.ts';
import { loadTrails } from '../../../sync-server/seed/places.ts';
import { withUsfsTrailLines } from '../../../sync-server/seed/trail-lines.ts';
import type { PlanRequest } from '../../../src/lib/trip-planner/plan-data.ts';
import {
  farMiles,
  rankTrails,
  scoreTrail,
  scoreWeights,
} from '../../../src/lib/trip-planner/ranking.ts';

/** Russellville, Pope County (GeoNames, data/places/arkansas-places.json). */
const russellville = {
  kind: 'town',
  label: 'Russellville',
  longitude: -93.13379,
  latitude: 35.27842,
};

const request: PlanRequest = {
  start: { ...russellville, kind: 'town' },
  activity: 'atv',
  days: 2,
  difficulty: null,
  startDate: '2026-05-02',
  dailyTrailMiles: 25,
  hunting: false,
};

const yearRound = { yearRound: true, openFrom: null, openUntil: null, source: 'USFS layer' };

/** Wolf Pen Gap's shape: a reported closure, roughly November to mid-March. */
const reportedWinterClosure = {
  yearRound: false,
  openFrom: '03-15',
  openUntil: '10-31',
  reportedAs: 'closed roughly November to mid-March',
  source: 'A reporting page',
};

/** A trail at the start point unless moved; the fields the planner reads are overridden. */
function trail(id: string, fields: Partial<Trail> = {}): Trail {
  return {
    id,
    name: id,
    kind: 'ohv_trail_system',
    systemId: null,
    trailNumber: null,
    vehicleClasses: ['atv'],
    trailClass: null,
    season: yearRound,
    dataDate: null,
    activities: ['atv'],
    difficulty: null,
    lengthMiles: 10,
    county: 'Pope',
    region: 'River Valley',
    manager: null,
    fee: null,
    officialUrl: null,
    locationConfidence: 'exact',
    notes: null,
    sources: ['test'],
    longitude: russellville.longitude,
    latitude: russellville.latitude,
    path: null,
    updatedAt: 0,
    ...fields,
  } as Trail;
}

describe('trail scores: each factor and its weight', () => {
  const full = 100;
  it.each([
    ['published ATV class, open all year, at the start, any difficulty', trail('a'), {}, full],
    [
      'vehicle classes unpublished: 80 % of the vehicle weight',
      trail('b', { vehicleClasses: null }),
      {},
      full - scoreWeights.vehicle * 0.2,
    ],
    [
      'season unpublished: 40 % of the season weight',
      trail('c', { season: null }),
      {},
      full - scoreWeights.season * 0.6,
    ],
    [
      'season reported, unconfirmed, and likely open: 70 % of the season weight',
      trail('r', { season: { ...reportedWinterClosure } }),
      {},
      full - scoreWeights.season * 0.3,
    ],
    [
      'rated as asked',
      trail('d', { difficulty: 'moderate' }),
      { difficulty: 'moderate' as const },
      full,
    ],
    [
      'unrated when a difficulty is asked: half the difficulty weight',
      trail('e'),
      { difficulty: 'hard' as const },
      full - scoreWeights.difficulty / 2,
    ],
    [
      'one step from the difficulty asked: a quarter',
      trail('f', { difficulty: 'easy' }),
      { difficulty: 'moderate' as const },
      full - (scoreWeights.difficulty * 3) / 4,
    ],
    [
      'two steps away: nothing for difficulty',
      trail('g', { difficulty: 'hard' }),
      { difficulty: 'easy' as const },
      full - scoreWeights.difficulty,
    ],
    [
      `${farMiles.toString()}+ miles away: nothing for distance`,
      trail('h', { longitude: -90.2, latitude: 35.2 }),
      {},
      full - scoreWeights.distance,
    ],
  ])('%s', (_label, candidate, changes, expected) => {
    expect(scoreTrail(candidate, { ...request, ...changes }).score).toBeCloseTo(expected, 0);
  });

  it('gives its reasons and flags in words a rider can check', () => {
    const scored = scoreTrail(trail('x', { season: null, vehicleClasses: null }), request);
    expect(scored.reasons).toContain('Lists atv riding');
    expect(scored.flags).toEqual([
      'Vehicle classes not published for this trail: check the signs at the trailhead',
      'Season not published: ask the manager before you go',
    ]);
    expect(scored.season).toBe('unknown');
  });

  it('flags a reported season as unconfirmed, and calls the trail likely open', () => {
    const scored = scoreTrail(trail('r', { season: reportedWinterClosure }), request);
    expect(scored.season).toBe('likelyOpen');
    expect(scored.flags).toEqual([
      'Season reported, unconfirmed (closed roughly November to mid-March): call the manager before you go',
    ]);
  });
});

describe('rankTrails', () => {
  const winterOnly = {
    yearRound: false,
    openFrom: '11-01',
    openUntil: '03-31',
    source: 'Forest order',
  };

  it.each([
    [
      'a trail without the activity',
      trail('hike', { activities: ['hiking'] }),
      'activity',
      'Does not list atv',
      request.startDate,
    ],
    [
      'a trail closed by its season on a trip day',
      trail('winter', { season: winterOnly }),
      'season',
      'Closed by its season on a day of the trip (Forest order)',
      request.startDate,
    ],
    [
      'a trail a reported season likely closes on a trip day',
      trail('reported', { season: reportedWinterClosure }),
      'season',
      'Likely closed on your dates (reported, unconfirmed: closed roughly November to mid-March)',
      '2026-12-15',
    ],
  ])('leaves out %s, with the reason', (_label, candidate, because, reason, startDate) => {
    const { ranked, excluded } = rankTrails([candidate], { ...request, startDate });
    expect(ranked).toEqual([]);
    expect(excluded).toEqual([{ trail: candidate, because, reason }]);
  });

  it('keeps a trail whose season is unknown, below an equal one that is known open', () => {
    const { ranked } = rankTrails([trail('unknown', { season: null }), trail('open')], request);
    expect(ranked.map((entry) => entry.trail.id)).toEqual(['open', 'unknown']);
  });

  it('puts the nearer of two equal trails first', () => {
    const far = trail('far', { longitude: -92.5, latitude: 35.3 });
    const near = trail('near', { longitude: -93.1, latitude: 35.3 });
    expect(rankTrails([far, near], request).ranked.map((entry) => entry.trail.id)).toEqual([
      'near',
      'far',
    ]);
  });

  it('ranks the shipped USFS ATV segments near Russellville above their system', () => {
    const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));
    const trails = withUsfsTrailLines(dataDir, loadTrails(dataDir, 0), 0);
    const { ranked } = rankTrails(trails, request);
    const top = ranked[0]!;
    expect(top.trail.kind).toBe('ohv_trail');
    expect(top.trail.systemId).toBe('moccasin-gap-trail');
    expect(top.reasons[0]).toBe('Open to ATVs (USFS trail layer)');
    const system = ranked.find((entry) => entry.trail.id === 'moccasin-gap-trail');
    expect(system!.score).toBeLessThan(top.score);
  });
});
