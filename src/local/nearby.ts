/**
 * What lies near a park or area page's point: campgrounds, other catalogue trails and Wildlife
 * Management Areas within a radius, nearest first. Distances are straight-line (great-circle,
 * @turf/distance) in miles from the catalogue point, not driving distances, and inherit that
 * point's accuracy (most points are approximate: data/places/README.md "Known limits").
 */
import { distance } from '@turf/distance';
import { nearbyAttractionRadiusMiles } from '../../schemas/campgrounds.ts';

/** Radius of "near" on the park pages, miles: the same as campgrounds' nearby attractions. */
export const parkNearbyRadiusMiles = nearbyAttractionRadiusMiles;

/** A point in decimal degrees WGS84. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

/** An item with the straight-line distance to the page's point, in miles. */
export interface Nearby<T> {
  item: T;
  distanceMiles: number;
}

/**
 * The items within `radiusMiles` (inclusive) of `center`, nearest first (ties by the order
 * given). `locate` gives an item's point; items it returns null for are skipped. Throws a
 * RangeError for a negative or non-finite radius.
 */
export function withinRadius<T>(
  center: LatLon,
  items: readonly T[],
  locate: (item: T) => LatLon | null,
  radiusMiles: number = parkNearbyRadiusMiles,
): Nearby<T>[] {
  if (!Number.isFinite(radiusMiles) || radiusMiles < 0) {
    throw new RangeError(`radiusMiles must be a finite number ≥ 0, got ${radiusMiles}`);
  }
  const from = [center.longitude, center.latitude];
  const found: Nearby<T>[] = [];
  for (const item of items) {
    const point = locate(item);
    if (!point) continue;
    const miles = distance(from, [point.longitude, point.latitude], { units: 'miles' });
    if (miles <= radiusMiles) found.push({ item, distanceMiles: miles });
  }
  return found.sort((a, b) => a.distanceMiles - b.distanceMiles);
}

/** "0.4 mi", "12 mi": one decimal under 10 miles, whole miles above (straight line). */
export function formatMiles(miles: number): string {
  return miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}
