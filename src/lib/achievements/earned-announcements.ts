/**
 * Announcements of newly earned achievements: the database layer announces an
 * achievement the moment it writes its first `earnedAt`, whoever triggered the evaluation (a
 * saved trip, a finished lesson), and the shell turns each announcement into a toast and the
 * achievement haptic pattern. A tiny external store, like the toast store, so the database
 * layer needs no React and no machines.
 */
import type { Achievement } from '../../../schemas/achievements.ts';

type Listener = (earned: readonly Achievement[]) => void;

const listeners = new Set<Listener>();

/** Tells every listener that `earned` (non-empty) were earned just now. */
export function announceEarnedAchievements(earned: readonly Achievement[]): void {
  if (earned.length === 0) return;
  for (const listener of listeners) listener(earned);
}

/** Listens for newly earned achievements; returns the unsubscribe function. */
export function onAchievementsEarned(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toast for newly earned achievements: "Achievement earned: <title>" (+ how many more). */
export function earnedToastText(earned: readonly Achievement[]): {
  title: string;
  description: string;
} {
  const [first, ...others] = earned;
  const more =
    others.length === 0
      ? ''
      : ` And ${others.length} more: ${others.map((item) => item.title).join(', ')}.`;
  return {
    title: `Achievement earned: ${first?.title ?? ''}`,
    description: `${first?.description ?? ''}${more}`,
  };
}
