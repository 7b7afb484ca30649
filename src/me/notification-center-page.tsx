/**
 * /notification-center ("Notifications"; directory entry "All the notifications you
 * have received"): the device's notification log, newest first, with unread ones marked,
 * a filter for unread, "Mark all as read" and "Clear all". Works offline: the log is a local
 * document (src/db/notifications.ts) fed by src/me/notification-watch.tsx and the features
 * that raise their own (trail submissions, group rides).
 */
import { useMemo, useState } from 'react';
import { Button, Link, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { formatDistanceToNow } from 'date-fns';
import {
  Award,
  Bell,
  CalendarCheck,
  CloudOff,
  MapPinned,
  Megaphone,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { clearNotifications, markNotificationsRead } from '../db/notifications.ts';
import { useNotificationLog } from '../db-react/notifications.ts';
import { useDatabase } from '../db-react/provider.tsx';
import {
  unreadCount,
  type AppNotification,
  type NotificationKind,
} from '../lib/notifications/notification-log.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import '../ui/info-page.css';
import './notifications.css';

const kindIcons: Record<NotificationKind, LucideIcon> = {
  syncError: CloudOff,
  achievementEarned: Award,
  submissionReviewed: MapPinned,
  groupRideChanged: Users,
  trailSeasonOpening: CalendarCheck,
  trailReportFiled: Megaphone,
};

/** One entry: icon, title, body, age, and its link (opening it marks it read). */
function NotificationItem({
  entry,
  onRead,
}: {
  entry: AppNotification;
  onRead: (id: string) => void;
}) {
  const Icon = kindIcons[entry.kind] ?? Bell;
  const unread = entry.readAt === null;
  return (
    <li className={`notice${unread ? ' notice--unread' : ''}`}>
      <Icon aria-hidden="true" size={22} className="notice__icon" />
      <div className="notice__text">
        <h2 className="notice__title">
          {unread ? <span className="visually-hidden">Unread: </span> : null}
          {entry.title}
        </h2>
        <p>{entry.body}</p>
        <p className="info-muted">
          <time dateTime={new Date(entry.createdAt).toISOString()}>
            {formatDistanceToNow(entry.createdAt, { addSuffix: true })}
          </time>
        </p>
        <div className="info-actions">
          {entry.link ? (
            <Link href={entry.link} className="button" onPress={() => onRead(entry.id)}>
              Open
            </Link>
          ) : null}
          {unread ? (
            <Button className="button" onPress={() => onRead(entry.id)}>
              Mark as read
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** "Clear all" with an inline confirmation, since clearing cannot be undone. */
function ClearAll({ count, onClear }: { count: number; onClear: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button className="button" onPress={() => setConfirming(true)} isDisabled={count === 0}>
        Clear all
      </Button>
    );
  }
  return (
    <div role="group" aria-label="Confirm clearing" className="info-actions">
      <span>Delete all {count} notifications from this device?</span>
      <Button
        className="button button--danger"
        onPress={() => {
          onClear();
          setConfirming(false);
        }}
      >
        Delete all
      </Button>
      <Button className="button" onPress={() => setConfirming(false)}>
        Keep them
      </Button>
    </div>
  );
}

/** The notification centre page. */
export function NotificationCenterPage() {
  usePageMeta({
    title: 'Notification Center',
    description:
      'Sync problems, achievements, reviewed trail submissions, group ride changes and saved trails opening, kept on your device.',
    keywords: ['notifications', 'alerts', 'inbox'],
    path: '/notification-center',
  });
  const db = useDatabase();
  const { entries, isLoading } = useNotificationLog();
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const unread = unreadCount(entries);
  const shown = useMemo(
    () => (show === 'unread' ? entries.filter((entry) => entry.readAt === null) : entries),
    [entries, show],
  );
  const markRead = (ids: readonly string[] | 'all') => void markNotificationsRead(db, ids);
  return (
    <article className="info-page" aria-labelledby="notifications-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Me · Notifications</p>
        <h1 id="notifications-title">Notification Center</h1>
        <p className="info-lead" aria-live="polite">
          {isLoading ? 'Reading your notifications…' : `${unread} unread of ${entries.length}.`}
        </p>
        <p className="info-muted">
          Kept on this device only. Choose what appears here on{' '}
          <Link href="/notification-preferences">Notification Preferences</Link>.
        </p>
      </header>
      <div className="notice-toolbar">
        <ToggleButtonGroup
          className="notice-filter"
          aria-label="Show"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[show]}
          onSelectionChange={(keys) => setShow([...keys][0] === 'unread' ? 'unread' : 'all')}
        >
          <ToggleButton id="all" className="chip">
            All
          </ToggleButton>
          <ToggleButton id="unread" className="chip">
            Unread
          </ToggleButton>
        </ToggleButtonGroup>
        <div className="info-actions">
          <Button className="button" onPress={() => markRead('all')} isDisabled={unread === 0}>
            Mark all as read
          </Button>
          <ClearAll count={entries.length} onClear={() => void clearNotifications(db)} />
        </div>
      </div>
      {!isLoading && shown.length === 0 ? (
        <p className="info-section">
          {show === 'unread'
            ? 'Nothing unread.'
            : 'No notifications yet. Sync problems, achievements you earn, reviews of trails you submit, changes to your group rides and saved trails opening for their season appear here.'}
        </p>
      ) : (
        <ul className="notice-list" aria-label="Notifications on this device">
          {shown.map((entry) => (
            <NotificationItem key={entry.id} entry={entry} onRead={(id) => markRead([id])} />
          ))}
        </ul>
      )}
    </article>
  );
}
