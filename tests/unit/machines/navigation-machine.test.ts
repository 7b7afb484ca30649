/**
 * The navigation machine on the real WP1 line (Wolf Pen Gap 1 as shipped) with fixes at 1 Hz
 * on xstate's SimulatedClock: riding from the midpoint either way is never off route; 150 m off
 * the line the rider is warned within 10 s, again every 30 s and at once when the distance
 * doubles, each time with the compass bearing back to the line; the next cue is hidden meanwhile;
 * back on the line the warning clears and stops. The map's arrow points along the movement, or
 * along the device's course when the fix has one.
 */
import { lineString } from '@turf/helpers';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { positionAlong, prepareRoute, type LonLat } from '../../../src/lib/geo/route-geometry.ts';
import { bearingDegrees } from '../../../src/lib/geo/track-stats.ts';
import {
  compassWord,
  OFF_ROUTE_REPEAT_MS,
  trailNavigationTarget,
} from '../../../src/machines/navigation-cues.ts';
import { navigationMachine } from '../../../src/machines/navigation-machine.ts';
import { wolfPenGap1Line, wolfPenGap1Trail } from '../../fixtures/trails/wolf-pen-gap-1.ts';

const route = prepareRoute(wolfPenGap1Line);
const middle = route.totalMeters / 2;

/** A navigation actor on WP1 whose fixes come one a second of simulated time. */
function navigate() {
  const clock = new SimulatedClock();
  const spoken: { atMs: number; text: string }[] = [];
  const felt: string[] = [];
  let now = 0;
  const actor = createActor(
    navigationMachine.provide({
      actors: { watchPosition: fromCallback(() => () => undefined) },
      actions: {
        speak: (_, params) => spoken.push({ atMs: now, text: params.text }),
        vibrate: (_, params) => felt.push(params.patternId),
      },
    }),
    { input: { target: trailNavigationTarget(wolfPenGap1Trail()) }, clock },
  ).start();
  const fix = ([longitude, latitude]: LonLat) => {
    now += 1000;
    clock.increment(1000);
    actor.send({ type: 'navigation.position', longitude, latitude, accuracy: 5 });
    return actor.getSnapshot();
  };
  return { actor, spoken, felt, fix, elapsedMs: () => now };
}

/** The point `metres` to the right of travel (towards the line's end) from the line at `along`. */
function beside(along: number, metres: number): LonLat {
  const here = positionAlong(route, along);
  const ahead = positionAlong(route, along + 10);
  const heading = bearingDegrees(point(here), point(ahead));
  const radians = ((heading + 90) * Math.PI) / 180;
  return [
    here[0] + (Math.sin(radians) * metres) / (111_195 * Math.cos((here[1] * Math.PI) / 180)),
    here[1] + (Math.cos(radians) * metres) / 111_195,
  ];
}

function point([longitude, latitude]: LonLat) {
  return { longitude, latitude };
}

/** Bearing from `from` to the nearest point of the whole line, by @turf/nearest-point-on-line. */
function bearingBackToLine(from: LonLat): number {
  const nearest = nearestPointOnLine(lineString(wolfPenGap1Line), from, { units: 'meters' });
  return bearingDegrees(point(from), point(nearest.geometry.coordinates as LonLat));
}

function angleBetween(a: number, b: number): number {
  return Math.abs(((a - b + 540) % 360) - 180);
}

describe('navigation machine on WP1', () => {
  it.each([
    ['east', 1],
    ['west', -1],
  ])('rides 600 m %s from the midpoint at 1 Hz without going off route', (_, direction) => {
    const { actor, spoken, fix } = navigate();
    for (let step = 0; step <= 100; step += 1) {
      const snapshot = fix(positionAlong(route, middle + direction * step * 6));
      expect(snapshot.matches({ following: 'onRoute' })).toBe(true);
    }
    const { guidance } = actor.getSnapshot().context;
    expect(guidance.offRoute).toBe(false);
    expect(guidance.direction).toBe(direction);
    expect(guidance.doneMeters).toBeCloseTo(600, -1);
    expect(guidance.remainingMeters).toBeCloseTo(middle - 600, -1);
    expect(spoken.some(({ text }) => text.startsWith('Off route'))).toBe(false);
    expect(spoken.some(({ text }) => text === '0.25 miles done.')).toBe(true);
  });

  it("points the map's arrow along the movement, or along the device's course when it gives one", () => {
    const { actor, fix } = navigate();
    expect(actor.getSnapshot().context.riderHeading.headingDegrees).toBeNull();
    fix(positionAlong(route, middle));
    expect(actor.getSnapshot().context.riderHeading.headingDegrees).toBeNull();
    for (let step = 1; step <= 5; step += 1) fix(positionAlong(route, middle + step * 12));
    const here = positionAlong(route, middle + 60);
    const lineBearing = bearingDegrees(point(positionAlong(route, middle + 48)), point(here));
    const moving = actor.getSnapshot().context.riderHeading.headingDegrees!;
    expect(angleBetween(moving, lineBearing)).toBeLessThan(1);

    actor.send({
      type: 'navigation.position',
      longitude: here[0],
      latitude: here[1],
      accuracy: 5,
      heading: 271,
    });
    expect(actor.getSnapshot().context.riderHeading.headingDegrees).toBe(271);
  });

  it('150 m off the line: warned within 10 s, again every 30 s and when the distance doubles; cleared back on the line', () => {
    const { actor, spoken, felt, fix, elapsedMs } = navigate();
    const along = middle + 300;
    for (let step = 0; step <= 50; step += 1) fix(positionAlong(route, middle + step * 6));
    expect(actor.getSnapshot().context.guidance.nextCue).not.toBeNull();

    // Straight out to 150 m beside the line, and waiting there.
    const away = beside(along, 150);
    const leftAt = elapsedMs();
    let warnedAt: number | null = null;
    for (let second = 1; second <= 10 && warnedAt === null; second += 1) {
      fix(away);
      if (spoken.some(({ text }) => text.startsWith('Off route'))) warnedAt = elapsedMs();
    }
    expect(warnedAt).not.toBeNull();
    expect(warnedAt! - leftAt).toBeLessThanOrEqual(10_000);
    const offRoute = actor.getSnapshot();
    expect(offRoute.matches({ following: 'offRoute' })).toBe(true);
    expect(offRoute.context.guidance.nextCue).toBeNull();
    expect(offRoute.context.guidance.distanceToNextCueMeters).toBeNull();
    expect(felt).toContain('off-trail');

    const wayBack = bearingBackToLine(away);
    expect(angleBetween(offRoute.context.guidance.bearingToRouteDegrees!, wayBack)).toBeLessThan(
      20,
    );
    const warning = `Off route. The trail is 490 feet to the ${compassWord(wayBack)}.`;
    expect(spoken.at(-1)!.text).toBe(warning);

    // Still there 65 s on: repeated at 30 s and 60 s after the first warning, not every fix.
    while (elapsedMs() < warnedAt! + 65_000) fix(away);
    const warnings = spoken.filter(({ text }) => text.startsWith('Off route'));
    expect(warnings.map(({ atMs }) => atMs - warnedAt!)).toEqual([
      0,
      OFF_ROUTE_REPEAT_MS,
      2 * OFF_ROUTE_REPEAT_MS,
    ]);
    warnings.forEach(({ text }) => expect(text).toBe(warning));

    // Riding further away: at twice the last warned distance the warning comes at once, and the
    // next repeat is 30 s after that one.
    let doubledAt: number | null = null;
    for (let metres = 160; metres <= 330; metres += 10) {
      fix(beside(along, metres));
      const latest = spoken.at(-1)!;
      if (doubledAt === null && latest.atMs === elapsedMs() && latest.text.startsWith('Off')) {
        doubledAt = elapsedMs();
        expect(actor.getSnapshot().context.guidance.offRouteMeters).toBeGreaterThanOrEqual(300);
      }
    }
    expect(doubledAt).not.toBeNull();
    const far = beside(along, 330);
    while (elapsedMs() < doubledAt! + 31_000) fix(far);
    const afterDoubling = spoken
      .filter(({ text, atMs }) => text.startsWith('Off route') && atMs >= doubledAt!)
      .map(({ atMs }) => atMs - doubledAt!);
    expect(afterDoubling).toEqual([0, OFF_ROUTE_REPEAT_MS]);
    expect(spoken.at(-1)!.text).toContain(`to the ${compassWord(bearingBackToLine(far))}.`);

    // Back on the line: cleared, and no more warnings however long the ride goes on.
    const spokenBefore = spoken.length;
    fix(positionAlong(route, along));
    const back = actor.getSnapshot();
    expect(back.matches({ following: 'onRoute' })).toBe(true);
    expect(back.context.guidance.offRoute).toBe(false);
    expect(spoken.at(-1)!.text).toMatch(/^Back on route\./);
    for (let step = 1; step <= 60; step += 1) fix(positionAlong(route, along + step * 6));
    expect(spoken.slice(spokenBefore).filter(({ text }) => text.startsWith('Off route'))).toEqual(
      [],
    );
    expect(actor.getSnapshot().context.guidance.nextCue).not.toBeNull();
  });
});
