import { describe, expect, it } from 'vitest';
import {
  duckSeasonHeadline,
  duckSeasonLimits,
  duckSeasonPeriods,
  duckSeasonStatus,
} from '../../../../src/lib/hunting/duck-season.ts';

describe('2025-26 duck season (voice §9)', () => {
  it('has ended by today (2026-11-20), after the youth hunt of Feb 7-8, 2026', () => {
    const status = duckSeasonStatus(new Date(2026, 10, 20, 9, 0));
    expect(status.state).toBe('ended');
    if (status.state === 'ended') expect(status.endedOn).toEqual(new Date(2026, 1, 8));
  });

  it('is open on the first and last day of a split, inclusive', () => {
    const first = duckSeasonStatus(new Date(2025, 10, 22, 6, 0));
    expect(first.state === 'open' && first.period.text).toBe('Nov 22-Dec 1');
    const last = duckSeasonStatus(new Date(2026, 0, 31, 23, 30));
    expect(last.state === 'open' && last.period.text).toBe('Dec 27-Jan 31, 2026');
  });

  it('names the next period between splits, and is upcoming before teal season', () => {
    const between = duckSeasonStatus(new Date(2025, 11, 5));
    expect(between.state === 'between' && between.next.text).toBe('Dec 10-23');
    expect(duckSeasonStatus(new Date(2025, 7, 1)).state).toBe('upcoming');
  });

  it('keeps the spec wording of the periods and limits', () => {
    expect(duckSeasonPeriods.map((period) => period.text)).toEqual([
      'Sept 20-28, 2025',
      'Nov 22-Dec 1',
      'Dec 10-23',
      'Dec 27-Jan 31, 2026',
      'Feb 7-8, 2026',
    ]);
    expect(duckSeasonLimits.pintail).toBe('Pintail: 3 daily (up from 1)');
    expect(duckSeasonLimits.daily).toContain('max 4 mallards (2 hens)');
    expect(duckSeasonLimits.geese).toBe("Geese: 2 Canada, 3 specklebelly, 20 snow/blue/Ross's");
    expect(duckSeasonLimits.shootingHours).toContain(
      '30 minutes before sunrise to noon, except the last day',
    );
  });
});

describe('the season the home and duck pages lead with (issue 11 defect 6)', () => {
  it('is the next season with no dates on 2026-11-23, after 2025-26 is over', () => {
    const headline = duckSeasonHeadline(new Date(2026, 10, 23, 12, 0));
    expect(headline).toEqual({
      label: '2026-27',
      published: false,
      badge: '2026-27 season: dates not yet published by AGFC',
    });
  });

  it('is 2025-26 with its dates while that season runs, and 2026-27 right after the youth hunt', () => {
    expect(duckSeasonHeadline(new Date(2025, 11, 1)).badge).toBe('2025-26 Season');
    expect(duckSeasonHeadline(new Date(2026, 1, 8, 20)).published).toBe(true);
    expect(duckSeasonHeadline(new Date(2026, 1, 9)).label).toBe('2026-27');
    expect(duckSeasonHeadline(new Date(2027, 3, 1)).badge).toBe(
      '2027-28 season: dates not yet published by AGFC',
    );
  });
});
