/**
 * React bindings of src/db/records.ts: the rider's records: skills lesson progress and the best
 * safety-game score. The hooks subscribe to the repository's reads through useObservable and call
 * its writes; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import { NEVER, of } from 'rxjs';
import type { GameBestData } from '../../schemas/records.ts';
import { useDatabase, useOptionalDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import { type SkillProgress, observeSkillProgress, observeGameBest } from '../db/records.ts';

const emptyProgress = new Map<string, SkillProgress>();

/**
 * Progress of every lesson for the rider (signed in, or 'anonymous'); empty while loading, also
 * while a deferred provider opens the database (the lessons paint before it).
 */
export function useSkillProgress(userId: string): {
  progress: Map<string, SkillProgress>;
  isLoading: boolean;
} {
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observeSkillProgress(db, userId) : NEVER), [db, userId]);
  const { value, isLoading } = useObservable(source);
  return { progress: value ?? emptyProgress, isLoading };
}

/** The rider's best game result; null while loading and before the first game. */
export function useGameBest(userId: string | null): {
  best: GameBestData | null;
  isLoading: boolean;
} {
  const db = useDatabase();
  const source = useMemo(() => (userId ? observeGameBest(db, userId) : of(null)), [db, userId]);
  const { value, isLoading } = useObservable(source);
  return { best: value ?? null, isLoading };
}
