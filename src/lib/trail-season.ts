/**
 * Whether a trail is open on a date by its published season (schemas/trails.ts
 * `season`). A season is either year-round or one open window
 * `openFrom`–`openUntil` of month-day strings ("03-14"–"10-31"), both days included; a window
 * whose start is after its end wraps the year end ("11-01"–"03-31" is open through the winter).
 * A null season, or a seasonal one without both days, is unknown: the app never guesses "open".
 *
 * Dates are the device's calendar days (riders are in Arkansas, so the device's time zone is
 * Central time). Closures announced outside the season (wet weather, repairs) are not in the
 * data and not known here.
 */
import { addYears, format, isBefore, startOfDay } from 'date-fns';
import type { Trail } from '../../schemas/trails.ts';

/** The season field of a trail (schemas/trails.ts). */
export type TrailSeason = Trail['season'];

/** What the season says about one day. */
export type SeasonStatus =
  | { state: 'unknown' }
  | { state: 'open'; source: string }
  | { state: 'closed'; opensOn: Date; source: string };

/** Text for a trail whose season no source published. */
export const SEASON_NOT_PUBLISHED = 'Season not published';

interface Window {
  from: string;
  until: string;
}

function openWindow(season: TrailSeason): Window | 'yearRound' | null {
  if (!season) return null;
  if (season.yearRound) return 'yearRound';
  if (!season.openFrom || !season.openUntil) return null;
  return { from: season.openFrom, until: season.openUntil };
}

/** "MM-DD" of a date; zero-padded strings compare in calendar order. */
function monthDay(date: Date): string {
  return format(date, 'MM-dd');
}

function insideWindow(window: Window, date: Date): boolean {
  const day = monthDay(date);
  if (window.from <= window.until) return day >= window.from && day <= window.until;
  return day >= window.from || day <= window.until;
}

/**
 * Whether the trail is open on `date` by its season: true, false, or 'unknown' when no season
 * (or no complete window) is published.
 */
export function isOpenOn(trail: { season: TrailSeason }, date: Date): boolean | 'unknown' {
  const window = openWindow(trail.season);
  if (window === null) return 'unknown';
  if (window === 'yearRound') return true;
  return insideWindow(window, date);
}

/**
 * The first day on or after `date` on which the season opens (start of that day, local time),
 * or 'unknown' without a published season. A year-round trail opens on `date` itself. An
 * opening day of "02-29" falls on March 1 in years without a leap day.
 */
export function nextOpening(trail: { season: TrailSeason }, date: Date): Date | 'unknown' {
  const window = openWindow(trail.season);
  if (window === null) return 'unknown';
  const today = startOfDay(date);
  if (window === 'yearRound') return today;
  const [month, day] = window.from.split('-').map(Number) as [number, number];
  // The Date constructor rolls 02-29 over to 03-01 in a common year, the first day past it.
  const opening = (year: number) => new Date(year, month - 1, day);
  let candidate = opening(today.getFullYear());
  if (isBefore(candidate, today)) candidate = opening(addYears(today, 1).getFullYear());
  return candidate;
}

/** The trail's season on `date`: open, closed with the day it opens, or unknown. */
export function seasonStatus(trail: { season: TrailSeason }, date: Date): SeasonStatus {
  const open = isOpenOn(trail, date);
  const source = trail.season?.source ?? '';
  if (open === 'unknown') return { state: 'unknown' };
  if (open) return { state: 'open', source };
  const opensOn = nextOpening(trail, date);
  if (opensOn === 'unknown') return { state: 'unknown' };
  return { state: 'closed', opensOn, source };
}

/** "April 1" for a date. */
export function monthDayLabel(date: Date): string {
  return format(date, 'MMMM d');
}

/** "Closed until April 1": the trail opens again on that day. */
export function closedUntilLabel(opensOn: Date): string {
  return `Closed until ${monthDayLabel(opensOn)}`;
}

function monthDayText(value: string): string {
  const [month, day] = value.split('-').map(Number) as [number, number];
  // A leap year, so "02-29" is a real day to name.
  return monthDayLabel(new Date(2024, month - 1, day));
}

/**
 * The published season in words: "Open year-round", "Open March 14 – October 31", or
 * "Season not published" (also for a seasonal trail whose source gives no dates).
 */
export function seasonLabel(season: TrailSeason): string {
  const window = openWindow(season);
  if (window === null) return SEASON_NOT_PUBLISHED;
  if (window === 'yearRound') return 'Open year-round';
  return `Open ${monthDayText(window.from)} – ${monthDayText(window.until)}`;
}

/** The line a trail card shows: "Closed until April 1", the season, or "Season not published". */
export function seasonCardLabel(trail: { season: TrailSeason }, date: Date): string {
  const status = seasonStatus(trail, date);
  return status.state === 'closed' ? closedUntilLabel(status.opensOn) : seasonLabel(trail.season);
}

/**
 * The "Open now" filter of trail search: drops the trails closed on `date` by their season and
 * keeps the open ones and those whose season is unknown (the finder says so beside the toggle).
 */
export function withoutClosedOn<T extends { season: TrailSeason }>(
  trails: readonly T[],
  date: Date,
): T[] {
  return trails.filter((trail) => isOpenOn(trail, date) !== false);
}
