/**
 * Values that differ between a page pre-rendered at build time and the browser, read so that
 * hydration matches the pre-rendered HTML (docs/architecture.md#pre-rendered-first-screens):
 * React renders with the server value while it hydrates, then re-renders once with the
 * browser's. A page rendered by the browser alone (no pre-rendered HTML) gets the browser's
 * value from its first render.
 */
import { useSyncExternalStore } from 'react';

function subscribeToNothing(): () => void {
  return () => undefined;
}
const inBrowser = () => true;
const onServerOrHydrating = () => false;

/** False while rendering on the server or hydrating pre-rendered HTML, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, inBrowser, onServerOrHydrating);
}

let prerenderDate: Date | null = null;
let visitDate: Date | null = null;

/**
 * Sets the date the pre-render read (the build's clock, from the page's JSON on the client),
 * which a hydrating page renders with first. Null: the page was not pre-rendered.
 */
export function setPrerenderDate(epochMs: number | null): void {
  prerenderDate = epochMs === null ? null : new Date(epochMs);
}

function currentVisitDate(): Date {
  visitDate ??= new Date();
  return visitDate;
}

function prerenderOrVisitDate(): Date {
  return prerenderDate ?? currentVisitDate();
}

/**
 * The clock read once per page visit (a stable Date), or, while hydrating a pre-rendered page,
 * the build's date, so date-dependent text (season badges) matches the HTML before it updates.
 */
export function useVisitDate(): Date {
  return useSyncExternalStore(subscribeToNothing, currentVisitDate, prerenderOrVisitDate);
}
