/**
 * The sync stream's reconnects: with the shared backoff while the server is unreachable, and at
 * once when asked (the browser back online, "Sync now"), so what the server changed while the
 * device was offline arrives without waiting out a backoff of up to 30 s.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allCollections } from '../../../schemas/collections/index.ts';
import { createSyncStream, type StreamItem } from '../../../src/sync/replication-stream.ts';
import type { SyncTransport } from '../../../src/sync/sync-transport.ts';

/** A transport whose stream fails while `reachable` is false and otherwise stays open, silent. */
function flakyTransport() {
  const state = { reachable: false, attempts: 0 };
  const transport: SyncTransport = {
    request: () => Promise.reject(new Error('not used')),
    openStream: (_path, signal) => {
      state.attempts += 1;
      if (!state.reachable) return Promise.reject(new TypeError('Failed to fetch'));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          signal.addEventListener('abort', () => controller.close());
        },
      });
      return Promise.resolve(
        new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
      );
    },
  };
  return { state, transport };
}

describe('sync stream reconnects', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('backs off while unreachable, then reconnects at once on retryNow and resyncs', async () => {
    const { state, transport } = flakyTransport();
    const stream = createSyncStream(transport, allCollections.slice(0, 1));
    const items: StreamItem[] = [];
    const subscription = stream.of(allCollections[0]!.name).subscribe((item) => items.push(item));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.attempts).toBe(1);
    // 1 s, 2 s, 4 s, 8 s, 16 s: six attempts in 31 s, and the next is 30 s away.
    await vi.advanceTimersByTimeAsync(31_000);
    expect(state.attempts).toBe(6);

    state.reachable = true;
    stream.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.attempts).toBe(7);
    expect(items).toEqual(['RESYNC']);

    // Open now: asking again neither reconnects nor resyncs.
    stream.retryNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.attempts).toBe(7);
    expect(items).toEqual(['RESYNC']);
    subscription.unsubscribe();
  });

  it('starts the backoff afresh after retryNow fails again', async () => {
    const { state, transport } = flakyTransport();
    const stream = createSyncStream(transport, allCollections.slice(0, 1));
    const subscription = stream.of(allCollections[0]!.name).subscribe();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(state.attempts).toBe(6);
    stream.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.attempts).toBe(7);
    // The next retry is 1 s away again, not 30 s.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.attempts).toBe(8);
    subscription.unsubscribe();
  });

  it('does nothing once nobody listens', async () => {
    const { state, transport } = flakyTransport();
    const stream = createSyncStream(transport, allCollections.slice(0, 1));
    stream.of(allCollections[0]!.name).subscribe().unsubscribe();
    await vi.advanceTimersByTimeAsync(0);
    const attempts = state.attempts;
    stream.retryNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.attempts).toBe(attempts);
  });
});
