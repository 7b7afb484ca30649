/**
 * Matching the rider to a trail's line, with the real WP1 line (Wolf Pen Gap 1 as shipped,
 * tests/fixtures/trails): the place on the line is the nearest point of the whole line, progress
 * moves only along the leg being ridden, and guidance starts anywhere and follows either
 * direction. Simulated fixes at about 5 m apart (an ATV at 1 Hz), no GPS noise.
 */
import { lineString } from '@turf/helpers';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import { describe, expect, it } from 'vitest';
import {
  alongGapMeters,
  matchToRoute,
  positionAlong,
  prepareRoute,
  type LonLat,
  type PreparedRoute,
} from '../../../src/lib/geo/route-geometry.ts';
import { bearingDegrees } from '../../../src/lib/geo/track-stats.ts';
import {
  initialGuidance,
  OFF_ROUTE_METERS,
  prepareTarget,
  trailNavigationTarget,
  updateGuidance,
  type GuidanceState,
  type NavigationNotice,
  type PreparedTarget,
} from '../../../src/machines/navigation-cues.ts';
import { wolfPenGap1Line, wolfPenGap1Trail } from '../../fixtures/trails/wolf-pen-gap-1.ts';

const wp1 = prepareRoute(wolfPenGap1Line);
const wp1Target = prepareTarget(trailNavigationTarget(wolfPenGap1Trail()));

/** WP1 ridden out to its east end and back: the same line twice, the second time reversed. */
const outAndBackLine = [...wolfPenGap1Line, ...[...wolfPenGap1Line].reverse().slice(1)];
const outAndBack = prepareRoute(outAndBackLine);

/** Fixes every `stepMeters` along `route` from `from` to `to` metres (either way). */
function ride(route: PreparedRoute, from: number, to: number, stepMeters = 5): LonLat[] {
  const count = Math.round(Math.abs(to - from) / stepMeters);
  return Array.from({ length: count + 1 }, (_, index) =>
    positionAlong(route, from + ((to - from) * index) / count),
  );
}

/** Feeds fixes to the pure guidance, returning every state and every notice raised. */
function guide(prepared: PreparedTarget, fixes: readonly LonLat[], start = initialGuidance()) {
  let state = start;
  const states: GuidanceState[] = [];
  const notices: NavigationNotice[] = [];
  for (const fix of fixes) {
    const result = updateGuidance(prepared, state, fix);
    state = result.state;
    states.push(state);
    notices.push(...result.notices);
  }
  return { state, states, notices };
}

function point([longitude, latitude]: LonLat) {
  return { longitude, latitude };
}

describe('matching a position to the line', () => {
  it('finds the nearest point of the whole line without a previous place', () => {
    const end = wolfPenGap1Line.at(-1)!;
    const match = matchToRoute(wp1, end);
    expect(match.alongMeters).toBeCloseTo(wp1.totalMeters, 0);
    expect(match.offRouteMeters).toBeLessThan(0.5);
    const middle = matchToRoute(wp1, positionAlong(wp1, 3500));
    expect(middle.alongMeters).toBeCloseTo(3500, 0);
  });

  it('keeps an out-and-back rider on the leg they ride, both legs lying on one line', () => {
    const half = outAndBack.totalMeters / 2;
    for (const along of [1000, 3000, half - 300]) {
      const position = positionAlong(outAndBack, along);
      // Coming out: the outbound leg; coming back past the same spot: the return leg.
      const out = matchToRoute(outAndBack, position, { alongMeters: along - 5, direction: 1 });
      expect(out.alongMeters).toBeCloseTo(along, 0);
      const backAlong = outAndBack.totalMeters - along;
      const back = matchToRoute(outAndBack, position, {
        alongMeters: backAlong - 5,
        direction: 1,
      });
      expect(back.alongMeters).toBeCloseTo(backAlong, 0);
      expect(back.offRouteMeters).toBeLessThan(0.5);
    }
  });

  it('measures a loop around its start: crossing the start is a small step', () => {
    const loop = prepareRoute([...wolfPenGap1Line, ...[...wolfPenGap1Line].reverse().slice(1)]);
    expect(loop.closed).toBe(true);
    expect(wp1.closed).toBe(false);
    expect(alongGapMeters(loop, loop.totalMeters - 10, 5)).toBeCloseTo(15, 6);
    expect(alongGapMeters(loop, 5, loop.totalMeters - 10)).toBeCloseTo(-15, 6);
    expect(alongGapMeters(wp1, 100, 40)).toBe(-60);
  });

  it('gives the distance and compass bearing to the nearest point of the line', () => {
    const on = positionAlong(wp1, 2000);
    const north: LonLat = [on[0], on[1] + 150 / 111_195];
    const match = matchToRoute(wp1, north, { alongMeters: 1990, direction: 1 });
    expect(match.offRouteMeters).toBeGreaterThan(20);
    expect(match.offRouteMeters).toBeLessThanOrEqual(151);
    expect(bearingDegrees(point(north), point(match.nearest))).toBeCloseTo(
      match.bearingToRouteDegrees,
      6,
    );
  });
});

describe('guidance along WP1 started anywhere', () => {
  const middle = wp1.totalMeters / 2;

  it.each([
    ['towards its east end', middle, wp1.totalMeters],
    ['towards its west end', middle, 0],
  ])(
    'from the midpoint %s: never off route, done grows, remaining falls, arrives',
    (_, from, to) => {
      const { state, states, notices } = guide(wp1Target, ride(wp1, from, to));
      expect(states.every((step) => !step.offRoute)).toBe(true);
      expect(states.every((step) => (step.offRouteMeters ?? 0) < 1)).toBe(true);
      expect(notices.filter((notice) => notice.kind === 'offRoute')).toEqual([]);
      expect(state.direction).toBe(to > from ? 1 : -1);
      const decided = states.filter((step) => step.direction !== null);
      decided.slice(1).forEach((step, index) => {
        expect(step.remainingMeters!).toBeLessThanOrEqual(decided[index]!.remainingMeters! + 0.01);
        expect(step.doneMeters).toBeGreaterThanOrEqual(decided[index]!.doneMeters);
      });
      // Half the line ridden is what is done, not where the midpoint lies from the west end.
      expect(decided[0]!.remainingMeters).toBeGreaterThan(middle - 40);
      expect(decided[0]!.remainingMeters).toBeLessThan(middle - 10);
      expect(state.doneMeters).toBeGreaterThan(middle - 40);
      expect(state.arrived).toBe(true);
      expect(notices.map((notice) => notice.text)).toContain(
        'You have arrived at the end of Wolf Pen Gap 1 (trail WP1).',
      );
      expect(notices.filter((notice) => notice.kind === 'quarterMile').length).toBeGreaterThan(4);
      expect(notices.some((notice) => notice.kind === 'turn')).toBe(true);
    },
  );

  it('names the turns as met in the direction of travel: left one way is right the other', () => {
    const east = guide(wp1Target, ride(wp1, 1000, 1400));
    const cue = wp1Target.cues.find((candidate) => candidate.alongMeters > 1200)!;
    const eastCue = east.states.find((step) => step.nextCue?.alongMeters === cue.alongMeters);
    expect(eastCue?.nextCue?.direction).toBe(cue.direction);
    const west = guide(wp1Target, ride(wp1, cue.alongMeters + 300, cue.alongMeters - 100));
    const westCue = west.states.find((step) => step.nextCue?.alongMeters === cue.alongMeters);
    expect(westCue?.nextCue?.direction).toBe(cue.direction === 'left' ? 'right' : 'left');
  });

  it('starting at the east end does not count the line as done nor arrive there', () => {
    const { states, notices } = guide(wp1Target, ride(wp1, wp1.totalMeters, wp1.totalMeters - 500));
    expect(states[0]!.doneMeters).toBe(0);
    expect(states[0]!.remainingMeters).toBeCloseTo(wp1.totalMeters, 0);
    expect(states.every((step) => !step.arrived)).toBe(true);
    expect(states.at(-1)!.doneMeters).toBeCloseTo(500, -1);
    expect(states.at(-1)!.remainingMeters).toBeCloseTo(wp1.totalMeters - 500, -1);
    expect(notices.map((notice) => notice.text)).not.toContain('4.25 miles done.');
  });

  it('standing on the first point for 45 fixes stays on route and says nothing', () => {
    const fixes = Array.from({ length: 45 }, () => wolfPenGap1Line[0]!);
    const { state, notices } = guide(wp1Target, fixes);
    expect(state.offRoute).toBe(false);
    expect(state.offRouteMeters).toBeLessThan(1);
    expect(state.doneMeters).toBe(0);
    expect(state.remainingMeters).toBeCloseTo(wp1.totalMeters, 0);
    expect(notices).toEqual([]);
  });

  it('a U-turn after 300 m turns the guidance round: remaining is then back to the start', () => {
    const out = guide(wp1Target, ride(wp1, 2000, 2300));
    const { state } = guide(wp1Target, ride(wp1, 2300, 2100), out.state);
    expect(state.direction).toBe(-1);
    expect(state.remainingMeters).toBeCloseTo(2100, -1);
    expect(state.doneMeters).toBeCloseTo(500, -1);
  });
});

describe('guidance along an out-and-back', () => {
  it('rides out and back on one line without jumping legs, off route or early arrival', () => {
    const { state, states, notices } = guide(
      prepareTarget({
        kind: 'route',
        name: 'WP1 out and back',
        coordinates: outAndBackLine,
        waypoints: [],
      }),
      ride(outAndBack, 0, outAndBack.totalMeters),
    );
    expect(states.every((step) => !step.offRoute)).toBe(true);
    expect(notices.filter((notice) => notice.kind === 'offRoute')).toEqual([]);
    // Its ends meet, so it is measured as a loop; each fix moves a few metres on, never across.
    expect(outAndBack.closed).toBe(true);
    states.slice(1).forEach((step, index) => {
      const gap = alongGapMeters(outAndBack, states[index]!.alongMeters!, step.alongMeters!);
      expect(gap).toBeGreaterThan(-1);
      expect(gap).toBeLessThan(10);
    });
    expect(state.alongMeters).toBeCloseTo(outAndBack.totalMeters, 0);
    expect(states.filter((step) => step.arrived)).toHaveLength(
      states.length - states.findIndex((step) => step.arrived),
    );
    const firstArrived = states.findIndex((step) => step.arrived);
    expect(states[firstArrived]!.doneMeters).toBeGreaterThan(outAndBack.totalMeters - 60);
    expect(state.direction).toBe(1);
    expect(notices.at(-1)?.kind).toBe('arrived');
  });
});

describe('off route beside WP1', () => {
  it('warns after two fixes beyond the threshold with the bearing back, then clears', () => {
    const along = 3000;
    const onLine = guide(wp1Target, ride(wp1, along - 200, along));
    // 150 m to the right of travel: the way back is the heading turned left by 90°.
    const here = positionAlong(wp1, along);
    const ahead = positionAlong(wp1, along + 10);
    const heading = bearingDegrees(point(here), point(ahead));
    const radians = ((heading + 90) * Math.PI) / 180;
    const away: LonLat = [
      here[0] + (Math.sin(radians) * 150) / (111_195 * Math.cos((here[1] * Math.PI) / 180)),
      here[1] + (Math.cos(radians) * 150) / 111_195,
    ];
    const off = guide(wp1Target, [away, away], onLine.state);
    expect(off.states[0]!.offRoute).toBe(false);
    expect(off.state.offRoute).toBe(true);
    expect(off.state.offRouteMeters).toBeGreaterThan(OFF_ROUTE_METERS);
    expect(off.state.nextCue).toBeNull();
    // The bearing back is checked against @turf/nearest-point-on-line over the whole line.
    const nearest = nearestPointOnLine(lineString(wolfPenGap1Line), away, { units: 'meters' });
    expect(off.state.offRouteMeters).toBeCloseTo(nearest.properties.pointDistance, -1);
    expect(off.state.offRouteMeters).toBeGreaterThan(100);
    const expected = bearingDegrees(point(away), point(nearest.geometry.coordinates as LonLat));
    const error = Math.abs(((off.state.bearingToRouteDegrees! - expected + 540) % 360) - 180);
    expect(error).toBeLessThan(20);
    expect(off.notices.map((notice) => notice.kind)).toEqual(['offRoute']);
    const back = guide(wp1Target, ride(wp1, along, along + 50), off.state);
    expect(back.states[0]!.offRoute).toBe(false);
    expect(back.notices[0]).toMatchObject({ kind: 'backOnRoute', text: 'Back on route.' });
  });
});
