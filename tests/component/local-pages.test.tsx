/**
 * The Local pages and the founder's story, from the catalogues on the device with the network
 * off: each riding park shows its catalogue facts and what lies near it, Services and Shopping
 * say plainly that no businesses are listed yet and Services lists the campgrounds near a chosen
 * trail, and the founder's story shows its articles. (That they fit a 390 px phone is checked in
 * Chromium: tests/e2e/local-pages.test.ts.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openPage } from './app-helpers.ts';
import { renderApp } from './render-app.tsx';

/** Real content each page must show, beyond its directory entry. */
const parks = [
  {
    path: '/macks-pines',
    heading: "Mack's Pines",
    texts: ['Pope County', 'Fee unknown', 'Season and hours', 'OSM node 1191586163'],
  },
  {
    path: '/hot-springs-offroad-park',
    heading: 'Hot Springs Off-Road Park',
    texts: ['Location approximate', '1,242 acres', 'not verified', 'Garland County'],
  },
  {
    path: '/jerusalem-area-trails',
    heading: 'Jerusalem Area Trails',
    texts: ['Brock Creek', 'Van Buren County', 'Other trails'],
  },
  {
    path: '/carters-riding-park',
    heading: "Carter's Riding Park",
    texts: ['Location not yet verified', '3.8 miles', 'not verified'],
  },
] as const;

/** Waits for the page's level-1 heading `name` and each text (as a substring) on the page. */
async function expectPage(heading: string, texts: readonly string[]): Promise<void> {
  await screen.findByRole('heading', { level: 1, name: heading });
  for (const text of texts) {
    const found = await screen.findAllByText((_content, element) =>
      Boolean(
        element &&
        element.textContent?.includes(text) &&
        ![...element.children].some((child) => child.textContent?.includes(text)),
      ),
    );
    expect(found.length, `${heading}: ${text}`).toBeGreaterThan(0);
  }
}

describe('riding park pages', () => {
  it('show their catalogue facts and the campgrounds near them', async () => {
    const app = await renderApp(parks[0].path);
    await expectPage(parks[0].heading, parks[0].texts);
    // Campgrounds near the park, each opening its details in the campground directory.
    const nearby = await screen.findByRole('region', { name: "Near Mack's Pines" });
    await waitFor(() => {
      const campgroundLinks = within(nearby)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/campgrounds?campground='));
      expect(campgroundLinks.length).toBeGreaterThan(0);
    });

    for (const park of parks.slice(1)) {
      await openPage(app, park.path);
      await expectPage(park.heading, park.texts);
    }
  });
});

describe('local services and shopping', () => {
  it('say that no businesses are listed, and list the campgrounds near a chosen trail', async () => {
    const app = await renderApp('/local-services');
    await expectPage('Local Services', [
      'No towing or fuel businesses listed yet',
      'Camping near a trail',
    ]);
    await userEvent.selectOptions(
      await screen.findByLabelText('Trail or park you are riding'),
      'macks-pines',
    );
    await expectPage('Local Services', ["within 15 miles of Mack's Pines"]);

    await openPage(app, '/local-shopping-network');
    await expectPage('Local Shopping', ['No shops listed yet', 'Tow strap']);
  });
});

describe("founder's story", () => {
  it('shows the articles and what this device holds', async () => {
    await renderApp('/blog');
    await expectPage("Founder's Story", [
      'built and maintained by one person',
      'offline-first',
      'On this device right now',
    ]);
  });
});
