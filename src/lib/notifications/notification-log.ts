/**
 * The in-app notification centre's log ("Notifications"): what a notification is, the
 * kinds of event that raise one, and the pure rules for adding, reading and trimming the log.
 * The device keeps the log in a local document (src/db/notifications.ts); every entry comes
 * from a real event seen on this device or pulled by its sync (docs/architecture.md
 * "Notifications").
 */

/** Events that raise a notification, in the order the preferences page lists them. */
export const notificationKinds = [
  'syncError',
  'achievementEarned',
  'submissionReviewed',
  'groupRideChanged',
  'trailSeasonOpening',
  'trailReportFiled',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Words for each kind on the preferences page and in the centre's filter. */
export const notificationKindLabels: Record<
  NotificationKind,
  { label: string; description: string }
> = {
  syncError: {
    label: 'Sync problems',
    description:
      'A sync finished with errors, so some of your changes have not reached the server yet.',
  },
  achievementEarned: {
    label: 'Achievements earned',
    description: 'You earned an achievement.',
  },
  submissionReviewed: {
    label: 'Trail submissions reviewed',
    description: 'An admin approved or rejected a trail you submitted.',
  },
  groupRideChanged: {
    label: 'Group ride changes',
    description:
      'A group ride you organise or joined changed time or place, gained or lost a rider, or was cancelled.',
  },
  trailSeasonOpening: {
    label: 'Saved trails opening',
    description: 'A trail you saved opens for its season today.',
  },
  trailReportFiled: {
    label: 'Reports on saved trails',
    description: 'A rider reported a trail you saved as Closed or with some issues.',
  },
};

/** One entry of the log. Times are epoch ms. */
export interface AppNotification {
  /** Unique within the log: the event's own key, so one event is never logged twice. */
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** An app path the entry opens (e.g. `/trail/…`, `/group/…`), or null. */
  link: string | null;
  createdAt: number;
  readAt: number | null;
}

/** A notification as raised by an event watcher; `id` is the event's dedupe key. */
export type NotificationInput = Omit<AppNotification, 'createdAt' | 'readAt'> & {
  createdAt?: number;
};

/** Most entries the log keeps; older ones are dropped first. */
export const notificationLogLimit = 100;

/** Rider's choices: which kinds are logged, and whether the system shows them too. */
export interface NotificationPreferences {
  kinds: Record<NotificationKind, boolean>;
  /** Also show a system notification (Notification API) when the browser permits it. */
  systemNotifications: boolean;
}

/** Every kind on, system notifications off until the rider asks for them. */
export const defaultNotificationPreferences: NotificationPreferences = {
  kinds: Object.fromEntries(notificationKinds.map((kind) => [kind, true])) as Record<
    NotificationKind,
    boolean
  >,
  systemNotifications: false,
};

/** True when the rider's preferences let `kind` into the log (unknown keys default to on). */
export function isKindEnabled(
  preferences: NotificationPreferences,
  kind: NotificationKind,
): boolean {
  return preferences.kinds?.[kind] !== false;
}

/**
 * The log with `input` added at the front, or the same log (by reference) when an entry with
 * its id is already there, or when `input` is a sync failure and an unread one is already
 * there: a rider needs one "Sync finished with errors" to act on, however often the engine's
 * status passes through a failure before a sync succeeds. Trimmed to `notificationLogLimit`,
 * newest first.
 */
export function addToLog(
  log: readonly AppNotification[],
  input: NotificationInput,
  now: number,
): readonly AppNotification[] {
  if (log.some((entry) => entry.id === input.id)) return log;
  const unreadSyncError = (entry: AppNotification) =>
    entry.kind === 'syncError' && entry.readAt === null;
  if (input.kind === 'syncError' && log.some(unreadSyncError)) return log;
  const entry: AppNotification = { ...input, createdAt: input.createdAt ?? now, readAt: null };
  return [entry, ...log].sort((a, b) => b.createdAt - a.createdAt).slice(0, notificationLogLimit);
}

/** The log with the entries named by `ids` (every entry when `ids` is 'all') marked read. */
export function markRead(
  log: readonly AppNotification[],
  ids: readonly string[] | 'all',
  now: number,
): AppNotification[] {
  return log.map((entry) =>
    entry.readAt === null && (ids === 'all' || ids.includes(entry.id))
      ? { ...entry, readAt: now }
      : entry,
  );
}

/** How many entries are unread. */
export function unreadCount(log: readonly AppNotification[]): number {
  return log.filter((entry) => entry.readAt === null).length;
}
