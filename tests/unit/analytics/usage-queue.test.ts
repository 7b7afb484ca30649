// The device's usage queue as pure state (src/lib/analytics/usage-queue.ts): bounded with the
// oldest dropped, batches aggregated per day and name, a cut batch kept with its id across a
// reload (the stored JSON) until confirmed, so going online twice sends it under one id; route
// patterns without ids or queries; Do Not Track and Global Privacy Control stop counting.
import { describe, expect, it } from 'vitest';
import { usageLimits } from '../../../schemas/analytics.ts';
import {
  appErrorEntry,
  confirmUsageBatch,
  cutUsageBatch,
  emptyUsageQueue,
  enqueueUsage,
  featureEntry,
  pageViewEntry,
  routePatternForCount,
  usageCountingAllowed,
  type UsageQueueState,
} from '../../../src/lib/analytics/usage-queue.ts';
import { randomId } from '../../../src/lib/analytics/random-id.ts';

const day1 = Date.UTC(2026, 10, 25, 23, 59);
const day2 = Date.UTC(2026, 10, 26, 0, 1);
/** What a reload reads back: the state as the local document stored it. */
const reload = (state: UsageQueueState): UsageQueueState => JSON.parse(JSON.stringify(state));

describe('usage queue', () => {
  it('keeps at most 500 entries, dropping the oldest', () => {
    let state = emptyUsageQueue;
    for (let index = 0; index < usageLimits.queueSize + 20; index += 1) {
      state = enqueueUsage(state, pageViewEntry(`/page-${index}`, day1));
    }
    expect(state.entries).toHaveLength(500);
    expect(state.entries[0]!.name).toBe('/page-20');
    expect(state.entries.at(-1)!.name).toBe('/page-519');
  });

  it('cuts one batch counted per UTC day and name', () => {
    let state = emptyUsageQueue;
    for (const entry of [
      pageViewEntry('/', day1),
      pageViewEntry('/', day1),
      pageViewEntry('/', day2),
      pageViewEntry('/trails/$trailId', day2),
      featureEntry('trip-recorded', day2),
    ]) {
      state = enqueueUsage(state, entry);
    }
    const { state: next, batch } = cutUsageBatch(state, () => 'batch-one');
    expect(batch).toEqual({
      batchId: 'batch-one',
      counts: [
        { day: '2026-11-25', kind: 'page-view', name: '/', count: 2 },
        { day: '2026-11-26', kind: 'page-view', name: '/', count: 1 },
        { day: '2026-11-26', kind: 'page-view', name: '/trails/$trailId', count: 1 },
        { day: '2026-11-26', kind: 'feature', name: 'trip-recorded', count: 1 },
      ],
    });
    expect(next.entries).toEqual([]);
    expect(cutUsageBatch(emptyUsageQueue, () => 'unused').batch).toBeNull();
  });

  it('offline then online: a batch survives a reload and is sent once under one id', () => {
    // Offline: two pages visited, a batch cut, the send fails; the app is reloaded.
    let state = enqueueUsage(emptyUsageQueue, pageViewEntry('/garage', day2));
    state = enqueueUsage(state, pageViewEntry('/saved', day2));
    const first = cutUsageBatch(state, () => 'batch-first');
    state = reload(first.state);
    // A page visited after the reload waits for the next batch.
    state = enqueueUsage(state, pageViewEntry('/record', day2));
    // Online: the same batch goes again, with the same id, and nothing new is mixed into it.
    const retry = cutUsageBatch(state, () => 'batch-second');
    expect(retry.batch).toEqual(first.batch);
    state = confirmUsageBatch(retry.state, 'batch-first');
    expect(state.pendingBatch).toBeNull();
    // Confirming again (a duplicate answer) changes nothing; the new page goes in a new batch.
    expect(confirmUsageBatch(state, 'batch-first')).toBe(state);
    const next = cutUsageBatch(state, () => 'batch-second');
    expect(next.batch?.counts).toEqual([
      { day: '2026-11-26', kind: 'page-view', name: '/record', count: 1 },
    ]);
    expect(cutUsageBatch(confirmUsageBatch(next.state, 'batch-second'), randomId).batch).toBeNull();
  });

  it('counts route patterns, never ids or queries', () => {
    expect(routePatternForCount('/trails/$trailId')).toBe('/trails/$trailId');
    expect(routePatternForCount('/')).toBe('/');
    expect(routePatternForCount('/garage/')).toBe('/garage');
    expect(routePatternForCount('__root__')).toBe('(not found)');
    expect(routePatternForCount('/trails/42?ref=mail')).toBeNull();
    expect(routePatternForCount(`/${'a'.repeat(130)}`)).toBeNull();
  });

  it('records nothing with Do Not Track or Global Privacy Control', () => {
    expect(usageCountingAllowed({ doNotTrack: null, globalPrivacyControl: false })).toBe(true);
    expect(usageCountingAllowed({ doNotTrack: 'unspecified' })).toBe(true);
    expect(usageCountingAllowed({ doNotTrack: '1' })).toBe(false);
    expect(usageCountingAllowed({ msDoNotTrack: '1' })).toBe(false);
    expect(usageCountingAllowed({ doNotTrack: null, globalPrivacyControl: true })).toBe(false);
    expect(usageCountingAllowed(undefined)).toBe(false);
  });

  it('makes batch ids the server accepts', () => {
    const id = randomId();
    expect(id).toMatch(/^batch-[0-9a-f]{32}$/);
    expect(randomId()).not.toBe(id);
  });
});

describe('error screen counts', () => {
  const time = Date.UTC(2026, 10, 27, 15);
  it('name the route pattern and the error type, never the message', () => {
    expect(appErrorEntry(new TypeError('secret words'), '/trails/$trailId', time)).toEqual({
      kind: 'app-error',
      name: '/trails/$trailId TypeError',
      day: '2026-11-27',
    });
    expect(appErrorEntry(new Error('x'), null, time).name).toBe('(app shell) Error');
    expect(appErrorEntry('a thrown string', '/garage/', time).name).toBe('/garage Error');
    const odd = Object.assign(new Error('x'), { name: 'Not a type name!' });
    expect(appErrorEntry(odd, '__root__', time).name).toBe('(not found) Error');
    expect(appErrorEntry(new Error('x'), `/${'a'.repeat(130)}`, time).name).toBe(
      '(app shell) Error',
    );
  });
});
