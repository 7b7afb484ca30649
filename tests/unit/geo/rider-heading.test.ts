/**
 * The rider's heading for the navigation map's arrow (src/lib/geo/rider-heading.ts): the
 * device's course when it gives one, else the bearing of movement past the fix's accuracy, kept
 * while the rider stands or GPS noise wanders, and unknown (a dot) before any movement.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_STEP_METERS,
  MIN_STEP_METERS,
  nextRiderHeading,
  unknownRiderHeading,
  type HeadingFix,
} from '../../../src/lib/geo/rider-heading.ts';
import type { LonLat } from '../../../src/lib/geo/route-geometry.ts';

/** Wolf Pen Gap trailhead, roughly: where the fixes start. */
const start: LonLat = [-94.137363, 34.469549];
const metresPerDegreeLatitude = 111_195;

/** The point `metres` from `from` towards `bearing` (degrees), on a flat local approximation. */
function moved(from: LonLat, bearing: number, metres: number): LonLat {
  const radians = (bearing * Math.PI) / 180;
  const cosLatitude = Math.cos((from[1] * Math.PI) / 180);
  return [
    from[0] + (Math.sin(radians) * metres) / (metresPerDegreeLatitude * cosLatitude),
    from[1] + (Math.cos(radians) * metres) / metresPerDegreeLatitude,
  ];
}

function ride(fixes: HeadingFix[]) {
  return fixes.reduce(nextRiderHeading, unknownRiderHeading());
}

describe('rider heading', () => {
  it('is unknown before any fix and after a single one', () => {
    expect(unknownRiderHeading().headingDegrees).toBeNull();
    expect(ride([{ position: start, accuracy: 5 }]).headingDegrees).toBeNull();
  });

  it("takes the device's course when it gives one, normalised to [0, 360)", () => {
    expect(ride([{ position: start, accuracy: 5, heading: 93.5 }]).headingDegrees).toBe(93.5);
    expect(ride([{ position: start, accuracy: 5, heading: -90 }]).headingDegrees).toBe(270);
    expect(ride([{ position: start, accuracy: 5, heading: 360 }]).headingDegrees).toBe(0);
  });

  it('ignores a course of NaN (standing still) or null (no course)', () => {
    const state = ride([
      { position: start, accuracy: 5, heading: 45 },
      { position: start, accuracy: 5, heading: Number.NaN },
      { position: start, accuracy: 5, heading: null },
    ]);
    expect(state.headingDegrees).toBe(45);
  });

  it.each([0, 45, 135, 200, 315])(
    'rides at %i° without a device course: the arrow says so',
    (bearing) => {
      const fixes: HeadingFix[] = [];
      for (let metres = 0; metres <= 60; metres += 15) {
        fixes.push({ position: moved(start, bearing, metres), accuracy: 5 });
      }
      const heading = ride(fixes).headingDegrees!;
      expect(Math.abs(((heading - bearing + 540) % 360) - 180)).toBeLessThan(1);
    },
  );

  it('keeps the last heading while the rider stands and the fixes wander inside the noise', () => {
    const rode = ride([
      { position: start, accuracy: 5 },
      { position: moved(start, 90, 30), accuracy: 5 },
    ]);
    expect(rode.headingDegrees).toBeCloseTo(90, 0);
    const stopped = moved(start, 90, 30);
    const jitter = [0, 72, 144, 216, 288].map((bearing) => ({
      position: moved(stopped, bearing, MIN_STEP_METERS - 2),
      accuracy: 5,
    }));
    expect(jitter.reduce(nextRiderHeading, rode).headingDegrees).toBeCloseTo(90, 0);
  });

  it('needs a step as long as the accuracy (within its bounds) before a bearing counts', () => {
    const vague = 18;
    const short = ride([
      { position: start, accuracy: vague },
      { position: moved(start, 0, vague - 3), accuracy: vague },
    ]);
    expect(short.headingDegrees).toBeNull();
    const long = nextRiderHeading(short, { position: moved(start, 0, vague + 3), accuracy: vague });
    expect(long.headingDegrees).toBeCloseTo(0, 0);
    // A very vague fix still gives a heading once past the largest step.
    const far = ride([
      { position: start, accuracy: 200 },
      { position: moved(start, 180, MAX_STEP_METERS + 2), accuracy: 200 },
    ]);
    expect(far.headingDegrees).toBeCloseTo(180, 0);
  });

  it('turns with the rider: the bearing is of the latest movement, not of the whole ride', () => {
    const corner = moved(start, 0, 40);
    const state = ride([
      { position: start, accuracy: 5 },
      { position: moved(start, 0, 20), accuracy: 5 },
      { position: corner, accuracy: 5 },
      { position: moved(corner, 90, 20), accuracy: 5 },
    ]);
    expect(state.headingDegrees).toBeCloseTo(90, 0);
  });
});
