/**
 * Feeds the notification centre ("Notifications") from events this device sees: a
 * sync of the rider's data that ended in an error, newly earned achievements, another rider's
 * Closed or Some issues report on a saved trail, and a saved trail's season opening (checked at start and every hour, so a rider with the app open on the
 * day learns of it). The rules are in src/lib/notifications/notification-events.ts; storing and
 * the rider's preferences in src/db/notifications.ts. Renders nothing; mount once inside the
 * database and sync providers.
 */
import { useEffect } from 'react';
import { combineLatest, interval, startWith, type Subscription } from 'rxjs';
import { observeSavedTrailIds } from '../db/catalogue-reads.ts';
import { observeTrails } from '../db/catalogue-reads.ts';
import { addNotification } from '../db/notifications.ts';
import { observeTrailReportsByTrail } from '../db/trail-reports.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { useDatabase } from '../db-react/provider.tsx';
import type { AppDatabase } from '../db/database.ts';
import { onAchievementsEarned } from '../lib/achievements/earned-announcements.ts';
import {
  achievementNotifications,
  seasonOpeningNotifications,
  followSyncOutcome,
  trailReportNotifications,
} from '../lib/notifications/notification-events.ts';
import type { NotificationInput } from '../lib/notifications/notification-log.ts';
import { useSyncEngine } from '../sync/sync-context.tsx';

/** How often the saved trails' seasons are checked while the app stays open, ms. */
const seasonCheckIntervalMs = 60 * 60 * 1000;

function logAll(db: AppDatabase, entries: readonly NotificationInput[]): void {
  for (const entry of entries) {
    addNotification(db, entry).catch((error: unknown) =>
      console.warn('Notification could not be stored', error),
    );
  }
}

function watchSeasonOpenings(db: AppDatabase): Subscription {
  return combineLatest([
    observeTrails(db),
    observeSavedTrailIds(db),
    interval(seasonCheckIntervalMs).pipe(startWith(0)),
  ]).subscribe(([trails, savedIds]) => {
    const saved = new Set(savedIds);
    logAll(
      db,
      seasonOpeningNotifications(
        trails.filter((trail) => saved.has(trail.id)),
        new Date(),
      ),
    );
  });
}

/**
 * Logs another rider's Closed or Some issues report on a saved trail as it reaches the device
 * (sync), once per report; `userId` is the signed-in rider, whose own reports are not news.
 */
function watchTrailReports(db: AppDatabase, userId: string | null): Subscription {
  return combineLatest([
    observeTrails(db),
    observeSavedTrailIds(db),
    observeTrailReportsByTrail(db),
  ]).subscribe(([trails, savedIds, reportsByTrail]) => {
    const saved = new Set(savedIds);
    logAll(
      db,
      trailReportNotifications(
        trails.filter((trail) => saved.has(trail.id)),
        [...reportsByTrail.values()].flat(),
        userId,
        Date.now(),
      ),
    );
  });
}

/** Set while the current run of failed syncs has its notification-centre entry. */
const syncFailureLoggedKey = 'nst-sync-failure-logged';

/** Logs the notification centre's device events; renders nothing. */
export function NotificationWatch() {
  const db = useDatabase();
  const { store } = useSyncEngine();
  const session = useSession();
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;

  useEffect(() => {
    // A run of failures lasts until a sync succeeds, across reloads too: a rider who reopens the
    // app while the server is still down is not told twice.
    let failing = localStorage.getItem(syncFailureLoggedKey) === 'true';
    const syncSubscription = store.status$.subscribe((status) => {
      const outcome = followSyncOutcome(failing, status, Date.now());
      if (failing && !outcome.failing) localStorage.removeItem(syncFailureLoggedKey);
      failing = outcome.failing;
      if (!outcome.entry) return;
      // The run counts as logged only once its entry is stored: a reload that interrupts the
      // write must log the failure again, not find the run marked and stay silent.
      addNotification(db, outcome.entry).then(
        () => {
          if (failing) localStorage.setItem(syncFailureLoggedKey, 'true');
        },
        (error: unknown) => console.warn('Notification could not be stored', error),
      );
    });
    const stopAchievements = onAchievementsEarned((earned) =>
      logAll(db, achievementNotifications(earned)),
    );
    const seasonSubscription = watchSeasonOpenings(db);
    return () => {
      syncSubscription.unsubscribe();
      stopAchievements();
      seasonSubscription.unsubscribe();
    };
  }, [db, store]);

  useEffect(() => {
    const subscription = watchTrailReports(db, userId);
    return () => subscription.unsubscribe();
  }, [db, userId]);
  return null;
}
