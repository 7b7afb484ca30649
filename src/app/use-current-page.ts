/**
 * The current location as the navigation needs it: the directory key of the shown route and the
 * href used to decide which menu item is the current page.
 */
import { useRouterState } from '@tanstack/react-router';
import type { FeatureEntry } from '../features/directory.ts';

/** Directory key of the deepest matched route (its `staticData.featureKey`), if any. */
export function useCurrentFeatureKey(): string | undefined {
  return useRouterState({
    select: (state) => {
      for (let index = state.matches.length - 1; index >= 0; index -= 1) {
        const key = state.matches[index]?.staticData.featureKey;
        if (key) return key;
      }
      return undefined;
    },
  });
}

/** Current pathname plus search string (e.g. `/equipment-intelligence?category=lighting`). */
export function useCurrentHref(): string {
  return useRouterState({
    select: (state) => `${state.location.pathname}${state.location.searchStr}`,
  });
}

/**
 * Whether an entry is the page on screen: its route equals the current path and query exactly,
 * so the four Garage shortcuts (same path, different query) are told apart.
 */
export function isCurrentEntry(feature: Pick<FeatureEntry, 'route'>, currentHref: string): boolean {
  return decodeURIComponent(currentHref) === feature.route;
}
