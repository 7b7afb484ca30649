/**
 * A first visit that lost its signal before the campground catalogue arrived: the directory
 * lists the campgrounds bundled with the app, says so, and switches to the synced catalogue as
 * soon as it is stored (requirements §voice-8). The bundled file is the server's own seed, so a
 * data change cannot leave it behind.
 */
import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, inject, it } from 'vitest';
import bundledCampgrounds from '../../src/explore/campgrounds/bundled-campgrounds.json';
import { bundledCampgroundDocuments } from '../../datasets/campgrounds.ts';
import type { SeedDocuments } from '../../sync-server/seed/seed-documents.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';

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
      await database.campgrounds.bulkUpsert(seededCampgrounds());
    }
  });
});
