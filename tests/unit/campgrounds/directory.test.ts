// The directory rules of voice-navigation-campgrounds §5 and §9 on the real catalogue: the 224
// campgrounds the server seeds from data/campgrounds (RIDB + OpenStreetMap).
import { describe, expect, it } from 'vitest';
import { aggregateReviewRatings } from '../../../schemas/campground-reviews.ts';
import type { Campground } from '../../../schemas/campgrounds.ts';
import {
  addToSearchHistory,
  cacheStatus,
  distanceMiles,
  filterCampgrounds,
  formatMiles,
  matchesSearch,
  nearbyCampgrounds,
  noCampgroundFilters,
  parsePriceRange,
  passesPriceRange,
  publishedNightlyFee,
  toggleFavorite,
  topRatedCampgrounds,
} from '../../../src/lib/campgrounds/directory.ts';
import { loadCampgrounds } from '../../../datasets/campgrounds.ts';

const campgrounds = loadCampgrounds('data', 1_700_000_000_000);
const byId = (id: string) => campgrounds.find((campground) => campground.id === id)!;

describe('the real catalogue', () => {
  it('has 224 campgrounds and the directory shows all of them with no search or filter', () => {
    expect(campgrounds).toHaveLength(224);
    expect(filterCampgrounds(campgrounds, noCampgroundFilters)).toHaveLength(224);
  });
});

describe('search (§5: name, description, city, county, region; any case)', () => {
  it.each([
    // query, how many the data has, whether Bear Creek Lake (Lee County, region unknown) is one
    ['lake', 79, true],
    ['LAKE', 79, true],
    ['Lee', 2, true],
    ['ozarks', 75, false],
    ['   ', 224, true],
  ])('"%s" finds %i', (query, count, findsBearCreek) => {
    const found = filterCampgrounds(campgrounds, { ...noCampgroundFilters, query });
    expect(found.length).toBe(count);
    expect(found.some((campground) => campground.id === 'bear-creek-lake-recreation-area')).toBe(
      findsBearCreek,
    );
  });

  it('matches the region and the county, not only the name', () => {
    const inOzarks = campgrounds.filter((campground) => campground.location.region === 'Ozarks');
    expect(inOzarks.length).toBeGreaterThan(0);
    for (const campground of inOzarks) expect(matchesSearch(campground, 'ozarks')).toBe(true);
    const county = byId('bear-creek-lake-recreation-area').location.county!;
    expect(matchesSearch(byId('bear-creek-lake-recreation-area'), county.toUpperCase())).toBe(true);
  });
});

describe('filters (§5)', () => {
  it('type is a multi-select: Corps of Engineers, then Corps or State Park', () => {
    const corps = filterCampgrounds(campgrounds, {
      ...noCampgroundFilters,
      types: ['corps_of_engineers'],
    });
    expect(corps.length).toBe(42);
    expect(corps.every((campground) => campground.type === 'corps_of_engineers')).toBe(true);
    const both = filterCampgrounds(campgrounds, {
      ...noCampgroundFilters,
      types: ['corps_of_engineers', 'state_park'],
    });
    expect(both.length).toBe(42 + 33);
  });

  it('amenities are any-of and count only what a source says is there', () => {
    const showers = filterCampgrounds(campgrounds, {
      ...noCampgroundFilters,
      amenities: ['showers'],
    });
    expect(showers.length).toBe(37);
    const showersOrWifi = filterCampgrounds(campgrounds, {
      ...noCampgroundFilters,
      amenities: ['showers', 'wifi'],
    });
    expect(showersOrWifi.length).toBeGreaterThanOrEqual(showers.length);
    expect(
      showersOrWifi.every((c) => c.amenities.showers === true || c.amenities.wifi === true),
    ).toBe(true);
    const corpsWithShowers = filterCampgrounds(campgrounds, {
      ...noCampgroundFilters,
      types: ['corps_of_engineers'],
      amenities: ['showers'],
    });
    expect(corpsWithShowers.length).toBeGreaterThan(0);
    expect(corpsWithShowers.length).toBeLessThan(37);
  });
});

describe('price (§5)', () => {
  it.each([
    ['', '', { min: 0, max: 200 }],
    ['abc', 'x', { min: 0, max: 200 }],
    ['10', '', { min: 10, max: 200 }],
    ['', '50', { min: 0, max: 50 }],
    ['12.5', '30', { min: 12.5, max: 30 }],
  ])('min "%s", max "%s"', (min, max, range) => {
    expect(parsePriceRange(min, max)).toEqual(range);
  });

  it.each([
    ['$16.00', 16],
    ['34 USD', 34],
    ['16.00 USD/night', 16],
    ['No fee', 0],
    ['Fee charged (amount not listed)', null],
    [null, null],
  ])('reads the published fee "%s" as %s', (fee, amount) => {
    expect(publishedNightlyFee({ ...campgrounds[0]!, fee } as Campground)).toBe(amount);
  });

  it('filters by the published amount, keeps unknown prices unless asked for priced only', () => {
    const published = campgrounds.filter((campground) => publishedNightlyFee(campground) !== null);
    expect(published.length).toBe(15);
    const unpriced = campgrounds.length - published.length;
    expect(
      filterCampgrounds(campgrounds, { ...noCampgroundFilters, priceMax: '200' }),
    ).toHaveLength(224);
    // A narrowed range keeps every campground whose price no source states.
    const cheap = filterCampgrounds(campgrounds, { ...noCampgroundFilters, priceMax: '15' });
    const cheapPriced = published.filter((c) => publishedNightlyFee(c)! <= 15).length;
    expect(cheap.length).toBe(cheapPriced + unpriced);
    // Priced only: the published amounts within the range, nothing else.
    const pricedCheap = filterCampgrounds(campgrounds, {
      ...noCampgroundFilters,
      priceMax: '15',
      pricedOnly: true,
    });
    expect(pricedCheap.map(publishedNightlyFee).every((fee) => fee !== null && fee <= 15)).toBe(
      true,
    );
    expect(pricedCheap.length).toBe(cheapPriced);
    const unknown = campgrounds.find((campground) => publishedNightlyFee(campground) === null)!;
    expect(passesPriceRange(unknown, { min: 5, max: 200 })).toBe(true);
    expect(passesPriceRange(unknown, { min: 0, max: 200 }, true)).toBe(false);
  });
});

describe('distance and Nearby (§9: earth radius 3959 miles, 50-mile radius, 1 decimal)', () => {
  const littleRock = { latitude: 34.7465, longitude: -92.2896 };
  const fayetteville = { latitude: 36.0822, longitude: -94.1719 };

  it('measures on a 3959-mile sphere', () => {
    // One degree of latitude is 3959 × π / 180 miles.
    expect(
      distanceMiles({ latitude: 35, longitude: -92 }, { latitude: 36, longitude: -92 }),
    ).toBeCloseTo(3959 * (Math.PI / 180), 9);
    expect(formatMiles(distanceMiles(littleRock, fayetteville))).toBe('140.5');
    expect(formatMiles(0.04)).toBe('0.0');
  });

  it('lists only campgrounds within 50 miles, nearest first', () => {
    const near = nearbyCampgrounds(campgrounds, littleRock);
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((entry) => entry.distanceMiles <= 50)).toBe(true);
    const distances = near.map((entry) => entry.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const outside = campgrounds.filter((c) => distanceMiles(littleRock, c.location) > 50);
    expect(near.length + outside.length).toBe(224);
  });
});

describe('Top Rated (§9: overall ≥ 4, rating × ln(reviews + 1), top 10)', () => {
  const rated = (id: string, overall: number | null, reviewsCount: number): Campground => ({
    ...byId(id),
    ratings: { ...byId(id).ratings, overall, reviewsCount },
  });

  it('is empty while no rider has reviewed', () => {
    expect(topRatedCampgrounds(campgrounds)).toEqual([]);
  });

  it('ranks by rating × ln(reviews + 1) and drops ratings under 4', () => {
    const [a, b, c, d] = campgrounds.slice(0, 4).map((campground) => campground.id);
    const list = [rated(a!, 5, 1), rated(b!, 4, 3), rated(c!, 3.9, 100), rated(d!, 4.5, 2)];
    // 5 × ln 2 = 3.47; 4 × ln 4 = 5.55; 4.5 × ln 3 = 4.94
    expect(topRatedCampgrounds(list).map((campground) => campground.id)).toEqual([b, d, a]);
  });

  it('keeps the top 10', () => {
    const list = campgrounds
      .slice(0, 12)
      .map((campground, index) => rated(campground.id, 4, index + 1));
    const top = topRatedCampgrounds(list);
    expect(top).toHaveLength(10);
    expect(top[0]!.id).toBe(campgrounds[11]!.id);
  });

  it('averages reviews to one decimal per score', () => {
    const scores = { cleanliness: 3, facilities: 4, location: 5, value: 2 };
    expect(
      aggregateReviewRatings([
        { overall: 5, ...scores },
        { overall: 4, ...scores },
        { overall: 4, ...scores },
      ]),
    ).toEqual({
      overall: 4.3,
      cleanliness: 3,
      facilities: 4,
      location: 5,
      value: 2,
      reviewsCount: 3,
    });
    expect(aggregateReviewRatings([]).overall).toBeNull();
  });
});

describe('device-only preferences (§3.4, §9)', () => {
  it('search history keeps the latest 10, newest first, without repeats', () => {
    let history: string[] = [];
    for (let index = 1; index <= 12; index++)
      history = addToSearchHistory(history, `query ${index}`);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('query 12');
    expect(addToSearchHistory(history, 'QUERY 5')[0]).toBe('QUERY 5');
    expect(addToSearchHistory(history, 'QUERY 5')).toHaveLength(10);
    expect(addToSearchHistory(history, '  ')).toEqual(history);
  });

  it('the heart moves a campground in and out of the favourites', () => {
    expect(toggleFavorite([], 'a')).toEqual(['a']);
    expect(toggleFavorite(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('cache is fresh under 15 minutes after the last sync', () => {
    expect(cacheStatus(1_000, 1_000 + 14 * 60_000)).toBe('fresh');
    expect(cacheStatus(1_000, 1_000 + 15 * 60_000)).toBe('stale');
    expect(cacheStatus(null, 1_000)).toBe('stale');
  });
});
