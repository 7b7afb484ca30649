/**
 * Values that differ between a page pre-rendered at build time and the browser, read so that
 * hydration matches the pre-rendered HTML (docs/architecture.md#pre-rendered-first-screens):
 * while a pre-render's data is applied (the build rendering a page, or the browser hydrating
 * it), a component's first render uses the build's value, and it re-renders once with the
 * browser's as a transition. A component first rendered after hydration, or on a page the
 * browser rendered alone, gets the browser's value from its first render.
 *
 * Not `useSyncExternalStore` with a server snapshot: React re-renders every component whose
 * server snapshot differed synchronously right after hydration, and the session's switch to
 * the stored rider re-renders the whole app, one task of about 250 ms on a mid-range phone
 * while the rider may already be tapping. A transition renders the same in slices that yield.
 */
import { startTransition, useEffect, useState } from 'react';

let prerenderDate: Date | null = null;
let hydrating = false;
let visitDate: Date | null = null;

/**
 * Sets the date the pre-render read (the build's clock, from the page's JSON on the client):
 * components first rendered from now on render as the build did, until `finishHydration`.
 * Null: the page was not pre-rendered.
 */
export function setPrerenderDate(epochMs: number | null): void {
  prerenderDate = epochMs === null ? null : new Date(epochMs);
  hydrating = epochMs !== null;
}

/**
 * Called once the pre-rendered layout and page have hydrated: components mounted later render
 * with the browser's values at once. A part inside a Suspense boundary that may hydrate later
 * (its code still loading) must not read `useHydrated` or `useVisitDate`; it can start from
 * `pageWasPrerendered` instead, which stays true for the whole visit.
 */
export function finishHydration(): void {
  hydrating = false;
}

/** True for the whole visit when the page the rider opened was pre-rendered and hydrated. */
export function pageWasPrerendered(): boolean {
  return prerenderDate !== null;
}

function currentVisitDate(): Date {
  visitDate ??= new Date();
  return visitDate;
}

/** The build's value while a pre-render's data is applied, else the browser's. */
function useBuildValueFirst<T>(buildValue: () => T, browserValue: () => T): T {
  const [value, setValue] = useState(() => (hydrating ? buildValue() : browserValue()));
  useEffect(() => {
    const browser = browserValue();
    if (!Object.is(browser, value)) startTransition(() => setValue(browser));
    // Once, after the first commit: the browser's value does not change during a visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}

const inBrowser = () => true;
const onServerOrHydrating = () => false;

/** False while rendering on the server or hydrating pre-rendered HTML, true afterwards. */
export function useHydrated(): boolean {
  return useBuildValueFirst(onServerOrHydrating, inBrowser);
}

/**
 * The clock read once per page visit (a stable Date), or, while hydrating a pre-rendered page,
 * the build's date, so date-dependent text (season badges) matches the HTML before it updates.
 */
export function useVisitDate(): Date {
  return useBuildValueFirst(() => prerenderDate ?? currentVisitDate(), currentVisitDate);
}
