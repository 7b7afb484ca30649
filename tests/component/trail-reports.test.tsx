/**
 * Trail reports on a trail's page (issue "Trail reports from the field"): a signed-in rider with
 * no signal files a Closed report from the page and sees it at once as "Waiting to send", the
 * trail marked "Closed now (rider report, just now)"; the form insists on a status and asks for
 * a reopening date only when Closed; other riders' reports show newest first with who and when,
 * a hidden one never shows, one older than 14 days no longer counts, and "Still there" stores the
 * rider's vote; a guest is asked to sign in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrailReport } from '../../schemas/trail-reports.ts';
import { toggleSavedTrail } from '../../src/db/saved-trails.ts';
import { stubGeolocation } from './app-helpers.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import {
  clearRiderData,
  forgetRider,
  renderAppWithApi,
  setOnline,
  signInRider,
  type TestRider,
} from './rider-fixtures.tsx';

const trailId = 'wolf-pen-gap-ohv-trail';
const day = 24 * 60 * 60 * 1000;

function otherRidersReport(id: string, overrides: Partial<TrailReport>): TrailReport {
  const observedAt = Date.now() - 3 * day;
  return {
    id,
    userId: 'another-rider',
    trailId,
    position: { lon: -93.94, lat: 34.61 },
    status: 'some-issues',
    condition: 'muddy',
    observations: ['high-water'],
    crowding: 'light',
    expectedReopening: null,
    note: 'Creek crossing at the second ford is running high.',
    photos: [],
    observedAt,
    confirmations: 2,
    clears: 0,
    flags: 0,
    hidden: false,
    reporterLabel: 'rider ab12',
    createdAt: observedAt,
    updatedAt: observedAt,
    ...overrides,
  };
}

const reportsSection = () =>
  screen.findByRole('region', { name: 'Rider reports' }, { timeout: 10_000 });

describe('trail reports on a trail page', () => {
  let rider: TestRider;

  beforeEach(async () => {
    await clearRiderData(await databaseWithCatalogues());
    rider = signInRider();
    setOnline(false);
    stubGeolocation('denied');
  });
  afterEach(() => forgetRider());

  it('files a Closed report offline and shows it at once as waiting to send', async () => {
    const user = userEvent.setup({ delay: null });
    const { database } = await renderApp(`/map/${trailId}`);
    const section = await reportsSection();
    expect(within(section).getByText('No recent reports')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Report conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report conditions' });
    // No GPS fix (the refusal arrives after the dialog opens): the report is placed at the
    // trail's point, on this trail.
    expect(await within(dialog).findByText(/Where: At Wolf Pen Gap/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Expected reopening/)).toBeNull();

    // A status is required.
    await user.click(within(dialog).getByRole('button', { name: 'File report' }));
    expect(await within(dialog).findByText('Choose how the trail is.')).toBeTruthy();
    expect(await database.trailReports.count().exec()).toBe(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Closed' }));
    await user.type(within(dialog).getByLabelText(/Expected reopening/), '2026-12-01');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Downed tree' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Muddy' }));
    await user.type(within(dialog).getByLabelText('Note'), 'Tree down past the second switchback.');
    expect(
      (
        within(dialog).getByRole('radio', {
          name: 'Wolf Pen Gap Trail Complex',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'File report' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = await within(section).findByRole('list', { name: 'Reports, newest first' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Waiting to send')).toBeTruthy();
    expect(within(item).getByText('you, just now')).toBeTruthy();
    expect(
      within(item).getByText('Muddy · Downed tree · Expected to reopen 2026-12-01'),
    ).toBeTruthy();
    expect(within(section).getByText('Closed now (rider report, just now)')).toBeTruthy();
    expect(within(section).getByText(/Reported by a rider \(you\), unconfirmed/)).toBeTruthy();

    const [stored] = (await database.trailReports.find().exec()).map((document) =>
      document.toJSON(),
    );
    expect(stored).toMatchObject({
      id: expect.stringMatching(/^temp-/),
      userId: rider.id,
      trailId,
      status: 'closed',
      expectedReopening: '2026-12-01',
      observations: ['downed-tree'],
      photos: [],
    });
  });

  it('shows other riders’ reports newest first, hides hidden ones, and stores a vote', async () => {
    const user = userEvent.setup({ delay: null });
    const database = await databaseWithCatalogues();
    await database.trailReports.bulkInsert([
      otherRidersReport('report-recent', {}),
      otherRidersReport('report-hidden', { status: 'closed', hidden: true, note: 'Spam' }),
      otherRidersReport('report-old', {
        status: 'closed',
        observedAt: Date.now() - 20 * day,
        note: 'Closed for logging.',
        reporterLabel: 'rider 77c0',
      }),
    ]);
    await renderApp(`/map/${trailId}`);
    const section = await reportsSection();
    expect(await within(section).findByText('Some issues (rider report, 3 days ago)')).toBeTruthy();
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.trail-report__byline')?.textContent)).toEqual([
      'rider ab12, 3 days ago',
      'rider 77c0, 20 days ago',
    ]);
    expect(within(section).queryByText('Spam')).toBeNull();
    expect(within(items[1]!).getByText('No longer counts')).toBeTruthy();

    // The vote buttons need the signed-in rider, whom the session settles on after the list.
    const stillThere = await within(items[0]!).findByRole('button', { name: 'Still there (2)' });
    await user.click(stillThere);
    await waitFor(() => expect(stillThere.getAttribute('aria-pressed')).toBe('true'));
    const vote = await database.records.findOne(`${rider.id}:trailReportVote:report-recent`).exec();
    expect(vote?.toJSON()).toMatchObject({
      kind: 'trailReportVote',
      data: { reportId: 'report-recent', vote: 'confirm' },
    });
  });
});

describe('a trail’s status on its card', () => {
  beforeEach(async () => {
    await clearRiderData(await databaseWithCatalogues());
  });

  it('says "Closed now (rider report, 2 days ago)" on the finder’s card', async () => {
    const database = await databaseWithCatalogues();
    await database.trailReports.insert(
      otherRidersReport('report-card', {
        status: 'closed',
        observedAt: Date.now() - 2 * day - 60_000,
      }),
    );
    await renderApp('/ai-trails?q=wolf%20pen');
    const list = await screen.findByRole('list', { name: 'Trails' }, { timeout: 10_000 });
    const heading = await within(list).findByRole('heading', {
      name: 'Wolf Pen Gap Trail Complex',
    });
    const card = heading.closest('article')!;
    expect(
      await within(card).findByText('Closed now (rider report, 2 days ago)', { exact: false }),
    ).toBeTruthy();
    expect(card.textContent).toContain('reported by a rider, unconfirmed');
  });
});

describe('a report on a saved trail', () => {
  beforeEach(async () => {
    await clearRiderData(await databaseWithCatalogues());
    signInRider();
  });
  afterEach(() => forgetRider());

  it('raises a notification when another rider reports the saved trail closed', async () => {
    const database = await databaseWithCatalogues();
    await toggleSavedTrail(database, trailId);
    await renderApp('/notification-center');
    await database.trailReports.insert(
      otherRidersReport('report-saved', { status: 'closed', note: 'Gate locked at FR 38.' }),
    );
    expect(
      await screen.findByText(
        'Wolf Pen Gap Trail Complex: Closed (rider report)',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/Reported by a rider \(rider ab12\), unconfirmed, 3 days ago/),
    ).toBeTruthy();
  });
});

describe('a report from the map', () => {
  beforeEach(async () => {
    await clearRiderData(await databaseWithCatalogues());
    signInRider();
    setOnline(false);
  });
  afterEach(() => forgetRider());

  it('files a report at the point pressed on the map and shows its marker', async () => {
    const user = userEvent.setup({ delay: null });
    const { database } = await renderApp('/map');
    await user.click(
      await screen.findByRole('button', { name: 'Long-press the map' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report conditions' });
    expect(within(dialog).getByText('Where: The point you pressed on the map')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'All clear' }));
    await user.click(within(dialog).getByRole('button', { name: 'File report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [stored] = (await database.trailReports.find().exec()).map((document) =>
      document.toJSON(),
    );
    expect(stored!.status).toBe('all-clear');
    expect(stored!.id).toMatch(/^temp-/);
    // The report is on the map at once, as a marker in its status's colour.
    const overlay = screen.getByRole('list', { name: /^Overlay of Map of Arkansas/ });
    expect(await within(overlay).findByText('All clear (rider report)')).toBeTruthy();
  });
});

describe('a report from the recording screen', () => {
  beforeEach(async () => {
    await clearRiderData(await databaseWithCatalogues());
    signInRider();
    setOnline(false);
  });
  afterEach(() => forgetRider());

  it('files a report at the recorder’s last GPS fix', async () => {
    const user = userEvent.setup({ delay: null });
    stubGeolocation({ latitude: 34.61, longitude: -93.94, accuracy: 6 });
    const { database } = await renderApp('/record');
    await user.click(await screen.findByRole('button', { name: 'Start recording' }));
    await user.click(
      await screen.findByRole('button', { name: 'Report conditions' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report conditions' });
    expect(within(dialog).getByText('Where: Your position (GPS, ±6 m)')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Some issues' }));
    await user.click(within(dialog).getByRole('button', { name: 'File report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [stored] = (await database.trailReports.find().exec()).map((document) =>
      document.toJSON(),
    );
    expect(stored!.position).toEqual({ lon: -93.94, lat: 34.61 });
    expect(stored!.status).toBe('some-issues');
    await user.click(screen.getByRole('button', { name: 'Stop and save' }));
  });
});

describe('trail reports for a guest', () => {
  beforeEach(async () => {
    await clearRiderData(await databaseWithCatalogues());
    forgetRider();
  });

  it('asks a guest to sign in before reporting, and offers no votes', async () => {
    const user = userEvent.setup({ delay: null });
    const database = await databaseWithCatalogues();
    await database.trailReports.insert(otherRidersReport('report-guest', {}));
    await renderApp(`/map/${trailId}`);
    const section = await reportsSection();
    await within(section).findByText('Some issues (rider report, 3 days ago)');
    expect(within(section).queryByRole('button', { name: /Still there/ })).toBeNull();
    expect(within(section).getByText('Still there: 2 · Gone now: 0')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Report conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report conditions' });
    expect(within(dialog).getByText(/Sign in on the Profile page/)).toBeTruthy();
  });
});

describe('trail reports for an admin', () => {
  afterEach(() => forgetRider());

  it('lists flagged reports first and hides one for every rider', async () => {
    const user = userEvent.setup({ delay: null });
    signInRider({ username: 'admin-one', roleId: 'admin' });
    const flagged = otherRidersReport('report-flagged', { flags: 3, note: 'Buy cheap tyres here' });
    const recent = otherRidersReport('report-fine', { observedAt: Date.now() - 3_600_000 });
    let hidden = false;
    const { requests } = await renderAppWithApi('/admin/trail-review', [
      { path: '/api/admin/trail-submissions', answer: { body: { submissions: [] } } },
      {
        path: '/api/admin/trail-reports',
        answer: () => ({ body: { reports: [{ ...flagged, hidden }, recent] } }),
      },
      {
        method: 'POST',
        path: '/api/admin/trail-reports/report-flagged/hidden',
        answer: (request) => {
          hidden = (request.body as { hidden: boolean }).hidden;
          return { body: { id: 'report-flagged', hidden } };
        },
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Flagged and recent reports' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Buy cheap tyres here');
    expect(items[0]!.textContent).toContain('Flags: 3');
    // Named by the trail list on the device once it has loaded.
    await waitFor(() => expect(items[0]!.textContent).toContain('Wolf Pen Gap Trail Complex'));
    await user.click(within(items[0]!).getByRole('button', { name: 'Hide report' }));
    // The list loads again from the server, which now says hidden.
    expect(await screen.findByRole('button', { name: 'Show report' })).toBeTruthy();
    expect(
      requests.find((request) => request.path === '/api/admin/trail-reports/report-flagged/hidden')
        ?.body,
    ).toEqual({ hidden: true });
  });

  it('hides one photo of a report and can show it again', async () => {
    const user = userEvent.setup({ delay: null });
    signInRider({ username: 'admin-one', roleId: 'admin' });
    const photo = (digit: string) => ({
      hash: digit.repeat(64),
      thumbnailHash: digit === 'a' ? 'c'.repeat(64) : 'd'.repeat(64),
      width: 1600,
      height: 1200,
      bytes: 300_000,
      type: 'image/jpeg' as const,
      hidden: false,
    });
    const photos = [photo('a'), photo('b')];
    const { requests } = await renderAppWithApi('/admin/trail-review', [
      { path: '/api/admin/trail-submissions', answer: { body: { submissions: [] } } },
      {
        path: '/api/admin/trail-reports',
        answer: () => ({ body: { reports: [otherRidersReport('report-photos', { photos })] } }),
      },
      {
        method: 'POST',
        path: `/api/admin/trail-reports/report-photos/photos/${'a'.repeat(64)}/hidden`,
        answer: (request) => {
          photos[0] = { ...photos[0]!, hidden: (request.body as { hidden: boolean }).hidden };
          return { body: { id: 'report-photos', hash: 'a'.repeat(64), hidden: photos[0].hidden } };
        },
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Photos' });
    expect(
      within(list).getByRole('img', { name: 'Photo 1 of the report' }).getAttribute('src'),
    ).toBe(`/api/photos/${'c'.repeat(64)}`);
    await user.click(within(list).getByRole('button', { name: 'Hide photo 1' }));
    // The list loads again from the server, which now says the first photo is hidden.
    expect(await screen.findByText('Photo 1 is hidden')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 2 of the report' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show photo 1' }));
    expect(await screen.findByRole('img', { name: 'Photo 1 of the report' })).toBeTruthy();
    expect(
      requests.filter((request) => request.path.endsWith('/hidden')).map((request) => request.body),
    ).toEqual([{ hidden: true }, { hidden: false }]);
  });
});
