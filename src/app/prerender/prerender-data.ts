/**
 * The data a pre-rendered page was rendered with (docs/architecture.md#pre-rendered-first-screens),
 * carried in the page as JSON so the browser's first render, the one that hydrates the HTML,
 * uses exactly the same: the build's date and, on the home page, its catalogue figures.
 */
import { setHomeSnapshot, type HomeCatalogueSnapshot } from '../../explore/home-snapshot.ts';
import { setPrerenderDate } from '../../ui/hydration.ts';

/** Id of the `<script type="application/json">` element holding a page's `PrerenderData`. */
export const prerenderDataElementId = 'prerender-data';

/** What a page was pre-rendered with. */
export interface PrerenderData {
  /** The build's clock when it rendered the page, epoch ms. */
  renderedAt: number;
  /** The home page's catalogue figures (the home page only). */
  home?: HomeCatalogueSnapshot;
}

/** Makes the next renders start from `data` (null: no pre-rendered page, the browser's values). */
export function applyPrerenderData(data: PrerenderData | null): void {
  setPrerenderDate(data?.renderedAt ?? null);
  setHomeSnapshot(data?.home ?? null);
}

/** The page's pre-render data, null when `document` holds none (or it is unreadable). */
export function readPrerenderData(document: Document): PrerenderData | null {
  const text = document.getElementById(prerenderDataElementId)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PrerenderData;
  } catch {
    return null;
  }
}

/** `data` as the text of a `<script type="application/json">`: `<` escaped so it cannot close it. */
export function serializePrerenderData(data: PrerenderData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
