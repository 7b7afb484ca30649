/**
 * Whether a trail is open on a date by its season (schemas/trails.ts `season`), and the words a
 * rider reads about it. A season is year-round or one open window `openFrom`–`openUntil` of
 * month-day strings ("03-14"–"10-31"), both days included; a window whose start is after its end
 * wraps the year end ("11-01"–"03-31" is open through the winter). A null season, or a seasonal
 * one without both days, is unknown: the app never guesses "open".
 *
 * A window with `reportedAs` is an approximate one that a source reports but no manager
 * confirms (Wolf Pen Gap: "closed roughly November to mid-March"): its days are only likely open
 * or likely closed, and every label says it is reported and unconfirmed. Such a window never
 * blocks anything by itself; it warns.
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
  | { state: 'closed'; opensOn: Date; source: string }
  | { state: 'likelyOpen'; source: string; reportedAs: string }
  | { state: 'likelyClosed'; opensOn: Date; source: string; reportedAs: string };

/** The state alone: what filters, the map and the planner branch on. */
export type SeasonState = SeasonStatus['state'];

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

/** The source's own words for a reported, unconfirmed window; null for a published season. */
function reportedWords(season: TrailSeason): string | null {
  return season && !season.yearRound && season.reportedAs ? season.reportedAs : null;
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

/** The first day on or after `date` (start of day) on which `window` opens. */
function openingOnOrAfter(window: Window, date: Date): Date {
  const today = startOfDay(date);
  const [month, day] = window.from.split('-').map(Number) as [number, number];
  // The Date constructor rolls 02-29 over to 03-01 in a common year, the first day past it.
  const opening = (year: number) => new Date(year, month - 1, day);
  let candidate = opening(today.getFullYear());
  if (isBefore(candidate, today)) candidate = opening(addYears(today, 1).getFullYear());
  return candidate;
}

/**
 * The trail's season on `date`: open, closed with the day it opens, likely open or likely
 * closed (a reported, unconfirmed window; `opensOn` is then approximate too), or unknown.
 */
export function seasonStatus(trail: { season: TrailSeason }, date: Date): SeasonStatus {
  const window = openWindow(trail.season);
  const source = trail.season?.source ?? '';
  if (window === null) return { state: 'unknown' };
  if (window === 'yearRound') return { state: 'open', source };
  const open = insideWindow(window, date);
  const reportedAs = reportedWords(trail.season);
  if (reportedAs !== null) {
    return open
      ? { state: 'likelyOpen', source, reportedAs }
      : { state: 'likelyClosed', opensOn: openingOnOrAfter(window, date), source, reportedAs };
  }
  return open
    ? { state: 'open', source }
    : { state: 'closed', opensOn: openingOnOrAfter(window, date), source };
}

/**
 * Whether the trail is open on `date` by a published season: true, false, or 'unknown' when no
 * season, no complete window, or only a reported, unconfirmed window exists.
 */
export function isOpenOn(trail: { season: TrailSeason }, date: Date): boolean | 'unknown' {
  const state = seasonStatus(trail, date).state;
  return state === 'open' ? true : state === 'closed' ? false : 'unknown';
}

/**
 * The first day on or after `date` on which a published season opens (start of that day, local
 * time), or 'unknown' without one: a reported window's opening is a guess, never announced. A
 * year-round trail opens on `date` itself. An opening day of "02-29" falls on March 1 in years
 * without a leap day.
 */
export function nextOpening(trail: { season: TrailSeason }, date: Date): Date | 'unknown' {
  const window = openWindow(trail.season);
  if (window === null || reportedWords(trail.season) !== null) return 'unknown';
  if (window === 'yearRound') return startOfDay(date);
  return openingOnOrAfter(window, date);
}

/** "April 1" for a date. */
export function monthDayLabel(date: Date): string {
  return format(date, 'MMMM d');
}

/** "Closed until April 1": the trail opens again on that day. */
export function closedUntilLabel(opensOn: Date): string {
  return `Closed until ${monthDayLabel(opensOn)}`;
}

/** "Likely closed now (reported, unconfirmed: closed roughly November to mid-March)". */
export function likelyClosedLabel(reportedAs: string): string {
  return `Likely closed now (reported, unconfirmed: ${reportedAs})`;
}

/** "Likely open now (reported, unconfirmed: closed roughly November to mid-March)". */
export function likelyOpenLabel(reportedAs: string): string {
  return `Likely open now (reported, unconfirmed: ${reportedAs})`;
}

function monthDayText(value: string): string {
  const [month, day] = value.split('-').map(Number) as [number, number];
  // A leap year, so "02-29" is a real day to name.
  return monthDayLabel(new Date(2024, month - 1, day));
}

/**
 * The season in words, whatever the date: "Open year-round", "Open March 14 – October 31",
 * "Reported, unconfirmed: closed roughly November to mid-March", or "Season not published"
 * (also for a seasonal trail whose source gives no dates).
 */
export function seasonLabel(season: TrailSeason): string {
  const window = openWindow(season);
  if (window === null) return SEASON_NOT_PUBLISHED;
  if (window === 'yearRound') return 'Open year-round';
  const reportedAs = reportedWords(season);
  if (reportedAs !== null) return `Reported, unconfirmed: ${reportedAs}`;
  return `Open ${monthDayText(window.from)} – ${monthDayText(window.until)}`;
}

/**
 * The line a trail card shows for today (`date`): "Closed until April 1", "Likely closed now
 * (reported, unconfirmed: …)", "Likely open now (…)", the season, or "Season not published".
 */
export function seasonCardLabel(trail: { season: TrailSeason }, date: Date): string {
  const status = seasonStatus(trail, date);
  switch (status.state) {
    case 'closed':
      return closedUntilLabel(status.opensOn);
    case 'likelyClosed':
      return likelyClosedLabel(status.reportedAs);
    case 'likelyOpen':
      return likelyOpenLabel(status.reportedAs);
    default:
      return seasonLabel(trail.season);
  }
}

/**
 * The "Open now" filter of trail search: `open` keeps the open trails and those whose season is
 * unknown (the finder says so beside the toggle); `likelyClosed` holds the trails a reported,
 * unconfirmed window likely closes on `date`, which the finder names rather than lists. Trails
 * closed by a published season are in neither.
 */
export function partitionOpenOn<T extends { season: TrailSeason }>(
  trails: readonly T[],
  date: Date,
): { open: T[]; likelyClosed: T[] } {
  const open: T[] = [];
  const likelyClosed: T[] = [];
  for (const trail of trails) {
    const state = seasonStatus(trail, date).state;
    if (state === 'likelyClosed') likelyClosed.push(trail);
    else if (state !== 'closed') open.push(trail);
  }
  return { open, likelyClosed };
}
