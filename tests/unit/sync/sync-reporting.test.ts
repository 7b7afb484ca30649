// The sync status the screens show (src/sync/sync-status.ts, sync-reporting.ts): every status
// the store emits re-renders each screen that shows it, so it emits only what changed, and the
// rider's "Last synced" moves when the rider's data synced, not with every catalogue step.
import { describe, expect, it } from 'vitest';
import { createSyncReporter } from '../../../src/sync/sync-reporting.ts';
import { createSyncStatusStore, type SyncStatus } from '../../../src/sync/sync-status.ts';

function recordedStore() {
  const store = createSyncStatusStore();
  const emitted: SyncStatus[] = [];
  store.status$.subscribe((status) => emitted.push(status));
  return { store, emitted };
}

describe('the sync status store', () => {
  it('emits an update that changes something, and nothing for one that does not', () => {
    const { store, emitted } = recordedStore();
    store.update({ phase: 'syncing' });
    store.update({ phase: 'syncing' });
    store.update({ catalogue: { lastSyncedAt: null, error: null, isRefreshing: false } });
    expect(emitted.map((status) => status.phase)).toEqual(['signedOut', 'syncing']);
    store.update({ catalogue: { lastSyncedAt: null, error: null, isRefreshing: true } });
    expect(emitted).toHaveLength(3);
    expect(emitted.at(-1)?.catalogue.isRefreshing).toBe(true);
  });
});

describe('the reporter’s last sync of a signed-in rider', () => {
  it('moves when the rider’s replication finishes, not while the catalogues go on', () => {
    const { store, emitted } = recordedStore();
    let clock = 1_000;
    const reporter = createSyncReporter({
      status: store,
      now: () => clock,
      isOnline: () => true,
      onRetryDelay: () => undefined,
    });
    store.update({ phase: 'syncing' });
    reporter.settle({ rider: true, catalogue: true });
    clock = 2_000;
    reporter.settle({ rider: false, catalogue: true });
    expect(store.get()).toMatchObject({ phase: 'idle', lastSyncedAt: 2_000 });
    const emittedBefore = emitted.length;

    // Twenty steps of the catalogue pull while the rider's data rests.
    for (let step = 0; step < 20; step++) {
      clock += 50;
      reporter.settle({ rider: false, catalogue: true });
    }
    expect(store.get().lastSyncedAt).toBe(2_000);
    expect(emitted).toHaveLength(emittedBefore);

    clock = 9_000;
    reporter.settle({ rider: true, catalogue: false });
    reporter.settle({ rider: false, catalogue: false });
    expect(store.get()).toMatchObject({ phase: 'idle', lastSyncedAt: 9_000 });
  });
});
