import { describe, expect, it } from 'vitest';
import {
  addToLog,
  defaultNotificationPreferences,
  isKindEnabled,
  markRead,
  notificationLogLimit,
  unreadCount,
  type NotificationInput,
} from '../../../src/lib/notifications/notification-log.ts';
import {
  achievementNotifications,
  seasonOpeningNotifications,
  followSyncOutcome,
} from '../../../src/lib/notifications/notification-events.ts';

const entry = (id: string, createdAt?: number): NotificationInput => ({
  id,
  kind: 'achievementEarned',
  title: id,
  body: '',
  link: null,
  ...(createdAt === undefined ? {} : { createdAt }),
});

describe('notification log', () => {
  it('keeps one unread sync failure, and takes a new one once it has been read', () => {
    const failure = (id: string): NotificationInput => ({ ...entry(id), kind: 'syncError' });
    const log = addToLog([], failure('sync-error:1'), 1_000);
    expect(addToLog(log, failure('sync-error:2'), 2_000)).toBe(log);
    const read = markRead(log, 'all', 3_000);
    expect(addToLog(read, failure('sync-error:4'), 4_000).map((item) => item.id)).toEqual([
      'sync-error:4',
      'sync-error:1',
    ]);
  });

  it('logs an event once, newest first, and keeps at most the limit', () => {
    let log = addToLog([], entry('a'), 1_000);
    log = addToLog(log, entry('b'), 2_000);
    expect(addToLog(log, entry('a'), 3_000)).toBe(log);
    expect(log.map((item) => item.id)).toEqual(['b', 'a']);
    for (let index = 0; index < notificationLogLimit + 5; index += 1) {
      log = addToLog(log, entry(`n${index}`), 10_000 + index);
    }
    expect(log).toHaveLength(notificationLogLimit);
    expect(log[0]?.id).toBe(`n${notificationLogLimit + 4}`);
    expect(log.some((item) => item.id === 'a')).toBe(false);
  });

  it('marks chosen or all entries read and counts the unread', () => {
    const log = addToLog(addToLog([], entry('a'), 1), entry('b'), 2);
    expect(unreadCount(log)).toBe(2);
    const oneRead = markRead(log, ['a'], 5);
    expect(oneRead.find((item) => item.id === 'a')?.readAt).toBe(5);
    expect(unreadCount(oneRead)).toBe(1);
    expect(unreadCount(markRead(oneRead, 'all', 6))).toBe(0);
    expect(markRead(oneRead, 'all', 6).find((item) => item.id === 'a')?.readAt).toBe(5);
  });

  it('lets a kind the rider turned off out of the log', () => {
    const preferences = {
      ...defaultNotificationPreferences,
      kinds: { ...defaultNotificationPreferences.kinds, syncError: false },
    };
    expect(isKindEnabled(preferences, 'syncError')).toBe(false);
    expect(isKindEnabled(preferences, 'achievementEarned')).toBe(true);
  });
});

describe('notification events', () => {
  it('logs a failing sync once per run of retries, never for offline', () => {
    const error = { phase: 'error', lastError: 'The server is not answering.' };
    const first = followSyncOutcome(false, error, 42);
    expect(first.entry?.title).toBe('Sync finished with errors');
    expect(first.entry?.body).toContain('The server is not answering.');
    expect(first.entry?.id).toBe('sync-error:42');
    const retrying = followSyncOutcome(first.failing, { phase: 'syncing', lastError: null }, 43);
    expect(followSyncOutcome(retrying.failing, error, 44).entry).toBeNull();
    const restarted = followSyncOutcome(true, { phase: 'signedOut', lastError: null }, 44);
    expect(followSyncOutcome(restarted.failing, error, 44).entry).toBeNull();
    const recovered = followSyncOutcome(true, { phase: 'idle', lastError: null }, 45);
    expect(recovered.failing).toBe(false);
    expect(followSyncOutcome(recovered.failing, error, 46).entry?.id).toBe('sync-error:46');
    expect(followSyncOutcome(false, { phase: 'offline', lastError: null }, 47).entry).toBeNull();
  });

  it('names each earned achievement', () => {
    const [earned] = achievementNotifications([
      {
        id: 'first-ride',
        title: 'First Ride',
        description: 'Record your first trip.',
      } as never,
    ]);
    expect(earned).toMatchObject({
      id: 'achievement:first-ride',
      title: 'Achievement earned: First Ride',
    });
  });

  it('tells of a saved trail opening today or in the past week, once per opening', () => {
    const wolfPen = {
      id: 'wolf-pen',
      name: 'Wolf Pen Gap',
      season: { yearRound: false, openFrom: '04-01', openUntil: '10-31', source: 'USFS' },
    };
    const yearRound = {
      id: 'all-year',
      name: 'All Year',
      season: { yearRound: true, openFrom: null, openUntil: null, source: 'USFS' },
    };
    const onDay = seasonOpeningNotifications([wolfPen, yearRound], new Date(2026, 3, 1, 9));
    expect(onDay).toHaveLength(1);
    expect(onDay[0]).toMatchObject({
      id: 'season-opening:wolf-pen:2026-04-01',
      title: 'Wolf Pen Gap opens today',
      link: '/map/wolf-pen',
    });
    const late = seasonOpeningNotifications([wolfPen], new Date(2026, 3, 6, 9));
    expect(late[0]?.title).toBe('Wolf Pen Gap opened on April 1');
    expect(late[0]?.id).toBe(onDay[0]?.id);
    expect(seasonOpeningNotifications([wolfPen], new Date(2026, 3, 9, 9))).toEqual([]);
    expect(seasonOpeningNotifications([wolfPen], new Date(2026, 2, 31, 9))).toEqual([]);
  });
});
