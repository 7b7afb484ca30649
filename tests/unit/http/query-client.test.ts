import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import {
  createOnlineQueryClient,
  isRetryableFailure,
  refetchAfterWrite,
  shouldRetryRead,
  shouldRetryWrite,
} from '../../../src/lib/http/query-client.ts';
import { HttpError } from '../../../src/lib/http/request.ts';

const dropped = () => new TypeError('Failed to fetch');

describe('query policy of one-shot server calls', () => {
  afterEach(() => {
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  it('retries a dropped read 3 times on desktop and once on a phone', () => {
    const desktop = () => false;
    const phone = () => true;
    expect([1, 2, 3, 4].map((n) => shouldRetryRead(n, dropped(), desktop))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([1, 2].map((n) => shouldRetryRead(n, dropped(), phone))).toEqual([true, false]);
  });

  it('retries a write once and never an answer that would say the same again', () => {
    expect(shouldRetryWrite(1, dropped())).toBe(true);
    expect(shouldRetryWrite(2, dropped())).toBe(false);
    expect(isRetryableFailure(new HttpError(503, '503: busy'))).toBe(true);
    expect(isRetryableFailure(new HttpError(429, '429: slow down'))).toBe(true);
    expect(isRetryableFailure(new HttpError(400, '400: bad'))).toBe(false);
    expect(isRetryableFailure(new HttpError(401, '401: signed out'))).toBe(false);
  });

  it('a read that loses its first two packets on a weak connection still answers', async () => {
    vi.useFakeTimers();
    const client = createOnlineQueryClient(() => false);
    let calls = 0;
    const answer = client.fetchQuery({
      queryKey: ['shops'],
      queryFn: async () => {
        calls += 1;
        if (calls < 3) throw dropped();
        return ['Mena Powersports'];
      },
    });
    // 1 s, then 2 s between attempts.
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(answer).resolves.toEqual(['Mena Powersports']);
    expect(calls).toBe(3);
  });

  it('keeps an answer fresh for 5 minutes and drops it 10 minutes after its last user', async () => {
    vi.useFakeTimers();
    const client = createOnlineQueryClient(() => false);
    let calls = 0;
    const read = () => client.fetchQuery({ queryKey: ['gauge'], queryFn: async () => ++calls });
    await read();
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(await read()).toBe(1);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(await read()).toBe(2);
    await vi.advanceTimersByTimeAsync(10 * 60_000 + 1);
    expect(client.getQueryData(['gauge'])).toBeUndefined();
  });

  it('a write made with no signal waits for the network instead of failing', async () => {
    const client = createOnlineQueryClient(() => false);
    // The page's QueryClientProvider mounts its client: that is what resumes paused writes.
    client.mount();
    onlineManager.setOnline(false);
    let sent = 0;
    const mutation = client.getMutationCache().build(client, { mutationFn: async () => ++sent });
    const result = mutation.execute(undefined);
    await Promise.resolve();
    expect(sent).toBe(0);
    expect(mutation.state.isPaused).toBe(true);
    onlineManager.setOnline(true);
    await expect(result).resolves.toBe(1);
    client.unmount();
  });

  it('after a write, a list read still on its way is dropped and the list is read anew', async () => {
    const client = createOnlineQueryClient(() => false);
    const server = ['Mena Powersports'];
    let answerFirstRead = () => undefined as void;
    let reads = 0;
    // Each read answers what the server held when it was asked; the first one only when the
    // test lets it, so it is still on its way when the write lands.
    const queryFn = () => {
      reads += 1;
      const snapshot = [...server];
      if (reads > 1) return Promise.resolve(snapshot);
      return new Promise<string[]>((resolve) => {
        answerFirstRead = () => resolve(snapshot);
      });
    };
    const observer = new QueryObserver(client, { queryKey: ['shops'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(reads).toBe(1));
    server.push('Ridge Powersports');
    const refreshed = refetchAfterWrite(client, ['shops']);
    answerFirstRead();
    await refreshed;
    expect(client.getQueryData(['shops'])).toEqual(['Mena Powersports', 'Ridge Powersports']);
    expect(reads).toBe(2);
    unsubscribe();
  });
});
