/**
 * The trail a report is most likely about: the nearest trail line within 200 m of the reported
 * point (issue "Trail reports from the field", "Filing, offline"). Pure: the caller hands the
 * trails the device holds. Distances are along the ground (Turf's great-circle distance to the
 * nearest point of the line), in metres; positions are [longitude, latitude] degrees.
 */
import distance from '@turf/distance';
import { lineString, point } from '@turf/helpers';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import type { Trail } from '../../../schemas/trails.ts';

/** How far from a trail line a report may be and still be suggested for it, metres. */
export const trailSuggestionRadiusMetres = 200;

/** The fields the suggestion reads. */
export type LineTrail = Pick<Trail, 'id' | 'name' | 'path' | 'longitude' | 'latitude'>;

/** A suggested trail and how far the point is from its line (or its trailhead), metres. */
export interface TrailSuggestion<T extends LineTrail = LineTrail> {
  trail: T;
  distanceMetres: number;
}

/** Degrees of latitude in `metres` (one degree is about 111 km), to skip far trails cheaply. */
const degreesOf = (metres: number) => metres / 111_000;

/** The distance in metres from `position` to the trail's line, or to its point when it has none. */
export function distanceToTrailMetres(trail: LineTrail, position: [number, number]): number {
  const line = (trail.path ?? []).map(([lon, lat]) => [lon!, lat!] as [number, number]);
  if (line.length >= 2) {
    return nearestPointOnLine(lineString(line), point(position), { units: 'meters' }).properties
      .dist;
  }
  return distance(point(position), point([trail.longitude, trail.latitude]), { units: 'meters' });
}

/**
 * The nearest trail whose line (or, for a trail without a line, its point) is within
 * `radiusMetres` (default 200) of `position` ([lon, lat]); null when none is.
 */
export function suggestNearestTrail<T extends LineTrail>(
  position: [number, number],
  trails: readonly T[],
  radiusMetres: number = trailSuggestionRadiusMetres,
): TrailSuggestion<T> | null {
  const [lon, lat] = position;
  const latMargin = degreesOf(radiusMetres);
  const lonMargin = latMargin / Math.max(0.1, Math.cos((lat * Math.PI) / 180));
  let best: TrailSuggestion<T> | null = null;
  for (const trail of trails) {
    const points = trail.path?.length ? trail.path : [[trail.longitude, trail.latitude]];
    // Far outside the line's box by more than the radius: cannot be within it.
    let west = Infinity;
    let east = -Infinity;
    let south = Infinity;
    let north = -Infinity;
    for (const [x, y] of points) {
      west = Math.min(west, x!);
      east = Math.max(east, x!);
      south = Math.min(south, y!);
      north = Math.max(north, y!);
    }
    if (
      lon < west - lonMargin ||
      lon > east + lonMargin ||
      lat < south - latMargin ||
      lat > north + latMargin
    ) {
      continue;
    }
    const metres = distanceToTrailMetres(trail, position);
    if (metres <= radiusMetres && (!best || metres < best.distanceMetres)) {
      best = { trail, distanceMetres: metres };
    }
  }
  return best;
}
