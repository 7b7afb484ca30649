/**
 * Builds the router and renders or hydrates the app. A page pre-rendered at build time
 * (docs/architecture.md#pre-rendered-first-screens) is hydrated: the route and its lazily
 * loaded page are loaded first and the first render uses the data the build rendered with, so
 * it matches the HTML already on screen. Any other page (or a pre-rendered one opened with a
 * query string) is rendered from scratch. The PWA service worker is registered by the layout's
 * PwaUpdatePrompt.
 *
 * Loaded by the entry (`src/main.tsx`) in a task of its own, after React's: on a mid-range
 * phone the evaluation of everything the first screen needs was one task of 150–270 ms, during
 * which a tap on the pre-rendered page waited.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router.tsx';
import {
  applyPrerenderData,
  prerenderDataElementId,
  readPrerenderData,
} from './prerender/prerender-data.ts';
import { firstScreenPainted } from './first-screen.tsx';
import { finishHydration } from '../ui/hydration.ts';

/**
 * Renders the app into `#root`. Throws when the page has no `#root` element (a broken
 * `index.html`).
 */
export function startApp(): void {
  const router = createAppRouter();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );

  const prerendered = readPrerenderData(document);
  // The build rendered each page without a query string; a page opened with one (a search, a
  // filter) may render differently, so it is rendered afresh rather than hydrated.
  if (prerendered && container.firstElementChild && window.location.search === '') {
    applyPrerenderData(prerendered);
    // Read once; the page's text should not carry it.
    document.getElementById(prerenderDataElementId)?.remove();
    void router.load().then(() => {
      // The router then renders as it did on the server (no Suspense boundary of its own
      // around the matches), which hydration requires.
      router.ssr = { manifest: undefined };
      // As a transition, hydration runs in slices that yield to the browser (the HTML on
      // screen already answers scrolling and links), not in one long task.
      startTransition(() => {
        hydrateRoot(container, app);
      });
      // The layout and the page hydrate in slices before their first screen is marked
      // painted; parts first shown after that render with the browser's values at once.
      void firstScreenPainted.then(finishHydration);
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}
