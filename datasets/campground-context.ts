/**
 * What the shipped data says about a campground's surroundings: its region, taken
 * from the regions the trail and WMA datasets give the points of its county, and the trails,
 * WMAs, lakes and rivers within `nearbyAttractionRadiusMiles`. Both are ours, computed from
 * data/ when the server seeds; no source publishes them per campground.
 */
import { join } from 'node:path';
import { distance } from '@turf/distance';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { nearestPointOnLine } from '@turf/nearest-point-on-line';
import type { LineString, MultiLineString, Polygon } from 'geojson';
import { nearbyAttractionRadiusMiles, type NearbyAttraction } from '../schemas/campgrounds.ts';
import { readFeatureCollection, readPointRecords } from './geojson.ts';

/** Latitude north of which the trail dataset counts River Valley counties as Ozarks (data/places/README.md). */
const ozarksLatitude = 35.55;

/** A named place a campground may list as a nearby attraction. */
interface AttractionCandidate {
  name: string;
  type: NearbyAttraction['type'];
  /** Miles from [longitude, latitude] to the place (0 inside a lake). */
  milesFrom(point: [number, number]): number;
}

/** Surroundings of campgrounds, from one reading of the data folder. */
export interface CampgroundContext {
  /** The region of a point in `county`, or null when the data gives that county none. */
  regionOf(county: string | null, latitude: number): string | null;
  /** Trails, WMAs, lakes and rivers within the radius, nearest first, miles to 1 decimal. */
  nearbyAttractions(longitude: number, latitude: number): NearbyAttraction[];
}

const miles = (a: [number, number], b: [number, number]) => distance(a, b, { units: 'miles' });

/**
 * Reads `${dataDir}/places/{trails,wmas}.geojson` and `${dataDir}/basemap/ne-{lakes,rivers}.geojson`.
 * Region rule: every trail and WMA point names its county and region; a county whose points all
 * share one region gets it; a county split between Arkansas River Valley and Ozarks follows the
 * dataset's own rule (north of 35.55° N is Ozarks); any other county is unknown (null).
 * Throws if a file is unreadable.
 */
export function loadCampgroundContext(dataDir: string): CampgroundContext {
  const places = [
    ...readPointRecords<{ name: string; county: string; region: string }>(
      join(dataDir, 'places', 'trails.geojson'),
    ).map((record) => ({ ...record, type: 'trail' as const })),
    ...readPointRecords<{ name: string; county: string; region: string }>(
      join(dataDir, 'places', 'wmas.geojson'),
    ).map((record) => ({ ...record, type: 'wma' as const })),
  ];
  const countyRegions = new Map<string, Set<string>>();
  for (const place of places) {
    const regions = countyRegions.get(place.properties.county) ?? new Set<string>();
    regions.add(place.properties.region);
    countyRegions.set(place.properties.county, regions);
  }

  const candidates: AttractionCandidate[] = places.map((place) => ({
    name: place.properties.name,
    type: place.type,
    milesFrom: (point) => miles(point, [place.longitude, place.latitude]),
  }));
  candidates.push(...lakeCandidates(dataDir), ...riverCandidates(dataDir));

  return {
    regionOf(county, latitude) {
      const regions = county ? countyRegions.get(county) : undefined;
      if (!regions) return null;
      if (regions.size === 1) return [...regions][0]!;
      if (regions.size === 2 && regions.has('Ozarks') && regions.has('Arkansas River Valley')) {
        return latitude > ozarksLatitude ? 'Ozarks' : 'Arkansas River Valley';
      }
      return null;
    },
    nearbyAttractions(longitude, latitude) {
      // A river is many segments in Natural Earth; list each named place once, at its nearest.
      const nearest = new Map<string, NearbyAttraction>();
      for (const candidate of candidates) {
        const distanceMiles = Math.round(candidate.milesFrom([longitude, latitude]) * 10) / 10;
        if (distanceMiles > nearbyAttractionRadiusMiles) continue;
        const key = `${candidate.type}:${candidate.name}`;
        const known = nearest.get(key);
        if (!known || distanceMiles < known.distanceMiles) {
          nearest.set(key, { name: candidate.name, type: candidate.type, distanceMiles });
        }
      }
      return [...nearest.values()]
        .sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name))
        .slice(0, 40);
    },
  };
}

/** Named Natural Earth lakes: 0 miles inside the lake, else the distance to its shore. */
function lakeCandidates(dataDir: string): AttractionCandidate[] {
  const candidates: AttractionCandidate[] = [];
  const lakes = readFeatureCollection<Polygon, { name: string | null }>(
    join(dataDir, 'basemap', 'ne-lakes.geojson'),
  ).features;
  for (const lake of lakes) {
    if (!lake.properties.name) continue;
    candidates.push({
      name: lake.properties.name,
      type: 'lake',
      milesFrom: (point) => {
        if (booleanPointInPolygon(point, lake.geometry)) return 0;
        const shore: LineString = {
          type: 'LineString',
          coordinates: lake.geometry.coordinates[0]!,
        };
        return miles(
          point,
          nearestPointOnLine(shore, point).geometry.coordinates as [number, number],
        );
      },
    });
  }
  return candidates;
}

/** Named Natural Earth river segments, each with the distance to its nearest point. */
function riverCandidates(dataDir: string): AttractionCandidate[] {
  const candidates: AttractionCandidate[] = [];
  const rivers = readFeatureCollection<
    LineString | MultiLineString,
    { name: string | null; name_full?: string | null }
  >(join(dataDir, 'basemap', 'ne-rivers.geojson')).features;
  for (const river of rivers) {
    const name = river.properties.name_full ?? river.properties.name;
    if (!name) continue;
    candidates.push({
      name,
      type: 'river',
      milesFrom: (point) =>
        miles(
          point,
          nearestPointOnLine(river.geometry, point).geometry.coordinates as [number, number],
        ),
    });
  }
  return candidates;
}
