/**
 * Trail search for the AI trails page (/ai-trails): turns what a rider typed (or said) into
 * criteria and filters the trail catalogue with them. Pure functions, no React, no database.
 *
 * The words it understands are exactly those of voice-navigation-campgrounds.md §5 ("Trail
 * search recognises only these place words …"); everything else is kept as free text, which is
 * matched against the fields the catalogue really has (data/places/README.md).
 */
import { distance } from '@turf/distance';
import type { Trail, TrailActivity, TrailDifficulty } from '../../schemas/trails.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';

/** The place words of voice §5, in the order the spec lists them. */
export const placeWords = [
  'russellville',
  'fayetteville',
  'little rock',
  'hot springs',
  'ozark',
  'ouachita',
  'buffalo river',
  'white river',
] as const;

export type PlaceWord = (typeof placeWords)[number];

/** A town place word: matched by distance from the town's point. */
export type TownPlaceWord = 'russellville' | 'fayetteville' | 'little rock' | 'hot springs';

/**
 * A trailhead counts as "near" a town when it lies within this many miles (great-circle, from
 * the trailhead point) of the town's point. 40 miles is under an hour's drive on Arkansas
 * highways and keeps Hot Springs and Little Rock (about 45 miles apart) mostly separate.
 */
export const NEAR_TOWN_RADIUS_MILES = 40;

/**
 * Town points as [longitude, latitude] in degrees WGS84.
 * - Fayetteville, Little Rock, Hot Springs: data/basemap/ne-populated-places.geojson (Natural
 *   Earth populated places, public domain), copied to keep the client bundle free of the file.
 * - Russellville is not in that file. Its point is the city's GNIS point (feature 2404658,
 *   35°16′42″N 93°08′13″W) as given in the Wikipedia infobox for "Russellville, Arkansas"; the
 *   Pope County Courthouse in the town centre is at 35.2781, -93.1337, which agrees. A radius from
 *   the town is used rather than "Pope County" because Pope County reaches some 40 miles north of
 *   Russellville into the Ozarks, and the town sits on its southern edge.
 */
export const townCoordinates: Readonly<Record<TownPlaceWord, readonly [number, number]>> = {
  fayetteville: [-94.1572091082366, 36.06297833154093],
  'little rock': [-92.33109318212252, 34.73608257958256],
  'hot springs': [-93.05500248388324, 34.50395204572749],
  russellville: [-93.1369, 35.2783],
};

/** How each place word is shown to the rider ("Near Hot Springs", "Ozarks"). */
export const placeLabels: Readonly<Record<PlaceWord, string>> = {
  russellville: 'Near Russellville',
  fayetteville: 'Near Fayetteville',
  'little rock': 'Near Little Rock',
  'hot springs': 'Near Hot Springs',
  ozark: 'Ozarks',
  ouachita: 'Ouachitas',
  'buffalo river': 'Buffalo River',
  'white river': 'White River',
};

const difficultyWords: Readonly<Record<string, TrailDifficulty>> = {
  easy: 'easy',
  beginner: 'easy',
  beginners: 'easy',
  hard: 'hard',
  difficult: 'hard',
  challenging: 'hard',
  moderate: 'moderate',
  medium: 'moderate',
};

/**
 * Words that carry no search meaning in phrases like "show me easy trails near Hot Springs".
 * Without dropping them, the free text "show me trails near" would match nothing.
 */
const fillerWords = new Set([
  'a',
  'an',
  'and',
  'any',
  'around',
  'at',
  'by',
  'close',
  'find',
  'for',
  'from',
  'give',
  'good',
  'i',
  'in',
  'is',
  'me',
  'near',
  'nearby',
  'of',
  'on',
  'or',
  'please',
  'show',
  'some',
  'the',
  'to',
  'trail',
  'trails',
  'want',
  'what',
  'where',
  'with',
]);

/** What {@link parseTrailSearch} understood. `freeText` is lower case, single-spaced. */
export interface ParsedTrailSearch {
  places: PlaceWord[];
  difficulty: TrailDifficulty | null;
  freeText: string;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Place patterns, longest first so "little rock" wins over any shorter word inside it. */
const placePatterns: ReadonlyArray<{ place: PlaceWord; pattern: RegExp }> = [...placeWords]
  .sort((a, b) => b.length - a.length)
  .map((place) => ({
    place,
    // "ozarks" and "ouachitas" are how people usually say the regions.
    pattern: new RegExp(
      `\\b${place.replace(' ', '\\s+')}${place === 'ozark' || place === 'ouachita' ? 's?' : ''}\\b`,
      'g',
    ),
  }));

/**
 * Understands a trail search typed or spoken by a rider (voice §5).
 * Case-insensitive; recognises only the §5 place words (multi-word ones such as "little rock"
 * included, plus the plural "ozarks"/"ouachitas") and difficulty words (easy/beginner → easy,
 * hard/difficult/challenging → hard, moderate/medium → moderate; the first one said wins).
 * Places are returned in the order they appear, without duplicates. Filler words ("show me
 * trails near") are dropped; what remains is `freeText`.
 */
export function parseTrailSearch(text: string): ParsedTrailSearch {
  let rest = ` ${normalise(text)} `;
  const found: Array<{ place: PlaceWord; index: number }> = [];
  for (const { place, pattern } of placePatterns) {
    rest = rest.replace(pattern, (match, index: number) => {
      found.push({ place, index });
      return ' '.repeat(match.length);
    });
  }
  const places: PlaceWord[] = [];
  for (const { place } of found.sort((a, b) => a.index - b.index)) {
    if (!places.includes(place)) places.push(place);
  }

  let difficulty: TrailDifficulty | null = null;
  const freeWords: string[] = [];
  for (const word of rest.split(' ').filter(Boolean)) {
    const level = difficultyWords[word];
    if (level) {
      difficulty ??= level;
    } else if (!fillerWords.has(word)) {
      freeWords.push(word);
    }
  }
  return { places, difficulty, freeText: freeWords.join(' ') };
}

/**
 * A short line telling the rider what the search understood, e.g. "Near Hot Springs · Easy ·
 * “pinnacle”". Empty string when nothing was understood.
 */
export function describeTrailSearch(parsed: ParsedTrailSearch): string {
  const parts: string[] = parsed.places.map((place) => placeLabels[place]);
  if (parsed.difficulty) {
    parts.push(parsed.difficulty[0]!.toUpperCase() + parsed.difficulty.slice(1));
  }
  if (parsed.freeText) parts.push(`“${parsed.freeText}”`);
  return parts.join(' · ');
}

/** The activity filter: a trail activity, or `hunting` (Wildlife Management Areas, not trails). */
export type ActivityFilter = TrailActivity | 'hunting';

/** One filter chip on the trails page: which trail activities it keeps. */
export interface ActivityChip {
  id: ActivityFilter;
  label: string;
  /** Trail activities (data/places/trails.geojson `activities`) the chip matches. */
  activities: readonly TrailActivity[];
}

/**
 * The activity chips, riders first (voice §1: ATV, UTV, 4x4, dirt bike, bicycle, hiking, plus
 * horse and paddling from the data). `hunting` matches no trail: it switches the page to the
 * Wildlife Management Areas (see {@link filterWildlifeAreas}).
 */
export const activityChips: readonly ActivityChip[] = [
  { id: 'atv', label: 'ATV', activities: ['atv'] },
  { id: 'utv', label: 'UTV / side-by-side', activities: ['utv'] },
  { id: '4x4', label: '4x4', activities: ['4x4'] },
  { id: 'dirt_bike', label: 'Dirt bike', activities: ['dirt_bike'] },
  { id: 'hiking', label: 'Hiking', activities: ['hiking'] },
  { id: 'biking', label: 'Mountain biking', activities: ['biking'] },
  { id: 'horse', label: 'Horseback', activities: ['horse'] },
  { id: 'paddling', label: 'Paddling', activities: ['paddling'] },
  { id: 'hunting', label: 'Hunting (WMAs)', activities: [] },
];

/** Type guard for values read from the URL or a chip key. */
export function isActivityFilter(value: unknown): value is ActivityFilter {
  return typeof value === 'string' && activityChips.some((chip) => chip.id === value);
}

/** Criteria for {@link filterTrails}; the first three usually come from {@link parseTrailSearch}. */
export interface TrailCriteria {
  places: readonly PlaceWord[];
  difficulty: TrailDifficulty | null;
  freeText: string;
  activity?: ActivityFilter | null;
  /** Region filter (schemas/common.ts `arkansasRegions`), exact match. */
  region?: string | null;
}

/** A trail that passed the filter, with its distance to the nearest named town, if any. */
export interface TrailMatch {
  trail: Trail;
  /** Miles from the nearest town place word in the criteria; null when no town was named. */
  distanceMiles: number | null;
}

function isTown(place: PlaceWord): place is TownPlaceWord {
  return place in townCoordinates;
}

/** Great-circle miles from a [lon, lat] point to a town's point. */
export function milesFromTown(town: TownPlaceWord, longitude: number, latitude: number): number {
  return distance([longitude, latitude], [...townCoordinates[town]], { units: 'miles' });
}

function mentions(fields: ReadonlyArray<string | null | undefined>, pattern: RegExp): boolean {
  return fields.some((field) => field != null && pattern.test(field));
}

/**
 * Whether a point with these descriptive fields is in a non-town place:
 * - ozark / ouachita: the region (README: regions are set from the county), or the name or
 *   manager naming them (Ozark-St. Francis and Ouachita National Forests reach outside the
 *   regions, e.g. the Ouachita National Recreation Trail starts in Pulaski County).
 * - buffalo river / white river: name, notes or manager mention the river. The catalogue has
 *   no river geometry for the Buffalo, so mention is the only rule the data can support.
 */
function inNamedArea(
  place: Exclude<PlaceWord, TownPlaceWord>,
  fields: {
    name: string;
    region: string | null;
    manager: string | null;
    notes: string | null;
  },
): boolean {
  switch (place) {
    case 'ozark':
      return fields.region === 'Ozarks' || mentions([fields.name, fields.manager], /ozark/i);
    case 'ouachita':
      return fields.region === 'Ouachitas' || mentions([fields.name, fields.manager], /ouachita/i);
    case 'buffalo river':
      return mentions([fields.name, fields.notes, fields.manager], /\bbuffalo\b/i);
    case 'white river':
      return mentions([fields.name, fields.notes, fields.manager], /\bwhite\s+river\b/i);
  }
}

/**
 * Place test shared by trails and WMAs: true when no place was named, or when the point is in
 * ANY of the named places (a rider saying "Hot Springs or Little Rock" wants both).
 * Returns the distance in miles to the nearest named town, or null.
 */
function placeMatch(
  places: readonly PlaceWord[],
  longitude: number,
  latitude: number,
  fields: { name: string; region: string | null; manager: string | null; notes: string | null },
): { matches: boolean; distanceMiles: number | null } {
  if (places.length === 0) return { matches: true, distanceMiles: null };
  let matches = false;
  let nearest: number | null = null;
  for (const place of places) {
    if (isTown(place)) {
      const miles = milesFromTown(place, longitude, latitude);
      nearest = nearest === null ? miles : Math.min(nearest, miles);
      if (miles <= NEAR_TOWN_RADIUS_MILES) matches = true;
    } else if (inNamedArea(place, fields)) {
      matches = true;
    }
  }
  return { matches, distanceMiles: nearest };
}

/** Every free-text word must appear in one of the fields (words may come in any order). */
function freeTextMatch(freeText: string, fields: ReadonlyArray<string | null>): boolean {
  const words = normalise(freeText).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalise(fields.filter((field) => field != null).join(' '));
  return words.every((word) => haystack.includes(word));
}

function activityMatch(trail: Trail, activity: ActivityFilter | null | undefined): boolean {
  if (!activity) return true;
  const chip = activityChips.find((candidate) => candidate.id === activity);
  if (!chip) return true;
  return chip.activities.some((wanted) => trail.activities.includes(wanted));
}

/**
 * Filters and sorts the trail catalogue.
 * - places: a trail matches if it is in any named place (towns: trailhead within
 *   {@link NEAR_TOWN_RADIUS_MILES} miles; regions and rivers: see the rules above).
 * - difficulty: only trails rated exactly that (unrated trails are left out: we cannot say).
 * - freeText: every word in name, county, region, manager or notes.
 * - activity: trails allowing it; `hunting` matches no trail (hunting areas are WMAs).
 * - region: exact region.
 * Order: exact name match first, then names containing the free text, then nearest to a named
 * town (when one was named), then by name.
 */
export function filterTrails(trails: readonly Trail[], criteria: TrailCriteria): TrailMatch[] {
  if (criteria.activity === 'hunting') return [];
  const freeText = normalise(criteria.freeText);
  const results: TrailMatch[] = [];
  for (const trail of trails) {
    if (criteria.difficulty && trail.difficulty !== criteria.difficulty) continue;
    if (criteria.region && trail.region !== criteria.region) continue;
    if (!activityMatch(trail, criteria.activity)) continue;
    if (
      !freeTextMatch(freeText, [trail.name, trail.county, trail.region, trail.manager, trail.notes])
    ) {
      continue;
    }
    const place = placeMatch(criteria.places, trail.longitude, trail.latitude, trail);
    if (!place.matches) continue;
    results.push({ trail, distanceMiles: place.distanceMiles });
  }
  return results.sort((a, b) => compareMatches(a, b, freeText));
}

function nameRank(name: string, freeText: string): number {
  if (!freeText) return 2;
  const normalisedName = normalise(name);
  if (normalisedName === freeText) return 0;
  return normalisedName.includes(freeText) ? 1 : 2;
}

function compareMatches(a: TrailMatch, b: TrailMatch, freeText: string): number {
  const rank = nameRank(a.trail.name, freeText) - nameRank(b.trail.name, freeText);
  if (rank !== 0) return rank;
  if (a.distanceMiles !== null && b.distanceMiles !== null && a.distanceMiles !== b.distanceMiles) {
    return a.distanceMiles - b.distanceMiles;
  }
  return a.trail.name.localeCompare(b.trail.name, 'en');
}

/** A Wildlife Management Area that passed {@link filterWildlifeAreas}. */
export interface WildlifeAreaMatch {
  area: Waypoint;
  distanceMiles: number | null;
}

/**
 * Hunting areas for `activity=hunting`: the WMA waypoints (category `wma`,
 * data/places/wmas.geojson) filtered by the same places and free text as trails (name, county,
 * region, description). Difficulty does not apply to a WMA and is ignored. Sorted like trails.
 */
export function filterWildlifeAreas(
  areas: readonly Waypoint[],
  criteria: Pick<TrailCriteria, 'places' | 'freeText' | 'region'>,
): WildlifeAreaMatch[] {
  const freeText = normalise(criteria.freeText);
  const results: WildlifeAreaMatch[] = [];
  for (const area of areas) {
    if (area.category !== 'wma') continue;
    if (criteria.region && area.region !== criteria.region) continue;
    if (
      !freeTextMatch(freeText, [
        area.name,
        area.county ?? null,
        area.region ?? null,
        area.description ?? null,
      ])
    ) {
      continue;
    }
    const place = placeMatch(criteria.places, area.longitude, area.latitude, {
      name: area.name,
      region: area.region ?? null,
      manager: null,
      notes: area.description ?? null,
    });
    if (!place.matches) continue;
    results.push({ area, distanceMiles: place.distanceMiles });
  }
  return results.sort((a, b) => {
    const rank = nameRank(a.area.name, freeText) - nameRank(b.area.name, freeText);
    if (rank !== 0) return rank;
    if (
      a.distanceMiles !== null &&
      b.distanceMiles !== null &&
      a.distanceMiles !== b.distanceMiles
    ) {
      return a.distanceMiles - b.distanceMiles;
    }
    return a.area.name.localeCompare(b.area.name, 'en');
  });
}
