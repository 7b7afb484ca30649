/**
 * Helpers for component tests beside rider-fixtures.tsx (a signed-in rider, a stubbed server):
 * a stubbed GPS position, moving to another page in the same rendered app, the metadata a page
 * wrote into <head>, and removing a device-only setting between tests.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { settingDocumentId } from '../../src/db/settings.ts';
import { databaseWithCatalogues, type RenderedApp } from './render-app.tsx';

/**
 * Removes the device-only setting `key` (e.g. the campground preferences), so a test starts
 * without what an earlier test of the file stored. Call with nothing rendered; when a write
 * the previous page still had under way lands first, the removal is tried again on it.
 */
export async function removeLocalSetting(key: string): Promise<void> {
  const database = await databaseWithCatalogues();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await (await database.getLocal(settingDocumentId(key)))?.remove();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/** A position for {@link stubGeolocation}; accuracy in metres. */
export interface StubPosition {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

/**
 * Replaces navigator.geolocation: every request answers `position`, or, with 'denied', fails
 * as a browser does when the rider refused location access. Returns the getCurrentPosition mock.
 */
export function stubGeolocation(position: StubPosition | 'denied') {
  const answer = (success: PositionCallback, failure?: PositionErrorCallback | null): void => {
    if (position === 'denied') {
      failure?.({
        code: 1,
        message: 'User denied Geolocation',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError);
      return;
    }
    const coords = {
      latitude: position.latitude,
      longitude: position.longitude,
      accuracy: position.accuracy ?? 10,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    };
    success({
      coords: { ...coords, toJSON: () => coords },
      timestamp: Date.now(),
      toJSON: () => ({ coords, timestamp: Date.now() }),
    } as GeolocationPosition);
  };
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      setTimeout(() => answer(success, failure), 0);
    },
  );
  const geolocation: Geolocation = {
    getCurrentPosition,
    watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
      setTimeout(() => answer(success, failure), 0);
      return 1;
    }),
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return getCurrentPosition;
}

/**
 * Moves the rendered app to `href` as a link would, and waits until that page is on screen:
 * its level-1 heading is shown (named `heading` when given) and is not the previous page's,
 * which React keeps up, or hides, while the new page's code loads. Returns that heading. Pass
 * `heading` when the previous page's heading element may stay (a role gate on both pages).
 */
export async function openPage(
  app: RenderedApp,
  href: string,
  heading?: string | RegExp,
): Promise<HTMLElement> {
  const { router } = app;
  const main = () => app.container.querySelector<HTMLElement>('#main')!;
  const previous = main().querySelector('h1');
  const previousRoute = router.state.matches.at(-1)?.routeId;
  await act(async () => {
    await router.navigate({ href } as Parameters<typeof router.navigate>[0]);
  });
  // Another address of the same route may keep its heading element.
  const sameRoute = router.state.matches.at(-1)?.routeId === previousRoute;
  return waitFor(
    () => {
      const shown = [...main().querySelectorAll<HTMLElement>('h1')].find(isShown);
      const fresh =
        shown !== undefined &&
        (heading === undefined
          ? sameRoute || shown !== previous
          : matches(shown.textContent ?? '', heading));
      if (!shown || !fresh || router.state.status !== 'idle' || screen.queryByText('Loading page…'))
        throw new Error(`The page at ${href} is not on screen yet`);
      return shown;
    },
    { timeout: 10_000 },
  );
}

/** Not hidden: React hides a page with an inline `display: none` while the next one loads. */
function isShown(element: HTMLElement): boolean {
  return !element.closest('[hidden], [style*="display: none"]');
}

function matches(text: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? text.trim() === expected : expected.test(text);
}

/** The metadata the current page wrote into <head>. */
export function headMeta() {
  const meta = (selector: string) =>
    document.head.querySelector<HTMLMetaElement>(selector)?.content ?? null;
  return {
    title: document.title,
    description: meta('meta[name="description"]'),
    keywords: meta('meta[name="keywords"]'),
    canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
    ogTitle: meta('meta[property="og:title"]'),
    ogUrl: meta('meta[property="og:url"]'),
    ogImage: meta('meta[property="og:image"]'),
    twitterTitle: meta('meta[name="twitter:title"]'),
  };
}
