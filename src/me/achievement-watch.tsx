/**
 * Keeps the rider's achievements up to date while the app runs: evaluates them on
 * every change of the rider's data (src/db/achievements.ts) and greets each newly earned one
 * with a toast "Achievement earned: <title>" and the `achievement` haptic pattern, which the
 * shared haptics actor plays only when the rider's haptic settings allow it. Offline too.
 */
import { useEffect } from 'react';
import { watchAchievements } from '../db/achievements.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { recordOwner } from '../db/records.ts';
import { earnedToastText, onAchievementsEarned } from '../lib/achievements/earned-announcements.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { showToast } from '../lib/toast.ts';
import { playPattern } from '../machines/haptics-machine.ts';

/** Renders nothing; mount once inside the database provider. */
export function AchievementWatch() {
  const db = useDatabase();
  const session = useSession();
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
    return watchAchievements(db, owner, (error) =>
      console.warn('Achievement progress could not be updated', error),
    );
  }, [db, owner]);
  return null;
}
