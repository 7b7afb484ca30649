/**
 * The notification centre's storage: the log lives in the device-only local document
 * `notification-log` and the rider's choices in the setting `notification-preferences`. Event
 * watchers call `addNotification`; the centre and the top bar's badge read `useNotificationLog`.
 * Device-only on purpose: every event it records is either seen on this device (a sync error,
 * an achievement) or derived from data the sync engine already pulls (a reviewed submission, a
 * group ride's change), so each device logs it once without a collection of its own.
 */
import {
  addToLog,
  defaultNotificationPreferences,
  isKindEnabled,
  markRead,
  type AppNotification,
  type NotificationInput,
} from '../lib/notifications/notification-log.ts';
import { showSystemNotification } from '../lib/notifications/system-notification.ts';
import { map, type Observable } from 'rxjs';
import type { AppDatabase } from './database.ts';
import { localDocumentData } from './local-document-write.ts';
import { modifyLocalDocument } from './local-document-write.ts';
import { readLocalSetting } from './settings.ts';

/** Local document id of the log (privacy policy: src/lib/privacy/stored-data.ts). */
export const notificationLogDocumentId = 'notification-log';

/** Setting key of the rider's notification preferences. */
export const notificationPreferencesKey = 'notification-preferences';

interface StoredLog {
  entries: AppNotification[];
}

/**
 * Logs `input` unless the rider turned its kind off or the log already holds its id; when
 * logged and the rider asked for system notifications, also shows one (where permitted).
 * Resolves to true when a new entry was logged. Rejects only if the database is closed.
 */
export async function addNotification(
  db: AppDatabase,
  input: NotificationInput,
  now = Date.now(),
): Promise<boolean> {
  const preferences = await readLocalSetting(
    db,
    notificationPreferencesKey,
    defaultNotificationPreferences,
  );
  if (!isKindEnabled(preferences, input.kind)) return false;
  let added = false;
  await modifyLocalDocument<StoredLog>(db, notificationLogDocumentId, (current) => {
    const entries = current?.entries ?? [];
    const next = addToLog(entries, input, now);
    added = next !== entries;
    return { entries: [...next] };
  });
  if (added && preferences.systemNotifications) {
    await showSystemNotification(input.title, input.body, input.id);
  }
  return added;
}

/** Marks the entries `ids` (or every entry) read. */
export async function markNotificationsRead(
  db: AppDatabase,
  ids: readonly string[] | 'all',
  now = Date.now(),
): Promise<void> {
  await modifyLocalDocument<StoredLog>(db, notificationLogDocumentId, (current) => ({
    entries: markRead(current?.entries ?? [], ids, now),
  }));
}

/** Empties the log. */
export async function clearNotifications(db: AppDatabase): Promise<void> {
  await modifyLocalDocument<StoredLog>(db, notificationLogDocumentId, () => ({ entries: [] }));
}

/** The notification log's entries on every change (empty when nothing was logged yet). */
export function observeNotificationLog(db: AppDatabase): Observable<AppNotification[]> {
  return db
    .getLocal$<StoredLog>(notificationLogDocumentId)
    .pipe(map((document) => localDocumentData(document)?.entries ?? []));
}
