/**
 * The 2025-26 Arkansas duck season as the product states it (requirements §voice-9
 * "Duck season 2025-26"). The display strings are the spec's, verbatim; the dates beside them
 * let the home page say whether that season is still running. Seasons are set yearly by the
 * Arkansas Game and Fish Commission (AGFC), so once it has ended the page points riders there.
 */
import { endOfDay, isAfter, isBefore, isWithinInterval, startOfDay } from 'date-fns';

/** A hunt period: the spec's wording plus its first and last day (local calendar dates). */
export interface DuckSeasonPeriod {
  label: string;
  text: string;
  start: Date;
  end: Date;
}

/** Season label shown on the badge and card. */
export const DUCK_SEASON_LABEL = '2025-26';

/** The periods of requirements §voice-9, in order. Months are 0-based as in `Date`. */
export const duckSeasonPeriods: readonly DuckSeasonPeriod[] = [
  {
    label: 'Teal',
    text: 'Sept 20-28, 2025',
    start: new Date(2025, 8, 20),
    end: new Date(2025, 8, 28),
  },
  {
    label: 'Split 1',
    text: 'Nov 22-Dec 1',
    start: new Date(2025, 10, 22),
    end: new Date(2025, 11, 1),
  },
  {
    label: 'Split 2',
    text: 'Dec 10-23',
    start: new Date(2025, 11, 10),
    end: new Date(2025, 11, 23),
  },
  {
    label: 'Split 3',
    text: 'Dec 27-Jan 31, 2026',
    start: new Date(2025, 11, 27),
    end: new Date(2026, 0, 31),
  },
  {
    label: 'Youth hunt',
    text: 'Feb 7-8, 2026',
    start: new Date(2026, 1, 7),
    end: new Date(2026, 1, 8),
  },
];

/** Bag limits of requirements §voice-9, verbatim. */
export const duckSeasonLimits = {
  pintail: 'Pintail: 3 daily (up from 1)',
  daily: 'Daily limit 6 ducks; max 4 mallards (2 hens), 3 wood ducks, 2 redheads, 2 canvasbacks',
  geese: "Geese: 2 Canada, 3 specklebelly, 20 snow/blue/Ross's",
  shootingHours: 'Shooting hours: 30 minutes before sunrise to noon, except the last day',
} as const;

/** Where to check the current season once the stated one is over. */
export const AGFC_URL = 'https://www.agfc.com/';

/** Where `now` falls relative to the 2025-26 season. */
export type DuckSeasonStatus =
  | { state: 'upcoming' }
  | { state: 'open'; period: DuckSeasonPeriod }
  | { state: 'between'; next: DuckSeasonPeriod }
  | { state: 'ended'; endedOn: Date };

/**
 * Where `now` (a Date, local time) falls in the 2025-26 season: before the teal season,
 * inside a period (days inclusive), between periods, or after the youth hunt.
 */
export function duckSeasonStatus(now: Date): DuckSeasonStatus {
  const first = duckSeasonPeriods[0]!;
  const last = duckSeasonPeriods[duckSeasonPeriods.length - 1]!;
  if (isBefore(now, startOfDay(first.start))) return { state: 'upcoming' };
  if (isAfter(now, endOfDay(last.end))) return { state: 'ended', endedOn: last.end };
  for (const period of duckSeasonPeriods) {
    if (isWithinInterval(now, { start: startOfDay(period.start), end: endOfDay(period.end) })) {
      return { state: 'open', period };
    }
  }
  const next = duckSeasonPeriods.find((period) => isBefore(now, startOfDay(period.start)))!;
  return { state: 'between', next };
}

/** What the app shows when it has no published dates for a season. */
export const DATES_NOT_PUBLISHED = 'dates not yet published by AGFC';

function seasonLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * First year of the Arkansas duck season that `now` (local time) belongs to or comes before:
 * seasons open in September and end by February, so from March on the coming season starts
 * this year ("2026-27" from March 2026), before then it started last year.
 */
function seasonStartYearFor(now: Date): number {
  return now.getMonth() >= 2 ? now.getFullYear() : now.getFullYear() - 1;
}

/** The season the home and duck pages lead with: the shipped one, or the next unpublished one. */
export interface DuckSeasonHeadline {
  /** "2025-26" while the shipped season runs or is ahead; the next season's label once over. */
  label: string;
  /** True when the shipped dates (requirements §voice-9) are the season shown. */
  published: boolean;
  /** Badge text, e.g. "2025-26 Season" or "2026-27 season: dates not yet published by AGFC". */
  badge: string;
}

/**
 * The headline for `now`: the 2025-26 season of requirements §voice-9 until its youth hunt has
 * ended, then the following season with no dates, because the shipped data holds none for it (AGFC
 * sets them each year). Pass `new Date()` in the app; tests pass a fixed day.
 */
export function duckSeasonHeadline(now: Date): DuckSeasonHeadline {
  if (duckSeasonStatus(now).state !== 'ended') {
    return { label: DUCK_SEASON_LABEL, published: true, badge: `${DUCK_SEASON_LABEL} Season` };
  }
  // After the youth hunt (Feb 8, 2026) but before March the calendar rule still names 2025-26.
  const shippedStartYear = duckSeasonPeriods[0]!.start.getFullYear();
  const label = seasonLabel(Math.max(seasonStartYearFor(now), shippedStartYear + 1));
  return { label, published: false, badge: `${label} season: ${DATES_NOT_PUBLISHED}` };
}
