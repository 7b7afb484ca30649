/**
 * The advisor's sentence about a trail's season on a day (src/lib/trail-season.ts decides the
 * state): open, closed, likely open or likely closed by a reported, unconfirmed window, or
 * unknown, never "open" without a source.
 */
import type { Trail } from '../../../schemas/trails.ts';
import type { CalendarDay } from '../hunting/shooting-hours.ts';
import {
  monthDayLabel,
  seasonLabel,
  seasonStatus,
  type SeasonState as State,
} from '../trail-season.ts';

/** A trail's state on a day, in words, with the source of the season when one exists. */
export interface SeasonState {
  state: State;
  text: string;
  source: string | null;
}

/** The trail's season state on `day` (trail `season`, null = not published). */
export function seasonState(season: Trail['season'], day: CalendarDay): SeasonState {
  // Noon: a calendar day whatever the device's offset from Central time.
  const date = new Date(day.year, day.month - 1, day.day, 12);
  const status = seasonStatus({ season }, date);
  const source = season?.source ?? null;
  switch (status.state) {
    case 'unknown':
      return {
        state: 'unknown',
        text: season
          ? 'The source gives no complete open window: whether it is open that day is unknown. Check with the manager before you go.'
          : 'Season and closures: not published in this app’s sources. Check with the manager before you go.',
        source,
      };
    case 'open':
      return { state: 'open', text: `${seasonLabel(season)}.`, source };
    case 'closed':
      return {
        state: 'closed',
        text: `Closed that day: it opens again on ${monthDayLabel(status.opensOn)} (${seasonLabel(season)}).`,
        source,
      };
    case 'likelyOpen':
      return {
        state: 'likelyOpen',
        text: `Likely open that day, but the season is reported, unconfirmed: ${status.reportedAs}. Call the manager before you go.`,
        source,
      };
    case 'likelyClosed':
      return {
        state: 'likelyClosed',
        text: `Likely closed that day (reported, unconfirmed: ${status.reportedAs}); it may open around ${monthDayLabel(status.opensOn)}.`,
        source,
      };
  }
}
