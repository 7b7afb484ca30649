import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startPageLifecycleCleanup,
  survivesHiddenCleanup,
} from '../../../src/lib/http/page-lifecycle.ts';

function fakePage() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    set(state: DocumentVisibilityState) {
      this.visibilityState = state;
      for (const listener of listeners) listener();
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startPageLifecycleCleanup', () => {
  it('clears everything when heap use is above 80 % at a 30 s check', () => {
    const clearCache = vi.fn();
    let heapUse = 0.5;
    const stop = startPageLifecycleCleanup({
      document: fakePage() as never,
      clearCache,
      readHeapUse: () => heapUse,
    });
    vi.advanceTimersByTime(30_000);
    expect(clearCache).not.toHaveBeenCalled();
    heapUse = 0.85;
    vi.advanceTimersByTime(30_000);
    expect(clearCache).toHaveBeenCalledWith();
    stop();
  });

  it('drops non-auth, non-emergency answers after 5 s hidden, not if shown again sooner', () => {
    const clearCache = vi.fn();
    const page = fakePage();
    const stop = startPageLifecycleCleanup({
      document: page as never,
      clearCache,
      readHeapUse: () => null,
    });
    page.set('hidden');
    vi.advanceTimersByTime(4_000);
    page.set('visible');
    vi.advanceTimersByTime(10_000);
    expect(clearCache).not.toHaveBeenCalled();
    page.set('hidden');
    vi.advanceTimersByTime(5_000);
    expect(clearCache).toHaveBeenCalledWith(survivesHiddenCleanup);
    stop();
  });

  it('keeps auth and emergency answers', () => {
    expect(survivesHiddenCleanup('/api/auth/user')).toBe(true);
    expect(survivesHiddenCleanup('/api/emergency/contacts')).toBe(true);
    expect(survivesHiddenCleanup('/api/trails')).toBe(false);
  });
});
