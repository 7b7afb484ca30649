import { describe, expect, it } from 'vitest';
import * as SunCalc from 'suncalc';
import {
  arkansasDay,
  formatArkansasTime,
  isLastDayOfPeriod,
  shootingHours,
} from '../../../../src/lib/hunting/shooting-hours.ts';

// Stuttgart, Arkansas (Arkansas County), in the rice and duck country of the Grand Prairie.
const stuttgart = { latitude: 34.5004, longitude: -91.5526 };

describe('legal shooting time (voice §9: 30 minutes before sunrise to noon)', () => {
  it('starts 30 minutes before the sun library’s sunrise at Stuttgart on Dec 15, 2025', () => {
    const hours = shootingHours({ year: 2025, month: 12, day: 15 }, stuttgart);
    const expected = SunCalc.getTimes(
      new Date('2025-12-15T18:00:00Z'),
      stuttgart.latitude,
      stuttgart.longitude,
    ).sunrise!;
    expect(hours.sunrise.getTime()).toBe(expected.getTime());
    expect(hours.start.getTime()).toBe(expected.getTime() - 30 * 60_000);
    // Sunrise there in mid-December is a little after 7 a.m. Central Standard Time.
    expect(formatArkansasTime(hours.sunrise)).toMatch(/^7:0\d AM CST$/);
    expect(formatArkansasTime(hours.start)).toMatch(/^6:3\d AM CST$/);
  });

  it('ends at noon on the Arkansas clock whatever the device zone, CST in winter', () => {
    const hours = shootingHours({ year: 2025, month: 12, day: 15 }, stuttgart);
    expect(hours.noon.toISOString()).toBe('2025-12-15T18:00:00.000Z');
    expect(formatArkansasTime(hours.noon)).toBe('12:00 PM CST');
    expect(hours.lastDayException).toBe(false);
  });

  it('uses daylight time in September (teal season)', () => {
    const hours = shootingHours({ year: 2025, month: 9, day: 20 }, stuttgart);
    expect(hours.noon.toISOString()).toBe('2025-09-20T17:00:00.000Z');
    expect(formatArkansasTime(hours.start)).toMatch(/ AM CDT$/);
  });

  it('starts later in the west of the state than in the east on the same day', () => {
    const day = { year: 2026, month: 1, day: 10 };
    const east = shootingHours(day, { latitude: 35.93, longitude: -90.12 });
    const west = shootingHours(day, { latitude: 35.2, longitude: -94.3 });
    expect(west.start.getTime() - east.start.getTime()).toBeGreaterThan(10 * 60_000);
  });

  it('marks the last day of each 2025-26 period as the rule’s exception', () => {
    expect(isLastDayOfPeriod({ year: 2025, month: 12, day: 1 })).toBe(true);
    expect(isLastDayOfPeriod({ year: 2026, month: 1, day: 31 })).toBe(true);
    expect(isLastDayOfPeriod({ year: 2026, month: 2, day: 8 })).toBe(true);
    expect(isLastDayOfPeriod({ year: 2025, month: 12, day: 2 })).toBe(false);
    expect(shootingHours({ year: 2025, month: 12, day: 23 }, stuttgart).lastDayException).toBe(
      true,
    );
  });

  it('refuses a position that is not one', () => {
    expect(() =>
      shootingHours({ year: 2025, month: 12, day: 15 }, { latitude: 95, longitude: 0 }),
    ).toThrow(RangeError);
  });

  it('names the Arkansas calendar day of an instant (late evening UTC is still the day before)', () => {
    expect(arkansasDay(new Date('2026-11-24T03:00:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 23,
    });
  });
});
