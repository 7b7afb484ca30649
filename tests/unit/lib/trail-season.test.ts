/**
 * Trail seasons: inclusive month-day windows, windows that wrap the year end, the leap day,
 * year-round, unpublished and reported (unconfirmed) seasons, and the words a rider reads
 * ("Closed until March 14", "Likely closed now (reported, unconfirmed: …)", "Season not
 * published").
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
  partitionOpenOn,
} from '../../../src/lib/trail-season.ts';

const day = (iso: string) => {
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 9, 30);
};
const window = (openFrom: string, openUntil: string) => ({
  season: { yearRound: false, openFrom, openUntil, source: 'test window' } as Trail['season'],
});

/** A published window of a made-up trail: open from March 14 through October 31. */
const springToFall = {
  season: {
    yearRound: false,
    openFrom: '03-14',
    openUntil: '10-31',
    source: 'Test forest order: open March 14 through October 31',
  },
};

/** Wolf Pen Gap as shipped: a reported closure, roughly November to mid-March, unconfirmed. */
const wolfPenGapReported = {
  season: {
    yearRound: false,
    openFrom: '03-15',
    openUntil: '10-31',
    reportedAs: 'closed roughly November to mid-March',
    source: 'Reported by the Mena trail page, not confirmed by the Forest Service',
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
  it('shows a trail closed on 2026-11-23 until its March opening, with its source', () => {
    const status = seasonStatus(springToFall, day('2026-11-23'));
    expect(status).toEqual({
      state: 'closed',
      opensOn: day0('2027-03-14'),
      source: springToFall.season.source,
    });
    expect(seasonCardLabel(springToFall, day('2026-11-23'))).toBe('Closed until March 14');
    expect(seasonCardLabel(springToFall, day('2026-06-01'))).toBe('Open March 14 – October 31');
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

describe('a reported, unconfirmed season', () => {
  it('says Wolf Pen Gap is likely closed on 2026-12-15, never plainly closed or open', () => {
    const december = seasonStatus(wolfPenGapReported, day('2026-12-15'));
    expect(december).toEqual({
      state: 'likelyClosed',
      opensOn: day0('2027-03-15'),
      source: wolfPenGapReported.season.source,
      reportedAs: 'closed roughly November to mid-March',
    });
    expect(seasonCardLabel(wolfPenGapReported, day('2026-12-15'))).toBe(
      'Likely closed now (reported, unconfirmed: closed roughly November to mid-March)',
    );
    expect(seasonCardLabel(wolfPenGapReported, day('2027-05-01'))).toBe(
      'Likely open now (reported, unconfirmed: closed roughly November to mid-March)',
    );
    expect(seasonLabel(wolfPenGapReported.season)).toBe(
      'Reported, unconfirmed: closed roughly November to mid-March',
    );
  });

  it('is no published fact: not open or closed, and no opening day is announced', () => {
    expect(isOpenOn(wolfPenGapReported, day('2026-12-15'))).toBe('unknown');
    expect(isOpenOn(wolfPenGapReported, day('2027-05-01'))).toBe('unknown');
    expect(nextOpening(wolfPenGapReported, day('2026-12-15'))).toBe('unknown');
  });
});

describe('the Open now filter', () => {
  it('leaves out trails closed today, names the likely closed apart, keeps open and unknown', () => {
    const trails = [
      { id: 'spring-to-fall', ...springToFall },
      { id: 'winter-only', ...window('11-15', '02-28') },
      { id: 'unpublished', season: null },
      { id: 'wolf-pen-gap', ...wolfPenGapReported },
    ];
    const ids = (date: Date) => {
      const { open, likelyClosed } = partitionOpenOn(trails, date);
      return { open: open.map((trail) => trail.id), likelyClosed: likelyClosed.map((t) => t.id) };
    };
    expect(ids(day('2026-12-15'))).toEqual({
      open: ['winter-only', 'unpublished'],
      likelyClosed: ['wolf-pen-gap'],
    });
    expect(ids(day('2026-07-04'))).toEqual({
      open: ['spring-to-fall', 'unpublished', 'wolf-pen-gap'],
      likelyClosed: [],
    });
  });
});
