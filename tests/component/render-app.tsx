/**
 * Renders the whole app (router, layout, providers, the page's lazy chunk) in jsdom at a path,
 * on the app's own database opened on fake-indexeddb and filled with the public catalogues the
 * server seeds (the seed cache built from data/), so a page shows what a rider sees once the
 * first visit has stored the catalogues, without a browser or a server. The network is off:
 * every request fails as it does on a phone with no signal, so the app's offline paths run.
 */
import { readFileSync } from 'node:fs';
import { render, screen, type RenderResult } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { inject, vi } from 'vitest';
import { createAppRouter } from '../../src/app/router.tsx';
import { getAppDatabase, type AppDatabase } from '../../src/db/database.ts';
import type { SeedDocuments } from '../../sync-server/seed/seed-documents.ts';

let catalogueLoad: Promise<AppDatabase> | null = null;

/**
 * The app's database (the same singleton the app opens), with the trails, WMAs, campgrounds and
 * achievements catalogues stored once per test file.
 */
export function databaseWithCatalogues(): Promise<AppDatabase> {
  catalogueLoad ??= (async () => {
    const database = await getAppDatabase();
    const seed = JSON.parse(readFileSync(inject('catalogueFixtureFile'), 'utf8')) as SeedDocuments;
    await database.trails.bulkUpsert(seed.trails);
    await database.wmas.bulkUpsert(seed.wmas);
    await database.campgrounds.bulkUpsert(seed.campgrounds);
    await database.achievements.bulkUpsert(seed.achievements);
    return database;
  })();
  return catalogueLoad;
}

/**
 * Waits until the app's database has finished the writes the last test started (a notification
 * stored after the page was unmounted, say), so their follow-ups run while the test file's DOM
 * environment still exists. Called after every test file by setup.ts.
 */
export async function settleDatabase(): Promise<void> {
  if (!catalogueLoad) return;
  const database = await catalogueLoad;
  await database.requestIdlePromise();
  // Let the promise callbacks queued behind those writes run.
  await new Promise((resolve) => setImmediate(resolve));
}

/** The browser APIs jsdom lacks that the layout touches on every page. */
function stubMissingBrowserApis(): void {
  window.scrollTo = () => undefined;
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch (no network in component tests)'))),
  );
}

export interface RenderedApp extends RenderResult {
  database: AppDatabase;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * Renders the app at `path` (with its search string) and waits until the page's level-1
 * heading is shown. Throws (test failure) when no heading appears within the wait.
 */
export async function renderApp(path: string): Promise<RenderedApp> {
  stubMissingBrowserApis();
  const database = await databaseWithCatalogues();
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return { ...result, database, router };
}
