/**
 * Achievements with no network: a guest opens /achievements (nothing earned), imports a real GPX
 * ride (tests/fixtures/gpx/garmin-etrex.gpx) on /record, is greeted with the toast "Achievement
 * earned: First Tracks" and the achievement haptic pattern, then finds First Tracks earned with
 * its date, still when the app is opened anew, and the category filter hides it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { gpxFile } from './rider-fixtures.tsx';

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
    // Pre-ride checklists are not stored; group rides need an account.
    expect(screen.getAllByText('Not tracked yet in this app')).toHaveLength(2);
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
});
