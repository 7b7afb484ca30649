/**
 * The moment the first screen (the page a rider opened, or the boot screen of a page that needs
 * the database) has painted. RxDB, the session machine, the service worker and the menus load
 * after it, so they never compete with the first screen for the network or the CPU.
 */
import { startTransition, useEffect, useState } from 'react';
import { pageWasPrerendered } from '../ui/hydration.ts';

let painted = false;
let markPainted: () => void = () => undefined;

/** Settles once the first screen has painted. */
export const firstScreenPainted = new Promise<void>((resolve) => {
  markPainted = () => {
    painted = true;
    // What starts after the paint (database, sync, service worker) is timed from this mark.
    performance.mark('first-screen-painted');
    resolve();
  };
});

/** Mount once beside the first screen's content: the frame after its commit marks the paint. */
export function FirstScreenMark() {
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(markPainted, 0));
  }, []);
  return null;
}

/**
 * True once the first screen has painted; re-renders the caller at that moment. On a
 * pre-rendered page every caller's first render says false, as the build's did: a part whose
 * code arrives after the paint (the desktop bar's menus) then hydrates without a mismatch, and
 * switches right after.
 */
export function useFirstScreenPainted(): boolean {
  const [done, setDone] = useState(() => painted && !pageWasPrerendered());
  useEffect(() => {
    if (done) return undefined;
    let mounted = true;
    void firstScreenPainted.then(() => {
      // What appears after the paint (menus, watchers) renders in slices that yield to input.
      if (mounted) startTransition(() => setDone(true));
    });
    return () => {
      mounted = false;
    };
  }, [done]);
  return done;
}
