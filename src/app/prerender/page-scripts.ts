/**
 * The scripts a pre-rendered page's own code needs (docs/architecture.md#pre-rendered-first-screens),
 * asked for as soon as the page has painted instead of when the router gets to them.
 *
 * Without this, a first visit learns of the page's chunks (the home page's code and what it
 * imports) only after React and the app's first-screen code have arrived and run, and the
 * router has matched the route: on slow 4G more than half a second after the page could have
 * asked, and every step after it (hydration, the database, the sync, offline-ready) waits as
 * long. The build lists the page's chunks in the page (scripts/prerender-build.ts) rather than
 * as modulepreload links, which the browser would fetch before the first paint, beside the
 * page's own first-screen code.
 */

/** Id of the `<script type="application/json">` element listing a page's scripts (their URLs). */
export const pageScriptsElementId = 'page-scripts';

/**
 * Adds a `<link rel="modulepreload">` for each script `document` lists (in order: each after
 * the scripts it imports) and removes the list. The browser fetches and compiles them; they run
 * when the app imports them. Vite's loader of lazily loaded chunks finds the links and does not
 * ask again. A missing or unreadable list adds nothing: the app loads the page as before.
 */
export function preloadPageScripts(document: Document): void {
  const element = document.getElementById(pageScriptsElementId);
  if (!element) return;
  element.remove();
  let scripts: unknown;
  try {
    scripts = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  if (!Array.isArray(scripts)) return;
  for (const href of scripts) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As Vite's own links: the module fetch's credentials mode must match the import's.
    link.setAttribute('crossorigin', '');
    link.href = href;
    document.head.append(link);
  }
}
