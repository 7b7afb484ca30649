/**
 * A first visit that lost its signal before the campground catalogue arrived: the directory
 * lists the campgrounds bundled with the app, says so, and switches to the synced catalogue as
 * soon as it is stored (requirements §voice-8). Online, while the first pull is under way, the
 * bundled list is not loaded at all. The bundled file is the server's own seed, so a
 * data change cannot leave it behind.
 */
import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, inject, it } from 'vitest';
import bundledCampgrounds from '../../src/explore/campgrounds/bundled-campgrounds.json';
import { bundledCampgroundDocuments } from '../../datasets/campgrounds.ts';
import { catalogueStatusDocumentId } from '../../src/db/catalogue-status.ts';
import type { SeedDocuments } from '../../sync-server/seed/seed-documents.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { renderAppWithApi, setOnline } from './rider-fixtures.tsx';

function seededCampgrounds() {
  return (JSON.parse(readFileSync(inject('catalogueFixtureFile'), 'utf8')) as SeedDocuments)
    .campgrounds;
}

describe('campgrounds before the catalogue reaches the device', () => {
  it('the bundled list is the seed the server serves (run `npm run bundled-campgrounds` after a data change)', () => {
    expect(bundledCampgrounds).toEqual(bundledCampgroundDocuments(seededCampgrounds()));
  });

  it('lists the bundled campgrounds offline, says so, and gives way to the synced catalogue', async () => {
    const database = await databaseWithCatalogues();
    await database.campgrounds.find().remove();
    // The first visit lost its signal before the catalogue arrived.
    setOnline(false);
    try {
      await renderApp('/campgrounds');
      expect(
        await screen.findByText(/Showing the list bundled with the app/, undefined, {
          timeout: 10_000,
        }),
      ).toBeTruthy();
      await waitFor(() =>
        expect(document.querySelector('.campground-results__count')?.textContent).toBe(
          '224 campgrounds',
        ),
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole('searchbox', { name: 'Search campgrounds' }));
      await user.paste('Alpine Ridge');
      const card = await screen.findByRole('article', { name: 'Alpine Ridge' });
      await user.click(within(card).getByRole('button', { name: 'Details' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('tab', { name: 'Contact' }));
      expect(within(dialog).getByText('Last updated').nextElementSibling!.textContent).toBe(
        'Bundled with the app; updated at your first sync',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Close details' }));

      // The catalogue arrives (the sync engine stores it): the bundled note goes.
      await database.campgrounds.bulkUpsert(seededCampgrounds());
      await waitFor(() =>
        expect(screen.queryByText(/Showing the list bundled with the app/)).toBeNull(),
      );
    } finally {
      setOnline(true);
      await database.campgrounds.bulkUpsert(seededCampgrounds());
    }
  });

  it('waits for the catalogue online, and falls back to the bundled list once the signal goes', async () => {
    const database = await databaseWithCatalogues();
    await database.campgrounds.find().remove();
    // No earlier pull failed on this device, and this one is still under way.
    await (await database.getLocal(catalogueStatusDocumentId))?.remove();
    try {
      await renderAppWithApi('/campgrounds', [
        { path: /^\/api\/sync\//, answer: () => new Promise<never>(() => undefined) },
      ]);
      await screen.findByRole('heading', { name: /Arkansas Campground Intelligence/ });
      // Online with the first pull under way: nothing bundled is shown (or downloaded).
      expect(screen.queryByText(/Showing the list bundled with the app/)).toBeNull();
      expect(document.querySelector('.campground-results__count')?.textContent).not.toBe(
        '224 campgrounds',
      );
      setOnline(false);
      expect(await screen.findByText(/Showing the list bundled with the app/)).toBeTruthy();
    } finally {
      setOnline(true);
      await database.campgrounds.bulkUpsert(seededCampgrounds());
    }
  });
});
