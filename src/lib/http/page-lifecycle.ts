/**
 * Keeps the client's cached answers from hogging a phone's memory (requirements §core-4 "Page
 * lifecycle", §core-9): every 30 s, above 80 % JS heap use, the cache is cleared; after the page
 * has been hidden for 5 s, cached answers are dropped except those whose path contains 'auth' or
 * 'emergency', which must survive for the session and the emergency screens.
 */
import { clearResponseCache } from './request.ts';

/** Constants of requirements §core-9. */
export const pageLifecycleLimits = {
  memoryCheckIntervalMs: 30_000,
  heapUseThreshold: 0.8,
  hiddenCleanupDelayMs: 5000,
} as const;

/** Options of `startPageLifecycleCleanup`; the defaults read the browser. */
export interface PageLifecycleOptions {
  /**
   * Used / limit of the JS heap, 0–1, or null where the browser does not tell (only Chromium
   * exposes `performance.memory`).
   */
  readHeapUse?: () => number | null;
  /** Clears the cache; `keep` returns true for answers to keep. Defaults to the GET queue's. */
  clearCache?: (keep?: (path: string) => boolean) => void;
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

function browserHeapUse(): number | null {
  const memory = (
    performance as Performance & { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }
  ).memory;
  if (!memory || memory.jsHeapSizeLimit <= 0) return null;
  return memory.usedJSHeapSize / memory.jsHeapSizeLimit;
}

/** True for cached answers kept when the page is hidden. */
export function survivesHiddenCleanup(path: string): boolean {
  return /auth|emergency/i.test(path);
}

/**
 * Starts the memory check and the hidden-page cleanup; returns a function that stops both.
 * Does nothing (and returns a no-op) outside a browser.
 */
export function startPageLifecycleCleanup(options: PageLifecycleOptions = {}): () => void {
  const page = options.document ?? (typeof document === 'undefined' ? undefined : document);
  if (!page) return () => undefined;
  const readHeapUse = options.readHeapUse ?? browserHeapUse;
  const clearCache = options.clearCache ?? clearResponseCache;

  const memoryTimer = setInterval(() => {
    const use = readHeapUse();
    if (use !== null && use > pageLifecycleLimits.heapUseThreshold) clearCache();
  }, pageLifecycleLimits.memoryCheckIntervalMs);

  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  const onVisibilityChange = () => {
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    if (page.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(
        () => clearCache(survivesHiddenCleanup),
        pageLifecycleLimits.hiddenCleanupDelayMs,
      );
    }
  };
  page.addEventListener('visibilitychange', onVisibilityChange);

  return () => {
    clearInterval(memoryTimer);
    if (hiddenTimer) clearTimeout(hiddenTimer);
    page.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
