/**
 * What the settling-push echo repeats to RxDB: the server's documents seen while a push was
 * settling, once, in their latest state, under the latest checkpoint seen, and nothing seen
 * outside a push (src/db/settling-push-echo.ts).
 */
import { describe, expect, it } from 'vitest';
import type { SyncCheckpoint, WireDocument } from '../../../schemas/sync-protocol.ts';
import { createSettlingPushEcho, type ServerBatch } from '../../../src/db/settling-push-echo.ts';

const record = (id: string, status: string): WireDocument => ({ id, status, _deleted: false });
const at = (serverTime: number, id = 'x'): SyncCheckpoint => ({ id, serverTime });

/** A promise resolved by hand, for a push's bookkeeping. */
function stored() {
  let done: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (done = resolve));
  return { promise, done };
}

describe('settling push echo', () => {
  it('repeats the latest state of what arrived during a push, once its bookkeeping is stored', async () => {
    const echo = createSettlingPushEcho();
    const echoed: ServerBatch[] = [];
    echo.echo$.subscribe((batch) => echoed.push(batch));
    echo.seen([record('a', 'synced')], at(5));

    const bookkeeping = stored();
    await echo.pushing(
      async () => {
        echo.seen([record('b', 'pending')], at(10));
        echo.seen([record('b', 'synced')], at(11));
        return [];
      },
      () => bookkeeping.promise,
    );
    // An older pull answer does not move the checkpoint back.
    echo.seen([], at(7));
    expect(echoed).toEqual([]);

    bookkeeping.done();
    await expect.poll(() => echoed.length).toBe(1);
    expect(echoed[0]).toEqual({ documents: [record('b', 'synced')], checkpoint: at(11) });

    // Nothing is kept once no push settles.
    echo.seen([record('c', 'synced')], at(12));
    await echo.pushing(
      async () => [],
      async () => undefined,
    );
    await Promise.resolve();
    expect(echoed).toHaveLength(1);
  });

  it('waits for every overlapping push, and closes a failed one without its bookkeeping', async () => {
    const echo = createSettlingPushEcho();
    const echoed: ServerBatch[] = [];
    echo.echo$.subscribe((batch) => echoed.push(batch));
    const first = stored();
    const second = echo.pushing(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Promise(() => undefined),
    );
    await echo.pushing(
      async () => {
        echo.seen([record('d', 'synced')], at(20, 'd'));
        return [];
      },
      () => first.promise,
    );
    await expect(second).rejects.toThrow('Failed to fetch');
    expect(echoed).toEqual([]);
    first.done();
    await expect.poll(() => echoed.length).toBe(1);
    expect(echoed[0]!.documents).toEqual([record('d', 'synced')]);
  });
});
