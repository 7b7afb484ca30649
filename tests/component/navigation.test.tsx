/**
 * The navigation page as a rider sees it, on the catalogue trail Wolf Pen Gap 1 with fixes from
 * a stubbed GPS: the warning before guidance while its reported season likely closes it, the
 * guidance figures over the map of the route, the rider's position with the
 * direction of travel handed to the map, and follow mode: paused when the rider moves the map by
 * hand, resumed by "Follow my position". The map is the component tests' stand-in
 * (tests/component/map-stand-in.tsx), with a button standing for a hand pan; the real map under
 * navigation, its arrow and follow mode are the browser journey
 * tests/e2e/trail-navigation.test.ts.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionAlong, prepareRoute, type LonLat } from '../../src/lib/geo/route-geometry.ts';
import { bearingDegrees } from '../../src/lib/geo/track-stats.ts';
import { wolfPenGap1Line } from '../fixtures/trails/wolf-pen-gap-1.ts';
import { tripContextKey } from '../../schemas/trip-context.ts';
import { renderApp } from './render-app.tsx';

const trailId = 'wolf-pen-gap-ohv-trail--wolf-pen-gap-1';
const route = prepareRoute(wolfPenGap1Line);
const middle = route.totalMeters / 2;

/** Replaces the GPS with one whose watch gets the fixes a test delivers. */
function stubGps() {
  const watchers: PositionCallback[] = [];
  const geolocation: Geolocation = {
    getCurrentPosition: vi.fn(),
    watchPosition: vi.fn((success: PositionCallback) => watchers.push(success)),
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return async ([longitude, latitude]: LonLat) => {
    const coords = {
      longitude,
      latitude,
      accuracy: 5,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    };
    const position = {
      coords: { ...coords, toJSON: () => coords },
      timestamp: Date.now(),
      toJSON: () => ({ coords, timestamp: Date.now() }),
    } as GeolocationPosition;
    await waitFor(() => expect(watchers.length).toBeGreaterThan(0));
    act(() => watchers.at(-1)!(position));
  };
}

const mapStandIn = () => screen.findByTestId('map-stand-in', {}, { timeout: 10_000 });
const riderOnMap = (map: HTMLElement) =>
  JSON.parse(map.dataset.rider!) as { position: LonLat; headingDegrees: number | null } | null;

/** Sets the device's calendar day (only `Date`; timers stay real for the database and React). */
function today(year: number, month: number, day: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(year, month - 1, day, 10) });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.useRealTimers();
});

describe('before guidance starts on a trail its reported season likely closes', () => {
  it('warns on 2026-12-15 with the reported, unconfirmed closure; Go on anyway starts guidance', async () => {
    today(2026, 12, 15);
    const deliver = stubGps();
    await renderApp(`/navigate/${trailId}`);
    const warning = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    within(warning).getByRole('heading', {
      name: 'Likely closed now (reported, unconfirmed: closed roughly November to mid-March)',
    });
    expect(warning.textContent).toMatch(/may open around March 15, but no manager confirms/);
    // No guidance yet: the GPS is not watched and no map is drawn.
    expect(navigator.geolocation.watchPosition).not.toHaveBeenCalled();
    expect(screen.queryByTestId('map-stand-in')).toBeNull();

    await userEvent.click(within(warning).getByRole('button', { name: 'Go on anyway' }));
    await deliver(positionAlong(route, middle));
    await mapStandIn();
  });
});

describe('navigation on the map', () => {
  // Inside the season Wolf Pen Gap is reported open, so guidance starts at once.
  beforeEach(() => today(2027, 5, 1));

  it("shows the guidance over the route's map, with the rider and their direction of travel", async () => {
    const deliver = stubGps();
    await renderApp(`/navigate/${trailId}`);
    screen.getByRole('heading', { level: 1, name: 'Wolf Pen Gap 1 (trail WP1)' });
    screen.getByText('Waiting for a GPS fix…');
    const section = screen.getByRole('region', { name: 'Map' });
    const map = await mapStandIn();
    expect(within(section).getByRole('region', { name: /^Map of Wolf Pen Gap 1/ })).toBe(map);
    // The route is the overlay's primary line; the camera starts at zoom 14 and follows.
    expect(JSON.parse(map.dataset.primaryLine!)).toEqual([wolfPenGap1Line]);
    expect(map.dataset.zoom).toBe('14');
    expect(map.dataset.follow).toBe('true');
    expect(riderOnMap(map)).toBeNull();
    // The hand-drawn sketch of the line is gone.
    expect(screen.queryByRole('img', { name: /^Route of/ })).toBeNull();

    await deliver(positionAlong(route, middle));
    await screen.findByText('Remaining');
    expect(riderOnMap(map)).toEqual({
      position: positionAlong(route, middle),
      headingDegrees: null,
    });

    for (let metres = 12; metres <= 60; metres += 12) {
      await deliver(positionAlong(route, middle + metres));
    }
    const here = positionAlong(route, middle + 60);
    const rider = riderOnMap(map)!;
    expect(rider.position).toEqual(here);
    const lineBearing = bearingDegrees(
      {
        longitude: positionAlong(route, middle + 48)[0],
        latitude: positionAlong(route, middle + 48)[1],
      },
      { longitude: here[0], latitude: here[1] },
    );
    expect(Math.abs(((rider.headingDegrees! - lineBearing + 540) % 360) - 180)).toBeLessThan(1);
    expect(screen.getByRole('button', { name: 'Spoken cues on' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow my position' })).toBeNull();
  });

  it('pauses follow when the rider moves the map by hand; "Follow my position" resumes it', async () => {
    const deliver = stubGps();
    await renderApp(`/navigate/${trailId}`);
    const map = await mapStandIn();
    await deliver(positionAlong(route, middle));
    await screen.findByText('Remaining');
    const user = userEvent.setup();

    await user.click(within(map).getByRole('button', { name: 'Pan the map by hand' }));
    const follow = await screen.findByRole('button', { name: 'Follow my position' });
    expect(map.dataset.follow).toBe('false');
    // The button lies over the map, inside its frame.
    expect(screen.getByRole('region', { name: 'Map' }).contains(follow)).toBe(true);
    // Guidance goes on while the rider looks around.
    await deliver(positionAlong(route, middle + 20));
    expect(riderOnMap(map)!.position).toEqual(positionAlong(route, middle + 20));

    await user.click(follow);
    await waitFor(() => expect(map.dataset.follow).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Follow my position' })).toBeNull();
  });
});

describe('the trip context while guidance runs', () => {
  beforeEach(() => today(2027, 5, 1));

  it('records what is navigated, and clears it once the rider leaves navigation', async () => {
    stubGps();
    const app = await renderApp(`/navigate/${trailId}`);
    await mapStandIn();
    const navigationContext = async () =>
      (await app.database.tripContext.findOne(tripContextKey).exec())?.navigationContext ?? null;
    await waitFor(async () =>
      expect(await navigationContext()).toMatchObject({
        trailId,
        name: 'Wolf Pen Gap 1 (trail WP1)',
        kind: 'route',
        startedAt: new Date(2027, 4, 1, 10).getTime(),
      }),
    );

    await app.router.navigate({ to: '/record' });
    await waitFor(async () => expect(await navigationContext()).toBeNull());
  });
});
