/**
 * Campground reviews across devices, in Chromium against the server: a review a signed-in rider
 * saves syncs to the server and becomes the campground's rating on a second profile. The
 * directory itself (search, filters, favourites, details, Copy GPS, Nearby) and a review saved
 * with no signal, waiting to sync, are component tests (tests/component/campgrounds.test.tsx).
 */
import { afterEach, describe, inject, it } from 'vitest';
import { openBrowser, saveScreenshot, viewports, type BrowserSession } from './browser.ts';
import { registerRider, signIn } from './accounts.ts';

const baseUrl = inject('baseUrl');
const sessions: BrowserSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

/** A campground no other test reviews. */
const target = { id: 'bear-creek-lake-recreation-area', name: 'Bear Creek Lake Recreation Area' };

describe('campground reviews in Chromium', () => {
  it('syncs a review and shows the rating on a second profile', async () => {
    const rider = await registerRider(baseUrl, 'camp-rider');
    const phone = await openBrowser(viewports.phone);
    sessions.push(phone);
    const { page } = phone;
    await signIn(page, baseUrl, rider);
    await page.goto(`${baseUrl}/campgrounds?campground=${target.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: target.name }).waitFor({ timeout: 30_000 });

    for (const label of ['Overall', 'Cleanliness', 'Facilities', 'Location', 'Value']) {
      await dialog
        .locator('label.star-rating__star', {
          has: page.getByRole('radio', { name: `${label}: 5 stars` }),
        })
        .click();
    }
    await dialog.getByLabel(/What should other riders know/).fill('Quiet, shady loop by the lake.');
    await dialog.getByRole('button', { name: 'Save review' }).click();
    await dialog.getByText('Synced.').waitFor({ timeout: 60_000 });
    await saveScreenshot(page, 'campgrounds-review-synced');

    const other = await openBrowser(viewports.phone);
    sessions.push(other);
    await other.page.goto(`${baseUrl}/campgrounds?campground=${target.id}`);
    const otherDialog = other.page.getByRole('dialog');
    await otherDialog.getByText('5.0 ★ (1 review)').waitFor({ timeout: 30_000 });
    await saveScreenshot(other.page, 'campgrounds-rating-second-profile');
  });
});
