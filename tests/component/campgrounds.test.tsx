/**
 * The campground directory on the 224 real campgrounds stored on the device, with the network
 * off: a page of cards at a time, search and filters, a favourite and the filters kept when the
 * app opens again (the search text is not), the details dialog with Copy GPS and directions,
 * Nearby for the rider's position (a stubbed Geolocation API, as Chromium's emulated position
 * would be), and a signed-in rider's review saved on the device, waiting to sync. (That the
 * review reaches the server and another profile's rating is checked in Chromium:
 * tests/e2e/campgrounds.test.ts.) An admin's moderation list and its Hide button on a weak
 * connection: a dropped read or write is tried again, a refused one (400) is not.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Campground } from '../../schemas/campgrounds.ts';
import { campgroundPreferencesKey } from '../../src/db/campground-preferences.ts';
import {
  filterCampgrounds,
  nearbyCampgrounds,
  noCampgroundFilters,
} from '../../src/lib/campgrounds/directory.ts';
import { removeLocalSetting, stubGeolocation } from './app-helpers.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { forgetRider, renderAppWithApi, signInRider } from './rider-fixtures.tsx';

// Each test starts with no favourites, filters or searches stored (nothing is rendered yet).
beforeEach(() => removeLocalSetting(campgroundPreferencesKey));
afterEach(() => forgetRider());

async function catalogue(): Promise<Campground[]> {
  const database = await databaseWithCatalogues();
  return (await database.campgrounds.find().exec()).map(
    (document) => document.toJSON() as Campground,
  );
}

/** Waits until the results heading reads `text` (e.g. "79 campgrounds"). */
async function count(text: string): Promise<void> {
  await waitFor(() =>
    expect(document.querySelector('.campground-results__count')?.textContent).toBe(text),
  );
}

const cards = () => document.querySelectorAll('article.campground-card');
const plural = (n: number) => `${n} ${n === 1 ? 'campground' : 'campgrounds'}`;

describe('campground directory', () => {
  it('shows a page of cards at a time, searches and filters, and keeps favourites and filters', async () => {
    const user = userEvent.setup();
    const all = await catalogue();
    expect(all).toHaveLength(224);
    const app = await renderApp('/campgrounds');
    await count('224 campgrounds');
    // A page of cards at a time: 224 at once was a long scroll and slow on a phone.
    await screen.findByText('Showing 24 of 224 campgrounds.');
    expect(cards()).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Show 24 more campgrounds' }));
    await screen.findByText('Showing 48 of 224 campgrounds.');
    expect(cards()).toHaveLength(48);

    await user.click(screen.getByRole('searchbox', { name: 'Search campgrounds' }));
    await user.paste('lake');
    const lake = filterCampgrounds(all, { ...noCampgroundFilters, query: 'lake' });
    await count(plural(lake.length));
    // Another search starts again at one page.
    expect(cards()).toHaveLength(Math.min(lake.length, 24));

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Corps of Engineers' }));
    const corps = filterCampgrounds(all, {
      ...noCampgroundFilters,
      query: 'lake',
      types: ['corps_of_engineers'],
    });
    await count(plural(corps.length));
    await user.click(screen.getByRole('checkbox', { name: 'Showers' }));
    const filtered = filterCampgrounds(all, {
      ...noCampgroundFilters,
      query: 'lake',
      types: ['corps_of_engineers'],
      amenities: ['showers'],
    });
    expect(filtered.length).toBeGreaterThan(0);
    await count(plural(filtered.length));

    const first = filtered[0]!;
    await user.click(screen.getByRole('button', { name: `Favorite ${first.name}` }));
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: `Favorite ${first.name}` })
          .querySelector('svg')
          ?.getAttribute('fill'),
      ).toBe('currentColor'),
    );

    // Opened again: the filters are kept on the device; the search text is not.
    app.unmount();
    await renderApp('/campgrounds');
    const kept = filterCampgrounds(all, {
      ...noCampgroundFilters,
      types: ['corps_of_engineers'],
      amenities: ['showers'],
    });
    await count(plural(kept.length));
    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    await count('1 campground');
    expect(screen.getByRole('article', { name: first.name })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await count('224 campgrounds');

    // A narrowed price keeps the campgrounds whose price is unknown, unless priced only is asked.
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('textbox', { name: 'Max' }));
    await user.paste('15');
    const cheap = filterCampgrounds(all, { ...noCampgroundFilters, priceMax: '15' });
    await count(plural(cheap.length));
    await user.click(
      screen.getByRole('checkbox', { name: 'Only campgrounds that publish a price' }),
    );
    const pricedCheap = filterCampgrounds(all, {
      ...noCampgroundFilters,
      priceMax: '15',
      pricedOnly: true,
    });
    expect(pricedCheap.length).toBeLessThan(cheap.length);
    await count(plural(pricedCheap.length));
  });

  it('the details dialog copies the GPS and links directions', async () => {
    const user = userEvent.setup();
    const target = (await catalogue()).find(
      (campground) => campground.id === 'bear-creek-lake-recreation-area',
    )!;
    await renderApp('/campgrounds');
    await count('224 campgrounds');
    await user.click(screen.getByRole('searchbox', { name: 'Search campgrounds' }));
    await user.paste(target.name);
    const card = await screen.findByRole('article', { name: target.name });
    await user.click(within(card).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: target.name })).toBeTruthy();
    // No ATV trail on the device lies within 15 miles of Bear Creek Lake: said, not "not published".
    await user.click(within(dialog).getByRole('tab', { name: 'Activities' }));
    expect(within(dialog).getByText('ATV trails nearby').nextElementSibling!.textContent).toBe(
      'None within 15 miles among the trails on this device',
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Contact' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy GPS' }));
    const gps = `${target.location.latitude},${target.location.longitude}`;
    await screen.findByText(/Copied GPS/);
    expect(await navigator.clipboard.readText()).toBe(gps);
    expect(
      within(dialog)
        .getByRole('link', { name: /Directions/ })
        .getAttribute('href'),
    ).toContain(`destination=${gps}`);
    await user.click(within(dialog).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Nearby lists the campgrounds within 50 miles of the rider', async () => {
    const user = userEvent.setup();
    const littleRock = { latitude: 34.7465, longitude: -92.2896 };
    stubGeolocation(littleRock);
    const near = nearbyCampgrounds(await catalogue(), littleRock);
    expect(near.length).toBeGreaterThan(0);
    await renderApp('/campgrounds');
    await count('224 campgrounds');
    await user.click(screen.getByRole('tab', { name: 'Nearby' }));
    await count(`${plural(near.length)} within 50 miles`);
  });

  it('saves a signed-in rider’s review on the device, waiting to sync', async () => {
    const user = userEvent.setup();
    signInRider({ username: 'camp-rider' });
    const target = (await catalogue()).find(
      (campground) => campground.id === 'bear-creek-lake-recreation-area',
    )!;
    await renderApp(`/campgrounds?campground=${target.id}`);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { name: target.name });
    // The review form appears once the rider's session and stored reviews have answered.
    for (const label of ['Overall', 'Cleanliness', 'Facilities', 'Location', 'Value']) {
      await user.click(await within(dialog).findByRole('radio', { name: `${label}: 5 stars` }));
    }
    await user.click(within(dialog).getByLabelText(/What should other riders know/));
    await user.paste('Quiet, shady loop by the lake.');
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));
    // Shown once the device database answers with the saved review.
    await within(dialog).findByText(/Waiting to sync\./, undefined, { timeout: 5000 });
    expect(within(dialog).getByRole('button', { name: 'Update review' })).toBeTruthy();
  });

  describe('review moderation on a weak connection (the query policy)', () => {
    const campgroundId = 'bear-creek-lake-recreation-area';
    const listPath = `/api/admin/campgrounds/${campgroundId}/reviews`;
    const hidePath = '/api/admin/campground-reviews/review-1/hidden';
    const review = {
      id: 'review-1',
      username: 'loud-camper',
      overall: 1,
      text: 'Buy my generator at this link.',
      hidden: false,
      updatedAt: Date.UTC(2026, 10, 20),
    };

    it('lists the reviews after a dropped read and hides one after a dropped write', async () => {
      const user = userEvent.setup();
      signInRider({ username: 'camp-admin', roleId: 'admin' });
      let reads = 0;
      let writes = 0;
      let hidden = false;
      await renderAppWithApi(`/campgrounds?campground=${campgroundId}`, [
        {
          path: listPath,
          answer: () => {
            reads += 1;
            if (reads === 1) throw new TypeError('Failed to fetch (packet dropped)');
            return { body: { reviews: [{ ...review, hidden }] } };
          },
        },
        {
          method: 'POST',
          path: hidePath,
          answer: (request) => {
            writes += 1;
            if (writes === 1) throw new TypeError('Failed to fetch (packet dropped)');
            hidden = (request.body as { hidden: boolean }).hidden;
            return { status: 204 };
          },
        },
      ]);
      const moderation = within(
        await screen.findByRole('region', { name: 'Moderate reviews (admin)' }),
      );
      expect(await moderation.findByText(review.text)).toBeTruthy();
      await user.click(moderation.getByRole('button', { name: 'Hide review' }));
      // The toast shows outside the dialog, which hides the rest of the page from roles.
      expect(await screen.findByText('Review hidden from everyone')).toBeTruthy();
      expect(await moderation.findByRole('button', { name: 'Show review' })).toBeTruthy();
      expect([writes, hidden]).toEqual([2, true]);
    });

    it('does not send a refused hide (400) again, and says why', async () => {
      const user = userEvent.setup();
      signInRider({ username: 'camp-admin', roleId: 'admin' });
      const { requests } = await renderAppWithApi(`/campgrounds?campground=${campgroundId}`, [
        { path: listPath, answer: { body: { reviews: [review] } } },
        {
          method: 'POST',
          path: hidePath,
          answer: {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'Review already removed.' },
          },
        },
      ]);
      const moderation = within(
        await screen.findByRole('region', { name: 'Moderate reviews (admin)' }),
      );
      await user.click(await moderation.findByRole('button', { name: 'Hide review' }));
      expect(await screen.findByText('Review already removed.')).toBeTruthy();
      expect(moderation.getByRole('button', { name: 'Hide review' })).toBeTruthy();
      expect(requests.filter((request) => request.path === hidePath)).toHaveLength(1);
    });
  });
});
