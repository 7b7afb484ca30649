/**
 * The one bridge from RxDB's observables to React state: components hold only the latest
 * emission of a subscription, never a copy of database data they edit (docs/architecture.md#data).
 */
import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** How `useObservable` shows a new value. */
export interface UseObservableOptions {
  /**
   * Render each value as a transition: React renders it in slices that yield to input and keeps
   * the current screen until it is ready. For the catalogue lists: a first visit stores them in
   * slices, and rendering every screen that lists hundreds of trails or campgrounds in one task
   * after each would block taps on a phone for a quarter of a second at a time.
   */
  transition?: boolean;
}

/**
 * Subscribes to `source` (memoize it with useMemo) and returns its latest value, with
 * `isLoading` true until the current source has emitted once. A source that errors (the
 * database was closed, a query is invalid) is logged and leaves the last value in place.
 */
export function useObservable<T>(
  source: Observable<T>,
  options: UseObservableOptions = {},
): {
  value: T | undefined;
  isLoading: boolean;
} {
  const { transition = false } = options;
  const [state, setState] = useState<{ source: Observable<T>; value: T } | null>(null);
  useEffect(() => {
    const subscription = source.subscribe({
      next: (value) => {
        if (transition) startTransition(() => setState({ source, value }));
        else setState({ source, value });
      },
      error: (error: unknown) => console.error('Database subscription failed', error),
    });
    return () => subscription.unsubscribe();
  }, [source, transition]);
  // A state from a previous source (the hook's arguments changed) is not this source's answer.
  if (!state || state.source !== source) return { value: undefined, isLoading: true };
  return { value: state.value, isLoading: false };
}
