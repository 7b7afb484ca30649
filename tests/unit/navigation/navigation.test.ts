/**
 * Navigation along real geometry (Petit Jean trailheads, data/places/trails.geojson): turn cues
 * from the route's shape, progress, quarter-mile and mile notices, an off-route alarm on a
 * deliberate detour and the back-on-route notice, arrival; straight-line guidance to a
 * trailhead; spoken cues at rate 0.95 in US English.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  positionAlong,
  prepareRoute,
  sideOfRoute,
  type LonLat,
} from '../../../src/lib/geo/route-geometry.ts';
import { bearingDegrees } from '../../../src/lib/geo/track-stats.ts';
import {
  compassWord,
  prepareTarget,
  type NavigationTarget,
} from '../../../src/machines/navigation-cues.ts';
import { navigationMachine, speakCue } from '../../../src/machines/navigation-machine.ts';
import { trailheadRoute, walkRoute } from '../recording/gps-walk.ts';

const trailheads = trailheadRoute();
const routeCoordinates = walkRoute(trailheads, {
  speedMps: 10,
  startTime: 0,
  seed: 1,
  noiseMeters: 0,
}).map((fix) => [fix.longitude, fix.latitude] as LonLat);
routeCoordinates.push(trailheads[trailheads.length - 1]!);
const target: NavigationTarget = {
  kind: 'route',
  name: 'Petit Jean trailheads',
  coordinates: routeCoordinates,
  waypoints: [
    { name: 'Bear Cave trailhead', longitude: trailheads[2]![0], latitude: trailheads[2]![1] },
  ],
};

function signedTurn(a: LonLat, b: LonLat, c: LonLat): number {
  const point = (p: LonLat) => ({ longitude: p[0], latitude: p[1] });
  const turn = bearingDegrees(point(b), point(c)) - bearingDegrees(point(a), point(b));
  return ((turn + 540) % 360) - 180;
}

/** Moves `metres` sideways from the route at `along` (positive = right of travel). */
function offset(route: ReturnType<typeof prepareRoute>, along: number, metres: number): LonLat {
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

describe('turn cues from geometry', () => {
  it('finds one cue per real bend between trailheads, with the right side and severity', () => {
    const { cues } = prepareTarget(target);
    const expected = [1, 2]
      .map((index) =>
        signedTurn(trailheads[index - 1]!, trailheads[index]!, trailheads[index + 1]!),
      )
      .filter((angle) => Math.abs(angle) >= 25);
    expect(cues).toHaveLength(expected.length);
    cues.forEach((cue, index) => {
      const angle = expected[index]!;
      expect(cue.direction).toBe(angle > 0 ? 'right' : 'left');
      expect(cue.severity).toBe(Math.abs(angle) >= 70 ? 'sharp' : 'slight');
    });
  });
});

describe('navigation machine', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('announces cues, distance notices, an off-route detour, back on route and arrival', () => {
    const spoken: string[] = [];
    const felt: string[] = [];
    const actor = createActor(
      navigationMachine.provide({
        actors: { watchPosition: fromCallback(() => () => undefined) },
        actions: {
          speak: (_, params) => spoken.push(params.text),
          vibrate: (_, params) => felt.push(params.patternId),
        },
      }),
      { input: { target } },
    ).start();
    const route = prepareRoute(routeCoordinates);
    // Ride at 10 m per fix; between 1000 and 1200 m the rider strays 90 m to the right.
    for (let along = 0; along <= route.totalMeters + 10; along += 10) {
      const position =
        along >= 1000 && along <= 1200 ? offset(route, along, 90) : positionAlong(route, along);
      actor.send({
        type: 'navigation.position',
        longitude: position[0],
        latitude: position[1],
        accuracy: 5,
      });
    }
    const text = spoken.join('\n');
    expect(text).toMatch(/0\.25 miles done\./);
    expect(text).toMatch(/1 mile done, [\d.]+ miles? to go\./);
    expect(text.match(/Off route\./g)).toHaveLength(1);
    // Warned at the second fix beyond 40 m (1010 m along, 90 m right of the line), with the
    // compass bearing from there back to the line.
    const wayBack = bearingDegrees(
      toPoint(offset(route, 1010, 90)),
      toPoint(positionAlong(route, 1010)),
    );
    expect(text).toMatch(
      new RegExp(`Off route\\. The trail is 2[89]0 feet to the ${compassWord(wayBack)}\\.`),
    );
    expect(text.match(/Back on route\./g)).toHaveLength(1);
    expect(text).toMatch(/In \d+ feet, (slight|sharp) (left|right)\./);
    expect(text).toMatch(/Approaching Bear Cave trailhead/);
    expect(text).toMatch(/You have arrived at the end of Petit Jean trailheads\./);
    expect(felt).toContain('off-trail');
    expect(felt).toContain('back-on-trail');
    expect(felt).toContain('quarter-mile');
    expect(felt).toContain('mile-marker');
    expect(felt.some((id) => /^(slight|sharp)-(left|right)$/.test(id))).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(sideOfRoute(route, 1100, offset(route, 1100, 90))).toBe('right');
  });

  it('stays silent when spoken cues are off but still vibrates', () => {
    const spoken: string[] = [];
    const felt: string[] = [];
    const actor = createActor(
      navigationMachine.provide({
        actors: { watchPosition: fromCallback(() => () => undefined) },
        actions: {
          speak: (_, params) => spoken.push(params.text),
          vibrate: (_, params) => felt.push(params.patternId),
        },
      }),
      { input: { target, speechEnabled: false } },
    ).start();
    const route = prepareRoute(routeCoordinates);
    for (let along = 0; along <= 600; along += 10) {
      const [longitude, latitude] = positionAlong(route, along);
      actor.send({ type: 'navigation.position', longitude, latitude, accuracy: 5 });
    }
    expect(spoken).toEqual([]);
    expect(felt).toContain('quarter-mile');
  });

  it('guides straight to a trailhead-only trail with distance, bearing and an arrival notice', () => {
    const spoken: string[] = [];
    const [longitude, latitude] = trailheads[0]!;
    const actor = createActor(
      navigationMachine.provide({
        actors: { watchPosition: fromCallback(() => () => undefined) },
        actions: { speak: (_, params) => spoken.push(params.text), vibrate: () => undefined },
      }),
      {
        input: {
          target: {
            kind: 'point',
            name: 'Cedar Falls Trail trailhead',
            longitude,
            latitude,
            approximate: true,
          },
        },
      },
    ).start();
    actor.send({ type: 'navigation.position', longitude, latitude: latitude - 0.009, accuracy: 5 });
    const guidance = actor.getSnapshot().context.guidance;
    expect(guidance.distanceToTargetMeters).toBeGreaterThan(990);
    expect(guidance.distanceToTargetMeters).toBeLessThan(1010);
    expect(guidance.bearingToTargetDegrees).toBeLessThan(1);
    expect(spoken).toEqual([]);
    actor.send({
      type: 'navigation.position',
      longitude,
      latitude: latitude - 0.0005,
      accuracy: 5,
    });
    expect(spoken).toEqual([
      'You have arrived at Cedar Falls Trail trailhead. The trailhead location is approximate; look for signs.',
    ]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('speaks with rate 0.95 in US English', () => {
    const utterances: { rate: number; lang: string; text: string }[] = [];
    class FakeUtterance {
      rate = 1;
      pitch = 1;
      volume = 1;
      lang = '';
      voice: unknown = null;
      constructor(readonly text: string) {}
    }
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    vi.stubGlobal('window', {
      speechSynthesis: {
        getVoices: () => [{ lang: 'en-GB' }, { lang: 'en-US', name: 'US voice' }],
        cancel: () => undefined,
        speak: (utterance: FakeUtterance) => utterances.push(utterance),
      },
    });
    speakCue('Back on route.');
    expect(utterances).toEqual([
      expect.objectContaining({
        rate: 0.95,
        lang: 'en-US',
        text: 'Back on route.',
        voice: { lang: 'en-US', name: 'US voice' },
      }),
    ]);
  });
});

function toPoint([longitude, latitude]: LonLat) {
  return { longitude, latitude };
}
