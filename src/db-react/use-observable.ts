/**
 * The one bridge from RxDB's observables to React state: components hold only the latest
 * emission of a subscription, never a copy of database data they edit (docs/architecture.md#data).
 */
import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * Subscribes to `source` (memoize it with useMemo) and returns its latest value, with
 * `isLoading` true until the current source has emitted once. A source that errors (the
 * database was closed, a query is invalid) is logged and leaves the last value in place.
 *
 * Each value renders as a transition: React renders it in slices that yield to input and keeps
 * the current screen until it is ready. A first visit opens the database and stores the
 * catalogues while the rider may already tap, and a dozen queries answer then; rendering each
 * answer in one task blocked a mid-range phone for up to a quarter of a second at a time.
 */
export function useObservable<T>(source: Observable<T>): {
  value: T | undefined;
  isLoading: boolean;
} {
  const [state, setState] = useState<{ source: Observable<T>; value: T } | null>(null);
  useEffect(() => {
    const subscription = source.subscribe({
      // The same value again (a list query answering with the same array, a status part that
      // did not change) keeps the state, so the component does not render again for it.
      next: (value) =>
        startTransition(() =>
          setState((current) =>
            current?.source === source && Object.is(current.value, value)
              ? current
              : { source, value },
          ),
        ),
      error: (error: unknown) => console.error('Database subscription failed', error),
    });
    return () => subscription.unsubscribe();
  }, [source]);
  // A state from a previous source (the hook's arguments changed) is not this source's answer.
  if (!state || state.source !== source) return { value: undefined, isLoading: true };
  return { value: state.value, isLoading: false };
}
