/**
 * React bindings of src/db/campground-reviews.ts: the rider's own review of one campground, for
 * the campground page. The hooks subscribe to the repository's reads through useObservable and
 * call its writes; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import type { CampgroundReview } from '../../schemas/campground-reviews.ts';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { observeCampgroundReview } from '../db/campground-reviews.ts';

/** The signed-in rider's review of a campground; null while loading and when none. */
export function useCampgroundReview(
  userId: string | null,
  campgroundId: string,
): { review: CampgroundReview | null; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(
    () => observeCampgroundReview(db, userId, campgroundId),
    [db, userId, campgroundId],
  );
  const { value, isLoading } = useObservable(source);
  return { review: value ?? null, isLoading };
}
