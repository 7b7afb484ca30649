/**
 * The /safety pre-ride checklist is kept: ticks survive the app opening again the same day, a
 * fully ticked list logs the day's check once, and the "Pre-Ride Check" achievement is earned
 * from it, offline and signed out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { clearRiderData } from './rider-fixtures.tsx';

afterEach(async () => {
  await clearRiderData(await databaseWithCatalogues());
});

function checklist() {
  return screen.getByRole('region', { name: 'Before you ride' });
}

describe('pre-ride checklist', () => {
  it('keeps ticks, logs one check a day and earns Pre-Ride Check', async () => {
    const user = userEvent.setup();
    const first = await renderApp('/safety');
    await screen.findByRole('heading', { name: 'Before you ride' });
    const boxes = await within(checklist()).findAllByRole('checkbox');
    await waitFor(() => expect(boxes[0]!.hasAttribute('disabled')).toBe(false));
    await user.click(boxes[0]!);
    await within(checklist()).findByText(`1 of ${boxes.length} done`);

    // The app opens again later the same day: the tick is still there.
    first.unmount();
    await renderApp('/safety');
    const again = await within(checklist()).findAllByRole('checkbox');
    await waitFor(() => expect((again[0] as HTMLInputElement).checked).toBe(true));
    // The boxes stay disabled until the days already checked have loaded too; a click on a
    // disabled box does nothing.
    await waitFor(() => expect(again.every((box) => !box.hasAttribute('disabled'))).toBe(true));
    for (const box of again.slice(1)) await user.click(box);
    const status = () => checklist().querySelector('.checklist__status')?.textContent ?? '';
    // Each tick is stored, then shown when the device database answers: on a loaded machine
    // the last one can take longer than waitFor's default second.
    await waitFor(
      () => expect(status()).toMatch(/^Checked for today at .*, saved on this device\./),
      { timeout: 5000 },
    );
    expect(status()).toContain('Days with a completed check: 1');

    // Unticking and ticking through again the same day is still one day's check.
    await user.click(again[0]!);
    await user.click(again[0]!);
    const database = await databaseWithCatalogues();
    const checks = await database.records.find({ selector: { kind: 'preRideCheck' } }).exec();
    expect(checks).toHaveLength(1);

    await user.click(within(checklist()).getByRole('link', { name: /Pre-Ride Check/ }));
    const earned = await screen.findByRole('region', { name: /^Earned/ });
    expect(await within(earned).findByText('Pre-Ride Check')).toBeTruthy();
    expect(screen.getByText('1 of 25 checklists')).toBeTruthy();
  });
});
