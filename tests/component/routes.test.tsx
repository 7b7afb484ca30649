/**
 * Every route of the route table has a page of its own: every route of the feature directory
 * (src/features/directory.ts), the table's aliases (/equipment, /gps, /trail-riding-game) and a
 * group ride address shows its own first heading, never the 404 page, the error page or a role
 * gate. Walked in one rendered app, signed in as an administrator so the role-gated pages show
 * themselves too. (Each route served afresh offline by the service worker, at 390 px: the
 * browser journeys tests/e2e/offline-routes-ride.test.ts and offline-routes-learn.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { FEATURES, SKILLS_SUBPAGES } from '../../src/features/directory.ts';
import { openPage } from './app-helpers.ts';
import { renderApp } from './render-app.tsx';
import { forgetRider, signInRider } from './rider-fixtures.tsx';

const aliases = ['/equipment', '/gps', '/trail-riding-game'];
const directoryRoutes = FEATURES.map((feature) => feature.route);
const routes = [...new Set([...directoryRoutes, ...aliases, '/group/no-such-ride'])];

/** Headings that are not a route's own page. */
const notOwnPage = [
  '404 Page Not Found',
  'Something went wrong',
  'Sign in required',
  'Not permitted',
];

describe('every route renders its own page', () => {
  it('walks the whole directory, skills subpages included', () => {
    for (const slug of SKILLS_SUBPAGES) {
      expect(directoryRoutes).toContain(`/arkansas-skills/${slug}`);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  it('shows a page of its own on every route', async () => {
    signInRider({ username: 'route-walker', roleId: 'admin' });
    try {
      const app = await renderApp(routes[0]!);
      const headings = new Map<string, string>();
      for (const route of routes) {
        const heading =
          route === routes[0]
            ? app.container.querySelector<HTMLElement>('#main h1')!
            : await openPage(app, route);
        headings.set(route, heading.textContent?.trim() ?? '');
      }
      const withoutPage = [...headings].filter(
        ([, heading]) => heading === '' || notOwnPage.includes(heading),
      );
      expect(withoutPage).toEqual([]);
      // A few pages by name: the walk does reach each route's own page.
      expect(headings.get('/ai-trails')).toBe('Find your next trail');
      expect(headings.get('/fleet')).toBe('Fleet Dashboard');
      expect(headings.get('/trail-riding-game')).toBe('Trail Safety Game');
    } finally {
      forgetRider();
    }
  }, 90_000);
});
