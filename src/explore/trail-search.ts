/**
 * Trail search for the AI trails page (/ai-trails): turns what a rider typed (or said) into
 * criteria and filters the trail catalogue with them. Pure functions, no React, no database.
 *
 * The words of requirements §voice-5 are the minimum it understands, not the limit:
 * - places: the §voice-5 regions and rivers (ozark, ouachita, buffalo river, white river), every
 * town
 *   and county of data/places/arkansas-places.json (GeoNames towns, Natural Earth towns over the
 *   state line, county centres of the us-atlas polygons; see data/README.md), and "near me";
 * - activities: every word riders use for them (src/explore/activity-words.ts);
 * - difficulty: the §voice-5 words.
 * Everything else is kept as free text, matched against the fields the catalogue really has.
 */
import { distance } from '@turf/distance';
import gazetteer from '../../data/places/arkansas-places.json';
import type { Trail, TrailDifficulty } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import {
  activityChips,
  activityWordLabels,
  activityWords,
  trailActivitiesOf,
  type ActivityFilter,
  type ActivityWordMeaning,
} from './activity-words.ts';

export { activityChips } from './activity-words.ts';
export type { ActivityChip, ActivityFilter } from './activity-words.ts';

/**
 * A trailhead counts as "near" a town when it lies within this many miles (great-circle, from
 * the trailhead point) of the town's point. 40 miles is under an hour's drive on Arkansas
 * highways and keeps Hot Springs and Little Rock (about 45 miles apart) mostly separate.
 */
export const NEAR_TOWN_RADIUS_MILES = 40;

/** The §voice-5 regions and rivers: matched by region, name or mention, not by distance. */
export type AreaWord = 'ozark' | 'ouachita' | 'buffalo river' | 'white river';

/** A place the rider named. Points are [longitude, latitude] in degrees WGS84. */
export type SearchPlace =
  | { kind: 'area'; area: AreaWord; label: string }
  | {
      kind: 'town';
      name: string;
      /** How the place is shown: "Mena", "Salem (Fulton County)", "Memphis, Tennessee". */
      label: string;
      county: string | null;
      longitude: number;
      latitude: number;
      /** Where the point comes from: "GeoNames" or "Natural Earth". */
      source: string;
    }
  | {
      kind: 'county';
      name: string;
      /** "Polk County". */
      label: string;
      /** Centre of mass of the county polygon. */
      longitude: number;
      latitude: number;
    };

/** The rider's own position for "near me", from the browser's geolocation. */
export interface RiderPosition {
  longitude: number;
  latitude: number;
}

const areaLabels: Readonly<Record<AreaWord, string>> = {
  ozark: 'Ozarks',
  ouachita: 'Ouachitas',
  'buffalo river': 'Buffalo River',
  'white river': 'White River',
};

/**
 * Spoken forms of the §voice-5 areas ("the ozarks", "ouachita mountains", "ozark national forest").
 */
const areaPhrases: ReadonlyArray<[string, AreaWord]> = [
  ['ozark', 'ozark'],
  ['ozarks', 'ozark'],
  ['ozark mountains', 'ozark'],
  ['ozark national forest', 'ozark'],
  ['ouachita', 'ouachita'],
  ['ouachitas', 'ouachita'],
  ['ouachita mountains', 'ouachita'],
  ['ouachita national forest', 'ouachita'],
  ['buffalo river', 'buffalo river'],
  ['buffalo national river', 'buffalo river'],
  ['white river', 'white river'],
];

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface GazetteerTown {
  name: string;
  county: string | null;
  state: string | null;
  longitude: number;
  latitude: number;
  source: string;
}

/** Every town the search can locate (data/places/arkansas-places.json). */
export const knownTowns: readonly GazetteerTown[] = gazetteer.towns;

/** Every Arkansas county with the centre of its polygon. */
export const knownCounties: ReadonlyArray<{ name: string; longitude: number; latitude: number }> =
  gazetteer.counties;

function townPlace(town: GazetteerTown, sameName: number): SearchPlace {
  const label =
    town.state && town.state !== 'AR'
      ? `${town.name}, ${town.state}`
      : sameName > 1 && town.county
        ? `${town.name} (${town.county} County)`
        : town.name;
  return {
    kind: 'town',
    name: town.name,
    label,
    county: town.county,
    longitude: town.longitude,
    latitude: town.latitude,
    source: town.source,
  };
}

function countyPlace(county: (typeof knownCounties)[number]): SearchPlace {
  return {
    kind: 'county',
    name: county.name,
    label: `${county.name} County`,
    longitude: county.longitude,
    latitude: county.latitude,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One alternation of phrases, longest first so "north little rock" wins over "little rock". */
function phrasePattern(phrases: Iterable<string>, prefix = ''): RegExp {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  return new RegExp(`${prefix}\\b(${sorted.map(escapeRegExp).join('|')})\\b`, 'g');
}

/**
 * Place phrases said anywhere: areas, towns and "<county> county" / "<county> co". A town's
 * name wins over the §voice-5 area word it shares ("Ozark" the town loses to the Ozarks, as
 * §voice-5 says), and a bare county name that is also a town means the town ("Benton" is the town;
 * "Benton County" the county).
 */
const placesByPhrase = new Map<string, SearchPlace[]>();
for (const [phrase, area] of areaPhrases) {
  placesByPhrase.set(phrase, [{ kind: 'area', area, label: areaLabels[area] }]);
}
{
  const townsByName = new Map<string, GazetteerTown[]>();
  for (const town of knownTowns) {
    const key = normalise(town.name);
    townsByName.set(key, [...(townsByName.get(key) ?? []), town]);
  }
  for (const [key, towns] of townsByName) {
    if (placesByPhrase.has(key)) continue;
    placesByPhrase.set(
      key,
      towns.map((town) => townPlace(town, towns.length)),
    );
  }
  for (const county of knownCounties) {
    const key = normalise(county.name);
    for (const suffix of ['county', 'co', 'cnty']) {
      placesByPhrase.set(`${key} ${suffix}`, [countyPlace(county)]);
    }
  }
}
const placePattern = phrasePattern(placesByPhrase.keys());

/**
 * Bare county names count only after a place word ("atv near Polk", "trails in Searcy"), since
 * several are everyday words ("cross", "stone", "clay", "grant"). "arkansas" alone is never
 * Arkansas County: riders say it of the whole state.
 */
const bareCounties = new Map(
  knownCounties
    .filter((county) => {
      const key = normalise(county.name);
      return key !== 'arkansas' && !placesByPhrase.has(key);
    })
    .map((county) => [normalise(county.name), countyPlace(county)]),
);
const bareCountyPattern = phrasePattern(
  bareCounties.keys(),
  '(?<=\\b(?:near|in|around|outside|by|to)\\s+(?:the\\s+)?)',
);

const nearMePattern =
  /\b(?:(?:near|around|close to|by)\s+(?:me|here|my location)|nearby|nearest|closest)\b/g;

const activityMeaningByPhrase = new Map<string, ActivityWordMeaning>();
for (const [meaning, words] of Object.entries(activityWords) as Array<
  [ActivityWordMeaning, readonly string[]]
>) {
  for (const word of words) activityMeaningByPhrase.set(word, meaning);
}
const activityPattern = phrasePattern(activityMeaningByPhrase.keys());

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

/** Words after which riders name a place ("near", "in", "around" …). */
const placeLeadWords = new Set(['near', 'in', 'around', 'outside', 'by', 'to']);

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
  'best',
  'by',
  'can',
  'close',
  'find',
  'for',
  'from',
  'give',
  'go',
  'good',
  'great',
  'i',
  'in',
  'is',
  'looking',
  'me',
  'my',
  'near',
  'nearby',
  'of',
  'on',
  'or',
  'outside',
  'place',
  'places',
  'please',
  'ride',
  'rides',
  'riding',
  'show',
  'some',
  'spot',
  'spots',
  'the',
  'to',
  'trail',
  'trails',
  'trailhead',
  'trailheads',
  'want',
  'what',
  'where',
  'with',
]);

/** Stands in for a recognised phrase so the words either side never join into one name. */
const GAP = ' _ ';

/** What {@link parseTrailSearch} understood. `freeText` is lower case, single-spaced. */
export interface ParsedTrailSearch {
  /** Places in the order said, without duplicates. */
  places: SearchPlace[];
  /** "near me", "nearby", "closest": sort by distance from the rider's position. */
  nearMe: boolean;
  /** Words after "near"/"in"/"around" that name no place we can locate (kept as free text). */
  unknownPlaces: string[];
  /** Activity words in the order said, without duplicates. */
  activities: ActivityWordMeaning[];
  difficulty: TrailDifficulty | null;
  freeText: string;
}

function placeKey(place: SearchPlace): string {
  return place.kind === 'area' ? `area:${place.area}` : `${place.kind}:${place.label}`;
}

/**
 * Understands a trail search typed or spoken by a rider. Case-insensitive. Recognises, in this
 * order (a phrase used once is not read again): "near me" and its variants; areas, towns and
 * "<name> County"; a bare county name after "near/in/around/outside/by"; activity words; the
 * §voice-5 difficulty words (the first one said wins). Filler words ("show me trails near") are
 * dropped; words after "near"/"in"/… that name no known place become `unknownPlaces` and stay in
 * `freeText`, so a trail whose name has them is still found.
 */
export function parseTrailSearch(text: string): ParsedTrailSearch {
  let rest = ` ${normalise(text)} `;
  let nearMe = false;
  rest = rest.replace(nearMePattern, () => {
    nearMe = true;
    return GAP;
  });

  const foundPlaces: Array<{ places: SearchPlace[]; index: number }> = [];
  rest = rest.replace(placePattern, (match: string, _phrase: string, index: number) => {
    foundPlaces.push({ places: placesByPhrase.get(match) ?? [], index });
    return GAP;
  });
  rest = rest.replace(bareCountyPattern, (match: string, _phrase: string, index: number) => {
    const county = bareCounties.get(match);
    if (county) foundPlaces.push({ places: [county], index });
    return GAP;
  });
  const places: SearchPlace[] = [];
  for (const found of foundPlaces.sort((a, b) => a.index - b.index)) {
    for (const place of found.places) {
      if (!places.some((known) => placeKey(known) === placeKey(place))) places.push(place);
    }
  }

  const activities: ActivityWordMeaning[] = [];
  rest = rest.replace(activityPattern, (match: string) => {
    const meaning = activityMeaningByPhrase.get(match);
    if (meaning && !activities.includes(meaning)) activities.push(meaning);
    return GAP;
  });

  let difficulty: TrailDifficulty | null = null;
  const freeWords: string[] = [];
  const unknownPlaces: string[] = [];
  let unknownPlace: string[] | null = null;
  const closeUnknownPlace = () => {
    if (unknownPlace && unknownPlace.length > 0) unknownPlaces.push(unknownPlace.join(' '));
    unknownPlace = null;
  };
  for (const word of rest.split(' ').filter(Boolean)) {
    const level = difficultyWords[word];
    if (word === '_' || level) {
      closeUnknownPlace();
      if (level) difficulty ??= level;
    } else if (placeLeadWords.has(word)) {
      closeUnknownPlace();
      unknownPlace = [];
    } else if (fillerWords.has(word)) {
      // "near the …" still names a place; any other filler ends the place name.
      if (!(word === 'the' && unknownPlace?.length === 0)) closeUnknownPlace();
    } else {
      freeWords.push(word);
      unknownPlace?.push(word);
    }
  }
  closeUnknownPlace();
  // "Arkansas" on its own or as "in Arkansas" names the whole state, which every trail is in;
  // inside a name ("Arkansas River Trail") it stays a word to match.
  const stateOnly = freeWords.length === 1 || unknownPlaces.includes('arkansas');
  const words = stateOnly ? freeWords.filter((word) => word !== 'arkansas') : freeWords;
  return {
    places,
    nearMe,
    unknownPlaces: unknownPlaces.filter((name) => name !== 'arkansas'),
    activities,
    difficulty,
    freeText: words.join(' '),
  };
}

/** How a place is shown in "Understood: …": "Near Mena", "Polk County", "Ozarks". */
export function placeSummary(place: SearchPlace): string {
  return place.kind === 'town' ? `Near ${place.label}` : place.label;
}

/**
 * A short line telling the rider what the search understood, e.g. "Near Russellville · ATV ·
 * Easy · “pinnacle”". Empty string when nothing was understood.
 */
export function describeTrailSearch(parsed: ParsedTrailSearch): string {
  const parts: string[] = parsed.places.map(placeSummary);
  if (parsed.nearMe) parts.push('Near you');
  for (const activity of parsed.activities) parts.push(activityWordLabels[activity]);
  if (parsed.difficulty) {
    parts.push(parsed.difficulty[0]!.toUpperCase() + parsed.difficulty.slice(1));
  }
  if (parsed.freeText) parts.push(`“${parsed.freeText}”`);
  return parts.join(' · ');
}

/**
 * The sentence for places the search could not locate, e.g. "We don't know where “boxley” is,
 * so it was searched as words in trail names and notes." Null when every place was understood.
 */
export function unknownPlaceMessage(parsed: ParsedTrailSearch): string | null {
  if (parsed.unknownPlaces.length === 0) return null;
  const names = parsed.unknownPlaces.map((name) => `“${name}”`).join(' or ');
  return `We don't know where ${names} is, so it was searched as words in trail names and notes. Try a nearby town or county, or “near me”.`;
}

/** Criteria for {@link filterTrails}; most come from {@link parseTrailSearch}. */
export interface TrailCriteria {
  places: readonly SearchPlace[];
  difficulty: TrailDifficulty | null;
  freeText: string;
  /** Activity words said in the search: a trail must allow one of them. */
  activities?: readonly ActivityWordMeaning[];
  /** The activity chip (URL `activity`). */
  activity?: ActivityFilter | null;
  /** Region filter (schemas/common.ts `arkansasRegions`), exact match. */
  region?: string | null;
  /** The rider's position for "near me": results are sorted by distance from it, all kept. */
  near?: RiderPosition | null;
}

/** Where a result's distance is measured from: a town, a county centre or the rider. */
export interface DistanceFrom {
  miles: number;
  /** "Russellville", "the middle of Polk County", "you". */
  from: string;
}

/** A trail that passed the filter, with its distance to the nearest named place, if any. */
export interface TrailMatch {
  trail: Trail;
  /** Miles from the nearest located place that matched (or the rider); null when none was named. */
  distanceMiles: number | null;
  distance: DistanceFrom | null;
}

/** Great-circle miles between two [longitude, latitude] points. */
export function milesBetween(
  from: { longitude: number; latitude: number },
  to: { longitude: number; latitude: number },
): number {
  return distance([from.longitude, from.latitude], [to.longitude, to.latitude], { units: 'miles' });
}

/** "12 mi from Russellville" (whole miles; "under 1 mi" below one). */
export function distanceLabel(distanceFrom: DistanceFrom | null): string | null {
  if (!distanceFrom) return null;
  const miles =
    distanceFrom.miles < 1 ? 'Under 1 mi' : `${Math.round(distanceFrom.miles).toString()} mi`;
  return `${miles} from ${distanceFrom.from}`;
}

function mentions(fields: ReadonlyArray<string | null | undefined>, pattern: RegExp): boolean {
  return fields.some((field) => field != null && pattern.test(field));
}

interface PlaceFields {
  name: string;
  county: string | null;
  region: string | null;
  manager: string | null;
  notes: string | null;
}

/**
 * Whether a point with these descriptive fields is in a §voice-5 area:
 * - ozark / ouachita: the region (data/README.md: regions are set from the county), or the name or
 *   manager naming them (Ozark-St. Francis and Ouachita National Forests reach outside the
 *   regions, e.g. the Ouachita National Recreation Trail starts in Pulaski County).
 * - buffalo river / white river: name, notes or manager mention the river. The catalogue has
 *   no river geometry for the Buffalo, so mention is the only rule the data can support.
 */
function inArea(area: AreaWord, fields: PlaceFields): boolean {
  switch (area) {
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
 * ANY of the named places (a rider saying "Hot Springs or Little Rock" wants both):
 * - town: within {@link NEAR_TOWN_RADIUS_MILES} of the town's point;
 * - county: the record's county (from the data) is that county;
 * - area: see {@link inArea}.
 * Returns the distance to the nearest town or county centre that matched.
 */
function placeMatch(
  places: readonly SearchPlace[],
  point: { longitude: number; latitude: number },
  fields: PlaceFields,
): { matches: boolean; distance: DistanceFrom | null } {
  if (places.length === 0) return { matches: true, distance: null };
  let matches = false;
  let nearest: DistanceFrom | null = null;
  const consider = (candidate: DistanceFrom) => {
    if (!nearest || candidate.miles < nearest.miles) nearest = candidate;
  };
  for (const place of places) {
    if (place.kind === 'town') {
      const miles = milesBetween(place, point);
      if (miles <= NEAR_TOWN_RADIUS_MILES) {
        matches = true;
        consider({ miles, from: place.label });
      }
    } else if (place.kind === 'county') {
      if (fields.county?.toLowerCase() === place.name.toLowerCase()) {
        matches = true;
        consider({ miles: milesBetween(place, point), from: `the middle of ${place.label}` });
      }
    } else if (inArea(place.area, fields)) {
      matches = true;
    }
  }
  return { matches, distance: nearest };
}

/** Every free-text word must appear in one of the fields (words may come in any order). */
function freeTextMatch(freeText: string, fields: ReadonlyArray<string | null>): boolean {
  const words = normalise(freeText).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalise(fields.filter((field) => field != null).join(' '));
  return words.every((word) => haystack.includes(word));
}

function activityMatch(trail: Trail, criteria: TrailCriteria): boolean {
  if (criteria.activity) {
    const chip = activityChips.find((candidate) => candidate.id === criteria.activity);
    if (chip && !chip.activities.some((wanted) => trail.activities.includes(wanted))) {
      return false;
    }
  }
  const said = (criteria.activities ?? []).filter((meaning) => meaning !== 'hunting');
  if (said.length === 0) return true;
  return said.some((meaning) =>
    trailActivitiesOf(meaning).some((wanted) => trail.activities.includes(wanted)),
  );
}

/** Whether the criteria ask for hunting areas (the chip or a hunting word said). */
export function wantsHuntingAreas(criteria: Pick<TrailCriteria, 'activity' | 'activities'>) {
  return criteria.activity === 'hunting' || (criteria.activities ?? []).includes('hunting');
}

function withRiderDistance(
  found: { matches: boolean; distance: DistanceFrom | null },
  point: { longitude: number; latitude: number },
  near: RiderPosition | null | undefined,
): DistanceFrom | null {
  if (!near) return found.distance;
  return { miles: milesBetween(near, point), from: 'you' };
}

/**
 * Filters and sorts the trail catalogue.
 * - places: a trail matches if it is in any named place (see {@link placeMatch}).
 * - difficulty: only trails rated exactly that (unrated trails are left out: we cannot say).
 * - freeText: every word in name, county, region, manager or notes.
 * - activity (chip) and activities (words said): trails allowing them; hunting matches no trail
 *   (hunting areas are WMAs).
 * - region: exact region.
 * - near: every trail is kept and the distance is from the rider.
 * Order: exact name match first, then names containing the free text, then nearest (to the
 * rider, else to a named town or county), then by name.
 */
/**
 * Whether a trail shows in results by itself. A part of a system (a USFS trail line or a
 * trailhead with `systemId`) is reached through its system's page, so it shows only when the
 * rider types words of its own name: 73 segments would otherwise bury the systems they make up.
 */
function listedOnItsOwn(trail: Trail, freeText: string): boolean {
  if (!trail.systemId) return true;
  return freeText !== '' && normalise(trail.name).includes(freeText);
}

export function filterTrails(trails: readonly Trail[], criteria: TrailCriteria): TrailMatch[] {
  if (wantsHuntingAreas(criteria)) return [];
  const freeText = normalise(criteria.freeText);
  const results: TrailMatch[] = [];
  for (const trail of trails) {
    if (!listedOnItsOwn(trail, freeText)) continue;
    if (criteria.difficulty && trail.difficulty !== criteria.difficulty) continue;
    if (criteria.region && trail.region !== criteria.region) continue;
    if (!activityMatch(trail, criteria)) continue;
    if (
      !freeTextMatch(freeText, [trail.name, trail.county, trail.region, trail.manager, trail.notes])
    ) {
      continue;
    }
    const place = placeMatch(criteria.places, trail, trail);
    if (!place.matches) continue;
    const measured = withRiderDistance(place, trail, criteria.near);
    results.push({ trail, distanceMiles: measured?.miles ?? null, distance: measured });
  }
  return results.sort((a, b) => compareMatches(a.trail.name, a, b.trail.name, b, freeText));
}

/** The other difficulty levels, closest first (a tie goes to the easier). */
const closestLevels: Record<TrailDifficulty, TrailDifficulty[]> = {
  easy: ['moderate', 'hard'],
  moderate: ['easy', 'hard'],
  hard: ['moderate', 'easy'],
};

/**
 * {@link filterTrails}, falling back to the closest difficulty level that has matches when none
 * has the one asked for (rated or derived), so "beginner UTV" shows the gentlest UTV trails
 * instead of an empty list. `shownDifficulty` is the level shown when it differs from the one
 * asked, else null.
 */
export function filterTrailsClosestDifficulty(
  trails: readonly Trail[],
  criteria: TrailCriteria,
): { matches: TrailMatch[]; shownDifficulty: TrailDifficulty | null } {
  const matches = filterTrails(trails, criteria);
  if (matches.length > 0 || !criteria.difficulty) return { matches, shownDifficulty: null };
  for (const level of closestLevels[criteria.difficulty]) {
    const closer = filterTrails(trails, { ...criteria, difficulty: level });
    if (closer.length > 0) return { matches: closer, shownDifficulty: level };
  }
  return { matches, shownDifficulty: null };
}

function nameRank(name: string, freeText: string): number {
  if (!freeText) return 2;
  const normalisedName = normalise(name);
  if (normalisedName === freeText) return 0;
  return normalisedName.includes(freeText) ? 1 : 2;
}

function compareMatches(
  aName: string,
  a: { distanceMiles: number | null },
  bName: string,
  b: { distanceMiles: number | null },
  freeText: string,
): number {
  const rank = nameRank(aName, freeText) - nameRank(bName, freeText);
  if (rank !== 0) return rank;
  if (a.distanceMiles !== null && b.distanceMiles !== null && a.distanceMiles !== b.distanceMiles) {
    return a.distanceMiles - b.distanceMiles;
  }
  return aName.localeCompare(bName, 'en');
}

/** A Wildlife Management Area that passed {@link filterWildlifeAreas}. */
export interface WildlifeAreaMatch {
  area: Wma;
  distanceMiles: number | null;
  distance: DistanceFrom | null;
}

/**
 * Hunting areas for `activity=hunting` or a hunting word: the WMAs (the `wmas` catalogue,
 * data/places/wmas.geojson) filtered by the same places, rider position and free text as trails
 * (name, county, region). Difficulty does not apply to a WMA and is ignored.
 * Sorted like trails.
 */
export function filterWildlifeAreas(
  areas: readonly Wma[],
  criteria: Pick<TrailCriteria, 'places' | 'freeText' | 'region' | 'near'>,
): WildlifeAreaMatch[] {
  const freeText = normalise(criteria.freeText);
  const results: WildlifeAreaMatch[] = [];
  for (const area of areas) {
    if (criteria.region && area.region !== criteria.region) continue;
    if (!freeTextMatch(freeText, [area.name, area.county, area.region])) {
      continue;
    }
    const place = placeMatch(criteria.places, area, {
      name: area.name,
      county: area.county,
      region: area.region,
      manager: null,
      notes: null,
    });
    if (!place.matches) continue;
    const measured = withRiderDistance(place, area, criteria.near);
    results.push({ area, distanceMiles: measured?.miles ?? null, distance: measured });
  }
  return results.sort((a, b) => compareMatches(a.area.name, a, b.area.name, b, freeText));
}
