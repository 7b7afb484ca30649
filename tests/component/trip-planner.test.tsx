/**
 * The offline AI trip planner: with no network a rider plans a two-day ATV trip from
 * Russellville from the catalogues on the device, sees the straight-line drive labelled as
 * such, is refused a generic plan name, saves the plan, and when the app is opened anew finds it
 * as the active plan on the planner and the home page, then opens navigation on its first trail
 * and sees that trail's line drawn.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { tripContextKey } from '../../schemas/trip-context.ts';
import { renderApp } from './render-app.tsx';
// Also installs CSS.escape, which the Town combo box's popover needs in jsdom, and the
// fixtures' longer wait for findBy and waitFor.
import './rider-fixtures.tsx';

describe('AI trip planner offline', () => {
  it('plans, saves and reopens a two-day ATV trip from Russellville', async () => {
    const user = userEvent.setup({ delay: null });
    const app = await renderApp('/ai-trip-planner');
    expect(screen.getByRole('heading', { name: 'AI Trip Planner', level: 1 })).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: 'Town' }), 'Russellville');
    await user.click(await screen.findByRole('option', { name: /^Russellville/ }));
    await user.click(screen.getByRole('radio', { name: 'ATV' }));
    const days = screen.getByLabelText('Days (1–7)');
    await user.clear(days);
    await user.type(days, '2');
    await user.tab();
    fireEvent.change(screen.getByLabelText('Start date'), {
      target: { value: format(addDays(new Date(), 14), 'yyyy-MM-dd') },
    });
    // The button waits for the trails on the device.
    const planButton = screen.getByRole('button', { name: 'Plan my trip' }) as HTMLButtonElement;
    await waitFor(() => expect(planButton.disabled).toBe(false), { timeout: 10_000 });
    await user.click(planButton);

    const planned = await screen.findByRole('list', { name: 'Planned days' });
    expect(planned.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(
      screen.getByText(
        /from Russellville and between the day's trails: straight-line distance \(as the crow flies\), not road miles\./,
      ),
    ).toBeTruthy();
    const firstTrail = planned.querySelector('.plan-trail__name')!.textContent!;
    expect(screen.getAllByText(/^Estimated cost: not known\./).length).toBeGreaterThan(0);

    const name = screen.getByRole('textbox', { name: 'Plan name' }) as HTMLInputElement;
    expect(name.value).toBe('2-day ATV trip from Russellville');
    await user.clear(name);
    await user.type(name, 'Trip plan');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText(/"Trip plan" is a generic name the app removes/)).toBeTruthy();

    await user.clear(name);
    await user.type(name, 'Moccasin Gap weekend');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    const saved = await screen.findByText(/^Saved “Moccasin Gap weekend”/);
    expect(saved.closest('[role="status"]')).not.toBeNull();
    // The trip context is stored a moment after the change; the app opened anew reads it.
    await waitFor(
      async () => {
        const context = await app.database.tripContext.findOne(tripContextKey).exec();
        expect(context?.activeTripPlan?.name).toBe('Moccasin Gap weekend');
      },
      { timeout: 5_000 },
    );
    app.unmount();

    const reopened = await renderApp('/ai-trip-planner');
    expect(
      await screen.findByRole('heading', { name: 'Active plan: Moccasin Gap weekend' }),
    ).toBeTruthy();
    const mapLink = screen.getAllByRole('link', { name: `Open on the map: ${firstTrail}` })[0]!;
    expect(mapLink.getAttribute('href')).toMatch(/^\/map\/moccasin-gap-trail--/);

    await reopened.router.navigate({ to: '/' });
    // First visit of home: the welcome dialog appears after 1 s; a rider dismisses it first.
    await user.click(
      await screen.findByRole('button', { name: 'Start exploring' }, { timeout: 5_000 }),
    );
    expect(await screen.findByRole('heading', { name: 'Moccasin Gap weekend' })).toBeTruthy();
    expect(screen.getByText(`First trail: ${firstTrail}.`, { exact: false })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Navigate the first trail' }));
    await waitFor(() =>
      expect(reopened.router.state.location.pathname).toMatch(/^\/navigate\/moccasin-gap-trail--/),
    );
    expect(await screen.findByRole('heading', { name: firstTrail })).toBeTruthy();
    // The trail's line is what navigation follows: its map section is on the page.
    expect(await screen.findByRole('region', { name: 'Map' })).toBeTruthy();
  });
});
