/**
 * Builds the campground catalogue from the two shipped campground datasets (data/README.md):
 * Recreation.gov RIDB facilities (public domain) and the named OpenStreetMap camp sites (ODbL).
 * The same campground found in both (or twice in one) becomes ONE document listing every
 * record in `sources`. Only what a record states is filled in; everything else stays null.
 * RIDB's `cost` and `rating` are ignored: `cost` is 0 for almost every record and `rating` is
 * always null, so neither is a fact about the campground.
 */
import { join } from 'node:path';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';
import type { MultiPolygon, Polygon } from 'geojson';
import {
  campgroundAmenityFlags,
  unratedCampground,
  type Campground,
  type CampgroundType,
} from '../schemas/campgrounds.ts';
import { loadCampgroundContext, type CampgroundContext } from './campground-context.ts';
import { readFeatureCollection, readPointRecords, type PointRecord } from './geojson.ts';
import { htmlToPlainText } from './html-text.ts';

/** Two records closer than this (km) with near-identical names are the same campground. */
export const sameCampgroundMaxKm = 1.5;

/** RIDB descriptions in the shipped file are cut at this many characters. */
const ridbDescriptionCutLength = 200;

/** A record of data/campgrounds/ridb-arkansas.geojson (Recreation.gov RIDB via kamptrail). */
interface RidbRecord {
  id: string;
  name: string;
  facility_id: string;
  amenities: string[];
  rig_friendly: string[];
  road_difficulty: string | null;
  description: string | null;
}

/** A node of data/campgrounds/osm-arkansas.geojson: OpenStreetMap tags plus `osm_id`. */
type OsmRecord = { osm_id: number } & Record<string, string | number | undefined>;

type AmenityFlag = (typeof campgroundAmenityFlags)[number];
type Amenities = Campground['amenities'];

/** One source record on its way into a campground document. */
interface SourceRecord {
  source: string;
  name: string;
  nameTokens: Set<string>;
  /** True when the name says nothing beyond a loop, letter or number ("Loop C", "Site 3"). */
  genericName: boolean;
  longitude: number;
  latitude: number;
  /** RIDB: its facility id; OSM: the facility id of a recreation.gov campground `website`. */
  facilityId: string | null;
  ridb: RidbRecord | null;
  osm: OsmRecord | null;
}

/** Words that say "campground" in some way and do not tell two campgrounds apart. */
const genericWords = new Set([
  'campground',
  'campgrounds',
  'camp',
  'camps',
  'ground',
  'grounds',
  'campsite',
  'campsites',
  'park',
  'rv',
  'recreation',
  'rec',
  'area',
  'public',
  'use',
  'the',
  'and',
]);

/**
 * Words that name a part of a place ("Tyler Bend Walk-in" is not "Tyler Bend") or a different
 * kind of facility next to it ("Dam Site Marina" is not "Dam Site Campground").
 */
const distinguishingWords = new Set([
  'marina',
  'village',
  'resort',
  'landing',
  'lodge',
  'cabins',
  'spa',
  'loop',
  'walk',
  'drive',
  'in',
  'group',
  'upper',
  'lower',
  'north',
  'south',
  'east',
  'west',
  'horse',
  'equestrian',
  'hike',
  'overflow',
]);

function isDistinguishing(token: string): boolean {
  return distinguishingWords.has(token) || /^[a-z]$/.test(token) || /^\d+$/.test(token);
}

/**
 * The tokens of a name that identify the place: lower case, without generic words and without
 * parenthesised qualifiers ("(AR)", "(Beaver Lake)"), which say where, not which.
 */
export function campgroundNameTokens(name: string): Set<string> {
  const normalized = name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ');
  return new Set(normalized.split(' ').filter((token) => token && !genericWords.has(token)));
}

/**
 * Whether two names are near-identical: the same identifying tokens, or one name's tokens plus
 * words that do not name a part of the place ("Toad Suck" and "Toad Suck Ferry Campground").
 */
function namesMatch(a: SourceRecord, b: SourceRecord): boolean {
  if (a.genericName || b.genericName) return false;
  const [smaller, larger] =
    a.nameTokens.size <= b.nameTokens.size
      ? [a.nameTokens, b.nameTokens]
      : [b.nameTokens, a.nameTokens];
  for (const token of smaller) if (!larger.has(token)) return false;
  for (const token of larger) if (!smaller.has(token) && isDistinguishing(token)) return false;
  return true;
}

function kmBetween(a: SourceRecord, b: SourceRecord): number {
  return distance([a.longitude, a.latitude], [b.longitude, b.latitude], { units: 'kilometers' });
}

/** "DAM SITE RIVER (BEAVER LAKE)" → "Dam Site River (Beaver Lake)"; "(AR)" is dropped. */
function displayName(name: string): string {
  const trimmed = name.replace(/\s*\(AR\)\s*$/i, '').trim();
  if (trimmed !== trimmed.toUpperCase()) return trimmed;
  return trimmed
    .toLowerCase()
    .replace(
      /(^|[\s(/-])([a-z])/g,
      (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
    );
}

const recreationGovFacility = /recreation\.gov\/camping\/campgrounds\/(\d+)/;

function osmText(record: OsmRecord, tag: string): string | null {
  const value = record[tag];
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  return text.length > 0 ? text : null;
}

/** OSM yes/no tags: `yes` → true, `no` → false, anything else (e.g. `seasonal`) unknown. */
function osmYesNo(record: OsmRecord, tag: string): boolean | null {
  const value = osmText(record, tag)?.toLowerCase();
  if (value === 'yes') return true;
  if (value === 'no') return false;
  return null;
}

function osmCount(record: OsmRecord, tag: string): number | null {
  const value = osmText(record, tag);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

function emptyAmenities(): Amenities {
  return Object.fromEntries(campgroundAmenityFlags.map((flag) => [flag, null])) as Amenities;
}

/** Amenities a RIDB record lists. Absence from the list is not a "no": it stays unknown. */
function ridbAmenities(record: RidbRecord): Partial<Record<AmenityFlag, boolean>> {
  const listed = new Set(record.amenities);
  const rigs = new Set(record.rig_friendly);
  const amenities: Partial<Record<AmenityFlag, boolean>> = {};
  if (listed.has('toilets')) amenities.restrooms = true;
  if (listed.has('water')) amenities.drinking_water = true;
  if (listed.has('showers')) amenities.showers = true;
  if (listed.has('fire_rings')) amenities.fire_rings = true;
  if (listed.has('picnic_tables')) amenities.picnic_tables = true;
  if (rigs.has('RV') || rigs.has('trailer')) amenities.rvs_allowed = true;
  if (rigs.has('tent')) amenities.tents_allowed = true;
  return amenities;
}

/** Amenities from OSM tags (wiki.openstreetmap.org/wiki/Tag:tourism=camp_site). */
function osmAmenities(record: OsmRecord): Partial<Record<AmenityFlag, boolean | null>> {
  const internet = osmText(record, 'internet_access')?.toLowerCase();
  const dog = osmText(record, 'dog')?.toLowerCase();
  return {
    restrooms: osmYesNo(record, 'toilets'),
    drinking_water: osmYesNo(record, 'drinking_water'),
    showers: osmYesNo(record, 'shower'),
    electric_hookups: osmYesNo(record, 'power_supply'),
    dump_station: osmYesNo(record, 'sanitary_dump_station'),
    tents_allowed: osmYesNo(record, 'tents'),
    rvs_allowed: osmYesNo(record, 'caravans'),
    picnic_tables: osmYesNo(record, 'picnic_table'),
    fishing: osmYesNo(record, 'fishing'),
    wifi: internet === 'wlan' || internet === 'yes' ? true : internet === 'no' ? false : null,
    pet_friendly: dog === 'yes' || dog === 'leashed' ? true : dog === 'no' ? false : null,
  };
}

/** Campground type from an operator name, or null when the operator does not say. */
function typeFromOperator(operator: string): CampgroundType | null {
  if (/corps of engineers|usace/i.test(operator)) return 'corps_of_engineers';
  if (/forest service|\busfs\b/i.test(operator)) return 'national_forest';
  if (/national park service|^nps$|buffalo national river/i.test(operator)) return 'national_park';
  if (/state ?parks?/i.test(operator)) return 'state_park';
  if (/\b(ranch|resort|llc|inc|outfitters|kampgrounds?|koa)\b/i.test(operator)) return 'private';
  return null;
}

/**
 * The campground type the records support, checked from the most direct evidence down:
 * an OSM operator, a name with "State Park" or "CoE", then what a RIDB record says of itself
 * (Buffalo National River, a National Forest, a Forest Service ranger district, or a
 * recreation area of a Corps of Engineers lake: RIDB agency code 130). Else null.
 */
function campgroundType(records: SourceRecord[]): CampgroundType | null {
  for (const record of records) {
    if (!record.osm) continue;
    if (osmText(record.osm, 'operator:type') === 'private') return 'private';
    const operator = osmText(record.osm, 'operator');
    const type = operator ? typeFromOperator(operator) : null;
    if (type) return type;
  }
  if (records.some((record) => /state park/i.test(record.name))) return 'state_park';
  if (records.some((record) => /\bCoE\b/.test(record.name))) return 'corps_of_engineers';
  for (const record of records) {
    if (!record.ridb) continue;
    const description = record.ridb.description ?? '';
    if (/buffalo national river/i.test(description)) return 'national_park';
    if (/national forest/i.test(description) || /ranger district/i.test(record.name)) {
      return 'national_forest';
    }
    if (/agencyCode=130\b/.test(description)) return 'corps_of_engineers';
  }
  return null;
}

/** Lowercase ASCII slug of `text` (accents dropped, other characters → "-"), at most 100 long. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** Arkansas county polygons (us-atlas, data/basemap/arkansas-counties.geojson). */
export interface County {
  name: string;
  geometry: Polygon | MultiPolygon;
}

/** The 75 county polygons of `${dataDir}/basemap/arkansas-counties.geojson`. Throws if unreadable. */
export function loadCounties(dataDir: string): County[] {
  return readFeatureCollection<Polygon | MultiPolygon, { name: string }>(
    join(dataDir, 'basemap', 'arkansas-counties.geojson'),
  ).features.map((feature) => ({ name: feature.properties.name, geometry: feature.geometry }));
}

/** Name of the county holding [longitude, latitude], or null outside every polygon (outside Arkansas). */
export function countyAt(counties: County[], longitude: number, latitude: number): string | null {
  const county = counties.find((candidate) =>
    booleanPointInPolygon([longitude, latitude], candidate.geometry),
  );
  return county?.name ?? null;
}

/** A RIDB facility that is a ranger district's office, by its name. */
const rangerDistrictOffice = /\bRanger District$/i;

function toSourceRecords(dataDir: string): SourceRecord[] {
  const ridb = readPointRecords<RidbRecord>(join(dataDir, 'campgrounds', 'ridb-arkansas.geojson'));
  const osm = readPointRecords<OsmRecord>(join(dataDir, 'campgrounds', 'osm-arkansas.geojson'));
  const fromRecord = (
    point: PointRecord<unknown>,
    fields: Omit<SourceRecord, 'nameTokens' | 'genericName' | 'longitude' | 'latitude'>,
  ): SourceRecord => {
    const nameTokens = campgroundNameTokens(fields.name);
    const genericName = [...nameTokens].every(isDistinguishing);
    return {
      ...fields,
      nameTokens,
      genericName,
      longitude: point.longitude,
      latitude: point.latitude,
    };
  };
  return [
    // RIDB lists the Ouachita NF ranger district offices as facilities ("Mena/Oden Ranger
    // District", described by their office address): offices, not places to camp.
    ...ridb
      .filter((point) => !rangerDistrictOffice.test(point.properties.name))
      .map((point) =>
        fromRecord(point, {
          source: `RIDB facility ${point.properties.facility_id}`,
          name: displayName(point.properties.name),
          facilityId: point.properties.facility_id,
          ridb: point.properties,
          osm: null,
        }),
      ),
    // Only named OSM points are campgrounds a rider can look up; a bare number ("25") is a
    // pitch label, not a campground name.
    ...osm
      .filter((point) => /[a-z]/i.test(String(point.properties.name ?? '')))
      .map((point) =>
        fromRecord(point, {
          source: `OSM node ${point.properties.osm_id}`,
          name: String(point.properties.name).trim(),
          facilityId:
            recreationGovFacility.exec(String(point.properties.website ?? ''))?.[1] ?? null,
          ridb: null,
          osm: point.properties,
        }),
      ),
  ];
}

/**
 * Groups records that describe the same campground. Links, strongest first: an OSM `website`
 * naming a RIDB facility id; then same-name and near-same-name pairs within
 * `sameCampgroundMaxKm`, closest first. Two groups are never joined if that would put together
 * two records with distinct specific names (e.g. "Dam Site Lake" and "Dam Site River").
 */
function groupSameCampgrounds(records: SourceRecord[]): SourceRecord[][] {
  const facilityRecords = new Map(
    records.filter((record) => record.ridb).map((record) => [record.facilityId, record]),
  );
  const links: { a: SourceRecord; b: SourceRecord; rank: number; km: number }[] = [];
  for (const record of records) {
    const facility =
      record.osm && record.facilityId ? facilityRecords.get(record.facilityId) : null;
    if (facility) links.push({ a: record, b: facility, rank: 0, km: kmBetween(record, facility) });
  }
  for (let i = 0; i < records.length; i++) {
    for (let j = i + 1; j < records.length; j++) {
      const a = records[i]!;
      const b = records[j]!;
      if (!namesMatch(a, b)) continue;
      const km = kmBetween(a, b);
      if (km > sameCampgroundMaxKm) continue;
      const sameTokens = a.nameTokens.size === b.nameTokens.size;
      links.push({ a, b, rank: sameTokens ? 1 : 2, km });
    }
  }
  links.sort((x, y) => x.rank - y.rank || x.km - y.km);

  const groupOf = new Map(records.map((record) => [record, [record]]));
  const conflicts = (a: SourceRecord, b: SourceRecord) =>
    !a.genericName && !b.genericName && !namesMatch(a, b) && a.facilityId !== b.facilityId;
  for (const { a, b, rank } of links) {
    const groupA = groupOf.get(a)!;
    const groupB = groupOf.get(b)!;
    if (groupA === groupB) continue;
    if (rank > 0 && groupA.some((x) => groupB.some((y) => conflicts(x, y)))) continue;
    const merged = [...groupA, ...groupB];
    for (const record of merged) groupOf.set(record, merged);
  }
  return [...new Set(groupOf.values())];
}

/** RIDB record with the most listed facts first, so its name and text lead the document. */
function ridbRichness(record: RidbRecord): number {
  return record.amenities.length + record.rig_friendly.length;
}

function firstNonNull<T>(values: (T | null | undefined)[]): T | null {
  for (const value of values) if (value !== null && value !== undefined) return value;
  return null;
}

function feeText(record: OsmRecord): string | null {
  const charge = osmText(record, 'charge');
  if (charge) return charge;
  const fee = osmText(record, 'fee');
  if (!fee) return null;
  if (fee.toLowerCase() === 'yes') return 'Fee charged (amount not listed)';
  if (fee.toLowerCase() === 'no') return 'No fee';
  return /^\d+(\.\d+)?$/.test(fee) ? `$${fee}` : fee;
}

function ridbDescription(record: RidbRecord): string | null {
  if (!record.description) return null;
  const text = htmlToPlainText(record.description);
  if (!text) return null;
  return record.description.length >= ridbDescriptionCutLength ? `${text}…` : text;
}

/** Amenities said by any source; a "yes" from any source wins (a record that lists one saw it). */
function mergedAmenities(ridb: RidbRecord[], osm: OsmRecord[]): Campground['amenities'] {
  const amenities = emptyAmenities();
  const said = [...ridb.map(ridbAmenities), ...osm.map((record) => osmAmenities(record))];
  for (const flag of campgroundAmenityFlags) {
    const values = said.map((amenity) => amenity[flag]).filter((value) => value != null);
    amenities[flag] = values.length === 0 ? null : values.some(Boolean);
  }
  return amenities;
}

/** The distinct descriptions of the group: RIDB descriptions, then OSM description or note. */
function mergedDescriptions(ridb: RidbRecord[], osm: OsmRecord[]): string[] {
  const descriptions = [
    ...ridb.map(ridbDescription),
    ...osm.map((record) => osmText(record, 'description') ?? osmText(record, 'note')),
  ].filter((text): text is string => Boolean(text));
  return [...new Set(descriptions)];
}

/** "12 Lake Rd" from OSM addr:housenumber and addr:street; null without a street. */
function osmAddress(record: OsmRecord): string | null {
  const street = osmText(record, 'addr:street');
  if (!street) return null;
  const number = osmText(record, 'addr:housenumber');
  return number ? `${number} ${street}` : street;
}

/** The OSM operator; one OSM node puts a URL in `operator`, which names no operator. */
function osmOperator(record: OsmRecord): string | null {
  const value = osmText(record, 'operator');
  return value && !/^https?:/i.test(value) ? value : null;
}

function buildCampground(
  group: SourceRecord[],
  counties: County[],
  context: CampgroundContext,
  updatedAt: number,
): Omit<Campground, 'id'> {
  const ridbRecords = group
    .filter((record) => record.ridb)
    .sort(
      (a, b) => ridbRichness(b.ridb!) - ridbRichness(a.ridb!) || a.source.localeCompare(b.source),
    );
  const osmRecords = group
    .filter((record) => record.osm)
    .sort((a, b) => Object.keys(b.osm!).length - Object.keys(a.osm!).length);
  const ordered = [...ridbRecords, ...osmRecords];
  const osm = osmRecords.map((record) => record.osm!);

  const named = ordered.filter((record) => !record.genericName);
  const nameRecord =
    [...(named.length > 0 ? named : ordered)].sort(
      (a, b) => b.nameTokens.size - a.nameTokens.size || b.name.length - a.name.length,
    )[0] ?? ordered[0]!;
  // The located point: an OSM node is the mapped site itself; RIDB points are facility centres.
  const anchor = osmRecords.find((record) => !record.genericName) ?? ordered[0]!;

  const ridb = ridbRecords.map((record) => record.ridb!);
  const amenities = mergedAmenities(ridb, osm);
  const uniqueDescriptions = mergedDescriptions(ridb, osm);
  const website = firstNonNull(osm.map((record) => osmText(record, 'website')));
  const address = firstNonNull(osm.map(osmAddress));
  const operator = firstNonNull(osm.map(osmOperator));
  const roadSurface = firstNonNull(ridbRecords.map((record) => record.ridb!.road_difficulty));
  const county = countyAt(counties, anchor.longitude, anchor.latitude);
  const ridbFacilityId = ridbRecords[0]?.ridb?.facility_id ?? null;

  return {
    name: nameRecord.name,
    type: campgroundType(ordered),
    description:
      uniqueDescriptions.length > 0 ? uniqueDescriptions.join('\n\n').slice(0, 8000) : null,
    operator,
    location: {
      longitude: anchor.longitude,
      latitude: anchor.latitude,
      address,
      city: firstNonNull(osm.map((record) => osmText(record, 'addr:city'))),
      county,
      region: context.regionOf(county, anchor.latitude),
    },
    siteCounts: {
      total: firstNonNull(
        osm.map((record) => osmCount(record, 'capacity:pitches') ?? osmCount(record, 'capacity')),
      ),
      tent: firstNonNull(osm.map((record) => osmCount(record, 'capacity:tents'))),
      rv: firstNonNull(osm.map((record) => osmCount(record, 'capacity:caravans'))),
      cabins: firstNonNull(osm.map((record) => osmCount(record, 'capacity:cabins'))),
    },
    amenities,
    fee: firstNonNull(osm.map(feeText)),
    roadSurface,
    contact: {
      phone: firstNonNull(osm.map((record) => osmText(record, 'phone'))),
      website,
      email: firstNonNull(osm.map((record) => osmText(record, 'email'))),
      // Recreation.gov takes reservations for its RIDB facilities at this address.
      reservationUrl: ridbFacilityId
        ? `https://www.recreation.gov/camping/campgrounds/${ridbFacilityId}`
        : website && (recreationGovFacility.test(website) || /reserve\./i.test(website))
          ? website
          : null,
    },
    ridbFacilityId,
    osmNodeId: osm[0]?.osm_id ?? null,
    ratings: { ...unratedCampground },
    nearbyAttractions: context.nearbyAttractions(anchor.longitude, anchor.latitude),
    sources: ordered.map((record) => record.source),
    updatedAt,
  };
}

/**
 * Campground documents (schemas/campgrounds.ts) merged from
 * `${dataDir}/campgrounds/ridb-arkansas.geojson` and the named points of
 * `${dataDir}/campgrounds/osm-arkansas.geojson`, with the county found by point-in-polygon in
 * `${dataDir}/basemap/arkansas-counties.geojson` (null outside Arkansas). Ids are slugs of the
 * name; where two campgrounds share a name, each gets its first source's id appended
 * (`cherokee-ridb-247801`), so ids are unique and stable for the same data. Sorted by id.
 * Throws if a file is unreadable.
 */
export function loadCampgrounds(dataDir: string, updatedAt: number): Campground[] {
  const counties = loadCounties(dataDir);
  const context = loadCampgroundContext(dataDir);
  const campgrounds = groupSameCampgrounds(toSourceRecords(dataDir)).map((group) =>
    buildCampground(group, counties, context, updatedAt),
  );
  const slugCounts = new Map<string, number>();
  for (const campground of campgrounds) {
    const slug = slugify(campground.name);
    slugCounts.set(slug, (slugCounts.get(slug) ?? 0) + 1);
  }
  return campgrounds
    .map((campground) => {
      const slug = slugify(campground.name);
      const firstSource = campground.sources[0] ?? '';
      const suffix = firstSource.replace(/^RIDB facility /, 'ridb-').replace(/^OSM node /, 'osm-');
      return { id: slugCounts.get(slug) === 1 ? slug : `${slug}-${suffix}`, ...campground };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** A campground as the app bundles it (src/explore/campgrounds/bundled-campgrounds.json). */
export type BundledCampground = Omit<Campground, 'updatedAt'>;

/**
 * `campgrounds` without `updatedAt`, the server's seeding time: no fact about a campground, and
 * it would change the bundled file on every build. Order kept.
 */
export function bundledCampgroundDocuments(
  campgrounds: readonly Campground[],
): BundledCampground[] {
  return campgrounds.map(({ updatedAt: _seededAt, ...campground }) => campground);
}
