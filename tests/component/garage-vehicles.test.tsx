/**
 * My vehicles on /garage with no network: a rider adds a vehicle (the form says what is missing
 * first), logs a CVT belt change from the keyboard and sees the reminder counted from the
 * odometer, finds both again when the app is opened anew, and edits the vehicle. How the
 * vehicle and its log reach the rider's other devices is covered by
 * tests/integration/sync/garage-records.test.ts (and the move of a signed-out rider's garage at
 * sign-in by tests/integration/db/garage.test.ts); glove mode's 60 px controls by
 * tests/e2e/garage.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { clearRiderData, forgetRider, signInRider } from './rider-fixtures.tsx';

afterEach(forgetRider);

describe('my vehicles', () => {
  it('adds a vehicle and a log entry offline, keeps them, and edits the vehicle', async () => {
    const user = userEvent.setup({ delay: null });
    const app = await renderApp('/garage');
    await screen.findByText('No vehicles yet.', { exact: false });
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    const form = screen.getByRole('form', { name: 'Add a vehicle' });
    await user.click(within(form).getByRole('button', { name: 'Add vehicle' }));
    expect(await within(form).findByText('Enter the make, e.g. Polaris.')).toBeTruthy();
    expect(
      within(form).getByText('Enter the odometer in miles (0 for a new machine).'),
    ).toBeTruthy();

    await user.click(within(form).getByText('UTV', { exact: true }));
    await user.type(within(form).getByLabelText('Make'), 'Polaris');
    await user.type(within(form).getByLabelText('Model'), 'RZR XP 1000');
    await user.type(within(form).getByLabelText('Year (optional)'), '2021');
    await user.type(within(form).getByLabelText('Odometer (miles)'), '1480');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Add vehicle' }));
    await screen.findByRole('heading', { name: '2021 Polaris RZR XP 1000' });
    expect(screen.getByText('CVT belt: none logged yet.', { exact: false })).toBeTruthy();
    expect(
      (await screen.findAllByText('Vehicle saved on this device.', { exact: false })).length,
    ).toBeGreaterThan(0);

    // Keyboard: focus the button and press Enter to open the log form.
    const logButton = screen.getByRole('button', { name: 'Log maintenance' });
    logButton.focus();
    await user.keyboard('{Enter}');
    const logForm = await screen.findByRole('form', { name: 'Log maintenance' });
    const odometerThen = within(logForm).getByLabelText('Odometer then (miles)');
    await user.clear(odometerThen);
    await user.type(odometerThen, '1100');
    await user.type(within(logForm).getByLabelText('Notes (optional)'), 'Spare belt from the kit');
    await user.click(within(logForm).getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('CVT belt: due in 120 miles')).toBeTruthy();
    expect(screen.getByText('Spare belt from the kit', { exact: false })).toBeTruthy();
    // Focus comes back to the button that opened the form.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Log maintenance'));

    // Opened anew (the stored garage, not the page's memory).
    app.unmount();
    await renderApp('/garage');
    await screen.findByRole('heading', { name: '2021 Polaris RZR XP 1000' });
    expect(await screen.findByText('CVT belt: due in 120 miles')).toBeTruthy();
    expect(screen.getByText('Oil change: no interval set.', { exact: false })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit 2021 Polaris RZR XP 1000' }));
    const editForm = screen.getByRole('form', { name: 'Edit vehicle' });
    await user.type(within(editForm).getByLabelText('Nickname (optional)'), 'Red');
    const odometer = within(editForm).getByLabelText('Odometer (miles)');
    await user.clear(odometer);
    await user.type(odometer, '1560');
    await user.tab();
    await user.click(within(editForm).getByRole('button', { name: 'Save vehicle' }));
    await screen.findByRole('heading', { name: 'Red (2021 Polaris RZR XP 1000)' });
    // 1,560 − 1,100 at the belt change = 460 miles on the belt.
    expect(await screen.findByText('CVT belt: due in 40 miles')).toBeTruthy();
  });

  it('tells a signed-in rider that a vehicle they add syncs to their other devices', async () => {
    // A signed-out rider's garage becomes the rider's at sign-in (when the sync engine starts);
    // this rider starts from an empty device.
    await clearRiderData(await databaseWithCatalogues());
    signInRider({ username: 'garagerider' });
    const user = userEvent.setup({ delay: null });
    await renderApp('/garage');
    await screen.findByText('No vehicles yet.', { exact: false });
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    const form = screen.getByRole('form', { name: 'Add a vehicle' });
    await user.type(within(form).getByLabelText('Make'), 'Honda');
    await user.type(within(form).getByLabelText('Model'), 'Rancher');
    await user.type(within(form).getByLabelText('Odometer (miles)'), '0');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Add vehicle' }));
    await screen.findByRole('heading', { name: 'Honda Rancher' });
    expect(
      (await screen.findAllByText('Vehicle saved. It syncs to your other devices.')).length,
    ).toBeGreaterThan(0);
  });
});
