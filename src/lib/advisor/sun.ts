/**
 * Sunrise, sunset and daylight for a place and day. The sun's
 * position comes from the `suncalc` library, as for the duck guide's shooting time
 * (src/lib/hunting/shooting-hours.ts); days are calendar days on the Arkansas clock
 * (America/Chicago), because riders plan by the wall clock.
 */
import * as SunCalc from 'suncalc';
import { arkansasNoon, type CalendarDay, type Position } from '../hunting/shooting-hours.ts';

/** Sun times of one day at one place; instants are absolute `Date`s, lengths in minutes. */
export interface SunDay {
  sunrise: Date;
  sunset: Date;
  /** Minutes from sunrise to sunset. */
  daylightMinutes: number;
}

/**
 * Sunrise and sunset at `position` on `day`. Throws a RangeError for an impossible position or
 * a day on which the sun does not rise or set there (never the case in Arkansas).
 */
export function sunDay(day: CalendarDay, position: Position): SunDay {
  const { latitude, longitude } = position;
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
    throw new RangeError(`Not a position: ${latitude}, ${longitude}`);
  }
  // suncalc picks the solar day around the instant it is given; local noon names the right one.
  const { sunrise, sunset } = SunCalc.getTimes(arkansasNoon(day), latitude, longitude);
  if (!sunrise || !sunset || Number.isNaN(sunrise.getTime()) || Number.isNaN(sunset.getTime())) {
    throw new RangeError('The sun does not rise or set there on that day');
  }
  return {
    sunrise,
    sunset,
    daylightMinutes: Math.round((sunset.getTime() - sunrise.getTime()) / 60_000),
  };
}

/** Where `now` stands against a day's daylight. */
export type DaylightLeft =
  | { phase: 'before-sunrise'; minutesToSunrise: number; daylightMinutes: number }
  | { phase: 'daylight'; minutesLeft: number }
  | { phase: 'after-sunset' };

/** Daylight left at `now` on the day of `sun`: all of it before sunrise, none after sunset. */
export function daylightLeft(sun: SunDay, now: Date): DaylightLeft {
  const t = now.getTime();
  if (t < sun.sunrise.getTime()) {
    return {
      phase: 'before-sunrise',
      minutesToSunrise: Math.ceil((sun.sunrise.getTime() - t) / 60_000),
      daylightMinutes: sun.daylightMinutes,
    };
  }
  if (t >= sun.sunset.getTime()) return { phase: 'after-sunset' };
  return { phase: 'daylight', minutesLeft: Math.floor((sun.sunset.getTime() - t) / 60_000) };
}

/** "10 h 24 min", "45 min": a length of time in hours and minutes. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
