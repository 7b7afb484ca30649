import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../../../src/app/router.tsx';
import { FEATURES } from '../../../src/features/directory.ts';

const huntingRoutes = [
  ['/hunting', 'hunting'],
  ['/duck-hunting-guide', 'duck-hunting-guide'],
  ['/scouting-guide', 'scouting-guide'],
  ['/fishing', 'fishing'],
  ['/arkansas-wma-permits', 'arkansas-wma-permits'],
] as const;

describe('hunting and fishing routes (issue 16)', () => {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });

  it.each(huntingRoutes)(
    '%s shows its own page, not the directory placeholder, and keeps its directory entry',
    (path, featureKey) => {
      const match = router.matchRoutes(path, {}).at(-1);
      expect(match?.routeId).toBe(path);
      const route = router.routesById[path as keyof typeof router.routesById];
      expect(route.options.component?.name).not.toBe('DirectoryFeatureRoute');
      expect(route.options.staticData?.featureKey).toBe(featureKey);
      expect(FEATURES.some((feature) => feature.key === featureKey && feature.route === path)).toBe(
        true,
      );
    },
  );
});
