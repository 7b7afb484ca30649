/**
 * Keeps the rider's achievements up to date while the app runs: evaluates them on
 * every change of the rider's data (src/db/achievements.ts) and greets each newly earned one
 * with a toast "Achievement earned: <title>" and the `achievement` haptic pattern, which the
 * shared haptics actor plays only when the rider's haptic settings allow it. Offline too.
 */
import { useEffect } from 'react';
import { map } from 'rxjs';
import { watchAchievements } from '../db/achievements.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { recordOwner } from '../db/records.ts';
import { earnedToastText, onAchievementsEarned } from '../lib/achievements/earned-announcements.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { showToast } from '../lib/toast.ts';
import { playPattern } from '../machines/haptics-machine.ts';
import { useSyncEngine } from '../sync/sync-context.tsx';

/** Renders nothing; mount once inside the database and sync providers. */
export function AchievementWatch() {
  const db = useDatabase();
  const session = useSession();
  const { store } = useSyncEngine();
  // While the session loads the owner is unknown: evaluating then would credit 'anonymous'.
  const owner =
    session.status === 'loading'
      ? null
      : recordOwner(session.status === 'signedIn' ? session.user?.id : null);

  useEffect(
    () =>
      onAchievementsEarned((earned) => {
        showToast(earnedToastText(earned));
        // Waits behind a pattern already playing rather than being dropped.
        playPattern('achievement', { queue: true });
      }),
    [],
  );

  useEffect(() => {
    if (owner === null) return undefined;
    // Not while the rider's data is arriving (watchAchievements says why).
    const settled$ = store.status$.pipe(map((status) => status.phase !== 'syncing'));
    return watchAchievements(
      db,
      owner,
      (error) => console.warn('Achievement progress could not be updated', error),
      settled$,
    );
  }, [db, owner, store]);
  return null;
}
