import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCampgrounds } from '../../../datasets/campgrounds.ts';
import { loadTrails, loadWmas } from '../../../sync-server/seed/places.ts';
import { withUsfsTrailLines } from '../../../sync-server/seed/trail-lines.ts';
import {
  buildTripPlan,
  dailyFeeDollars,
  wmaSeasonNote,
} from '../../../src/lib/trip-planner/itinerary.ts';
import { STRAIGHT_LINE_LABEL, type PlanRequest } from '../../../src/lib/trip-planner/plan-data.ts';

const dataDir = fileURLToPath(new URL('../../../data', import.meta.url));
const catalogues = {
  trails: withUsfsTrailLines(dataDir, loadTrails(dataDir, 0), 0),
  campgrounds: loadCampgrounds(dataDir, 0),
  wmas: loadWmas(dataDir, 0),
};

const request: PlanRequest = {
  start: { kind: 'town', label: 'Russellville', longitude: -93.13379, latitude: 35.27842 },
  activity: 'atv',
  days: 2,
  difficulty: null,
  startDate: '2026-05-02',
  dailyTrailMiles: 20,
  hunting: false,
};

describe('buildTripPlan on the shipped catalogues', () => {
  const plan = buildTripPlan(request, catalogues);

  it('plans two dated days of ATV trails from Russellville, each within the daily miles', () => {
    expect(plan.days.map((day) => day.date)).toEqual(['2026-05-02', '2026-05-03']);
    for (const day of plan.days) {
      expect(day.trails.length).toBeGreaterThan(0);
      expect(day.trailMiles).not.toBeNull();
      expect(day.trailMiles!).toBeLessThanOrEqual(20);
    }
    const ids = plan.days.flatMap((day) => day.trails.map((trail) => trail.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('drives day 1 from Russellville and day 2 from the last trail of day 1, straight-line', () => {
    expect(plan.distanceLabel).toBe(STRAIGHT_LINE_LABEL);
    expect(plan.days[0]!.driveFrom).toBe('Russellville');
    expect(plan.days[0]!.driveMiles).toBeGreaterThan(10);
    expect(plan.days[1]!.driveFrom).toBe(plan.days[0]!.trails.at(-1)!.name);
  });

  it('does not plan a system as a whole when its own segments are planned', () => {
    const ids = plan.days.flatMap((day) => day.trails.map((trail) => trail.id));
    expect(ids).not.toContain('moccasin-gap-trail');
  });

  it('lists campgrounds near each day, nearest first, and says the cost is not known', () => {
    for (const day of plan.days) {
      const miles = day.campgrounds.map((campground) => campground.miles);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      expect(miles.every((mile) => mile <= 25)).toBe(true);
    }
    expect(plan.days[0]!.campgrounds.length).toBeGreaterThan(0);
    expect(plan.cost.known).toBe(false);
    // Named by trail system, once, rather than segment by segment.
    const systems = new Set(plan.days.flatMap((day) => day.area?.name ?? []));
    expect(plan.cost.unknownFor).toEqual([...systems]);
  });

  it('adds WMAs only for hunters', () => {
    expect(plan.days.every((day) => day.wmas.length === 0)).toBe(true);
  });

  it('totals a published daily fee: Mill Creek OHV Trail, $3/day, for a one-day trip', () => {
    const mena = {
      ...request,
      start: {
        kind: 'trail' as const,
        label: 'Mill Creek',
        longitude: -93.83392,
        latitude: 35.8242,
      },
      days: 1,
      difficulty: 'hard' as const,
    };
    const millCreek = catalogues.trails.filter((trail) => trail.id === 'mill-creek-ohv-trail');
    const cost = buildTripPlan(mena, { ...catalogues, trails: millCreek }).cost;
    expect(cost).toEqual({
      known: true,
      knownDollars: 3,
      items: [{ day: 1, trailId: 'mill-creek-ohv-trail', text: '$3/day', dollars: 3 }],
      unknownFor: [],
    });
  });
});

describe('fees and seasons', () => {
  it.each([
    ['$3/day', 3],
    ['$5 per day', 5],
    ['Free', null],
    ['$10 per vehicle', null],
    [null, null],
  ])('reads %s as %s dollars a day', (text, dollars) => {
    expect(dailyFeeDollars(text)).toBe(dollars);
  });

  it('says duck season is open at a waterfowl WMA inside a 2025-26 split, and where else to look', () => {
    const area = catalogues.wmas.find((wma) => wma.waterfowl)!;
    const note = wmaSeasonNote(area, new Date(2025, 10, 25));
    expect(note.inSeason).toBe(true);
    expect(note.note).toContain('Duck season open this day (Split 1: Nov 22-Dec 1');
    const closed = wmaSeasonNote(area, new Date(2025, 11, 5));
    expect(closed.inSeason).toBe(false);
    expect(closed.note).toContain('next: Split 2, Dec 10-23');
  });

  it('gives hunters WMAs near each day with a season note', () => {
    const plan = buildTripPlan({ ...request, hunting: true, startDate: '2025-11-25' }, catalogues);
    const wmas = plan.days.flatMap((day) => day.wmas);
    expect(wmas.length).toBeGreaterThan(0);
    expect(wmas.every((wma) => wma.seasonNote.includes('https://www.agfc.com/'))).toBe(true);
  });
});

describe('planning by trail system from Mena, UTV, 2 days', () => {
  /** Mena, Polk County (GeoNames, data/places/arkansas-places.json). */
  const mena: PlanRequest = {
    start: { kind: 'town', label: 'Mena', longitude: -94.23966, latitude: 34.58622 },
    activity: 'utv',
    days: 2,
    difficulty: null,
    startDate: '2027-05-01',
    dailyTrailMiles: 25,
    hunting: false,
  };

  it('rides Wolf Pen Gap, about 15 miles away, on day 1 outside its reported closure', () => {
    const plan = buildTripPlan(mena, catalogues);
    expect(plan.days[0]!.area?.name).toBe('Wolf Pen Gap Trail Complex');
    expect(plan.days[1]!.area?.name).not.toBe('Wolf Pen Gap Trail Complex');
    const day1 = plan.days[0]!;
    expect(day1.trails.every((trail) => trail.systemId === 'wolf-pen-gap-ohv-trail')).toBe(true);
    expect(day1.trails[0]!.milesFromStart).toBeLessThan(20);
    // Longest trails first: the day is not padded with short segments ahead of long ones.
    const lengths = day1.trails.map((trail) => trail.lengthMiles!);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    expect(day1.trails[0]!.flags).toContain(
      'Season reported, unconfirmed (closed roughly November to mid-March): call the manager before you go',
    );
    expect(plan.leftOut).toEqual([]);
  });

  it('leaves Wolf Pen Gap out in December and says why, nearer than what it plans', () => {
    const plan = buildTripPlan({ ...mena, startDate: '2026-12-15' }, catalogues);
    const planned = plan.days.flatMap((day) => day.trails.map((trail) => trail.systemId));
    expect(planned).not.toContain('wolf-pen-gap-ohv-trail');
    expect(plan.leftOut![0]).toMatchObject({
      id: 'wolf-pen-gap-ohv-trail',
      name: 'Wolf Pen Gap Trail Complex',
      reason:
        'Likely closed on your dates (reported, unconfirmed: closed roughly November to mid-March)',
    });
    expect(plan.leftOut![0]!.milesFromStart).toBeLessThan(20);
  });
});

describe('buildTripPlan with riders’ reports', () => {
  it('flags a planned trail a rider reported closed, said as unconfirmed, without leaving it out', () => {
    const plain = buildTripPlan(request, catalogues);
    const first = plain.days[0]!.trails[0]!;
    const now = Date.UTC(2026, 4, 1, 12);
    const report = {
      id: 'r1',
      status: 'closed' as const,
      observedAt: now - 2 * 24 * 60 * 60 * 1000,
      clears: 0,
      hidden: false,
      reporterLabel: 'rider ab12',
    };
    const flagged = buildTripPlan(request, {
      ...catalogues,
      trailReports: { byTrail: new Map([[first.systemId ?? first.id, [report]]]), now },
    });
    const same = flagged.days[0]!.trails[0]!;
    expect(same.id).toBe(first.id);
    expect(same.flags).toContain(
      'Closed now (rider report, 2 days ago): reported by a rider, unconfirmed. Check before you go.',
    );
    // A report two riders cleared says nothing.
    const cleared = buildTripPlan(request, {
      ...catalogues,
      trailReports: {
        byTrail: new Map([[first.systemId ?? first.id, [{ ...report, clears: 2 }]]]),
        now,
      },
    });
    expect(cleared.days[0]!.trails[0]!.flags).toEqual(first.flags);
  });
});
