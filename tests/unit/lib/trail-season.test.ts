/**
 * Trail seasons (issue 15 "Seasons and closures visible"): inclusive month-day windows, windows
 * that wrap the year end, the leap day, year-round and unpublished seasons, and the words a
 * rider reads ("Closed until March 14", "Season not published").
 */
import { describe, expect, it } from 'vitest';
import type { Trail } from '../../../schemas/trails.ts';
import {
  closedUntilLabel,
  isOpenOn,
  nextOpening,
  seasonCardLabel,
  seasonLabel,
  seasonStatus,
  withoutClosedOn,
} from '../../../src/lib/trail-season.ts';

const day = (iso: string) => {
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 9, 30);
};
const window = (openFrom: string, openUntil: string) => ({
  season: { yearRound: false, openFrom, openUntil, source: 'test window' } as Trail['season'],
});

/**
 * Wolf Pen Gap's designated season as the Ouachita NF decision (Alternative I) gives it: open
 * from the second Friday of March through October 31. The schema holds fixed month-days, so the
 * second Friday is taken at its latest possible day, March 14. The decision's holiday openings
 * (Thanksgiving week, December 25 – January 2) cannot be held by one window and are not here.
 */
const wolfPenGap = {
  season: {
    yearRound: false,
    openFrom: '03-14',
    openUntil: '10-31',
    source:
      'Ouachita NF, Wolf Pen Gap decision (Alternative I): open the second Friday of March through Oct. 31',
  },
};

describe('isOpenOn', () => {
  it('includes both ends of a window inside one year', () => {
    const summer = window('04-01', '10-31');
    expect(isOpenOn(summer, day('2026-03-31'))).toBe(false);
    expect(isOpenOn(summer, day('2026-04-01'))).toBe(true);
    expect(isOpenOn(summer, day('2026-10-31'))).toBe(true);
    expect(isOpenOn(summer, day('2026-11-01'))).toBe(false);
  });

  it('wraps a window that crosses the year end', () => {
    const winter = window('11-15', '02-28');
    expect(isOpenOn(winter, day('2026-11-14'))).toBe(false);
    expect(isOpenOn(winter, day('2026-11-15'))).toBe(true);
    expect(isOpenOn(winter, day('2026-12-31'))).toBe(true);
    expect(isOpenOn(winter, day('2027-01-01'))).toBe(true);
    expect(isOpenOn(winter, day('2027-02-28'))).toBe(true);
    expect(isOpenOn(winter, day('2027-03-01'))).toBe(false);
  });

  it('keeps the leap day outside a window that ends on February 28', () => {
    const winter = window('11-15', '02-28');
    expect(isOpenOn(winter, day('2028-02-29'))).toBe(false);
    expect(isOpenOn(window('11-15', '02-29'), day('2028-02-29'))).toBe(true);
  });

  it('is open every day year-round and unknown without a published season', () => {
    const yearRound = {
      season: { yearRound: true, openFrom: null, openUntil: null, source: 'USFS "yearlong"' },
    };
    expect(isOpenOn(yearRound, day('2026-01-01'))).toBe(true);
    expect(isOpenOn({ season: null }, day('2026-11-23'))).toBe('unknown');
    const seasonalNoDates = {
      season: { yearRound: false, openFrom: null, openUntil: null, source: 'seasonal' },
    };
    expect(isOpenOn(seasonalNoDates, day('2026-11-23'))).toBe('unknown');
  });
});

describe('nextOpening', () => {
  it('is the opening day later this year, or next year once it has passed', () => {
    expect(nextOpening(window('04-01', '10-31'), day('2026-02-10'))).toEqual(day0('2026-04-01'));
    expect(nextOpening(window('04-01', '10-31'), day('2026-11-23'))).toEqual(day0('2027-04-01'));
    expect(nextOpening(window('11-15', '02-28'), day('2026-06-01'))).toEqual(day0('2026-11-15'));
  });

  it('opens a February 29 season on March 1 in a common year', () => {
    expect(nextOpening(window('02-29', '10-31'), day('2026-11-23'))).toEqual(day0('2027-03-01'));
    expect(nextOpening(window('02-29', '10-31'), day('2027-11-23'))).toEqual(day0('2028-02-29'));
  });

  it('is unknown without a season', () => {
    expect(nextOpening({ season: null }, day('2026-11-23'))).toBe('unknown');
  });
});

function day0(iso: string): Date {
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

describe('what the rider reads', () => {
  it('shows Wolf Pen Gap closed on 2026-11-23 until its March opening, with its source', () => {
    const status = seasonStatus(wolfPenGap, day('2026-11-23'));
    expect(status).toEqual({
      state: 'closed',
      opensOn: day0('2027-03-14'),
      source: wolfPenGap.season.source,
    });
    expect(seasonCardLabel(wolfPenGap, day('2026-11-23'))).toBe('Closed until March 14');
    expect(seasonCardLabel(wolfPenGap, day('2026-06-01'))).toBe('Open March 14 – October 31');
  });

  it('names the season or says it is not published', () => {
    expect(seasonLabel(null)).toBe('Season not published');
    expect(seasonCardLabel({ season: null }, day('2026-11-23'))).toBe('Season not published');
    expect(seasonLabel({ yearRound: true, openFrom: null, openUntil: null, source: 'USFS' })).toBe(
      'Open year-round',
    );
    expect(seasonLabel(window('11-15', '02-29').season)).toBe('Open November 15 – February 29');
    expect(closedUntilLabel(day0('2027-04-01'))).toBe('Closed until April 1');
  });
});

describe('the Open now filter', () => {
  it('leaves out trails closed today and keeps open ones and unknown seasons', () => {
    const trails = [
      { id: 'wolf-pen-gap', ...wolfPenGap },
      { id: 'winter-only', ...window('11-15', '02-28') },
      { id: 'unpublished', season: null },
    ];
    const ids = (date: Date) => withoutClosedOn(trails, date).map((trail) => trail.id);
    expect(ids(day('2026-11-23'))).toEqual(['winter-only', 'unpublished']);
    expect(ids(day('2026-07-04'))).toEqual(['wolf-pen-gap', 'unpublished']);
  });
});
