/**
 * Whether a trail is open on a day, from its published season (schemas/trails.ts `season`:
 * year-round, or an inclusive open window of month-days such as "04-01"–"12-15", with the
 * source that published it). A trail whose source gives no season is "unknown", never "open".
 */
import type { Trail } from '../../../schemas/trails.ts';
import type { CalendarDay } from '../hunting/shooting-hours.ts';

/** A trail's state on a day, in words, with the source of the season when one exists. */
export interface SeasonState {
  state: 'open' | 'closed' | 'unknown';
  text: string;
  source: string | null;
}

const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** "Apr 1" from "04-01". */
function monthDayWords(monthDay: string): string {
  const [month, day] = monthDay.split('-').map(Number);
  return `${monthNames[(month ?? 1) - 1] ?? '?'} ${day ?? '?'}`;
}

/** Month-day as a sortable number: "04-01" → 401. */
function monthDayNumber(monthDay: string): number {
  const [month = 0, day = 0] = monthDay.split('-').map(Number);
  return month * 100 + day;
}

/**
 * True when `day` lies in the inclusive window `from`–`until`; a window whose end comes before
 * its start ("11-01"–"03-31") runs over New Year.
 */
export function inSeasonWindow(day: CalendarDay, from: string, until: string): boolean {
  const today = day.month * 100 + day.day;
  const start = monthDayNumber(from);
  const end = monthDayNumber(until);
  return start <= end ? today >= start && today <= end : today >= start || today <= end;
}

/** The trail's season state on `day` (trail `season`, null = not published). */
export function seasonState(season: Trail['season'], day: CalendarDay): SeasonState {
  if (!season) {
    return {
      state: 'unknown',
      text: 'Season and closures: not published in this app’s sources. Check with the manager before you go.',
      source: null,
    };
  }
  if (season.yearRound) {
    return { state: 'open', text: 'Open year-round.', source: season.source };
  }
  const { openFrom, openUntil } = season;
  if (!openFrom || !openUntil) {
    const known = openFrom
      ? `opens ${monthDayWords(openFrom)}`
      : openUntil
        ? `closes after ${monthDayWords(openUntil)}`
        : 'has a season';
    return {
      state: 'unknown',
      text: `The source says it ${known}, but not the rest of the window: whether it is open that day is unknown.`,
      source: season.source,
    };
  }
  const window = `${monthDayWords(openFrom)} – ${monthDayWords(openUntil)}`;
  return inSeasonWindow(day, openFrom, openUntil)
    ? { state: 'open', text: `Open: the season runs ${window}.`, source: season.source }
    : {
        state: 'closed',
        text: `Closed that day: the season runs ${window}.`,
        source: season.source,
      };
}
