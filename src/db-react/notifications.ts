/**
 * React bindings of src/db/notifications.ts: the notification centre: the device's notification
 * log and the rider's notification preferences. The hooks subscribe to the repository's reads
 * through useObservable and call its writes; the storage rules live in the repository module.
 */
import { useCallback, useMemo } from 'react';
import { NEVER } from 'rxjs';
import {
  defaultNotificationPreferences,
  type AppNotification,
  type NotificationPreferences,
} from '../lib/notifications/notification-log.ts';
import { useOptionalDatabase } from './provider.tsx';
import { useLocalSetting } from './settings.ts';
import { useObservable } from './use-observable.ts';
import { notificationPreferencesKey, observeNotificationLog } from '../db/notifications.ts';

/** The log's entries, newest first (empty while the database opens). */
export function useNotificationLog(): { entries: AppNotification[]; isLoading: boolean } {
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observeNotificationLog(db) : NEVER), [db]);
  const { value, isLoading } = useObservable(source);
  return { entries: value ?? [], isLoading };
}

/** The rider's notification preferences as state, saved on every change. */
export function useNotificationPreferences() {
  const setting = useLocalSetting<NotificationPreferences>(
    notificationPreferencesKey,
    defaultNotificationPreferences,
  );
  const { setValue } = setting;
  const setKind = useCallback(
    (kind: keyof NotificationPreferences['kinds'], enabled: boolean) =>
      setValue((previous) => ({ ...previous, kinds: { ...previous.kinds, [kind]: enabled } })),
    [setValue],
  );
  return { ...setting, setKind };
}
