/**
 * Seasons an operator publishes: the admin page sends a duck season and a trail season with
 * their sources (the server's side: tests/integration/server/regulations.test.ts), and the
 * duck hunting guide shows a published season kept on the device, offline, with who published
 * it and from what source instead of "dates not yet published".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublishedRegulation } from '../../schemas/published-regulations.ts';
import {
  keepPublishedRegulations,
  publishedRegulationsDocumentId,
} from '../../src/db/published-regulations.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { forgetRider, renderAppWithApi, signInRider } from './rider-fixtures.tsx';

const publishedAt = new Date(2026, 10, 27, 9, 30).getTime();
const duckSeason: PublishedRegulation = {
  id: 'duck-season:2026-27',
  kind: 'duck-season',
  data: {
    seasonLabel: '2026-27',
    periods: [{ label: 'Split 1', opens: '2026-11-21', closes: '2026-11-30' }],
    limits: ['Daily limit 6 ducks'],
    shootingHours: 'Shooting hours: 30 minutes before sunrise to noon',
    source: 'AGFC 2026-27 Waterfowl Hunting Guidebook',
  },
  publishedAt,
  publishedBy: 'admin-one',
};

afterEach(async () => {
  forgetRider();
  vi.useRealTimers();
  const database = await databaseWithCatalogues();
  await (await database.getLocal(publishedRegulationsDocumentId))?.remove();
});

describe('seasons and regulations', () => {
  it('an admin publishes a duck season with its periods, limits, hours and source', async () => {
    const user = userEvent.setup();
    signInRider({ username: 'admin-one', roleId: 'admin' });
    let listed: PublishedRegulation[] = [];
    const { requests } = await renderAppWithApi('/admin/seasons', [
      { path: '/api/regulations', answer: () => ({ body: { regulations: listed } }) },
      {
        method: 'POST',
        path: '/api/admin/regulations/duck-season',
        answer: (request) => {
          listed = [{ ...duckSeason, data: request.body as PublishedRegulation['data'] } as never];
          return { status: 201, body: { regulation: listed[0] } };
        },
      },
    ]);
    await screen.findByText('Nothing published yet.');
    const form = screen.getByRole('region', { name: 'Publish a duck season' });
    const season = within(form).getByRole('textbox', { name: 'Season' });
    await user.clear(season);
    await user.type(season, '2026-27');
    await user.type(within(form).getByLabelText('Opens'), '2026-11-21');
    await user.type(within(form).getByLabelText('Closes (last day)'), '2026-11-30');
    await user.type(
      within(form).getByRole('textbox', { name: 'Limits, one per line' }),
      'Daily limit 6 ducks',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Shooting hours' }),
      'Shooting hours: 30 minutes before sunrise to noon',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Source' }),
      'AGFC 2026-27 Waterfowl Hunting Guidebook',
    );
    await user.click(within(form).getByRole('button', { name: 'Publish duck season' }));
    await screen.findByText(/^Duck season 2026-27: 1 periods, published/);
    const sent = requests.find((request) => request.path === '/api/admin/regulations/duck-season');
    expect(sent?.body).toEqual(duckSeason.data);
  });

  it('an admin gives a catalogue trail a season, and the server’s refusal is shown', async () => {
    const user = userEvent.setup();
    signInRider({ username: 'admin-one', roleId: 'admin' });
    let refuse = true;
    const { requests } = await renderAppWithApi('/admin/seasons', [
      { path: '/api/regulations', answer: { body: { regulations: [] } } },
      {
        method: 'POST',
        path: '/api/admin/regulations/trail-season',
        answer: (request) =>
          refuse
            ? { status: 400, body: { statusCode: 400, message: 'Refused for the test.' } }
            : {
                status: 201,
                body: {
                  regulation: { id: 'trail-season:wolf-pen-gap-ohv-trail' },
                  trail: { name: 'Wolf Pen Gap Trail Complex', ...(request.body as object) },
                },
              },
      },
    ]);
    const form = await screen.findByRole('region', { name: 'Publish a trail season or closure' });
    await user.type(
      within(form).getByRole('textbox', { name: 'Source' }),
      'Mena-Oden Ranger District notice',
    );
    await user.click(within(form).getByRole('button', { name: 'Publish trail season' }));
    expect(await within(form).findByText('Choose a trail from the catalogue.')).toBeTruthy();

    await user.type(within(form).getByRole('combobox', { name: 'Trail' }), 'Wolf Pen Gap');
    await user.click(await screen.findByRole('option', { name: 'Wolf Pen Gap Trail Complex' }));
    await user.type(within(form).getByRole('textbox', { name: 'Opens (MM-DD)' }), '04-01');
    await user.type(within(form).getByRole('textbox', { name: 'Closes after (MM-DD)' }), '11-15');
    await user.click(within(form).getByRole('button', { name: 'Publish trail season' }));
    await waitFor(() => expect(form.textContent).toContain('Refused for the test.'));
    const published = () =>
      requests.filter((request) => request.path === '/api/admin/regulations/trail-season');
    expect(published()).toHaveLength(1);

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Publish trail season' }));
    await waitFor(() => expect(within(form).queryByText('Refused for the test.')).toBeNull());
    await waitFor(() => expect(published()).toHaveLength(2));
    expect(published().at(-1)?.body).toEqual({
      trailId: 'wolf-pen-gap-ohv-trail',
      yearRound: false,
      openFrom: '04-01',
      openUntil: '11-15',
      source: 'Mena-Oden Ranger District notice',
    });
  });

  it('the duck guide shows the season this installation published, offline', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 8, 0));
    await keepPublishedRegulations(await databaseWithCatalogues(), [duckSeason], publishedAt);
    await renderApp('/duck-hunting-guide');
    const facts = await screen.findByRole('region', { name: 'The 2026-27 season' });
    expect(
      within(facts).getByText(/Published by this installation on November 27, 2026/),
    ).toBeTruthy();
    expect(within(facts).getByText(/AGFC 2026-27 Waterfowl Hunting Guidebook/)).toBeTruthy();
    expect(within(facts).getByText('Nov 21, 2026 to Nov 30, 2026')).toBeTruthy();
    expect(within(facts).queryByText(/dates not yet published/)).toBeNull();
  });
});
