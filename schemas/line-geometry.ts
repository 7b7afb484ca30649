/**
 * Length and simplification of a trail line ([longitude, latitude] degrees WGS84), shared by the
 * submission form (which simplifies a recorded or imported track before saving it) and the
 * server (which measures the approved line for the trail's `lengthMiles`), so both agree.
 */
import { distance } from '@turf/distance';

/** A position [longitude, latitude] in degrees. */
export type LinePosition = [number, number];

/** Great-circle length of `line` in statute miles (0 for fewer than two positions). */
export function lineLengthMiles(line: readonly (readonly number[])[]): number {
  let miles = 0;
  for (let index = 1; index < line.length; index += 1) {
    const from = line[index - 1]!;
    const to = line[index]!;
    miles += distance([from[0]!, from[1]!], [to[0]!, to[1]!], { units: 'miles' });
  }
  return miles;
}

/** Metres per degree of latitude (mean Earth radius 6,371 km). */
const metersPerDegree = (6_371_000 * Math.PI) / 180;

/** Distance (m) of `point` from segment `start`–`end`, all in local metres. */
function segmentDistance(point: number[], start: number[], end: number[]): number {
  const dx = end[0]! - start[0]!;
  const dy = end[1]! - start[1]!;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(
          0,
          Math.min(
            1,
            ((point[0]! - start[0]!) * dx + (point[1]! - start[1]!) * dy) / lengthSquared,
          ),
        );
  return Math.hypot(point[0]! - (start[0]! + t * dx), point[1]! - (start[1]! + t * dy));
}

/** Indexes Douglas–Peucker keeps at `toleranceMeters` (iterative: long tracks cannot overflow). */
function keptIndexes(projected: number[][], toleranceMeters: number): number[] {
  const keep = new Uint8Array(projected.length);
  keep[0] = 1;
  keep[projected.length - 1] = 1;
  const stack: [number, number][] = [[0, projected.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = toleranceMeters;
    for (let index = first + 1; index < last; index += 1) {
      const away = segmentDistance(projected[index]!, projected[first]!, projected[last]!);
      if (away > farthestDistance) {
        farthest = index;
        farthestDistance = away;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return [...keep.keys()].filter((index) => keep[index] === 1);
}

/**
 * `line` reduced to at most `maxPoints` positions (at least 2) with Douglas–Peucker: positions
 * closer than the tolerance to the simplified line are dropped, starting at `toleranceMeters`
 * and doubling until the line fits. Repeated positions are dropped first; elevations and times
 * are left out. Coordinates are rounded to 6 decimals (about 0.1 m). Returns [] for an empty
 * line and the one position twice for a single one.
 */
export function simplifyLine(
  line: readonly (readonly number[])[],
  maxPoints: number,
  toleranceMeters = 2,
): LinePosition[] {
  const rounded: LinePosition[] = [];
  for (const position of line) {
    const next: LinePosition = [
      Math.round(position[0]! * 1e6) / 1e6,
      Math.round(position[1]! * 1e6) / 1e6,
    ];
    const previous = rounded.at(-1);
    if (!previous || previous[0] !== next[0] || previous[1] !== next[1]) rounded.push(next);
  }
  if (rounded.length === 0) return [];
  if (rounded.length === 1) return [rounded[0]!, [...rounded[0]!]];
  const latitude = (rounded[0]![1] * Math.PI) / 180;
  const projected = rounded.map(([longitude, lat]) => [
    longitude * metersPerDegree * Math.cos(latitude),
    lat * metersPerDegree,
  ]);
  let tolerance = toleranceMeters;
  let kept = keptIndexes(projected, tolerance);
  while (kept.length > Math.max(2, maxPoints)) {
    tolerance *= 2;
    kept = keptIndexes(projected, tolerance);
  }
  return kept.map((index) => rounded[index]!);
}
