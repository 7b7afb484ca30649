/**
 * What a waterway page shows for a gauge (src/lib/hunting/gauge-readings.ts): the live reading
 * only while online with a fresh answer, otherwise the last kept one marked with its age and
 * why, or a plain "none yet"; kept readings are only replaced by newer ones; times read
 * "12:15 PM CST, 20 min ago".
 */
import { describe, expect, it } from 'vitest';
import type { GaugeLatest } from '../../../../schemas/gauge-levels.ts';
import {
  formatAge,
  formatGaugeReading,
  formatObservedAt,
  gaugeLevelShown,
  lastKnownLabel,
  mergeGaugeReadings,
  noReadingText,
} from '../../../../src/lib/hunting/gauge-readings.ts';

const minute = 60_000;
const hour = 60 * minute;
// 2026-11-23 18:15 UTC is 12:15 PM in Arkansas (CST).
const observed = Date.parse('2026-11-23T12:15:00.000-06:00');

function answer(time: number | null, siteNumber = '07252000', gageHeight = 2.41): GaugeLatest {
  return {
    siteNumber,
    siteName: 'MULBERRY RIVER NEAR MULBERRY, AR',
    fetchedAt: observed + 5 * minute,
    readings:
      time === null
        ? []
        : [
            {
              parameterCode: '00060',
              label: 'Discharge',
              unit: 'ft3/s',
              value: 1870,
              time: new Date(time).toISOString(),
              provisional: true,
            },
            {
              parameterCode: '00065',
              label: 'Gage height',
              unit: 'ft',
              value: gageHeight,
              time: new Date(time).toISOString(),
              provisional: true,
            },
          ],
  };
}

describe('gauge reading words', () => {
  it('reads values with their units, and a value USGS marks as missing as no data', () => {
    const [discharge, gageHeight] = answer(observed).readings;
    expect(formatGaugeReading(discharge!)).toBe('Discharge: 1,870 ft³/s');
    expect(formatGaugeReading(gageHeight!)).toBe('Gage height: 2.41 ft');
    expect(formatGaugeReading({ ...gageHeight!, value: null })).toBe('Gage height: no data');
  });

  it('gives the Arkansas clock time and the age, with the date past a day', () => {
    expect(formatObservedAt(observed, observed + 20 * minute)).toBe('12:15 PM CST, 20 min ago');
    expect(formatObservedAt(observed, observed + 30 * 1000)).toBe('12:15 PM CST, just now');
    expect(formatObservedAt(observed, observed + 3 * hour)).toBe('12:15 PM CST, 3 h ago');
    expect(formatObservedAt(observed, observed + 50 * hour)).toBe(
      'Nov 23, 12:15 PM CST, 2 days ago',
    );
    // A device clock behind USGS does not make a reading "in 5 min".
    expect(formatAge(-5 * minute)).toBe('just now');
  });

  it('labels a kept reading with its age and why it is not live', () => {
    const kept = answer(observed);
    expect(lastKnownLabel(kept, 'offline', observed + 3 * hour)).toBe(
      'Last known, 3 h ago — offline',
    );
    expect(lastKnownLabel(kept, 'unreachable', observed + 20 * minute)).toBe(
      'Last known, 20 min ago — USGS could not be reached',
    );
    expect(noReadingText('offline')).toMatch(/^No reading on this device yet — offline/);
  });
});

describe('what a page shows for a gauge', () => {
  const live = answer(observed + hour, '07252000', 3.1);
  const stored = answer(observed);

  it('shows the live answer only online, after a successful request that answered the site', () => {
    expect(gaugeLevelShown({ live, stored, online: true, status: 'success' })).toEqual({
      kind: 'live',
      latest: live,
    });
  });

  it('shows the newest known reading as last known offline, never as current', () => {
    expect(gaugeLevelShown({ live, stored, online: false, status: 'success' })).toEqual({
      kind: 'last-known',
      latest: live,
      reason: 'offline',
    });
    expect(gaugeLevelShown({ live: undefined, stored, online: false, status: 'pending' })).toEqual({
      kind: 'last-known',
      latest: stored,
      reason: 'offline',
    });
  });

  it('falls back to the kept reading when USGS could not be reached or has nothing now', () => {
    expect(gaugeLevelShown({ live: undefined, stored, online: true, status: 'error' })).toEqual({
      kind: 'last-known',
      latest: stored,
      reason: 'unreachable',
    });
    expect(
      gaugeLevelShown({ live: answer(null), stored, online: true, status: 'success' }),
    ).toEqual({ kind: 'last-known', latest: stored, reason: 'no-current-data' });
    expect(gaugeLevelShown({ live: undefined, stored, online: true, status: 'pending' })).toEqual({
      kind: 'last-known',
      latest: stored,
      reason: 'updating',
    });
  });

  it('says there is none when nothing is kept', () => {
    expect(
      gaugeLevelShown({ live: undefined, stored: undefined, online: false, status: 'pending' }),
    ).toEqual({ kind: 'none', reason: 'offline' });
    expect(
      gaugeLevelShown({ live: answer(null), stored: undefined, online: true, status: 'success' }),
    ).toEqual({ kind: 'none', reason: 'no-current-data' });
  });
});

describe('keeping readings on the device', () => {
  it('keeps the newest reading of each site and never erases one with an empty answer', () => {
    const older = answer(observed, '07252000', 2.0);
    const newer = answer(observed + hour, '07252000', 2.5);
    const other = answer(observed, '07055660');
    const kept = mergeGaugeReadings({ '07252000': newer }, [older, other, answer(null)]);
    expect(kept['07252000']).toBe(newer);
    expect(kept['07055660']).toBe(other);
    expect(mergeGaugeReadings(kept, [answer(null, '07055660')])['07055660']).toBe(other);
    expect(mergeGaugeReadings(null, [newer])).toEqual({ '07252000': newer });
  });
});
