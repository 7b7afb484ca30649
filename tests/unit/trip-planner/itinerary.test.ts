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
    expect(plan.cost.unknownFor.length).toBeGreaterThan(0);
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
