/**
 * `npm run trailheads`: upgrades the approximate trail points of
 * data/places/trails.geojson to exact trailheads from the USFS Recreation Sites points
 * (data/places/usfs-ohv-trailheads.geojson) and OpenStreetMap trailhead nodes
 * (data/places/osm-trailheads-arkansas.geojson), adds the named trailheads that match no trail
 * as places of kind `trailhead`, and writes the reviewable report
 * data/places/trailhead-matches.md. Deterministic, and safe to run again: a trailhead whose
 * source is already cited by a place is never used twice. Matching rules:
 * scripts/places/trailhead-matching.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import distance from '@turf/distance';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { loadCampgroundContext } from '../../datasets/campground-context.ts';
import { countyAt, loadCounties, slugify, type County } from '../../datasets/campgrounds.ts';
import {
  judgePair,
  matchTrailheads,
  minNameScore,
  nameScore,
  type NamedPoint,
} from './trailhead-matching.ts';
import { writeTrailheadReport, type ReportInput } from './trailhead-report.ts';

/** Two trailheads this close with agreeing names are one trailhead listed by two sources, km. */
const sameTrailheadKm = 0.3;

const dataDir = fileURLToPath(new URL('../../data', import.meta.url));
const placesDir = join(dataDir, 'places');

/** A record of data/places/trails.geojson (snake_case, as shipped). */
export type PlaceProperties = Record<string, unknown> & {
  id: string;
  name: string;
  kind: string;
  county: string;
  region: string;
  location_confidence: 'exact' | 'approximate';
  sources: string[];
  notes: string | null;
};

/** One candidate trailhead with the source text a place cites for it. */
export interface Trailhead extends NamedPoint {
  source: string;
  properties: Record<string, unknown>;
  origin: 'usfs' | 'osm';
}

function readCollection<P>(file: string): FeatureCollection<Point, P> {
  return JSON.parse(readFileSync(join(placesDir, file), 'utf8')) as FeatureCollection<Point, P>;
}

/** The USFS trailhead points (not its campgrounds) and the named OSM trailhead nodes. */
function loadTrailheads(): Trailhead[] {
  const usfs = readCollection<Record<string, string>>('usfs-ohv-trailheads.geojson')
    .features.filter((feature) => feature.properties.kind === 'trailhead')
    .map((feature) => ({
      id: feature.properties.source_ref!,
      name: feature.properties.name!,
      point: feature.geometry.coordinates as [number, number],
      source: `${feature.properties.source} (${feature.properties.source_ref})`,
      properties: feature.properties,
      origin: 'usfs' as const,
    }));
  const osm = readCollection<Record<string, unknown>>('osm-trailheads-arkansas.geojson')
    .features.filter((feature) => typeof feature.properties.name === 'string')
    .map((feature) => ({
      id: String(feature.properties.osm),
      name: String(feature.properties.name),
      point: feature.geometry.coordinates as [number, number],
      source: `OSM ${String(feature.properties.osm)} (© OpenStreetMap contributors, ODbL)`,
      properties: feature.properties,
      origin: 'osm' as const,
    }));
  return [...usfs, ...osm];
}

const pointOf = (feature: Feature<Point, PlaceProperties>) =>
  feature.geometry.coordinates as [number, number];

/** True when some place already cites `trailhead` (an earlier run used it). */
function alreadyUsed(places: Feature<Point, PlaceProperties>[], trailhead: Trailhead): boolean {
  return places.some((place) => place.properties.sources.includes(trailhead.source));
}

/** Moves `place` to the trailhead's exact point and records where the point came from. */
function upgrade(
  place: Feature<Point, PlaceProperties>,
  trailhead: Trailhead,
  counties: County[],
  regionOf: (county: string, latitude: number) => string | null,
): void {
  const [oldLongitude, oldLatitude] = pointOf(place);
  place.geometry.coordinates = [...trailhead.point];
  const county = countyAt(counties, trailhead.point[0], trailhead.point[1]);
  if (county && county !== place.properties.county) {
    place.properties.county = county;
    place.properties.region = regionOf(county, trailhead.point[1]) ?? place.properties.region;
  }
  place.properties.location_confidence = 'exact';
  place.properties.sources = [...place.properties.sources, trailhead.source];
  const moved = `Trailhead point from ${trailhead.name} (${trailhead.origin === 'osm' ? 'OpenStreetMap' : 'USFS'}); the earlier approximate point was ${oldLatitude}, ${oldLongitude}.`;
  place.properties.notes = place.properties.notes ? `${place.properties.notes} ${moved}` : moved;
}

/** Fee text from OSM's `fee` tag: only what the tag says. */
function feeText(fee: unknown): string | null {
  if (fee === 'no') return 'No fee (OpenStreetMap fee=no)';
  if (fee === 'yes') return 'A fee is charged; the amount is not in OpenStreetMap';
  return null;
}

/**
 * The trail a new trailhead serves: the best-named trail (not another trailhead) that the
 * matching rule would accept for it, or null.
 */
function servedTrail(places: Feature<Point, PlaceProperties>[], trailhead: Trailhead) {
  let best: { id: string; score: number } | null = null;
  for (const place of places) {
    if (place.properties.kind === 'trailhead') continue;
    const score = nameScore(place.properties.name, trailhead.name);
    if (score === 0) continue;
    const km = distance(pointOf(place), trailhead.point, { units: 'kilometers' });
    const trail = { id: place.properties.id, name: place.properties.name, point: pointOf(place) };
    if (!judgePair(trail, trailhead, score, km).accepted) continue;
    if (!best || score > best.score) best = { id: place.properties.id, score };
  }
  return best?.id ?? null;
}

/** A place of kind `trailhead` from an unmatched trailhead, or the reason it is left out. */
function trailheadPlace(
  trailhead: Trailhead,
  places: Feature<Point, PlaceProperties>[],
  counties: County[],
  regionOf: (county: string, latitude: number) => string | null,
  takenIds: Set<string>,
): Feature<Point, PlaceProperties> | string {
  const same = places.find(
    (place) =>
      nameScore(place.properties.name, trailhead.name) >= minNameScore &&
      distance(pointOf(place), trailhead.point, { units: 'kilometers' }) <= sameTrailheadKm,
  );
  if (same) return `the same trailhead as "${same.properties.name}", already listed`;
  const access = trailhead.properties.access;
  if (access === 'private' || access === 'no') return `access=${String(access)} in OpenStreetMap`;
  const county = countyAt(counties, trailhead.point[0], trailhead.point[1]);
  if (!county) return 'outside Arkansas';
  const region = regionOf(county, trailhead.point[1]);
  if (!region) return `no region is known for ${county} County in the shipped data`;
  let id = `trailhead-${slugify(trailhead.name)}`;
  for (let n = 2; takenIds.has(id); n += 1) id = `trailhead-${slugify(trailhead.name)}-${n}`;
  takenIds.add(id);
  const elevation = trailhead.properties.elev_ft;
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [...trailhead.point] },
    properties: {
      id,
      name: trailhead.name,
      kind: 'trailhead',
      system_id: servedTrail(places, trailhead),
      activities: [],
      difficulty: null,
      length_miles: null,
      county,
      region,
      manager:
        typeof trailhead.properties.operator === 'string' ? trailhead.properties.operator : null,
      fee: feeText(trailhead.properties.fee),
      official_url:
        typeof trailhead.properties.website === 'string' ? trailhead.properties.website : null,
      location_confidence: 'exact',
      notes:
        typeof elevation === 'number'
          ? `Elevation about ${elevation} ft (USGS 3DEP terrain, via the OpenStreetMap extract).`
          : null,
      sources: [trailhead.source],
    },
  };
}

/** Runs the import and writes trails.geojson and the report. */
function main(): void {
  const file = join(placesDir, 'trails.geojson');
  const collection = JSON.parse(readFileSync(file, 'utf8')) as FeatureCollection<
    Point,
    PlaceProperties
  >;
  const places = collection.features;
  const counties = loadCounties(dataDir);
  const context = loadCampgroundContext(dataDir);
  const regionOf = (county: string, latitude: number) => context.regionOf(county, latitude);
  const trailheads = loadTrailheads().filter((trailhead) => !alreadyUsed(places, trailhead));
  const approximate = places.filter(
    (place) => place.properties.location_confidence === 'approximate',
  );
  const { candidates, matches } = matchTrailheads(
    approximate.map((place) => ({
      id: place.properties.id,
      name: place.properties.name,
      point: pointOf(place),
    })),
    trailheads,
  );
  const byId = new Map(trailheads.map((trailhead) => [trailhead.id, trailhead]));
  const upgrades: ReportInput['upgrades'] = [];
  for (const place of approximate) {
    const trailhead = byId.get(matches.get(place.properties.id) ?? '');
    if (!trailhead) continue;
    const before = pointOf(place);
    upgrade(place, trailhead, counties, regionOf);
    upgrades.push({
      place: place.properties.name,
      trailhead: trailhead.name,
      source: trailhead.source,
      before,
    });
  }
  const used = new Set(matches.values());
  const added: Feature<Point, PlaceProperties>[] = [];
  const skipped: ReportInput['skipped'] = [];
  const takenIds = new Set(places.map((place) => place.properties.id));
  for (const trailhead of trailheads) {
    if (used.has(trailhead.id)) continue;
    const result = trailheadPlace(trailhead, places, counties, regionOf, takenIds);
    if (typeof result === 'string')
      skipped.push({ trailhead: trailhead.name, source: trailhead.source, reason: result });
    else {
      added.push(result);
      places.push(result);
    }
  }
  writeFileSync(file, `${JSON.stringify(collection, null, 1)}\n`);
  const names = new Map([
    ...places.map((place) => [place.properties.id, place.properties.name] as const),
    ...trailheads.map((trailhead) => [trailhead.id, trailhead.name] as const),
  ]);
  writeTrailheadReport(join(placesDir, 'trailhead-matches.md'), {
    candidates,
    names,
    upgrades,
    added: added.map((feature) => ({
      name: feature.properties.name,
      county: feature.properties.county,
      system: feature.properties.system_id as string | null,
    })),
    skipped,
    unnamedOsm: readCollection<Record<string, unknown>>(
      'osm-trailheads-arkansas.geojson',
    ).features.filter((feature) => typeof feature.properties.name !== 'string').length,
    counts: {
      exact: places.filter((place) => place.properties.location_confidence === 'exact').length,
      approximate: places.filter((place) => place.properties.location_confidence === 'approximate')
        .length,
    },
  });
  console.log(
    `Upgraded ${upgrades.length} trail points to exact, added ${added.length} trailheads, skipped ${skipped.length}.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
