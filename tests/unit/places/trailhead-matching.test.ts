// Trailhead matching rules (scripts/places/trailhead-matching.ts, issue 15): which names agree,
// the distance cut-offs, and one trailhead per trail.
import { describe, expect, it } from 'vitest';
import {
  distinctiveWords,
  matchTrailheads,
  maxMatchKm,
  nameScore,
  type NamedPoint,
} from '../../../scripts/places/trailhead-matching.ts';

const at = (id: string, name: string, longitude: number, latitude: number): NamedPoint => ({
  id,
  name,
  point: [longitude, latitude],
});

/** A point `km` kilometres north of [lon, lat] (1° latitude ≈ 111.2 km). */
const north = (longitude: number, latitude: number, km: number): [number, number] => [
  longitude,
  latitude + km / 111.2,
];

describe('name agreement', () => {
  it.each([
    ['Glory Hole Falls Trail', 'Glory Hole Falls Trailhead', 1],
    ['Pedestal Rocks / Kings Bluff Trails', 'Pedestal Rocks and Kings Bluff Trailhead', 1],
    ['Ouachita National Recreation Trail', 'East Terminus - Ouachita Trail', 1],
    ["Devil's Den Trail", 'Devils Den Trailhead', 1],
    ['Lake Bella Vista Trail', 'Bella Vista AoG Trailhead', 2 / 3],
    ['Mill Creek OHV Trail', 'Trailhead', 0],
    ['Sunset Trail', 'Lake Ann Trailhead', 0],
  ])('%s ~ %s scores %d', (trail, trailhead, score) => {
    expect(nameScore(trail, trailhead)).toBeCloseTo(score, 5);
  });

  it('ignores the words every trail name carries', () => {
    expect([...distinctiveWords('Buckhorn OHV Trail System (Fall Creek trailhead)')]).toEqual([
      'buckhorn',
      'fall',
      'creek',
    ]);
  });
});

describe('matching', () => {
  const trail = at('glory', 'Glory Hole Falls Trail', -93.39, 35.83);

  it(`matches agreeing names within ${maxMatchKm} km and not beyond`, () => {
    const near = {
      ...at('osm-1', 'Glory Hole Falls Trailhead', 0, 0),
      point: north(-93.39, 35.83, 14),
    };
    const far = { ...near, id: 'osm-2', point: north(-93.39, 35.83, 16) };
    expect(matchTrailheads([trail], [near]).matches.get('glory')).toBe('osm-1');
    const { matches, candidates } = matchTrailheads([trail], [far]);
    expect(matches.size).toBe(0);
    expect(candidates[0]!.reason).toMatch(/more than 15 km/);
  });

  it('wants a single shared word backed by being within 5 km', () => {
    const coler = at('coler', 'Coler Mountain Bike Preserve', -94.24, 36.37);
    const close = { ...at('c1', 'Coler East Entrance', 0, 0), point: north(-94.24, 36.37, 4) };
    const away = { ...close, id: 'c2', point: north(-94.24, 36.37, 7) };
    expect(matchTrailheads([coler], [close]).matches.get('coler')).toBe('c1');
    expect(matchTrailheads([coler], [away]).matches.size).toBe(0);
  });

  it('gives each trailhead to one trail: the best-named, then the nearest', () => {
    const trailhead = at('th', 'Glory Hole Falls Trailhead', -93.39, 35.83);
    const other = at('other', 'Glory Hole Trail', -93.39, 35.831);
    const { matches } = matchTrailheads([other, trail], [trailhead]);
    expect(matches.get('glory')).toBe('th');
    expect(matches.has('other')).toBe(false);
  });

  it('keeps the pairs a reviewer rejected out', () => {
    const lake = at('lake-bella-vista-trail', 'Lake Bella Vista Trail', -94.2335, 36.4615);
    const church = at('node/9217192182', 'Bella Vista AoG Trailhead', -94.26, 36.41);
    const { matches, candidates } = matchTrailheads([lake], [church]);
    expect(matches.size).toBe(0);
    expect(candidates[0]!.reason).toMatch(/rejected on review/);
  });
});
