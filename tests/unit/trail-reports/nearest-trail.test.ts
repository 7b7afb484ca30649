// The trail a report is suggested for: the nearest trail line within 200 m of the point, or none.
import { describe, expect, it } from 'vitest';
import {
  distanceToTrailMetres,
  suggestNearestTrail,
  type LineTrail,
} from '../../../src/lib/trail-reports/nearest-trail.ts';

/** Degrees of latitude per metre, near enough at this scale. */
const degreesPerMetre = 1 / 111_195;

/** A straight east-west line at latitude `lat` from longitude -94.00 to -93.98. */
function eastWestTrail(id: string, lat: number): LineTrail {
  return {
    id,
    name: id,
    longitude: -94,
    latitude: lat,
    path: [
      [-94, lat],
      [-93.99, lat],
      [-93.98, lat],
    ],
  };
}

describe('suggestNearestTrail', () => {
  const wolfPen = eastWestTrail('wolf-pen-gap', 34.6);
  const fallsCreek = eastWestTrail('falls-creek', 34.6 + 300 * degreesPerMetre);

  it('suggests the nearest line within 200 m', () => {
    const point: [number, number] = [-93.99, 34.6 + 120 * degreesPerMetre];
    const suggestion = suggestNearestTrail(point, [fallsCreek, wolfPen]);
    expect(suggestion?.trail.id).toBe('wolf-pen-gap');
    expect(suggestion!.distanceMetres).toBeGreaterThan(110);
    expect(suggestion!.distanceMetres).toBeLessThan(130);
    // Closer to the other line: that one.
    const nearFalls: [number, number] = [-93.985, 34.6 + 250 * degreesPerMetre];
    expect(suggestNearestTrail(nearFalls, [wolfPen, fallsCreek])?.trail.id).toBe('falls-creek');
  });

  it('suggests none past 200 m', () => {
    const point: [number, number] = [-93.99, 34.6 - 210 * degreesPerMetre];
    expect(suggestNearestTrail(point, [wolfPen, fallsCreek])).toBeNull();
    // Past the end of the line counts the distance to its end.
    const beyondEnd: [number, number] = [-93.98 + 0.003, 34.6];
    expect(distanceToTrailMetres(wolfPen, beyondEnd)).toBeGreaterThan(250);
    expect(suggestNearestTrail(beyondEnd, [wolfPen])).toBeNull();
  });

  it('measures a trail without a line from its point', () => {
    const trailhead: LineTrail = {
      id: 'th',
      name: 'th',
      longitude: -93.5,
      latitude: 35,
      path: null,
    };
    expect(suggestNearestTrail([-93.5, 35 + 150 * degreesPerMetre], [trailhead])?.trail.id).toBe(
      'th',
    );
    expect(suggestNearestTrail([-93.5, 35 + 250 * degreesPerMetre], [trailhead])).toBeNull();
  });
});
