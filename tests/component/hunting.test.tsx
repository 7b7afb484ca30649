/**
 * The hunting and fishing pages with the network off: every route shows its own content, the
 * WMA finder filters as the rider types, the shooting time is worked out for the rider's GPS
 * position, and a scouting waypoint marked on the device is listed (waiting to sync) and on the
 * locator map, also when the app opens anew. The position comes from a stubbed Geolocation API,
 * as Chromium's emulated position would. (Touch target sizes and the page width at 390 px,
 * in glove mode too, are checked in Chromium: tests/e2e/hunting.test.ts.)
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openPage, stubGeolocation } from './app-helpers.ts';
import { renderApp } from './render-app.tsx';

/** Stuttgart, Arkansas County: duck country. */
const position = { latitude: 34.5004, longitude: -91.5526, accuracy: 8 };

/** Each route, its heading, and a piece of its content that no directory entry holds. */
const routes = [
  { path: '/hunting', heading: 'Hunting and fishing in Arkansas', content: /33 of 33 areas shown/ },
  { path: '/duck-hunting-guide', heading: 'Duck hunting guide', content: /Shooting starts/ },
  { path: '/scouting-guide', heading: 'Arkansas scouting guide', content: /Mark a waypoint/ },
  { path: '/fishing', heading: 'Fishing Arkansas lakes and rivers', content: /Greers Ferry Lake/ },
  {
    path: '/arkansas-wma-permits',
    heading: 'Arkansas WMA permits',
    content: /Whether a hunt on that area is by draw/,
  },
] as const;

describe('hunting and fishing pages', () => {
  it('render every route with its own content', async () => {
    const app = await renderApp(routes[0].path);
    for (const route of routes) {
      if (route !== routes[0]) await openPage(app, route.path, route.heading);
      await screen.findByRole('heading', { level: 1, name: route.heading });
      expect((await screen.findAllByText(route.content)).length, route.path).toBeGreaterThan(0);
    }
  });

  it('the WMA finder filters the areas as the rider types', async () => {
    const user = userEvent.setup();
    await renderApp('/hunting');
    await screen.findByText(/^33 of 33 areas shown/);
    await user.type(screen.getByLabelText('Find an area by name or county'), 'Jefferson');
    await screen.findByText(/^1 of 33 areas shown/);
    const list = document.querySelector<HTMLElement>('.wma-list')!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('George H. Dunklin Jr. Bayou Meto WMA')).toBeTruthy();
  });

  it('works out the shooting time for the rider’s position', async () => {
    const user = userEvent.setup();
    stubGeolocation(position);
    await renderApp('/duck-hunting-guide');
    const date = screen.getByLabelText('Date', { exact: true });
    await user.clear(date);
    await user.type(date, '2025-12-15');
    expect((date as HTMLInputElement).value).toBe('2025-12-15');
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    await screen.findByText(/At your position \(±8 m\), 34\.500, -91\.553/);
    const times = document.querySelector<HTMLElement>('.shooting-times')!;
    expect(within(times).getByText(/^6:3\d AM CST$/)).toBeTruthy();
    expect(within(times).getByText(/^7:0\d AM CST$/)).toBeTruthy();
    expect(within(times).getByText('12:00 PM CST')).toBeTruthy();
    expect(screen.getByText(/2026-27: dates not yet published by AGFC/)).toBeTruthy();
  });

  it('keeps a scouting waypoint marked on the device, and shows it when the app opens again', async () => {
    const user = userEvent.setup();
    stubGeolocation(position);
    const app = await renderApp('/scouting-guide');
    await screen.findByText('You have not marked any waypoints on this device yet.');
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    await screen.findByText(/Picked: 34\.50040, -91\.55260 \(GPS fix ±8 m\)/);
    await user.type(screen.getByLabelText('Name', { exact: true }), 'Flooded timber hole');
    await user.type(screen.getByLabelText('Note (optional)'), 'Mallards working the north edge');
    await user.click(screen.getByRole('button', { name: 'Save waypoint' }));
    await screen.findByText('Saved “Flooded timber hole” on this device.');

    app.unmount();
    const reopened = await renderApp('/scouting-guide');
    const mine = await screen.findByRole('region', { name: 'Your waypoints' });
    await within(mine).findByText('Flooded timber hole');
    expect(
      within(mine).getByText(/34\.50040, -91\.55260 · on this phone, waiting to sync/),
    ).toBeTruthy();
    expect(within(mine).getByText('Mallards working the north edge')).toBeTruthy();
    const riderPoints = reopened.container.querySelectorAll('.locator-map__point--rider');
    expect(riderPoints).toHaveLength(1);
    expect(riderPoints[0]!.textContent).toContain('Flooded timber hole');
  });
});
