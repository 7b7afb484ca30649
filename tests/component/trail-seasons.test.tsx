/**
 * A reported, unconfirmed season where a rider chooses a trail: on 2026-12-15 Wolf Pen Gap,
 * whose source reports a closure "roughly November to mid-March", is "Likely closed now" on its
 * card and its page, "Open now" names it instead of listing it, and the planner from Mena leaves
 * it out saying why; in May the planner rides it. (Before navigation: navigation.test.tsx.)
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
// Installs CSS.escape for the Town combo box's popover, and the fixtures' longer waits.
import './rider-fixtures.tsx';

const likelyClosed =
  'Likely closed now (reported, unconfirmed: closed roughly November to mid-March)';

/** Sets the device's calendar day (only `Date`; timers stay real for the database and React). */
function today(year: number, month: number, day: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(year, month - 1, day, 10) });
}

afterEach(() => vi.useRealTimers());

/** The finder's card of a trail, by its heading. */
function card(name: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Trails' });
  const heading = within(list).getByRole('heading', { name });
  return heading.closest('li')!;
}

describe('Wolf Pen Gap on 2026-12-15', () => {
  it('is likely closed on its card and its page', async () => {
    today(2026, 12, 15);
    const app = await renderApp('/ai-trails?q=wolf%20pen');
    await screen.findAllByText(/^\d+ trails?$/);
    expect(within(card('Wolf Pen Gap Trail Complex')).getByText(likelyClosed)).toBeTruthy();

    await app.router.navigate({
      to: '/map/$trailId',
      params: { trailId: 'wolf-pen-gap-ohv-trail' },
    });
    const callout = await screen.findByText(likelyClosed, { selector: '.callout__title' });
    expect(callout.closest('[role="note"]')!.textContent).toMatch(
      /may open around March 15\. No manager confirms these dates\./,
    );
  });

  it('"Open now" leaves it out of the list and names it, with a link to its page', async () => {
    today(2026, 12, 15);
    const user = userEvent.setup({ delay: null });
    await renderApp('/ai-trails?activity=utv');
    await screen.findAllByText(/^\d+ trails?$/);
    expect(card('Wolf Pen Gap Trail Complex')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Open now' }));
    const note = await screen.findByRole('note', { name: '' });
    expect(note.textContent).toContain('Also left out, as likely closed now:');
    const link = within(note).getByRole('link', { name: 'Wolf Pen Gap Trail Complex' });
    expect(link.getAttribute('href')).toBe('/map/wolf-pen-gap-ohv-trail');
    expect(link.closest('li')!.textContent).toBe(`Wolf Pen Gap Trail Complex: ${likelyClosed}`);
    const names = [...screen.getByRole('list', { name: 'Trails' }).querySelectorAll('h3')].map(
      (heading) => heading.textContent,
    );
    expect(names.some((name) => name?.startsWith('Wolf Pen Gap'))).toBe(false);
  });
});

/** Plans a UTV trip from Mena for `days` days starting on `startDate`. */
async function planFromMena(startDate: string) {
  const user = userEvent.setup({ delay: null });
  await renderApp('/ai-trip-planner');
  await user.type(screen.getByRole('combobox', { name: 'Town' }), 'Mena');
  await user.click(await screen.findByRole('option', { name: /^Mena/ }));
  await user.click(screen.getByRole('radio', { name: 'UTV / side-by-side' }));
  fireEvent.change(screen.getByLabelText('Start date'), { target: { value: startDate } });
  const planButton = screen.getByRole('button', { name: 'Plan my trip' }) as HTMLButtonElement;
  await waitFor(() => expect(planButton.disabled).toBe(false), { timeout: 10_000 });
  await user.click(planButton);
  const heading = await screen.findByRole('heading', { name: 'Your 2-day plan' });
  // The plan is brought into view: its heading takes the focus.
  await waitFor(() => expect(document.activeElement).toBe(heading));
}

describe('the trip planner from Mena, UTV, 2 days', () => {
  it('rides Wolf Pen Gap on day 1 in May, outside its reported closure', async () => {
    today(2027, 4, 20);
    await planFromMena('2027-05-01');
    const days = screen.getByRole('list', { name: 'Planned days' });
    const day1 = days.querySelector(':scope > li')!;
    expect(within(day1 as HTMLElement).getByText(/^Riding area:/).textContent).toBe(
      'Riding area: Wolf Pen Gap Trail Complex',
    );
    expect(day1.textContent).toContain('Season reported, unconfirmed');
  });

  it('leaves Wolf Pen Gap out in December and says why', async () => {
    today(2026, 12, 1);
    await planFromMena('2026-12-15');
    const leftOut = screen.getByRole('region', { name: 'Nearer, but left out' });
    expect(within(leftOut).getByRole('link', { name: 'Wolf Pen Gap Trail Complex' })).toBeTruthy();
    expect(leftOut.textContent).toContain(
      'Likely closed on your dates (reported, unconfirmed: closed roughly November to mid-March).',
    );
  });
});
