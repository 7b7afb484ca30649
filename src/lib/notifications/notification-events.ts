/**
 * Turns events the device sees into notification-centre entries ("Notifications"):
 * a sync that ended in an error, newly earned achievements, the season opening of a saved
 * trail and another rider's Closed or Some issues report on a saved trail. Pure: the watcher (src/me/notification-watch.tsx) feeds them the sync status, the
 * achievement announcements and the saved trails with today's date.
 */
import { format, subDays } from 'date-fns';
import type { Achievement } from '../../../schemas/achievements.ts';
import type { TrailReport } from '../../../schemas/trail-reports.ts';
import type { Trail } from '../../../schemas/trails.ts';
import {
  countsTowardStatus,
  timeAgo,
  trailReportStatusLabel,
} from '../trail-reports/trail-status.ts';
import { nextOpening } from '../trail-season.ts';
import type { NotificationInput } from './notification-log.ts';

/** The part of the sync status the rule reads (src/sync/sync-status.ts). */
export interface SyncOutcome {
  phase: string;
  lastError: string | null;
}

/**
 * Follows the rider's sync status and says when a failure deserves an entry: the first error
 * of a run of failures (the engine retries, passing through "syncing", until one succeeds), so
 * a server that stays down logs once, not at every retry, nor again when the engine restarts
 * (signing in restarts it). Only a success ends the run. Offline is not a failure: the status says so and sync resumes by itself. `now` (epoch
 * ms) makes the entry's id unique per run.
 */
export function followSyncOutcome(
  failing: boolean,
  next: SyncOutcome,
  now: number,
): { failing: boolean; entry: NotificationInput | null } {
  if (next.phase === 'idle') return { failing: false, entry: null };
  if (next.phase !== 'error' || failing) return { failing, entry: null };
  return {
    failing: true,
    entry: {
      id: `sync-error:${now}`,
      kind: 'syncError',
      title: 'Sync finished with errors',
      body: `${next.lastError ?? 'The server did not accept the last sync.'} Your changes stay on this device and are sent at the next try.`,
      link: '/profile',
    },
  };
}

/** One entry per newly earned achievement (the toast shows them together). */
export function achievementNotifications(earned: readonly Achievement[]): NotificationInput[] {
  return earned.map((achievement) => ({
    id: `achievement:${achievement.id}`,
    kind: 'achievementEarned',
    title: `Achievement earned: ${achievement.title}`,
    body: achievement.description,
    link: '/achievements',
  }));
}

/** How many days after an opening day a rider who opens the app late is still told. */
export const seasonOpeningGraceDays = 7;

/**
 * An entry for each saved trail whose published season opened today or in the last
 * `seasonOpeningGraceDays` days (a rider who did not open the app on the day still learns of
 * it). Year-round trails and trails without a published season never "open". The id holds the
 * opening day, so each opening is logged once a year.
 */
export function seasonOpeningNotifications(
  savedTrails: readonly Pick<Trail, 'id' | 'name' | 'season'>[],
  today: Date,
): NotificationInput[] {
  const entries: NotificationInput[] = [];
  for (const trail of savedTrails) {
    if (!trail.season || trail.season.yearRound) continue;
    const opening = nextOpening(trail, subDays(today, seasonOpeningGraceDays - 1));
    if (opening === 'unknown' || opening > today) continue;
    const openingDay = format(opening, 'yyyy-MM-dd');
    const isToday = openingDay === format(today, 'yyyy-MM-dd');
    entries.push({
      id: `season-opening:${trail.id}:${openingDay}`,
      kind: 'trailSeasonOpening',
      title: `${trail.name} ${isToday ? 'opens today' : `opened on ${format(opening, 'MMMM d')}`}`,
      body: `Its published season starts on ${format(opening, 'MMMM d')} (source: ${trail.season.source}). Check for closures the source does not list before you ride.`,
      link: `/map/${encodeURIComponent(trail.id)}`,
    });
  }
  return entries;
}

/**
 * An entry for each report of another rider (not `userId`'s) on a saved trail that says Closed
 * or Some issues and counts now (the last 14 days, not hidden, not cleared by two riders), at
 * `now` (epoch ms). The id is the report's, so each report is logged once, as it arrives by
 * sync. The words say it is a rider's unconfirmed report, with who and when.
 */
export function trailReportNotifications(
  savedTrails: readonly Pick<Trail, 'id' | 'name'>[],
  reports: Iterable<TrailReport>,
  userId: string | null,
  now: number,
): NotificationInput[] {
  const names = new Map(savedTrails.map((trail) => [trail.id, trail.name]));
  const entries: NotificationInput[] = [];
  for (const report of reports) {
    const name = report.trailId === null ? undefined : names.get(report.trailId);
    if (name === undefined || report.status === 'all-clear') continue;
    // The rider's own report, sent or still waiting (no tag yet), is news to nobody.
    if (report.userId === userId || report.reporterLabel === '') continue;
    if (!countsTowardStatus(report, now)) continue;
    const status = trailReportStatusLabel(report.status);
    entries.push({
      id: `trail-report:${report.id}`,
      kind: 'trailReportFiled',
      title: `${name}: ${status} (rider report)`,
      body: `Reported by a rider (${report.reporterLabel}), unconfirmed, ${timeAgo(report.observedAt, now)}${report.note ? `: “${report.note}”` : '.'} Check conditions before you ride.`,
      link: `/map/${encodeURIComponent(report.trailId!)}`,
    });
  }
  return entries;
}
