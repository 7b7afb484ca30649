import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SyncEngineProvider, useSyncStatus } from '../../../src/sync/sync-context.tsx';
import { describeSyncStatus } from '../../../src/sync/sync-status-text.ts';
import { createSyncStatusStore, initialSyncStatus } from '../../../src/sync/sync-status.ts';
import { SyncStatusIndicatorView, SyncStatusView } from '../../../src/sync/sync-status-view.tsx';

const now = new Date(2026, 10, 20, 14, 5).getTime();
const noop = () => undefined;

describe('SyncStatusView', () => {
  it('signed out: sign-in prompt, pending count, Sync now disabled with its reason linked', () => {
    const html = renderToStaticMarkup(
      <SyncStatusView
        description={describeSyncStatus(initialSyncStatus, 2, now)}
        onSyncNow={noop}
      />,
    );
    expect(html).toContain('id="sync"');
    expect(html).toContain('2 waiting to sync');
    expect(html).toContain('Sign in to sync your trips and plans');
    expect(html).toContain('Not synced yet on this device');
    expect(html).toMatch(/<button[^>]*disabled/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`id="${describedBy}"`);
    expect(html).toContain('Sign in first');
  });

  it('failing: the error in words, the retry time, and an enabled Sync now', () => {
    const description = describeSyncStatus(
      {
        phase: 'error',
        lastError: 'The server refused the sign-in; sign in again',
        lastSyncedAt: new Date(2026, 10, 20, 13, 0).getTime(),
        nextRetryAt: now + 30_000,
        catalogue: initialSyncStatus.catalogue,
      },
      1,
      now,
    );
    const html = renderToStaticMarkup(
      <SyncStatusView description={description} onSyncNow={noop} />,
    );
    expect(html).toContain('Last problem: </span>The server refused the sign-in; sign in again');
    expect(html).toContain('Next try in 30 s');
    expect(html).toContain('Last synced 11/20/2026 13:00');
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(html).toContain('sync-panel--error');
    expect(html).toContain('role="status"');
  });
});

describe('SyncStatusIndicatorView', () => {
  it('links to the panel with the whole status as its accessible name', () => {
    const description = describeSyncStatus({ ...initialSyncStatus, phase: 'offline' }, 3, now);
    const html = renderToStaticMarkup(<SyncStatusIndicatorView description={description} />);
    expect(html).toContain('href="/profile#sync"');
    expect(html).toContain(
      'aria-label="Sync: 3 waiting to sync. Offline — will sync when back online."',
    );
    expect(html).toContain('Offline · 3 waiting');
    expect(html).toContain('>3<');
  });
});

describe('SyncStatusIndicatorView when signed out', () => {
  it('stays out of the bar with nothing waiting, and shows the count when work waits', () => {
    expect(
      renderToStaticMarkup(
        <SyncStatusIndicatorView description={describeSyncStatus(initialSyncStatus, 0, now)} />,
      ),
    ).toBe('');
    const html = renderToStaticMarkup(
      <SyncStatusIndicatorView description={describeSyncStatus(initialSyncStatus, 2, now)} />,
    );
    expect(html).toContain(
      'aria-label="Sync: 2 waiting to sync. Sign in to sync your trips and plans."',
    );
  });
});

describe('useSyncStatus', () => {
  function Phase() {
    return <span>{useSyncStatus().phase}</span>;
  }

  it('reads the provided store', () => {
    const store = createSyncStatusStore();
    store.update({ phase: 'syncing' });
    const html = renderToStaticMarkup(
      <SyncEngineProvider value={{ store, syncNow: noop }}>
        <Phase />
      </SyncEngineProvider>,
    );
    expect(html).toBe('<span>syncing</span>');
  });

  it('throws outside its provider (core-platform §8)', () => {
    expect(() => renderToStaticMarkup(<Phase />)).toThrow(
      'useSyncEngine must be used within a SyncEngineProvider',
    );
  });
});
