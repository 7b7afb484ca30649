/**
 * Navigating a catalogue trail along its USFS line, with the
 * real BROCK CREEK #51 line (tests/fixtures/trails): the trail becomes the same route target an
 * imported GPX track is, so the one navigation machine gives turn cues, a falling distance
 * remaining, the off-route alarm 100 m from the line (compass bearing back) and back on route. A trail
 * without a line is guided to its trailhead.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { positionAlong, prepareRoute, type LonLat } from '../../../src/lib/geo/route-geometry.ts';
import { bearingDegrees, distanceMeters } from '../../../src/lib/geo/track-stats.ts';
import { compassWord, trailNavigationTarget } from '../../../src/machines/navigation-cues.ts';
import { navigationMachine } from '../../../src/machines/navigation-machine.ts';
import { brockCreek51Line, brockCreek51Trail } from '../../fixtures/trails/brock-creek-51.ts';

const route = prepareRoute(brockCreek51Line);

/** The point `metres` to the right of travel from the line at `along` metres. */
function beside(along: number, metres: number): LonLat {
  const here = positionAlong(route, along);
  const ahead = positionAlong(route, along + 10);
  const heading = bearingDegrees(
    { longitude: here[0], latitude: here[1] },
    { longitude: ahead[0], latitude: ahead[1] },
  );
  const radians = ((heading + 90) * Math.PI) / 180;
  return [
    here[0] + (Math.sin(radians) * metres) / (111_320 * Math.cos((here[1] * Math.PI) / 180)),
    here[1] + (Math.cos(radians) * metres) / 111_320,
  ];
}

function startNavigation(spoken: string[]) {
  return createActor(
    navigationMachine.provide({
      actors: { watchPosition: fromCallback(() => () => undefined) },
      actions: { speak: (_, params) => spoken.push(params.text), vibrate: () => undefined },
    }),
    { input: { target: trailNavigationTarget(brockCreek51Trail()) } },
  ).start();
}

describe('navigation along a trail line', () => {
  it('follows the line as a route: remaining falls, turn cues come from its bends', () => {
    const target = trailNavigationTarget(brockCreek51Trail());
    expect(target.kind).toBe('route');
    const spoken: string[] = [];
    const actor = startNavigation(spoken);
    const remaining: number[] = [];
    for (let along = 0; along <= 900; along += 20) {
      const [longitude, latitude] = positionAlong(route, along);
      actor.send({ type: 'navigation.position', longitude, latitude, accuracy: 5 });
      remaining.push(actor.getSnapshot().context.guidance.remainingMeters!);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ following: 'onRoute' })).toBe(true);
    // The real line is about 3.3 km; after 900 m about 2.4 km remain, never rising on the way.
    expect(remaining[0]).toBeGreaterThan(3200);
    expect(remaining.at(-1)).toBeGreaterThan(2300);
    expect(remaining.at(-1)).toBeLessThan(2500);
    remaining.slice(1).forEach((value, index) => expect(value).toBeLessThan(remaining[index]!));
    expect(snapshot.context.guidance.nextCue).not.toBeNull();
    expect(spoken.join('\n')).toMatch(/In \d+ feet, slight (left|right)\./);
    expect(spoken.join('\n')).toMatch(/0\.25 miles done\./);
  });

  it('raises the off-route alarm 100 m from the line and clears it back on the line', () => {
    const spoken: string[] = [];
    const actor = startNavigation(spoken);
    const send = ([longitude, latitude]: LonLat) =>
      actor.send({ type: 'navigation.position', longitude, latitude, accuracy: 5 });
    for (let along = 0; along <= 500; along += 20) send(positionAlong(route, along));
    expect(actor.getSnapshot().matches({ following: 'onRoute' })).toBe(true);

    const away = beside(520, 100);
    expect(distanceMeters(toPoint(away), toPoint(positionAlong(route, 520)))).toBeCloseTo(100, 0);
    send(away);
    send(beside(540, 100));
    const offRoute = actor.getSnapshot();
    expect(offRoute.matches({ following: 'offRoute' })).toBe(true);
    expect(offRoute.context.guidance.offRouteMeters).toBeGreaterThan(90);
    // The warning gives the compass bearing back to the line from where it was raised.
    const wayBack = bearingDegrees(toPoint(beside(540, 100)), toPoint(positionAlong(route, 540)));
    expect(spoken.join('\n')).toMatch(
      new RegExp(`Off route\\. The trail is 3[0-9]0 feet to the ${compassWord(wayBack)}\\.`),
    );
    const remainingWhileAway = offRoute.context.guidance.remainingMeters!;

    send(positionAlong(route, 600));
    const back = actor.getSnapshot();
    expect(back.matches({ following: 'onRoute' })).toBe(true);
    expect(spoken.at(-1)).toMatch(/^Back on route\./);
    expect(back.context.guidance.remainingMeters).toBeLessThan(remainingWhileAway);
  });

  it('guides a trail without a line to its trailhead', () => {
    const target = trailNavigationTarget(brockCreek51Trail({ path: null }));
    expect(target).toMatchObject({
      kind: 'point',
      name: 'Brock Creek #51 trailhead',
      longitude: brockCreek51Line[0]![0],
      latitude: brockCreek51Line[0]![1],
      approximate: false,
    });
    // A "line" of one repeated point cannot be followed either.
    const onePoint = trailNavigationTarget(
      brockCreek51Trail({ path: [brockCreek51Line[0]!, brockCreek51Line[0]!] }),
    );
    expect(onePoint.kind).toBe('point');
  });
});

function toPoint([longitude, latitude]: LonLat) {
  return { longitude, latitude };
}
