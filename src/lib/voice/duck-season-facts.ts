/**
 * The 2025-26 Arkansas duck season as the product states it (requirements §voice-9
 * "Duck season 2025-26"; set by the Arkansas Game and Fish Commission, https://www.agfc.com/),
 * for spoken answers. Dates are local calendar days. Later seasons are not in the spec, so the
 * answer says they are not published here instead of guessing them.
 */
import { endOfDay, isAfter, isBefore, isWithinInterval, startOfDay } from 'date-fns';

/** One hunt period with its first and last day (inclusive). */
export interface DuckHuntPeriod {
  name: string;
  /** The spec's wording of the dates. */
  dates: string;
  start: Date;
  end: Date;
}

/** §voice-9 periods in order; months are 0-based as in `Date`. */
export const DUCK_HUNT_PERIODS: readonly DuckHuntPeriod[] = [
  {
    name: 'Teal',
    dates: 'Sept 20-28, 2025',
    start: new Date(2025, 8, 20),
    end: new Date(2025, 8, 28),
  },
  {
    name: 'First split',
    dates: 'Nov 22 to Dec 1',
    start: new Date(2025, 10, 22),
    end: new Date(2025, 11, 1),
  },
  {
    name: 'Second split',
    dates: 'Dec 10-23',
    start: new Date(2025, 11, 10),
    end: new Date(2025, 11, 23),
  },
  {
    name: 'Third split',
    dates: 'Dec 27 to Jan 31, 2026',
    start: new Date(2025, 11, 27),
    end: new Date(2026, 0, 31),
  },
  {
    name: 'Youth hunt',
    dates: 'Feb 7-8, 2026',
    start: new Date(2026, 1, 7),
    end: new Date(2026, 1, 8),
  },
];

/** §voice-9 limits and hours, as spoken sentences. */
export const DUCK_HUNT_RULES =
  "Daily limit 6 ducks, at most 4 mallards (2 hens), 3 wood ducks, 2 redheads, 2 canvasbacks, and 3 pintails (up from 1). Geese: 2 Canada, 3 specklebelly, 20 snow, blue or Ross's. Shooting hours are 30 minutes before sunrise to noon, except the last day.";

/** AGFC, the source of Arkansas hunting seasons. */
export const AGFC_SOURCE = 'Arkansas Game and Fish Commission, https://www.agfc.com/';

/**
 * The spoken duck season answer for a local date: the open period, the next one, or, after the
 * youth hunt, that the 2025-26 season is over and the next dates are not published in the app.
 */
export function duckSeasonAnswer(now: Date): string {
  const first = DUCK_HUNT_PERIODS[0]!;
  const last = DUCK_HUNT_PERIODS[DUCK_HUNT_PERIODS.length - 1]!;
  const schedule = DUCK_HUNT_PERIODS.map((period) => `${period.name} ${period.dates}`).join('; ');
  if (isAfter(now, endOfDay(last.end))) {
    return `The 2025-26 Arkansas duck season ended with the youth hunt on Feb 7-8, 2026. The next season's dates are not published in this app yet; check the Arkansas Game and Fish Commission at agfc.com before you hunt. Last season's limits, for reference: ${DUCK_HUNT_RULES}`;
  }
  const open = DUCK_HUNT_PERIODS.find((period) =>
    isWithinInterval(now, { start: startOfDay(period.start), end: endOfDay(period.end) }),
  );
  if (open) {
    return `Duck season is open: ${open.name}, ${open.dates}. ${DUCK_HUNT_RULES} Season dates: ${schedule}.`;
  }
  const next = DUCK_HUNT_PERIODS.find((period) => isBefore(now, startOfDay(period.start))) ?? first;
  return `Duck season is closed today. Next: ${next.name}, ${next.dates}. Season dates 2025-26: ${schedule}. ${DUCK_HUNT_RULES}`;
}
