/**
 * Keeps the trip context's `navigationContext` (requirements §core-3 "Trip context") on what
 * guidance follows while it runs, `{ trailId | tripId, name, kind: 'route' | 'point', startedAt
 * (epoch ms) }`, and clears it when guidance ends (the navigator unmounts). A trip followed under
 * its temp- id is recorded again under the server id once the page follows the promotion.
 */
import { useEffect, useRef } from 'react';
import { useOptionalDatabase } from '../db-react/provider.tsx';
import { updateNavigationContext } from '../db/trip-context.ts';
import type { NavigationTarget } from '../machines/navigation-cues.ts';

/** What is being navigated: a catalogue trail or a rider's trip, by id. */
export type NavigationSubject = { trailId: string } | { tripId: string };

/** See the file comment. */
export function useNavigationContextRecord(
  subject: NavigationSubject,
  target: Pick<NavigationTarget, 'name' | 'kind'>,
): void {
  const db = useOptionalDatabase();
  // Set by the first record: a promotion's new id keeps when guidance started.
  const startedAt = useRef<number | null>(null);
  const key = JSON.stringify(subject);
  const { name, kind } = target;
  useEffect(() => {
    if (!db) return;
    startedAt.current ??= Date.now();
    updateNavigationContext(db, {
      ...(JSON.parse(key) as NavigationSubject),
      name,
      kind,
      startedAt: startedAt.current,
    });
    return () => updateNavigationContext(db, null);
  }, [db, key, name, kind]);
}
