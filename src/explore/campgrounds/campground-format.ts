/**
 * Words for campground facts (schemas/campgrounds.ts): type and amenity labels and the
 * "not published" wording used wherever no source gives a value.
 */
import type { Campground, CampgroundType, NearbyAttraction } from '../../../schemas/campgrounds.ts';

/** What the directory says where no source gives a value. */
export const notPublished = 'not published';

/** Type badge labels (requirements §voice-3.2 types). */
export const campgroundTypeLabels: Record<CampgroundType, string> = {
  state_park: 'State Park',
  national_park: 'National Park Service',
  national_forest: 'National Forest',
  corps_of_engineers: 'Corps of Engineers',
  private: 'Private',
};

/** Label of a campground's type, or that no source says who operates it. */
export function campgroundTypeLabel(type: CampgroundType | null): string {
  return type ? campgroundTypeLabels[type] : 'Type not published';
}

/** Amenity labels, by the flag names of schemas/campgrounds.ts. */
export const amenityLabels: Record<keyof Campground['amenities'], string> = {
  electric_hookups: 'Electric hookups',
  water_hookups: 'Water hookups',
  sewer_hookups: 'Sewer hookups',
  restrooms: 'Restrooms',
  showers: 'Showers',
  dump_station: 'Dump station',
  drinking_water: 'Drinking water',
  fire_rings: 'Fire rings',
  picnic_tables: 'Picnic tables',
  tents_allowed: 'Tents allowed',
  rvs_allowed: 'RVs allowed',
  wifi: 'Wi-Fi',
  swimming: 'Swimming',
  fishing: 'Fishing',
  boating: 'Boating',
  boat_launch: 'Boat launch',
  hiking_trails: 'Hiking trails',
  pet_friendly: 'Pet friendly',
  accessible: 'Accessible',
};

/** Amenities a source says the campground has, in label order. */
export function presentAmenities(campground: Campground): (keyof Campground['amenities'])[] {
  return (Object.keys(amenityLabels) as (keyof Campground['amenities'])[]).filter(
    (flag) => campground.amenities[flag] === true,
  );
}

/** "Yes", "No" or "not published" for a yes/no fact. */
export function yesNo(value: boolean | null | undefined): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return notPublished;
}

/** A count, or "not published". */
export function countText(value: number | null): string {
  return value === null ? notPublished : String(value);
}

/** "34.71222, -90.69382" (5 decimals, about 1 m). */
export function gpsText(campground: Campground): string {
  return `${campground.location.latitude.toFixed(5)}, ${campground.location.longitude.toFixed(5)}`;
}

/** The 'lat,lng' that Copy GPS writes (requirements §voice-7.2). */
export function gpsClipboardText(campground: Campground): string {
  return `${campground.location.latitude},${campground.location.longitude}`;
}

/** A directions link to a maps service using lat,lng (requirements §voice-2.6 Contact). */
export function directionsUrl(campground: Campground): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${gpsClipboardText(campground)}`;
}

/** The page of a source record: Recreation.gov for RIDB facilities, openstreetmap.org for OSM nodes. */
export function sourceUrl(source: string): string | null {
  const ridb = /^RIDB facility (\d+)$/.exec(source);
  if (ridb) return `https://www.recreation.gov/camping/campgrounds/${ridb[1]}`;
  const osm = /^OSM node (\d+)$/.exec(source);
  if (osm) return `https://www.openstreetmap.org/node/${osm[1]}`;
  return null;
}

/** Which dataset gave the fee, phone, website and address: only OpenStreetMap tags carry them. */
export const osmFactSource = 'OpenStreetMap';

const attractionTypeLabels: Record<NearbyAttraction['type'], string> = {
  trail: 'Trail',
  wma: 'Wildlife Management Area',
  lake: 'Lake',
  river: 'River',
};

/** Label of a nearby attraction's kind. */
export function attractionTypeLabel(type: NearbyAttraction['type']): string {
  return attractionTypeLabels[type];
}

/** "City not published · Lee County" style place line of a card. */
export function placeLine(campground: Campground): string {
  const city = campground.location.city ?? `City ${notPublished}`;
  const county = campground.location.county
    ? `${campground.location.county} County`
    : `County ${notPublished}`;
  return `${city} · ${county}`;
}

/** "4.3 ★ (3 reviews)" or that riders have not rated it yet. */
export function ratingText(campground: Campground): string {
  const { overall, reviewsCount } = campground.ratings;
  if (overall === null || reviewsCount === 0) return 'No rider reviews yet';
  return `${overall.toFixed(1)} ★ (${reviewsCount} ${reviewsCount === 1 ? 'review' : 'reviews'})`;
}
