/**
 * A trail page opened from a shared link on a first visit: while the trail list is still being
 * stored the page shows the trail as the server sends it, or says the list is arriving rather
 * than "Trail not found" when the server has not answered; once the list is stored an unknown id is
 * not found; when the signal goes before the list arrived, the page says it cannot load the
 * trail.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCatalogueStatus } from '../../src/db/catalogue-status.ts';
import { databaseWithCatalogues } from './render-app.tsx';
import { renderAppWithApi, setOnline } from './rider-fixtures.tsx';

/** A trail the shipped catalogue does not hold yet (it arrives with the first pull). */
const newTrailPage = '/map/a-trail-still-on-its-way';
const arriving =
  'Saving the Arkansas trail list to this device. This trail opens as soon as it arrives.';

/** The first pull of every collection stays under way. */
const pullsUnderWay = [
  { path: /^\/api\/sync\//, answer: () => new Promise<never>(() => undefined) },
];

beforeEach(async () => {
  // No trail list was ever stored on this device (through the app's own write, which retries
  // when the previous test's sync engine is still writing the status).
  await writeCatalogueStatus(await databaseWithCatalogues(), {
    lastSyncedAt: null,
    error: null,
    isRefreshing: false,
  });
});

afterEach(() => {
  setOnline(true);
});

describe('a trail page on a first visit', () => {
  it('says the trail list is arriving instead of "Trail not found"', async () => {
    await renderAppWithApi(newTrailPage, pullsUnderWay);
    expect(await screen.findByText(arriving)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Trail not found' })).toBeNull();
  });

  it('is not found once the trail list is stored without it', async () => {
    await renderAppWithApi(newTrailPage, pullsUnderWay);
    await screen.findByText(arriving);
    await writeCatalogueStatus(await databaseWithCatalogues(), { lastSyncedAt: Date.now() });
    expect(await screen.findByRole('heading', { name: 'Trail not found' })).toBeTruthy();
    expect(screen.queryByText(arriving)).toBeNull();
  });

  it('cannot load the trail once the signal goes with no trail list on the device', async () => {
    await renderAppWithApi(newTrailPage, pullsUnderWay);
    await screen.findByText(arriving);
    setOnline(false);
    expect(await screen.findByRole('heading', { name: 'Trail Loading Error' })).toBeTruthy();
    expect(screen.queryByText(arriving)).toBeNull();
  });

  it('shows the trail as the server sends it while the list is arriving', async () => {
    const database = await databaseWithCatalogues();
    const millCreek = (await database.trails.findOne('mill-creek-ohv-trail').exec())!.toJSON();
    const newTrail = {
      ...millCreek,
      id: 'a-trail-still-on-its-way',
      name: 'Still On Its Way Trail',
    };
    const { requests } = await renderAppWithApi(newTrailPage, [
      ...pullsUnderWay,
      { method: 'GET', path: '/api/trails/a-trail-still-on-its-way', answer: { body: newTrail } },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Still On Its Way Trail', level: 1 }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Shown from the server while the Arkansas trail list is saved to this device. Until then this page needs a signal.',
      ),
    ).toBeTruthy();
    expect(requests.filter((request) => request.path.startsWith('/api/trails/'))).toHaveLength(1);
  });

  it('is not found at once when the server has no such trail', async () => {
    await renderAppWithApi(newTrailPage, [
      ...pullsUnderWay,
      {
        method: 'GET',
        path: '/api/trails/a-trail-still-on-its-way',
        answer: {
          status: 404,
          body: { error: 'Not Found', message: 'No trail with id "a-trail-still-on-its-way".' },
        },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Trail not found' })).toBeTruthy();
  });
});
