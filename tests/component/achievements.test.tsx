/**
 * Achievements with no network: a guest opens /achievements (nothing earned), imports a real GPX
 * ride (tests/fixtures/gpx/garmin-etrex.gpx) on /record, is greeted with the toast "Achievement
 * earned: First Tracks" and the achievement haptic pattern, then finds First Tracks earned with
 * its date, still when the app is opened anew, and the category filter hides it. A signed-in
 * rider's group rides are counted without opening /group-ride first: the page fetches them
 * (retrying a dropped read), and says why they are not counted with no signal or when the
 * server refuses.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupRide } from '../../schemas/group-rides.ts';
import { renderApp } from './render-app.tsx';
import {
  forgetRider,
  gpxFile,
  renderAppWithApi,
  setOnline,
  signInRider,
} from './rider-fixtures.tsx';

/** A planned ride `username` joined, as GET /api/group-rides/mine lists it. */
function joinedRide(username: string): GroupRide {
  const now = Date.now();
  return {
    id: 'ride-achievements',
    organiser: 'crew-lead',
    trailId: 'brock-creek',
    trailName: 'Brock Creek OHV Trails',
    meeting: {
      trailheadId: null,
      name: 'Brock Creek OHV Trails',
      longitude: -92.9,
      latitude: 35.5,
    },
    startsAt: now + 2 * 24 * 60 * 60 * 1000,
    vehicleTypes: ['atv'],
    sizeLimit: 8,
    notes: '',
    status: 'planned',
    members: [
      { username: 'crew-lead', joinedAt: now - 120_000, organiser: true },
      { username, joinedAt: now - 60_000, organiser: false },
    ],
    createdAt: now - 120_000,
    updatedAt: now - 60_000,
    viewer: { member: true, sharesPosition: false },
  };
}

describe('achievements', () => {
  it('earns First Tracks offline from an imported ride, with a toast and a pulse, kept when reopened', async () => {
    // What the app asks of the vibration motor (jsdom has none).
    const vibrations: unknown[] = [];
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        vibrations.push(pattern);
        return true;
      },
    });
    const user = userEvent.setup({ delay: null });
    const app = await renderApp('/achievements');
    const { router } = app;
    expect(await screen.findByText(/^0 of 27 earned/)).toBeTruthy();
    expect((await screen.findAllByText('0 of 1 trip')).length).toBeGreaterThan(0);
    // Everything is counted for a guest too, but group rides: they need an account.
    expect(screen.queryAllByText('Not tracked yet in this app')).toHaveLength(0);
    const notCounted = screen.getByRole('region', { name: /^Not counted on this device yet/ });
    expect(
      within(notCounted).getAllByText('Group rides need an account: sign in to count yours.'),
    ).toHaveLength(2);

    await router.navigate({ to: '/record' });
    await user.upload(await screen.findByLabelText('Import GPX file'), gpxFile());
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(toasts).findByText('Achievement earned: First Tracks', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    // The achievement pattern [60, 60, 100, 60, 200] ms, scaled by the haptic settings.
    await waitFor(() =>
      expect(vibrations.some((pattern) => Array.isArray(pattern) && pattern.length === 5)).toBe(
        true,
      ),
    );

    await router.navigate({ to: '/achievements' });
    const earned = await screen.findByRole('region', { name: /^Earned/ });
    expect(within(earned).getByRole('heading', { name: 'First Tracks' })).toBeTruthy();
    expect(within(earned).getByText(/Earned \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeTruthy();
    expect(screen.getByText(/^1 of 27 earned/)).toBeTruthy();

    // Opened anew: what was earned is stored, and the category filter hides it.
    app.unmount();
    await renderApp('/achievements');
    const stored = await screen.findByRole('region', { name: /^Earned/ });
    expect(within(stored).getByRole('heading', { name: 'First Tracks' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Learning' }));
    expect(await screen.findByText('0 of 1 lesson')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'First Tracks' })).toBeNull();
  });

  describe('group rides of a signed-in rider', () => {
    afterEach(forgetRider);
    const mine = '/api/group-rides/mine';
    const groupRideItems = () =>
      within(screen.getByRole('region', { name: /^Not counted on this device yet/ }));

    it('says with no signal that the rides are not on this device yet', async () => {
      signInRider({ username: 'offline-crew' });
      setOnline(false);
      await renderApp('/achievements');
      await screen.findByText(/ of 27 earned/);
      // The group-ride entries follow the earned count by a render or two.
      await waitFor(
        () =>
          expect(
            groupRideItems().getAllByText(
              'Your group rides are not on this device yet: open this page with signal to count them.',
            ),
          ).toHaveLength(2),
        { timeout: 5000 },
      );
    });

    it('says why when the server refuses the list (400), without asking again', async () => {
      signInRider({ username: 'refused-crew' });
      const { requests } = await renderAppWithApi('/achievements', [
        {
          path: mine,
          answer: {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'Unknown rider.' },
          },
        },
      ]);
      const notes = await screen.findAllByText(
        'Your group rides could not be fetched, so they are not counted yet: Unknown rider.',
      );
      expect(notes).toHaveLength(2);
      expect(requests.filter((request) => request.path === mine)).toHaveLength(1);
    });

    it('counts them without opening /group-ride, after a dropped first read', async () => {
      const rider = signInRider({ username: 'crew-member' });
      let reads = 0;
      const { requests } = await renderAppWithApi('/achievements', [
        {
          path: mine,
          answer: () => {
            reads += 1;
            if (reads === 1) throw new TypeError('Failed to fetch (packet dropped)');
            return { body: { rides: [joinedRide(rider.username)] } };
          },
        },
      ]);
      // The earned list may show other badges before the retried read counts the group ride,
      // and is drawn anew when the rider's standings replace the first ones: ask for it afresh.
      await waitFor(
        () => {
          const earned = screen.getByRole('region', { name: /^Earned/ });
          expect(within(earned).getByRole('heading', { name: 'Ride Together' })).toBeTruthy();
        },
        { timeout: 20_000 },
      );
      expect(await screen.findByText('1 of 10 group rides')).toBeTruthy();
      expect(screen.queryByRole('region', { name: /^Not counted on this device yet/ })).toBeNull();
      expect(requests.filter((request) => request.path === mine)).toHaveLength(2);
    });
  });
});
