/**
 * The campground directory in Chromium at phone size (issue 14): search and filters on the 228
 * real campgrounds, the details dialog with Copy GPS, a favourite kept offline across a reload,
 * Nearby with a set position, and a review written offline that becomes the campground's rating
 * on a second profile after sync.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Campground } from '../../schemas/campgrounds.ts';
import {
  filterCampgrounds,
  nearbyCampgrounds,
  noCampgroundFilters,
} from '../../src/lib/campgrounds/directory.ts';
import { loadCampgrounds } from '../../datasets/campgrounds.ts';
import {
  openBrowser,
  saveScreenshot,
  viewports,
  waitForOfflineReady,
  type BrowserSession,
} from './browser.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

const catalogue = loadCampgrounds('data', 0);
/** Waits until the results heading reads `text` (e.g. "79 campgrounds"). */
const count = (page: Page, text: string) =>
  page
    .locator('.campground-results__count', { hasText: new RegExp(`^${text}`) })
    .waitFor({ timeout: 30_000 });

describe('campground directory in Chromium', () => {
  it('searches, filters, copies GPS, keeps a favourite offline and lists Nearby', async () => {
    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const littleRock = { latitude: 34.7465, longitude: -92.2896 };
    await phone.context.grantPermissions(['geolocation', 'clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    });
    await phone.context.setGeolocation(littleRock);
    const { page } = phone;
    await page.goto(`${baseUrl}/campgrounds`);
    await count(page, '228 campgrounds');
    // A page of cards at a time: 228 at once was a long scroll and slow on a phone.
    const cards = page.locator('article.campground-card');
    await page.getByText('Showing 24 of 228 campgrounds.').waitFor();
    expect(await cards.count()).toBe(24);
    await page.getByRole('button', { name: 'Show 24 more campgrounds' }).click();
    await page.getByText('Showing 48 of 228 campgrounds.').waitFor();
    expect(await cards.count()).toBe(48);

    await page.getByRole('searchbox', { name: 'Search campgrounds' }).fill('lake');
    const lake = filterCampgrounds(catalogue, { ...noCampgroundFilters, query: 'lake' });
    await count(page, `${lake.length} campgrounds`);
    // Another search starts again at one page.
    expect(await cards.count()).toBe(Math.min(lake.length, 24));

    await page.getByRole('button', { name: /Filters/ }).click();
    // react-aria hides the native input; riders tap the visible label.
    await page.locator('label.campground-checkbox', { hasText: 'Corps of Engineers' }).click();
    await page.locator('label.campground-checkbox', { hasText: 'Showers' }).click();
    const filtered = filterCampgrounds(catalogue, {
      ...noCampgroundFilters,
      query: 'lake',
      types: ['corps_of_engineers'],
      amenities: ['showers'],
    });
    expect(filtered.length).toBeGreaterThan(0);
    await count(page, `${filtered.length} campground`);
    await saveScreenshot(page, 'campgrounds-filtered');

    const first = filtered[0] as Campground;
    const card = page.getByRole('article', { name: first.name });
    await card.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: first.name }).waitFor();
    await dialog.getByRole('tab', { name: 'Contact' }).click();
    await dialog.getByRole('button', { name: 'Copy GPS' }).click();
    await page.getByText(/Copied GPS/).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${first.location.latitude},${first.location.longitude}`,
    );
    expect(await dialog.getByRole('link', { name: /Directions/ }).getAttribute('href')).toContain(
      `destination=${first.location.latitude},${first.location.longitude}`,
    );
    await saveScreenshot(page, 'campgrounds-dialog-contact');
    await dialog.getByRole('button', { name: 'Close details' }).click();

    await card.getByRole('button', { name: `Favorite ${first.name}` }).click();
    await waitForOfflineReady(page);
    await phone.context.setOffline(true);
    await page.reload();
    // The filters are kept on the device; the search text is not.
    const kept = filterCampgrounds(catalogue, {
      ...noCampgroundFilters,
      types: ['corps_of_engineers'],
      amenities: ['showers'],
    });
    await count(page, `${kept.length} campground`);
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await count(page, '1 campground');
    await page.getByRole('article', { name: first.name }).waitFor();
    await saveScreenshot(page, 'campgrounds-favorites-offline');

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await page.getByRole('tab', { name: 'Nearby' }).click();
    const near = nearbyCampgrounds(catalogue, littleRock);
    await count(page, `${near.length} campgrounds within 50 miles`);
    await saveScreenshot(page, 'campgrounds-nearby-offline');
  });

  it('saves a review offline, syncs it, and shows the rating on a second profile', async () => {
    const rider = {
      username: `camp-rider-${Date.now().toString(36)}`,
      password: 'long enough password',
    };
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...rider, email: `${rider.username}@example.org` }),
    });
    expect(registered.status).toBe(201);
    // A campground no other test reviews.
    const target = catalogue.find(
      (campground) => campground.id === 'bear-creek-lake-recreation-area',
    )!;

    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const { page } = phone;
    await page.goto(`${baseUrl}/profile`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(rider.username);
    await form.getByLabel('Password').fill(rider.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Welcome back, ${rider.username}!`).waitFor();
    await page.goto(`${baseUrl}/campgrounds?campground=${target.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: target.name }).waitFor({ timeout: 30_000 });
    await waitForOfflineReady(page);

    await phone.context.setOffline(true);
    for (const label of ['Overall', 'Cleanliness', 'Facilities', 'Location', 'Value']) {
      await dialog
        .locator('label.star-rating__star', {
          has: page.getByRole('radio', { name: `${label}: 5 stars` }),
        })
        .click();
    }
    await dialog.getByLabel(/What should other riders know/).fill('Quiet, shady loop by the lake.');
    await dialog.getByRole('button', { name: 'Save review' }).click();
    await dialog.getByText('Waiting to sync.').waitFor();
    await saveScreenshot(page, 'campgrounds-review-offline');

    await phone.context.setOffline(false);
    await dialog.getByText('Synced.').waitFor({ timeout: 60_000 });

    const other = await openBrowser(viewports.phone);
    sessions.push(other);
    await other.page.goto(`${baseUrl}/campgrounds?campground=${target.id}`);
    const otherDialog = other.page.getByRole('dialog');
    await otherDialog.getByText('5.0 ★ (1 review)').waitFor({ timeout: 30_000 });
    await saveScreenshot(other.page, 'campgrounds-rating-second-profile');
  });
});
