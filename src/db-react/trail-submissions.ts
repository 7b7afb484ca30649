/**
 * React bindings of src/db/trail-submissions.ts: the rider's trail submissions and their review
 * state. The hooks subscribe to the repository's reads through useObservable and call its writes;
 * the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import { of } from 'rxjs';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { type StoredSubmission, observeTrailSubmissions } from '../db/trail-submissions.ts';

const noSubmissions: StoredSubmission[] = [];

/** The signed-in rider's submissions (empty for null, a guest); newest first. */
export function useTrailSubmissions(userId: string | null): {
  submissions: StoredSubmission[];
  isLoading: boolean;
} {
  const db = useDatabase();
  const source = useMemo(
    () => (userId ? observeTrailSubmissions(db, userId) : of([])),
    [db, userId],
  );
  const { value, isLoading } = useObservable(source);
  return { submissions: value ?? noSubmissions, isLoading };
}
