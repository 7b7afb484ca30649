/**
 * Reader of the USFS OHV trail lines in data/trails/ (data/README.md gives each file's
 * source, date and licence), shared by the server's seed (trail documents) and the tile build
 * (the `trail_lines` map layer), so both name and measure every line the same way.
 *
 * Coordinates are [longitude, latitude] degrees WGS84, rounded to 6 decimals (about 0.1 m),
 * which keeps the catalogue pull near 23,000 vertices without visible change. Lengths are
 * @turf/length of the published geometry, in miles. The files carry no elevations.
 */
import { join } from 'node:path';
import { length } from '@turf/length';
import type { Feature, LineString, MultiLineString, Position } from 'geojson';
import type { Trail, TrailVehicleClass } from '../schemas/trails.ts';
import { countyAt, loadCounties, slugify } from './campgrounds.ts';
import { readFeatureCollection } from './geojson.ts';

/** The two USFS layers the files were cut from. */
const ozarkLayer = {
  name: 'USFS National Forest System trails, Ozark-St. Francis NF (OZARKNFS_TRAILS_NFS, Arkansas GIS Office mirror, refreshed 2021-06-08)',
  url: 'https://gis.arkansas.gov/arcgis/rest/services/FEATURESERVICES/Transportation/FeatureServer/14',
  dataDate: '2021-06-08',
} as const;

const ouachitaLayer = {
  name: 'USFS National Forest System trails, Ouachita NF (EDW_TrailNFSPublish_01, 2021 data)',
  url: 'https://apps.fs.usda.gov/arcx/rest/services/EDW/EDW_TrailNFSPublish_01/MapServer/0',
  // data/README.md dates these lines to 2021 only; an ISO year, not an invented day.
  dataDate: '2021',
} as const;

/**
 * Wolf Pen Gap's season as the Mena page reports it, approximately and unconfirmed by the Forest
 * Service: "closed roughly November to mid-March". The window is those words as month-days (open
 * from March 15 through October 31) and keeps them in `reportedAs`, so every label says "likely"
 * and "reported, unconfirmed" (src/lib/trail-season.ts).
 */
const wolfPenGapSeason: NonNullable<Trail['season']> = {
  yearRound: false,
  openFrom: '03-15',
  openUntil: '10-31',
  reportedAs: 'closed roughly November to mid-March',
  source:
    'Reported by the Mena, Arkansas trail page, not confirmed by the Forest Service: seasonal closure roughly November to mid-March; exact dates unknown (http://www.menaarkansas.us/wolf_pen_gap_trails/wolf_pen_gap_trails.htm)',
};

/** One shipped file: the system (a trail of data/places/trails.geojson) its lines belong to. */
export interface UsfsTrailLineFile {
  file: string;
  systemId: string;
  layer: typeof ozarkLayer | typeof ouachitaLayer;
  /** Where the project's copy came from (data/README.md). */
  copiedFrom: string;
}

/** The four files, in the order their lines are listed. */
export const usfsTrailLineFiles: readonly UsfsTrailLineFile[] = [
  {
    file: 'trails/usfs-ohv-brock-creek.geojson',
    systemId: 'brock-creek-ohv-trail',
    layer: ozarkLayer,
    copiedFrom: 'mikesassatelli/offroad-parks @6606d8e public/poc/brock-creek-trails.geojson',
  },
  {
    file: 'trails/usfs-ohv-buckhorn.geojson',
    systemId: 'buckhorn-ohv-trail',
    layer: ozarkLayer,
    copiedFrom: 'mikesassatelli/offroad-parks @e8bab46 public/poc/buckhorn-trails.geojson',
  },
  {
    file: 'trails/usfs-ohv-moccasin-gap.geojson',
    systemId: 'moccasin-gap-trail',
    layer: ozarkLayer,
    copiedFrom: 'mikesassatelli/offroad-parks @c4b4605 public/poc/moccasin-gap-trails.geojson',
  },
  {
    file: 'trails/usfs-ohv-wolf-pen-gap.geojson',
    systemId: 'wolf-pen-gap-ohv-trail',
    layer: ouachitaLayer,
    copiedFrom: 'mikesassatelli/offroad-parks @715d28c public/poc/wolf-pen-gap-trails.geojson',
  },
];

/** Properties of a line, as the two layers publish them (Ozark and Ouachita field names). */
interface UsfsLineProperties {
  name?: string | null;
  id?: string | null;
  atv?: string | null;
  motorcycle?: string | null;
  fourwd_gt50?: string | null;
  other_wheeled_ohv?: string | null;
  seasonal?: string | null;
  trail_class?: string | null;
  trail_name?: string | null;
  trail_no?: string | null;
}

/** A USFS line ready for the catalogue and the map. */
export interface UsfsTrailLine {
  /** `<system id>--<slug of the published name>`, with `-<n>` when a name repeats in a file. */
  id: string;
  systemId: string;
  /** Title case of the published name, then the trail number (and section where repeated). */
  name: string;
  trailNumber: string | null;
  /** Null where the layer does not publish classes (Ouachita NF). */
  vehicleClasses: TrailVehicleClass[] | null;
  trailClass: string | null;
  season: Trail['season'];
  dataDate: string;
  /** The published geometry, coordinates rounded (the map draws this). */
  geometry: LineString | MultiLineString;
  /** One line for the catalogue: see `joinParts`. */
  path: Position[];
  /** @turf/length of the published geometry, miles, to 0.01. */
  lengthMiles: number;
  /** County of the first vertex (us-atlas polygons), null outside Arkansas. */
  county: string | null;
  sources: string[];
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function roundLine(line: Position[]): Position[] {
  return line.map(([longitude, latitude]) => [round6(longitude!), round6(latitude!)]);
}

function gap(a: Position, b: Position): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
}

/**
 * One line from a MultiLineString's parts, taken in published order. Each next part is
 * appended after turning it, or the line so far, around where that makes their ends meet (the
 * USFS layer stores some parts end to end in either direction); a shared end vertex is kept
 * once. Where no ends meet (Brock Creek #23, Bradford Easy Loop) the path steps straight from
 * one part to the next: that step is not trail, and `lengthMiles` leaves it out.
 */
export function joinParts(parts: readonly Position[][]): Position[] {
  let joined: Position[] = [...(parts[0] ?? [])];
  for (const part of parts.slice(1)) {
    if (part.length === 0) continue;
    const reversed = [...part].reverse();
    const joinedReversed = [...joined].reverse();
    const options: [Position[], Position[]][] = [
      [joined, part],
      [joined, reversed],
      [joinedReversed, part],
      [joinedReversed, reversed],
    ];
    const [head, tail] = options.reduce((best, option) =>
      gap(option[0].at(-1)!, option[1][0]!) < gap(best[0].at(-1)!, best[1][0]!) ? option : best,
    );
    joined = gap(head.at(-1)!, tail[0]!) === 0 ? [...head, ...tail.slice(1)] : [...head, ...tail];
  }
  return joined;
}

/** Abbreviations kept in capitals: Moccasin Gap's prefix and compass points. */
const keptUpper = new Set(['MG', 'NW', 'NE', 'SW', 'SE']);

/** "BROCK CREEK #47" → "Brock Creek #47"; trail letters ("LOOP A"), "MG" and "WP8" stay. */
export function titleCaseUsfsName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) =>
      word.length === 1 || /\d/.test(word) || keptUpper.has(word)
        ? word
        : word.charAt(0) + word.slice(1).toLowerCase(),
    )
    .join(' ');
}

const vehicleClassFields: [keyof UsfsLineProperties, TrailVehicleClass][] = [
  ['atv', 'atv'],
  ['motorcycle', 'motorcycle'],
  ['fourwd_gt50', '4wd_over_50in'],
  ['other_wheeled_ohv', 'other_wheeled_ohv'],
];

function ozarkSeason(seasonal: string | null | undefined): Trail['season'] {
  // The only value the shipped lines carry; any other would need reading before showing.
  if (seasonal !== 'yearlong') return null;
  return {
    yearRound: true,
    openFrom: null,
    openUntil: null,
    source: `${ozarkLayer.name}: seasonal = "yearlong" (seasons may have changed since)`,
  };
}

interface LineFacts {
  publishedName: string;
  trailNumber: string | null;
  vehicleClasses: TrailVehicleClass[] | null;
  trailClass: string | null;
  season: Trail['season'];
}

function lineFacts(source: UsfsTrailLineFile, properties: UsfsLineProperties): LineFacts {
  if (source.layer === ouachitaLayer) {
    return {
      publishedName: properties.trail_name ?? properties.trail_no ?? '',
      trailNumber: properties.trail_no ?? null,
      vehicleClasses: null,
      trailClass: null,
      season: wolfPenGapSeason,
    };
  }
  return {
    publishedName: properties.name ?? properties.id ?? '',
    trailNumber: properties.id ?? null,
    vehicleClasses: vehicleClassFields
      .filter(([field]) => properties[field] === 'open')
      .map(([, vehicleClass]) => vehicleClass),
    trailClass: properties.trail_class ?? null,
    season: ozarkSeason(properties.seasonal),
  };
}

function roundedGeometry(geometry: LineString | MultiLineString): LineString | MultiLineString {
  return geometry.type === 'LineString'
    ? { type: 'LineString', coordinates: roundLine(geometry.coordinates) }
    : { type: 'MultiLineString', coordinates: geometry.coordinates.map(roundLine) };
}

function readFile(
  dataDir: string,
  source: UsfsTrailLineFile,
): { facts: LineFacts; feature: Feature<LineString | MultiLineString> }[] {
  const collection = readFeatureCollection<LineString | MultiLineString, UsfsLineProperties>(
    join(dataDir, source.file),
  );
  return collection.features.map((feature, index) => {
    const type = feature.geometry?.type;
    if (type !== 'LineString' && type !== 'MultiLineString') {
      throw new Error(`${source.file}: feature ${index} is not a line`);
    }
    const facts = lineFacts(source, feature.properties ?? {});
    if (!facts.publishedName) throw new Error(`${source.file}: feature ${index} has no name`);
    return { facts, feature };
  });
}

interface NamedLine {
  facts: LineFacts;
  feature: Feature<LineString | MultiLineString>;
  /** Id suffix and name label that tell lines of one published name apart. */
  suffix: string;
  labels: string[];
}

/**
 * Tells apart lines published under one name: by trail number where the numbers differ ("MG
 * High Mtn Loop" is 2307 and 2307B), else by section in file order (Wolf Pen Gap 8 in five).
 */
function disambiguate(lines: ReturnType<typeof readFile>): NamedLine[] {
  const byName = new Map<string, LineFacts[]>();
  for (const { facts } of lines) {
    byName.set(facts.publishedName, [...(byName.get(facts.publishedName) ?? []), facts]);
  }
  const seen = new Map<string, number>();
  return lines.map(({ facts, feature }) => {
    const sameName = byName.get(facts.publishedName)!;
    const sameNumber = sameName.filter((other) => other.trailNumber === facts.trailNumber);
    const key = `${facts.publishedName}\n${facts.trailNumber}`;
    const section = (seen.get(key) ?? 0) + 1;
    seen.set(key, section);
    const byNumber = sameName.length > sameNumber.length && facts.trailNumber;
    const bySection = sameNumber.length > 1;
    const labels = [
      facts.trailNumber && facts.trailNumber !== facts.publishedName
        ? `trail ${facts.trailNumber}`
        : null,
      bySection ? `section ${section} of ${sameNumber.length}` : null,
    ].filter((label) => label !== null);
    const suffix = `${byNumber ? `-${slugify(facts.trailNumber!)}` : ''}${bySection ? `-${section}` : ''}`;
    return { facts, feature, suffix, labels };
  });
}

/**
 * Every line of the four files, in file order. Lines sharing a published name are told apart
 * by trail number or section (see `disambiguate`). Throws when a file is unreadable or a
 * feature is not a named line.
 */
export function readUsfsTrailLines(dataDir: string): UsfsTrailLine[] {
  const counties = loadCounties(dataDir);
  return usfsTrailLineFiles.flatMap((source) =>
    disambiguate(readFile(dataDir, source)).map(({ facts, feature, suffix, labels }) => {
      const geometry = roundedGeometry(feature.geometry);
      const path =
        geometry.type === 'LineString' ? geometry.coordinates : joinParts(geometry.coordinates);
      const title = titleCaseUsfsName(facts.publishedName);
      return {
        id: `${source.systemId}--${slugify(facts.publishedName)}${suffix}`,
        systemId: source.systemId,
        name: labels.length > 0 ? `${title} (${labels.join(', ')})` : title,
        trailNumber: facts.trailNumber,
        vehicleClasses: facts.vehicleClasses,
        trailClass: facts.trailClass,
        season: facts.season,
        dataDate: source.layer.dataDate,
        geometry,
        path,
        lengthMiles: Math.round(length(feature, { units: 'miles' }) * 100) / 100,
        county: countyAt(counties, path[0]![0]!, path[0]![1]!),
        sources: [
          `${source.layer.name}, trail ${facts.trailNumber ?? facts.publishedName}`,
          source.layer.url,
          `Project copy: ${source.copiedFrom}`,
          ...(facts.season && !facts.season.yearRound
            ? ['http://www.menaarkansas.us/wolf_pen_gap_trails/wolf_pen_gap_trails.htm']
            : []),
        ],
      };
    }),
  );
}
