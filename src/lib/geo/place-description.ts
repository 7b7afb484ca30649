/**
 * Where a position is, in words a 911 dispatcher or a contact can use: the nearest town of the
 * shipped gazetteer with distance and compass direction, the county, and the nearest named
 * place the device knows (trailhead, trail, campground) when one is close. The emergency card,
 * the emergency text and the dispatcher script all say this one sentence (requirements §voice-2),
 * so they can never disagree. Pure functions: the caller loads the towns and counties
 * (`loadPlaceLookup`) and reads the catalogues from the database.
 */
import distance from '@turf/distance';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import { lineString } from '@turf/helpers';
import type { Campground } from '../../../schemas/campgrounds.ts';
import type { Trail } from '../../../schemas/trails.ts';
import {
  countyAt,
  nearestTown,
  type County,
  type NearestTown,
  type Town,
} from '../outdoor/place-lookup.ts';

/**
 * A named feature is mentioned only within this many miles of the position: farther than a
 * short walk out, "12 miles from a trailhead" helps a searcher less than the town line does.
 */
export const NAMED_FEATURE_RADIUS_MILES = 5;

/** What kind of place a named feature is. */
export type NamedFeatureKind = 'trailhead' | 'trail' | 'campground';

/**
 * A place on the device with a name and an exact position: a point [longitude, latitude], or a
 * trail line of such points.
 */
export interface NamedFeature {
  name: string;
  kind: NamedFeatureKind;
  point: [number, number] | null;
  line: [number, number][] | null;
  /** [west, south, east, north] in degrees, to skip far lines cheaply. */
  bbox: [number, number, number, number];
}

/** The places a description is drawn from. */
export interface PlaceSources {
  /** The gazetteer towns (data/places/arkansas-places.json). */
  towns: readonly Town[];
  /** The county polygons (data/basemap/arkansas-counties.geojson). */
  counties: readonly County[];
  /** Trailheads, trails and campgrounds of the device's catalogues (`namedFeaturesOf`). */
  features: readonly NamedFeature[];
}

/** The nearest named feature and its distance in miles from the position. */
export interface NearestFeature {
  feature: NamedFeature;
  distanceMiles: number;
}

/** The parts of a place description and the sentence made of them. */
export interface PlaceDescriptionParts {
  /** Nearest gazetteer town, with distance (miles) and direction of the position from it. */
  town: NearestTown | null;
  /** County containing the position; null outside the Arkansas county polygons. */
  county: string | null;
  /** Nearest named feature within `NAMED_FEATURE_RADIUS_MILES`, else null. */
  feature: NearestFeature | null;
  /**
   * "8.1 miles E of Mena (Polk County), 0.3 miles from Wolf Pen Gap Trail Complex"; null when
   * there is no town to name.
   */
  sentence: string | null;
}

function boundsOf(points: readonly [number, number][]): [number, number, number, number] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [longitude, latitude] of points) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [west, south, east, north];
}

function featureOf(name: string, kind: NamedFeatureKind, points: [number, number][]): NamedFeature {
  return points.length === 1
    ? { name, kind, point: points[0] ?? null, line: null, bbox: boundsOf(points) }
    : { name, kind, point: null, line: points, bbox: boundsOf(points) };
}

/**
 * The named features of the device's catalogues: every trail with its line (the USFS OHV trail
 * lines), every trail or trailhead whose point is `exact` (an `approximate` point can be
 * kilometres off, data/places/README.md, so it is never named to a rescuer), and every campground
 * at its point.
 */
export function namedFeaturesOf(
  trails: readonly Trail[],
  campgrounds: readonly Campground[],
): NamedFeature[] {
  const features: NamedFeature[] = [];
  for (const trail of trails) {
    const kind: NamedFeatureKind = trail.kind === 'trailhead' ? 'trailhead' : 'trail';
    const line = (trail.path ?? []).map(
      ([longitude, latitude]) => [longitude, latitude] as [number, number],
    );
    if (line.length >= 2) features.push(featureOf(trail.name, kind, line));
    else if (trail.locationConfidence === 'exact') {
      features.push(featureOf(trail.name, kind, [[trail.longitude, trail.latitude]]));
    }
  }
  for (const campground of campgrounds) {
    const { longitude, latitude } = campground.location;
    features.push(featureOf(campground.name, 'campground', [[longitude, latitude]]));
  }
  return features;
}

/** Whether `position` is within about `miles` of the box (1° of latitude is 69 miles). */
function nearBox(position: [number, number], box: NamedFeature['bbox'], miles: number): boolean {
  const latitudeMargin = miles / 69;
  const longitudeMargin = latitudeMargin / Math.max(0.1, Math.cos((position[1] * Math.PI) / 180));
  return (
    position[0] >= box[0] - longitudeMargin &&
    position[0] <= box[2] + longitudeMargin &&
    position[1] >= box[1] - latitudeMargin &&
    position[1] <= box[3] + latitudeMargin
  );
}

/**
 * The named feature nearest to `position` ([longitude, latitude]) within `radiusMiles` (to a
 * line: its nearest point); null when none is that close.
 */
export function nearestFeature(
  position: [number, number],
  features: readonly NamedFeature[],
  radiusMiles = NAMED_FEATURE_RADIUS_MILES,
): NearestFeature | null {
  let best: NearestFeature | null = null;
  for (const feature of features) {
    if (!nearBox(position, feature.bbox, radiusMiles)) continue;
    const miles = feature.point
      ? distance(position, feature.point, { units: 'miles' })
      : (nearestPointOnLine(lineString(feature.line ?? []), position, { units: 'miles' }).properties
          .dist ?? Infinity);
    if (miles <= radiusMiles && (!best || miles < best.distanceMiles)) {
      best = { feature, distanceMiles: miles };
    }
  }
  return best;
}

/** "Mena (Polk County)" in Arkansas, "Memphis, Tennessee" over the state line. */
function townLabel(town: Town): string {
  if (town.state && town.state !== 'AR') return `${town.name}, ${town.state}`;
  return town.county ? `${town.name} (${town.county} County)` : town.name;
}

/** The sentence of the parts (see `PlaceDescriptionParts.sentence`). */
function sentenceOf(
  town: NearestTown,
  county: string | null,
  feature: NearestFeature | null,
): string {
  const townPart =
    town.distanceMiles < 0.1
      ? `in ${townLabel(town.town)}`
      : `${town.distanceMiles.toFixed(1)} miles ${town.direction} of ${townLabel(town.town)}`;
  // The parentheses give the town's county; say the position's own when the line lies between.
  const countyPart = county && county !== town.town.county ? `, in ${county} County` : '';
  const featurePart = !feature
    ? ''
    : feature.distanceMiles < 0.1
      ? `, at ${feature.feature.name}`
      : `, ${feature.distanceMiles.toFixed(1)} miles from ${feature.feature.name}`;
  return `${townPart}${countyPart}${featurePart}`;
}

/**
 * Where `position` ([longitude, latitude], degrees) is: the nearest of all the gazetteer towns
 * by great-circle distance (never one farther than another town), the direction of the position
 * from it (8-point compass, as the rest of the app), the county whose us-atlas polygon contains
 * the position (the rider's own county, which the nearest town's GeoNames county is not when a
 * county line lies between; omitted outside the polygons rather than guessed), and the nearest
 * named feature within `NAMED_FEATURE_RADIUS_MILES`. Distances in miles.
 */
export function describePlace(
  position: [number, number],
  sources: PlaceSources,
): PlaceDescriptionParts {
  const town = nearestTown(position, sources.towns);
  const county = countyAt(position, sources.counties)?.name ?? null;
  const feature = nearestFeature(position, sources.features);
  return { town, county, feature, sentence: town ? sentenceOf(town, county, feature) : null };
}
