import { describe, expect, it } from 'vitest';
import * as SunCalc from 'suncalc';
import type { Trail } from '../../../../schemas/trails.ts';
import { adviseDays } from '../../../../src/lib/advisor/advice.ts';
import { packingList } from '../../../../src/lib/advisor/packing.ts';
import { activePlanReference, readPlan } from '../../../../src/lib/advisor/plan.ts';
import { safetyFiguresFor } from '../../../../src/lib/advisor/safety.ts';
import { seasonState } from '../../../../src/lib/advisor/season.ts';
import { daylightLeft, formatMinutes, sunDay } from '../../../../src/lib/advisor/sun.ts';
import type { Gauge } from '../../../../src/lib/hunting/gauges.ts';
import { formatArkansasTime } from '../../../../src/lib/hunting/shooting-hours.ts';

/** Wolf Pen Gap trailhead area near Mena (data/places/trails.geojson). */
const wolfPen = { latitude: 34.515, longitude: -94.1 };

function trail(overrides: Partial<Trail>): Trail {
  return {
    id: 'wolf-pen-gap-ohv-trail',
    name: 'Wolf Pen Gap Trail Complex',
    kind: 'ohv_trail_system',
    systemId: null,
    trailNumber: null,
    vehicleClasses: null,
    trailClass: null,
    season: null,
    dataDate: null,
    activities: ['atv', 'utv', 'dirt_bike'],
    difficulty: null,
    lengthMiles: 26,
    county: 'Polk',
    region: 'Ouachitas',
    manager: 'USDA Forest Service, Ouachita NF',
    fee: null,
    officialUrl: null,
    locationConfidence: 'approximate',
    notes: null,
    sources: ['test'],
    longitude: wolfPen.longitude,
    latitude: wolfPen.latitude,
    path: null,
    updatedAt: 0,
    ...overrides,
  };
}

const season = (openFrom: string, openUntil: string) => ({
  yearRound: false,
  openFrom,
  openUntil,
  source: 'USFS trail layer (test)',
});

describe('sun times', () => {
  it('match the sun library at Wolf Pen Gap on June 21, 2026, on the Arkansas clock', () => {
    const sun = sunDay({ year: 2026, month: 6, day: 21 }, wolfPen);
    // Noon CDT on that day is 17:00 UTC.
    const expected = SunCalc.getTimes(
      new Date('2026-06-21T17:00:00Z'),
      wolfPen.latitude,
      wolfPen.longitude,
    );
    expect(sun.sunrise.getTime()).toBe(expected.sunrise!.getTime());
    expect(sun.sunset.getTime()).toBe(expected.sunset!.getTime());
    expect(formatArkansasTime(sun.sunrise)).toMatch(/^6:0\d AM CDT$/);
    expect(formatArkansasTime(sun.sunset)).toMatch(/^8:3\d PM CDT$/);
    // Midsummer at 34.5° N: about 14 h 20 min of daylight.
    expect(sun.daylightMinutes).toBeGreaterThan(14 * 60 + 10);
    expect(sun.daylightMinutes).toBeLessThan(14 * 60 + 30);
  });

  it('counts daylight left from a given time, all of it before sunrise, none after sunset', () => {
    const sun = sunDay({ year: 2026, month: 12, day: 19 }, wolfPen);
    const twoHoursBefore = new Date(sun.sunset.getTime() - 120 * 60_000);
    expect(daylightLeft(sun, twoHoursBefore)).toEqual({ phase: 'daylight', minutesLeft: 120 });
    expect(daylightLeft(sun, new Date(sun.sunset.getTime() + 1))).toEqual({
      phase: 'after-sunset',
    });
    const early = daylightLeft(sun, new Date(sun.sunrise.getTime() - 30 * 60_000));
    expect(early).toEqual({
      phase: 'before-sunrise',
      minutesToSunrise: 30,
      daylightMinutes: sun.daylightMinutes,
    });
    expect(formatMinutes(sun.daylightMinutes)).toMatch(/^9 h \d+ min$/);
  });
});

describe('season and closures', () => {
  it('says unknown, never open, when no source gives a season', () => {
    const state = seasonState(null, { year: 2026, month: 7, day: 4 });
    expect(state.state).toBe('unknown');
    expect(state.text).toMatch(/not published/);
  });

  it('is open inside the window and closed outside it, with the source', () => {
    const window = season('04-01', '11-30');
    expect(seasonState(window, { year: 2026, month: 4, day: 1 }).state).toBe('open');
    expect(seasonState(window, { year: 2026, month: 11, day: 30 }).state).toBe('open');
    const closed = seasonState(window, { year: 2026, month: 12, day: 1 });
    expect(closed).toEqual({
      state: 'closed',
      text: 'Closed that day: it opens again on April 1 (Open April 1 – November 30).',
      source: 'USFS trail layer (test)',
    });
  });

  it('handles a window over New Year and a half-published window', () => {
    const winter = season('11-15', '03-15');
    expect(seasonState(winter, { year: 2027, month: 1, day: 10 }).state).toBe('open');
    expect(seasonState(winter, { year: 2026, month: 7, day: 10 }).state).toBe('closed');
    const half = { ...winter, openUntil: null };
    expect(seasonState(half, { year: 2026, month: 7, day: 10 }).state).toBe('unknown');
    const always = { yearRound: true, openFrom: null, openUntil: null, source: 's' };
    expect(seasonState(always, { year: 2026, month: 7, day: 10 }).state).toBe('open');
  });

  it('says likely closed, reported and unconfirmed, inside a reported closure', () => {
    const reported = {
      ...season('03-15', '10-31'),
      reportedAs: 'closed roughly November to mid-March',
    };
    const december = seasonState(reported, { year: 2026, month: 12, day: 15 });
    expect(december.state).toBe('likelyClosed');
    expect(december.text).toBe(
      'Likely closed that day (reported, unconfirmed: closed roughly November to mid-March); it may open around March 15.',
    );
    expect(seasonState(reported, { year: 2027, month: 5, day: 1 }).state).toBe('likelyOpen');
  });
});

describe('safety figures and packing', () => {
  it('gives riders of ATVs the tire, CVT and lightning figures and paddlers only the general ones', () => {
    const atv = safetyFiguresFor(['atv']).map((figure) => figure.text);
    expect(atv).toContain('Tire pressure: 8 PSI in mud, 10-12 PSI on rocks, 6-8 PSI in sand.');
    expect(atv).toContain('Change the CVT belt every 500 miles of hard riding; carry a spare.');
    expect(atv).toContain('Lightning: park and move at least 50 feet away from the vehicle.');
    const paddle = safetyFiguresFor(['paddling']).map((figure) => figure.id);
    expect(paddle).toEqual(['water', 'thunder']);
  });

  it('packs 1 gallon per person, activity gear, winter layers and lights for a short day', () => {
    const items = packingList({
      activities: ['utv', 'paddling'],
      month: 12,
      daylightMinutes: 9 * 60 + 50,
      plannedMinutes: null,
      people: 3,
    }).map((entry) => entry.item);
    expect(items[0]).toBe('3 gallons of water');
    expect(items).toContain('Spare CVT belt');
    expect(items).toContain('A life jacket for each person');
    expect(items).toContain('Warm layers, gloves and a hat');
    expect(items).toContain('Headlamp and working lights');
  });

  it('adds lights in summer only when the plan runs longer than the daylight', () => {
    const base = { activities: ['hiking'] as const, month: 7, daylightMinutes: 14 * 60, people: 1 };
    const short = packingList({ ...base, plannedMinutes: 6 * 60 }).map((entry) => entry.item);
    expect(short).not.toContain('Headlamp and working lights');
    expect(short).toContain('Extra water, electrolytes and sun protection');
    const long = packingList({ ...base, plannedMinutes: 15 * 60 });
    expect(long.find((entry) => entry.item === 'Headlamp and working lights')?.why).toMatch(
      /longer than the daylight/,
    );
  });
});

describe('reading a plan and advising by day', () => {
  const today = { year: 2026, month: 11, day: 23 };

  it('reads dated days with their trails, and a dateless plan as starting today', () => {
    const dated = readPlan(
      {
        startDate: '2026-12-05',
        days: [{ trailIds: ['a'] }, { date: '2026-12-07', stops: [{ trailId: 'b' }] }],
        people: 2,
      },
      600,
      today,
    );
    expect(dated.datesKnown).toBe(true);
    expect(dated.days).toEqual([
      { day: { year: 2026, month: 12, day: 5 }, trailIds: ['a'] },
      { day: { year: 2026, month: 12, day: 7 }, trailIds: ['b'] },
    ]);
    expect(dated.people).toBe(2);
    expect(dated.minutesPerDay).toBe(300);
    const dateless = readPlan({ days: 2, trails: ['wolf-pen-gap'] }, 0, today);
    expect(dateless.datesKnown).toBe(false);
    expect(dateless.days.map((entry) => entry.day.day)).toEqual([23, 24]);
    expect(dateless.days[1]!.trailIds).toEqual(['wolf-pen-gap']);
    expect(dateless.minutesPerDay).toBeNull();
  });

  it('lists gauges near a water trail, water trails near a land trail, and unknown trail ids', () => {
    const mulberry = trail({
      id: 'mulberry-river-float',
      name: 'Mulberry River (float)',
      kind: 'water_trail',
      activities: ['paddling'],
      longitude: -93.835,
      latitude: 35.708,
    });
    const nearbyOhv = trail({ id: 'ohv', longitude: -93.9, latitude: 35.65 });
    const gauges: Gauge[] = [
      {
        siteNumber: '07252000',
        name: 'Mulberry River near Mulberry, AR',
        state: 'AR',
        point: [-94.0153, 35.5769],
        url: 'https://waterdata.usgs.gov/monitoring-location/07252000/',
      },
      {
        siteNumber: '07055660',
        name: 'Buffalo River at Ponca, AR',
        state: 'AR',
        point: [-93.3547, 36.0225],
        url: 'https://waterdata.usgs.gov/monitoring-location/07055660/',
      },
    ];
    const now = new Date('2026-11-23T20:00:00Z');
    const [day] = adviseDays([{ day: today, trailIds: ['mulberry-river-float', 'ohv', 'gone'] }], {
      trails: [mulberry, nearbyOhv],
      gauges,
      now,
      people: null,
      minutesPerDay: null,
    });
    expect(day!.isToday).toBe(true);
    expect(day!.missingTrailIds).toEqual(['gone']);
    const [water, land] = day!.trails;
    expect(water!.gauges.map((near) => near.gauge.siteNumber)).toEqual(['07252000']);
    expect(land!.waterTrails.map((near) => near.trail.id)).toEqual(['mulberry-river-float']);
    expect(land!.waterTrails[0]!.gauges[0]!.gauge.siteNumber).toBe('07252000');
    expect(land!.daylightLeft?.phase).toBe('daylight');
    expect(day!.packing.map((entry) => entry.item)).toContain('A life jacket for each person');
  });
});

describe('the active plan in the trip context', () => {
  it('reads a reference to a stored plan, a bare plan body, and no plan', () => {
    expect(activePlanReference({ id: 'p1', name: 'Ouachita weekend loop' })).toMatchObject({
      id: 'p1',
      name: 'Ouachita weekend loop',
    });
    const bare = activePlanReference({ days: 2, trails: ['wolf-pen-gap'], totalDuration: 300 });
    expect(bare).toMatchObject({ id: null, totalDuration: 300 });
    expect(
      readPlan(bare!.planData, bare!.totalDuration, { year: 2026, month: 1, day: 1 }).days,
    ).toHaveLength(2);
    expect(activePlanReference(null)).toBeNull();
  });
});
