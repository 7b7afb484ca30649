// Issue 15: how the trail page frames a trail's line and says what it knows about it.
import { describe, expect, it } from 'vitest';
import { elevationProfile, hasElevations, viewForPaths } from '../../../src/lib/geo/trail-lines.ts';
import { dataDateLabel, vehicleClassesLabel } from '../../../src/lib/trail-format.ts';

describe('viewForPaths', () => {
  it('centres a line and zooms so it fits a phone-sized map', () => {
    // About 2.2 km east-west at 35.5° N.
    const view = viewForPaths([
      [
        [-92.82, 35.5],
        [-92.796, 35.49],
      ],
    ])!;
    expect(view.center[0]).toBeCloseTo(-92.808, 3);
    expect(view.center[1]).toBeCloseTo(35.495, 3);
    expect(view.zoom).toBeGreaterThan(13);
    expect(view.zoom).toBeLessThan(14);
  });

  it('zooms out for a longer line, within the limits, and gives nothing for no positions', () => {
    const long = viewForPaths([
      [
        [-94.4, 35.6],
        [-94.2, 35.8],
      ],
    ])!;
    expect(long.zoom).toBeLessThan(11);
    expect(viewForPaths([[[-94.3, 35.7]]])?.zoom).toBe(15);
    expect(
      viewForPaths(
        [
          [
            [-94.3, 35.7],
            [-90, 33],
          ],
        ],
        { minZoom: 10 },
      )?.zoom,
    ).toBe(10);
    expect(viewForPaths([])).toBeNull();
  });
});

describe('elevation profile', () => {
  it('is drawn only when every point has an elevation (the USFS lines have none)', () => {
    expect(
      hasElevations([
        [-93, 35],
        [-93.01, 35],
      ]),
    ).toBe(false);
    expect(
      elevationProfile([
        [-93, 35],
        [-93.01, 35],
      ]),
    ).toBeNull();
    expect(hasElevations(null)).toBe(false);
  });

  it('measures miles along the path, feet of elevation and the climb', () => {
    const profile = elevationProfile([
      [-93, 35, 300],
      [-93.01, 35, 350],
      [-93.02, 35, 320],
    ])!;
    expect(profile.points).toHaveLength(3);
    // 0.01° of longitude at 35° N is about 0.565 mi.
    expect(profile.totalMiles).toBeCloseTo(1.13, 1);
    expect(profile.minFeet).toBeCloseTo(984.3, 0);
    expect(profile.maxFeet).toBeCloseTo(1148.3, 0);
    expect(profile.gainFeet).toBeCloseTo(164.0, 0);
  });
});

describe('trail line facts in words', () => {
  it('names the USFS vehicle classes, and says when they are not published', () => {
    expect(vehicleClassesLabel(['atv', 'motorcycle', 'other_wheeled_ohv'])).toBe(
      'ATV, Motorcycle, Other wheeled OHV',
    );
    expect(vehicleClassesLabel(['4wd_over_50in'])).toBe('4WD over 50"');
    expect(vehicleClassesLabel(null)).toBe('Vehicle classes not published');
  });

  it('writes the data date as a date, or only the year the source gives', () => {
    expect(dataDateLabel('2021-06-08')).toBe('June 8, 2021');
    expect(dataDateLabel('2021')).toBe('2021');
    expect(dataDateLabel(null)).toBe('Date of the data unknown');
  });
});
