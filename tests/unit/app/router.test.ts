import { describe, expect, it } from 'vitest';
import { createMemoryHistory, isRedirect } from '@tanstack/react-router';
import { createAppRouter } from '../../../src/app/router.tsx';
import { FEATURES, SKILLS_SUBPAGES } from '../../../src/features/directory.ts';

/** Every path of voice-navigation §2.1, written out from the spec (not from the code). */
const SPEC_PATHS = [
  '/',
  '/trails',
  '/ai-trails',
  '/ai-trip-planner',
  '/intelligent-advisor',
  '/record',
  '/map',
  '/map/trail-42',
  '/navigate/trail-42',
  '/navigate',
  '/safety',
  '/equipment-intelligence',
  '/equipment',
  '/garage',
  '/diagnostic',
  '/emergency-test',
  '/emergency',
  '/game',
  '/trail-riding-game',
  '/real-trail-riding',
  '/gps',
  '/waterway-conditions',
  '/water-safety-alerts',
  '/emergency-waterway-contacts',
  '/access-point-map',
  '/features',
  '/achievements',
  '/saved',
  '/profile',
  '/notification-preferences',
  '/notification-center',
  '/arkansas-skills',
  '/arkansas-skills/terrain-mastery',
  '/arkansas-skills/safety-certification',
  '/arkansas-skills/group-leadership',
  '/arkansas-skills/environmental-stewardship',
  '/arkansas-skills/navigation-mastery',
  '/arkansas-skills/equipment-mastery',
  '/arkansas-skills/weather-mastery',
  '/arkansas-skills/advanced-techniques',
  '/arkansas-skills/instructor-certification',
  '/arkansas-skills/dirt-bike-safety-gear',
  '/arkansas-skills/dirt-bike-maintenance',
  '/arkansas-skills/dirt-bike-riding-skills',
  '/arkansas-skills/bicycle-handling-skills',
  '/arkansas-skills/bicycle-maintenance-education',
  '/arkansas-skills/hiking-navigation-skills',
  '/arkansas-skills/hiking-wilderness-survival',
  '/duck-hunting',
  '/duck-hunting-guide',
  '/scouting-guide',
  '/hunting',
  '/fishing',
  '/riding-techniques',
  '/equipment-guide',
  '/arkansas-repair-shops',
  '/blog',
  '/local-shopping-network',
  '/local-services',
  '/arkansas-wma-permits',
  '/jerusalem-area-trails',
  '/carters-riding-park',
  '/macks-pines',
  '/hot-springs-offroad-park',
  '/submit-trail',
  '/fleet',
  '/analytics-dashboard',
  '/admin/trail-review',
  '/group-ride',
  '/group/17',
  '/bluetooth-test',
  '/mobile-performance-test',
  '/donate',
  '/privacy-policy',
  '/terms-of-service',
];

/**
 * The route a path resolves to, as the router decides it: a partial match (leftover segments
 * in the `**` splat) or no match at all renders the 404 page.
 */
function matchedRouteId(router: ReturnType<typeof createAppRouter>, path: string) {
  const [, rawParams, foundRoute] = router.getMatchedRoutes(path);
  const partial = foundRoute !== undefined && foundRoute.path !== '/' && Boolean(rawParams['**']);
  return { routeId: foundRoute?.id ?? '__root__', notFound: foundRoute === undefined || partial };
}

describe('route table (voice-navigation §2.1)', () => {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });

  it.each(SPEC_PATHS)('%s matches a real route', (path) => {
    const { routeId, notFound } = matchedRouteId(router, path);
    expect(routeId).not.toBe('__root__');
    expect(notFound).toBe(false);
  });

  it('sends unknown paths to the 404 page', () => {
    for (const path of ['/no-such-page', '/map/a/b', '/arkansas-skills/juggling', '/admin']) {
      const { routeId, notFound } = matchedRouteId(router, path);
      expect(routeId === '__root__' || notFound, path).toBe(true);
    }
  });

  it('has a route for every directory entry and every skills subpage', () => {
    for (const feature of FEATURES) {
      expect(matchedRouteId(router, feature.route.split('?')[0]!).routeId, feature.key).not.toBe(
        '__root__',
      );
    }
    expect(SKILLS_SUBPAGES).toHaveLength(16);
  });

  it('names the directory entry of each page for the role guard', () => {
    const staticKey = (path: string) => router.matchRoutes(path, {}).at(-1)?.staticData.featureKey;
    expect(staticKey('/fleet')).toBe('fleet');
    expect(staticKey('/emergency-test')).toBe('emergency-test');
    expect(staticKey('/equipment')).toBe('equipment-intelligence');
    expect(staticKey('/gps')).toBe('real-trail-riding');
    expect(staticKey('/map/abc')).toBe('map');
  });
});

describe('/trails redirect', () => {
  /**
   * Runs the /trails route the way the router does (search validation, then beforeLoad) and
   * resolves the redirect it throws to a location. The full client load path needs a DOM
   * (window scrolling), which the unit project does not have.
   */
  function followTrailsRedirect(rawSearch: Record<string, unknown>) {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
    const route = router.routesById['/trails'];
    const validate = route.options.validateSearch as (input: Record<string, unknown>) => object;
    const beforeLoad = route.options.beforeLoad as unknown as (context: { search: object }) => void;
    try {
      beforeLoad({ search: validate(rawSearch) });
    } catch (thrown) {
      if (!isRedirect(thrown)) throw thrown;
      const location = router.buildLocation(
        thrown.options as Parameters<typeof router.buildLocation>[0],
      );
      return { pathname: location.pathname, search: location.search, href: location.href };
    }
    throw new Error('/trails did not redirect');
  }

  it('redirects /trails?activity=hiking to /ai-trails?activity=hiking', () => {
    const location = followTrailsRedirect({ activity: 'hiking' });
    expect(location.pathname).toBe('/ai-trails');
    expect(location.search).toEqual({ activity: 'hiking' });
    expect(location.href).toBe('/ai-trails?activity=hiking');
  });

  it('redirects plain /trails to /ai-trails', () => {
    expect(followTrailsRedirect({}).href).toBe('/ai-trails');
  });

  it('keeps every rider activity and the search text, naming the chip for a rider word', () => {
    expect(followTrailsRedirect({ activity: 'atv' }).href).toBe('/ai-trails?activity=atv');
    const location = followTrailsRedirect({ activity: 'Side-by-Side', q: 'near Mena' });
    expect(location.search).toEqual({ activity: 'utv', q: 'near Mena' });
    expect(followTrailsRedirect({ activity: 'dual sport' }).search).toEqual({
      activity: 'dirt_bike',
    });
  });

  it('drops an activity that names no trail activity', () => {
    const location = followTrailsRedirect({ activity: 'swimming' });
    expect(location.pathname).toBe('/ai-trails');
    expect(location.search).toEqual({});
  });

  it('validates /ai-trails search the same way in the route', () => {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
    for (const id of ['/ai-trails', '/navigate'] as const) {
      const validate = router.routesById[id].options.validateSearch as (
        input: Record<string, unknown>,
      ) => object;
      expect(validate({ activity: 'biking', q: ' Ozark ', junk: 1 })).toEqual({
        activity: 'biking',
        q: 'Ozark',
      });
      expect(validate({ activity: 'flying', q: 42 })).toEqual({ q: '42' });
      expect(validate({ activity: 'atv' })).toEqual({ activity: 'atv' });
      expect(validate({ activity: 'jeep' })).toEqual({ activity: '4x4' });
    }
  });
});

describe('local pages (issue 16)', () => {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });

  it.each([
    '/local-services',
    '/local-shopping-network',
    '/jerusalem-area-trails',
    '/carters-riding-park',
    '/macks-pines',
    '/hot-springs-offroad-park',
    '/blog',
  ] as const)(
    '%s shows its own page at the spec path, not a redirect or the placeholder',
    (path) => {
      const options = router.routesById[path].options;
      expect(options.beforeLoad).toBeUndefined();
      expect(options.component?.name).not.toBe('DirectoryFeatureRoute');
    },
  );

  it('shows a real duck hunting page, not the directory placeholder', () => {
    const match = router.matchRoutes('/duck-hunting', {}).at(-1);
    expect(match?.routeId).toBe('/duck-hunting');
    expect(router.routesById['/duck-hunting'].options.component?.name).not.toBe(
      'DirectoryFeatureRoute',
    );
  });
});
