/**
 * County and region of a point, for a trail a rider submitted: the county is the
 * us-atlas polygon holding the point (the lookup the USFS trail lines use), the region the one
 * the trail and WMA datasets give that county (the campgrounds' rule, campground-context.ts).
 * Where the datasets name no region for the county (29 of the 75 have no trail or WMA point),
 * the region of the nearest trail or WMA point is used: the datasets' own regions are the only
 * region boundaries the project has.
 */
import { join } from 'node:path';
import { distance } from '@turf/distance';
import { arkansasRegions, type ArkansasRegion } from '../schemas/common.ts';
import { loadCampgroundContext } from './campground-context.ts';
import { countyAt, loadCounties } from './campgrounds.ts';
import { readPointRecords } from './geojson.ts';

/** Where a point lies: its county name and region. */
export interface TrailPlace {
  county: string;
  region: ArkansasRegion;
}

/** Finds the place of [longitude, latitude]; null outside every Arkansas county. */
export type TrailPlaceLookup = (longitude: number, latitude: number) => TrailPlace | null;

function isRegion(value: string | null | undefined): value is ArkansasRegion {
  return (arkansasRegions as readonly (string | null | undefined)[]).includes(value);
}

/**
 * Reads the county polygons and the trail and WMA points of `dataDir` once and returns the
 * lookup. Throws if a file is unreadable.
 */
export function loadTrailPlaceLookup(dataDir: string): TrailPlaceLookup {
  const counties = loadCounties(dataDir);
  const context = loadCampgroundContext(dataDir);
  const places = ['trails', 'wmas'].flatMap((file) =>
    readPointRecords<{ region: string }>(join(dataDir, 'places', `${file}.geojson`)),
  );
  return (longitude, latitude) => {
    const county = countyAt(counties, longitude, latitude);
    if (county === null) return null;
    const own = context.regionOf(county, latitude);
    if (isRegion(own)) return { county, region: own };
    let nearest: { miles: number; region: ArkansasRegion } | null = null;
    for (const place of places) {
      if (!isRegion(place.properties.region)) continue;
      const miles = distance([longitude, latitude], [place.longitude, place.latitude], {
        units: 'miles',
      });
      if (!nearest || miles < nearest.miles) nearest = { miles, region: place.properties.region };
    }
    return nearest ? { county, region: nearest.region } : null;
  };
}
