import { describe, expect, it } from 'vitest';
import { describeRetryTime, describeSyncStatus } from '../../../src/sync/sync-status-text.ts';
import { initialSyncStatus, type SyncStatus } from '../../../src/sync/sync-status.ts';

const now = new Date(2026, 10, 20, 14, 5, 0).getTime();
const status = (change: Partial<SyncStatus>): SyncStatus => ({ ...initialSyncStatus, ...change });

describe('describeSyncStatus (issue 4 "Sync status in the UI")', () => {
  it('idle with nothing pending: all synced, last sync in the §9 date format', () => {
    const lastSyncedAt = new Date(2026, 10, 20, 13, 58).getTime();
    const text = describeSyncStatus(status({ phase: 'idle', lastSyncedAt }), 0, now);
    expect(text).toMatchObject({
      tone: 'synced',
      pending: 'All synced',
      lastSynced: 'Last synced 11/20/2026 13:58',
      state: null,
      error: null,
      retry: null,
      syncNowDisabledReason: null,
      short: 'All synced',
      badge: null,
    });
    expect(text.label).toBe('Sync: All synced.');
  });

  it('never says all synced before the database has counted what waits', () => {
    const text = describeSyncStatus(status({ phase: 'idle', lastSyncedAt: now }), null, now);
    expect(text).toMatchObject({
      tone: 'syncing',
      pending: 'Checking what waits to sync…',
      short: 'Checking…',
      badge: null,
    });
    expect(text.label).toBe('Sync: Checking what waits to sync…');
    expect(describeSyncStatus(status({ phase: 'offline' }), null, now)).toMatchObject({
      pending: 'Checking what waits to sync…',
      short: 'Offline',
    });
  });

  it('idle with work waiting: the count, and Sync now enabled', () => {
    const text = describeSyncStatus(status({ phase: 'idle', lastSyncedAt: now }), 3, now);
    expect(text).toMatchObject({
      tone: 'pending',
      pending: '3 waiting to sync',
      short: '3 waiting',
      badge: '3',
      syncNowDisabledReason: null,
    });
    expect(describeSyncStatus(status({ phase: 'idle' }), 1234, now).pending).toBe(
      '1,234 waiting to sync',
    );
    expect(describeSyncStatus(status({ phase: 'idle' }), 150, now).badge).toBe('99+');
  });

  it('never synced says so', () => {
    expect(describeSyncStatus(status({ phase: 'idle' }), 0, now).lastSynced).toBe(
      'Not synced yet on this device',
    );
  });

  it('signed out: asks to sign in, still counts pending work, Sync now disabled with a reason', () => {
    const text = describeSyncStatus(initialSyncStatus, 2, now);
    expect(text).toMatchObject({
      tone: 'signedOut',
      pending: '2 waiting to sync',
      state: 'Sign in to sync your trips and plans',
      short: '2 waiting',
    });
    expect(text.syncNowDisabledReason).toMatch(/^Sign in first/);
    expect(describeSyncStatus(initialSyncStatus, 0, now)).toMatchObject({
      pending: 'Nothing waiting to sync',
      short: 'Sign in to sync',
    });
    // An error left from before signing out is not the rider's problem now.
    expect(
      describeSyncStatus(status({ phase: 'signedOut', lastError: 'Server error' }), 0, now).error,
    ).toBeNull();
  });

  it('syncing: Sync now disabled while it runs', () => {
    const text = describeSyncStatus(status({ phase: 'syncing' }), 1, now);
    expect(text).toMatchObject({
      tone: 'syncing',
      state: 'Syncing…',
      short: 'Syncing…',
      syncNowDisabledReason: 'Syncing now.',
    });
  });

  it('offline: will sync when back online, with the retry time when backing off', () => {
    const text = describeSyncStatus(
      status({ phase: 'offline', nextRetryAt: now + 45_000 }),
      4,
      now,
    );
    expect(text).toMatchObject({
      tone: 'offline',
      pending: '4 waiting to sync',
      state: 'Offline — will sync when back online',
      retry: 'Next try in 45 s',
      short: 'Offline · 4 waiting',
      syncNowDisabledReason: null,
    });
    expect(text.label).toBe(
      'Sync: 4 waiting to sync. Offline — will sync when back online. Next try in 45 s.',
    );
  });

  it('error: the last error in words and when the next try runs', () => {
    const text = describeSyncStatus(
      status({
        phase: 'error',
        lastError: 'The server did not answer',
        nextRetryAt: now + 4 * 60_000,
        lastSyncedAt: new Date(2026, 10, 19, 9, 0).getTime(),
      }),
      0,
      now,
    );
    expect(text).toMatchObject({
      tone: 'error',
      pending: 'Nothing waiting to sync',
      state: 'Sync failed',
      error: 'The server did not answer',
      retry: 'Next try in 4 min',
      lastSynced: 'Last synced 11/19/2026 09:00',
      short: 'Sync problem',
      syncNowDisabledReason: null,
    });
    expect(text.label).toBe(
      'Sync: Nothing waiting to sync. Sync failed. The server did not answer. Next try in 4 min.',
    );
  });

  it('shows a retry time only while offline or failing', () => {
    expect(
      describeSyncStatus(status({ phase: 'idle', nextRetryAt: now + 5000 }), 0, now).retry,
    ).toBeNull();
  });
});

describe('describeRetryTime', () => {
  it('counts seconds, then minutes, then gives the date', () => {
    expect(describeRetryTime(now - 1, now)).toBe('Trying again now');
    expect(describeRetryTime(now + 1, now)).toBe('Next try in 1 s');
    expect(describeRetryTime(now + 59_000, now)).toBe('Next try in 59 s');
    expect(describeRetryTime(now + 60_000, now)).toBe('Next try in 1 min');
    expect(describeRetryTime(now + 61_000, now)).toBe('Next try in 2 min');
    expect(describeRetryTime(now + 2 * 3600_000, now)).toBe('Next try at 11/20/2026 16:05');
  });
});
