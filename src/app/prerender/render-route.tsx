/**
 * Server entry of the pre-render (docs/architecture.md#pre-rendered-first-screens): renders one
 * route of the app to HTML at build time, as the browser's first render will show it before
 * the device database opens, so the browser can paint it before any JavaScript runs and then
 * hydrate it. scripts/prerender-build.ts bundles this file for Node and calls `renderRoute`
 * once per pre-rendered route.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { Trail } from '../../../schemas/trails.ts';
import type { Wma } from '../../../schemas/wmas.ts';
import { homeSnapshotFromCatalogue } from '../../explore/home-catalogue.ts';
import { createAppRouter } from '../router.tsx';
import {
  applyPrerenderData,
  serializePrerenderData,
  type PrerenderData,
} from './prerender-data.ts';

/** The catalogue the build ships, as the server seeds it. */
export interface PrerenderCatalogue {
  trails: readonly Trail[];
  wmas: readonly Wma[];
}

/** A rendered route: the markup of `#root` and the JSON text of its `PrerenderData`. */
export interface RenderedRoute {
  html: string;
  data: string;
}

/**
 * Renders `path` (a URL path of the app, e.g. `/` or `/map/some-trail`) with the build's
 * `catalogue` and clock `renderedAt` (epoch ms), waiting for every lazily loaded page and
 * component the first render shows. Throws when the route renders the error page.
 */
export async function renderRoute(
  path: string,
  catalogue: PrerenderCatalogue,
  renderedAt: number,
): Promise<RenderedRoute> {
  const data: PrerenderData = {
    renderedAt,
    ...(path === '/' ? { home: homeSnapshotFromCatalogue(catalogue.trails, catalogue.wmas) } : {}),
  };
  applyPrerenderData(data);
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const failed = router.state.matches.find((match) => match.status === 'error');
  if (failed) throw new Error(`Pre-rendering ${path} failed: ${String(failed.error)}`);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline: React would otherwise move large ones to the end of the page
      // with an inline script to put them back, which the app's script policy forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  // A part that failed would be left for the browser to render, a visible jump: fail the build.
  if (errors.length > 0) {
    throw new Error(`Pre-rendering ${path} failed: ${errors.map(String).join('; ')}`, {
      cause: errors[0],
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), data: serializePrerenderData(data) };
}
