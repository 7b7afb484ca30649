/**
 * Legal waterfowl shooting time for a place and day (requirements §voice-9:
 * "Shooting hours: 30 minutes before sunrise to noon, except the last day"). Sunrise comes from
 * the `suncalc` library (NOAA-style solar position); noon is 12:00 on the Arkansas clock
 * (America/Chicago, Central time with daylight saving), because hunters read a wall clock.
 */
import { TZDate } from '@date-fns/tz';
import { addMinutes } from 'date-fns';
import * as SunCalc from 'suncalc';
import { duckSeasonPeriods } from './duck-season.ts';

/** Arkansas lies wholly in the Central time zone. */
export const ARKANSAS_TIME_ZONE = 'America/Chicago';

/** Minutes before sunrise that shooting may start (requirements §voice-9). */
export const MINUTES_BEFORE_SUNRISE = 30;

/** A calendar day on the Arkansas clock; `month` is 1-12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** A position in decimal degrees (WGS84). */
export interface Position {
  latitude: number;
  longitude: number;
}

/** Shooting time of one day at one place; all instants are absolute `Date`s. */
export interface ShootingHours {
  sunrise: Date;
  /** Sunrise less 30 minutes. */
  start: Date;
  /** 12:00 Arkansas time; on a last day of a 2025-26 period the rule's exception applies. */
  noon: Date;
  /** True on the last day of a 2025-26 period, where the shipped rule says noon does not apply. */
  lastDayException: boolean;
}

/** The day `date` falls on in Arkansas (America/Chicago), whatever the device's zone. */
export function arkansasDay(date: Date): CalendarDay {
  const zoned = new TZDate(date.getTime(), ARKANSAS_TIME_ZONE);
  return { year: zoned.getFullYear(), month: zoned.getMonth() + 1, day: zoned.getDate() };
}

/** 12:00 on the Arkansas clock on `day`, as an absolute instant. */
export function arkansasNoon(day: CalendarDay): Date {
  return new Date(
    new TZDate(day.year, day.month - 1, day.day, 12, 0, 0, ARKANSAS_TIME_ZONE).getTime(),
  );
}

/** True when `day` is the last day of one of the 2025-26 periods of requirements §voice-9. */
export function isLastDayOfPeriod(day: CalendarDay): boolean {
  return duckSeasonPeriods.some(
    (period) =>
      period.end.getFullYear() === day.year &&
      period.end.getMonth() + 1 === day.month &&
      period.end.getDate() === day.day,
  );
}

/**
 * Shooting hours at `position` on `day`. Throws a RangeError for an impossible position or a
 * day on which the sun does not rise there (never the case in Arkansas).
 */
export function shootingHours(day: CalendarDay, position: Position): ShootingHours {
  const { latitude, longitude } = position;
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
    throw new RangeError(`Not a position: ${latitude}, ${longitude}`);
  }
  const noon = arkansasNoon(day);
  // suncalc picks the solar day around the instant it is given; local noon names the right one.
  const { sunrise } = SunCalc.getTimes(noon, latitude, longitude);
  if (!sunrise || Number.isNaN(sunrise.getTime())) {
    throw new RangeError('The sun does not rise there on that day');
  }
  return {
    sunrise,
    start: addMinutes(sunrise, -MINUTES_BEFORE_SUNRISE),
    noon,
    lastDayException: isLastDayOfPeriod(day),
  };
}

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: ARKANSAS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "6:41 AM CST": an instant on the Arkansas clock. */
export function formatArkansasTime(instant: Date): string {
  return clock.format(instant);
}
