/**
 * Which way the rider is going, from their fixes, for the arrow on the navigation map: the
 * device's course over ground (`GeolocationCoordinates.heading`) when the receiver gives one,
 * else the bearing of the rider's latest movement, else unknown (the map draws a dot).
 *
 * Movement is measured from an anchor, as in track-stats.ts: standing still, a phone's fixes
 * wander by a few metres, and a bearing between two of them points anywhere. A fix moves the
 * anchor (and sets the bearing) only once it lies a step away, the step being the fix's
 * accuracy held between `MIN_STEP_METERS` and `MAX_STEP_METERS`. Until then, and while the rider
 * stands, the last heading is kept: a stopped rider still faces the way they rode.
 */
import type { LonLat } from './route-geometry.ts';
import { bearingDegrees, distanceMeters } from './track-stats.ts';

/** The smallest movement (m) that gives a bearing; also the step when accuracy is unknown. */
export const MIN_STEP_METERS = 8;
/** The largest step (m): a vague fix must not hide real movement for long. */
export const MAX_STEP_METERS = 25;

/** The reducer's state: plain JSON, kept in the navigation machine's context. */
export interface RiderHeading {
  /** Degrees clockwise from true north in [0, 360), or null while unknown. */
  headingDegrees: number | null;
  /** Where the last counted movement ended (or the first fix); null before any fix. */
  anchor: LonLat | null;
}

/** One fix as the heading reads it; `heading` is the device's course (null, NaN: none). */
export interface HeadingFix {
  position: LonLat;
  accuracy?: number | null;
  heading?: number | null;
}

/** Before the first fix: no heading. */
export function unknownRiderHeading(): RiderHeading {
  return { headingDegrees: null, anchor: null };
}

/** `degrees` in [0, 360). */
function normalised(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/** The heading after `fix` (see the file comment for the rules). */
export function nextRiderHeading(state: RiderHeading, fix: HeadingFix): RiderHeading {
  const device = fix.heading;
  if (typeof device === 'number' && Number.isFinite(device)) {
    return { headingDegrees: normalised(device), anchor: fix.position };
  }
  if (!state.anchor) return { headingDegrees: state.headingDegrees, anchor: fix.position };
  const from = { longitude: state.anchor[0], latitude: state.anchor[1] };
  const to = { longitude: fix.position[0], latitude: fix.position[1] };
  const step = Math.min(
    Math.max(fix.accuracy ?? MIN_STEP_METERS, MIN_STEP_METERS),
    MAX_STEP_METERS,
  );
  if (distanceMeters(from, to) < step) return state;
  return { headingDegrees: bearingDegrees(from, to), anchor: fix.position };
}
