/**
 * Matching our approximate trail points to exact trailheads:
 * pure functions, used by scripts/places/match-trailheads.ts and its tests.
 *
 * A trail and a trailhead match when their names share enough distinctive words AND the
 * trailhead lies within `maxMatchKm` of the trail's approximate point. Approximate points are
 * "off by up to several km" (data/places/README.md), so 15 km leaves room for that error while
 * still ruling out a namesake across the state. Words that every trail name carries ("trail",
 * "trailhead", "park", "loop", compass words…) do not count as evidence.
 */
import distance from '@turf/distance';

/** Furthest a trailhead may lie from a trail's approximate point and still match it, km. */
export const maxMatchKm = 15;

/** Share of the shorter name's distinctive words the other name must also contain (0–1). */
export const minNameScore = 0.6;

/**
 * Furthest apart a pair may be when the names share a single distinctive word, km: one word
 * ("Springs", "Coler") is weak evidence, so it must be backed by being close.
 */
export const maxSingleWordMatchKm = 5;

/** Words that say what kind of place a name is, not which one. */
const genericWords = new Set([
  'a',
  'access',
  'and',
  'area',
  'at',
  'bike',
  'camp',
  'campground',
  'center',
  'complex',
  'e',
  'east',
  'end',
  'entrance',
  'for',
  'head',
  'hiking',
  'lot',
  'loop',
  'loops',
  'mtb',
  'multi',
  'n',
  'national',
  'nature',
  'north',
  'of',
  'ohv',
  'park',
  'parking',
  'recreation',
  'riding',
  's',
  'south',
  'southern',
  'northern',
  'spur',
  'state',
  'system',
  'terminus',
  'th',
  'the',
  'to',
  'trail',
  'trailhead',
  'trails',
  'trailsystem',
  'use',
  'w',
  'west',
]);

/** The distinctive words of a place name: lower case, no accents or punctuation, no generic words. */
export function distinctiveWords(name: string): Set<string> {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !genericWords.has(word));
  return new Set(words);
}

/**
 * How well two names agree, 0–1: the share of the shorter name's distinctive words found in the
 * other. 0 when either name has no distinctive word (a bare "Trailhead" proves nothing).
 */
export function nameScore(a: string, b: string): number {
  const left = distinctiveWords(a);
  const right = distinctiveWords(b);
  if (left.size === 0 || right.size === 0) return 0;
  return sharedWordCount(left, right) / Math.min(left.size, right.size);
}

function sharedWordCount(left: Set<string>, right: Set<string>): number {
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared;
}

/**
 * Pairs a reviewer of data/places/trailhead-matches.md rejected although the rule accepts them,
 * keyed `<trail id>|<trailhead id>`, with the reason the report shows.
 */
export const reviewedRejections: ReadonlyMap<string, string> = new Map([
  [
    'lake-bella-vista-trail|node/9217192182',
    'rejected on review: a trailhead at a church in Bella Vista, 6 km from Lake Bella Vista',
  ],
  [
    'syllamo-mountain-bike-trail|node/4732951535',
    'rejected on review: the node sits at creek level (394 ft) where the Sylamo hiking trail starts; the bike trailheads are on the ridge (about 985 ft)',
  ],
  [
    'railyard-bike-park|node/9156104108',
    'rejected on review: a loop trail named after the park, 6 km from it, not its entrance',
  ],
]);

/** A place with a name and a [longitude, latitude] point. */
export interface NamedPoint {
  id: string;
  name: string;
  point: [number, number];
}

/** One trail–trailhead pair considered, with the figures that decided it. */
export interface MatchCandidate {
  trailId: string;
  trailheadId: string;
  score: number;
  km: number;
  accepted: boolean;
  reason: string;
}

/** Why a pair is or is not a match, in the report's words. */
export function judgePair(
  trail: NamedPoint,
  trailhead: NamedPoint,
  score: number,
  km: number,
): { accepted: boolean; reason: string } {
  if (score < minNameScore) {
    return { accepted: false, reason: `names share too little (${score.toFixed(2)})` };
  }
  if (km > maxMatchKm) {
    return { accepted: false, reason: `${km.toFixed(1)} km away (more than ${maxMatchKm} km)` };
  }
  const shared = sharedWordCount(distinctiveWords(trail.name), distinctiveWords(trailhead.name));
  if (shared === 1 && km > maxSingleWordMatchKm) {
    return {
      accepted: false,
      reason: `one shared word and ${km.toFixed(1)} km away (more than ${maxSingleWordMatchKm} km)`,
    };
  }
  const rejection = reviewedRejections.get(`${trail.id}|${trailhead.id}`);
  if (rejection) return { accepted: false, reason: rejection };
  return { accepted: true, reason: `names agree (${score.toFixed(2)}), ${km.toFixed(1)} km apart` };
}

/**
 * Every pair with any name agreement, judged, and the accepted matches: best name score first,
 * then the nearest, each trail and each trailhead used at most once (a trailhead is one trail's).
 */
export function matchTrailheads(
  trails: readonly NamedPoint[],
  trailheads: readonly NamedPoint[],
): { candidates: MatchCandidate[]; matches: Map<string, string> } {
  const candidates: MatchCandidate[] = [];
  for (const trail of trails) {
    for (const trailhead of trailheads) {
      const score = nameScore(trail.name, trailhead.name);
      if (score === 0) continue;
      const km = distance(trail.point, trailhead.point, { units: 'kilometers' });
      candidates.push({
        trailId: trail.id,
        trailheadId: trailhead.id,
        score,
        km,
        ...judgePair(trail, trailhead, score, km),
      });
    }
  }
  const ranked = candidates
    .filter((candidate) => candidate.accepted)
    .sort((a, b) => b.score - a.score || a.km - b.km || a.trailId.localeCompare(b.trailId));
  const matches = new Map<string, string>();
  const usedTrailheads = new Set<string>();
  for (const candidate of ranked) {
    if (matches.has(candidate.trailId) || usedTrailheads.has(candidate.trailheadId)) continue;
    matches.set(candidate.trailId, candidate.trailheadId);
    usedTrailheads.add(candidate.trailheadId);
  }
  return { candidates, matches };
}
