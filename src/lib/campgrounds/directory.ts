/**
 * The rules of the campground directory (requirements §voice-2.6, §voice-4.2, §voice-5, §voice-9)
 * over the real catalogue (schemas/campgrounds.ts): search, filters, the price rule, Nearby
 * distance and Top Rated ranking. Pure functions; the screens in src/explore/campgrounds call them.
 */
import { distance } from '@turf/distance';
import type { Campground, CampgroundType } from '../../../schemas/campgrounds.ts';

/** Filter type options, in the order §voice-5 lists them. */
export const campgroundTypeOptions: readonly CampgroundType[] = [
  'state_park',
  'national_forest',
  'private',
  'corps_of_engineers',
  'national_park',
];

/** Must-have amenity options of §voice-5. */
export const campgroundAmenityOptions = [
  'wifi',
  'electric_hookups',
  'water_hookups',
  'showers',
  'swimming',
  'fishing',
  'hiking_trails',
  'pet_friendly',
] as const;
export type CampgroundAmenityOption = (typeof campgroundAmenityOptions)[number];

/**
 * Price filter bounds when a field is empty or not a number (§voice-5, §voice-9), dollars per
 * night.
 */
export const defaultPriceMin = 0;
export const defaultPriceMax = 200;

/** Nearby tab radius (§voice-9), miles. */
export const nearbyRadiusMiles = 50;

/** Earth radius the spec measures distances with (§voice-9), miles. */
export const earthRadiusMiles = 3959;

/** Top Rated (§voice-9): lowest overall rating, and how many are listed. */
export const topRatedMinimumRating = 4;
export const topRatedLimit = 10;

/** Search history keeps the latest this many searches (§voice-9). */
export const searchHistoryLimit = 10;

/** Most amenity chips on a card (§voice-9). */
export const maxAmenityChips = 6;

/** Cached data is "fresh" when the last catalogue sync is under this old (§voice-4.2), ms. */
export const cacheFreshMs = 15 * 60 * 1000;

/** A price range in dollars per night. */
export interface PriceRange {
  min: number;
  max: number;
}

/** What the rider chose in the search box and the Filters panel. */
export interface CampgroundFilters {
  query: string;
  /** Types to show; empty shows every type (and campgrounds whose type is unknown). */
  types: readonly CampgroundType[];
  /** Amenities of which at least one must be known present; empty means no amenity filter. */
  amenities: readonly CampgroundAmenityOption[];
  /** The price fields as typed. */
  priceMin: string;
  priceMax: string;
  /** Only campgrounds whose source publishes an amount; absent in filters stored before it. */
  pricedOnly?: boolean;
}

/** No search and no filter: every campground. */
export const noCampgroundFilters: CampgroundFilters = {
  query: '',
  types: [],
  amenities: [],
  priceMin: '',
  priceMax: '',
  pricedOnly: false,
};

/**
 * True when `query` matches the name, description, city, county or region, ignoring case
 * (§voice-5). A blank query matches everything.
 */
export function matchesSearch(campground: Campground, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const { name, description, location } = campground;
  return [name, description, location.city, location.county, location.region].some(
    (field) => field !== null && field.toLowerCase().includes(needle),
  );
}

function parseBound(text: string, fallback: number): number {
  if (text.trim() === '') return fallback;
  const value = Number(text);
  return Number.isFinite(value) ? value : fallback;
}

/** The price fields as numbers: empty or invalid min becomes 0, max 200 (§voice-5). */
export function parsePriceRange(min: string, max: string): PriceRange {
  return { min: parseBound(min, defaultPriceMin), max: parseBound(max, defaultPriceMax) };
}

/**
 * The nightly amount an OpenStreetMap `fee`/`charge` tag publishes ("$16.00", "34 USD",
 * "16.00 USD/night"), in dollars; null when no amount is published ("Fee charged (amount not
 * listed)", no tag). "No fee" is 0. No source splits tent and RV prices, so this one amount
 * stands for both.
 */
export function publishedNightlyFee(campground: Campground): number | null {
  const fee = campground.fee;
  if (fee === null) return null;
  if (/^no fee$/i.test(fee)) return 0;
  const amount = /(\d+(?:\.\d+)?)/.exec(fee);
  return amount ? Number(amount[1]) : null;
}

/**
 * The price rule of §voice-5: a campground passes when its tent or RV minimum lies within the
 * range. The only price a source gives is the published fee. A campground with no published
 * amount (most of them) is not known to be outside the range, so it stays listed unless the
 * rider asks for priced campgrounds only (`pricedOnly`).
 */
export function passesPriceRange(
  campground: Campground,
  range: PriceRange,
  pricedOnly = false,
): boolean {
  const fee = publishedNightlyFee(campground);
  if (fee === null) return !pricedOnly;
  return fee >= range.min && fee <= range.max;
}

/** Search, type (any selected), amenities (any-of, known present) and price (§voice-5). */
export function filterCampgrounds(
  campgrounds: readonly Campground[],
  filters: CampgroundFilters,
): Campground[] {
  const range = parsePriceRange(filters.priceMin, filters.priceMax);
  const types = new Set(filters.types);
  return campgrounds.filter(
    (campground) =>
      matchesSearch(campground, filters.query) &&
      (types.size === 0 || (campground.type !== null && types.has(campground.type))) &&
      (filters.amenities.length === 0 ||
        filters.amenities.some((amenity) => campground.amenities[amenity] === true)) &&
      passesPriceRange(campground, range, filters.pricedOnly ?? false),
  );
}

/** A position in degrees WGS84. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in miles on a sphere of radius 3959 miles (§voice-9). */
export function distanceMiles(from: LatLng, to: LatLng): number {
  const radians = distance([from.longitude, from.latitude], [to.longitude, to.latitude], {
    units: 'radians',
  });
  return radians * earthRadiusMiles;
}

/** Miles to one decimal, as §voice-9 shows distances ("12.3"). */
export function formatMiles(miles: number): string {
  return (Math.round(miles * 10) / 10).toFixed(1);
}

/** Campgrounds within `radiusMiles` of `position`, nearest first, with their distance. */
export function nearbyCampgrounds(
  campgrounds: readonly Campground[],
  position: LatLng,
  radiusMiles: number = nearbyRadiusMiles,
): { campground: Campground; distanceMiles: number }[] {
  return campgrounds
    .map((campground) => ({
      campground,
      distanceMiles: distanceMiles(position, campground.location),
    }))
    .filter((entry) => entry.distanceMiles <= radiusMiles)
    .sort((a, b) => a.distanceMiles - b.distanceMiles);
}

/** The Top Rated score of §voice-9: overall rating × ln(reviews + 1). */
export function topRatedScore(campground: Campground): number {
  const overall = campground.ratings.overall ?? 0;
  return overall * Math.log(campground.ratings.reviewsCount + 1);
}

/**
 * Top Rated (§voice-9): campgrounds riders rated 4 or more overall, by rating × ln(reviews + 1),
 * best first, at most 10. Empty until riders have reviewed.
 */
export function topRatedCampgrounds(campgrounds: readonly Campground[]): Campground[] {
  return campgrounds
    .filter(
      (campground) =>
        campground.ratings.overall !== null && campground.ratings.overall >= topRatedMinimumRating,
    )
    .sort((a, b) => topRatedScore(b) - topRatedScore(a) || a.name.localeCompare(b.name))
    .slice(0, topRatedLimit);
}

/**
 * The history after searching `query`: newest first, no repeats (any case), latest 10 (§voice-9).
 */
export function addToSearchHistory(history: readonly string[], query: string): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return [...history];
  const rest = history.filter((entry) => entry.toLowerCase() !== trimmed.toLowerCase());
  return [trimmed, ...rest].slice(0, searchHistoryLimit);
}

/** The favourites after tapping the heart of `id` (§voice-4.2: in or out of the list). */
export function toggleFavorite(favorites: readonly string[], id: string): string[] {
  return favorites.includes(id) ? favorites.filter((entry) => entry !== id) : [...favorites, id];
}

/**
 * "fresh" when the catalogue last synced under 15 minutes before `now` (§voice-4.2), else "stale".
 */
export function cacheStatus(lastSyncedAt: number | null, now: number): 'fresh' | 'stale' {
  return lastSyncedAt !== null && now - lastSyncedAt < cacheFreshMs ? 'fresh' : 'stale';
}
