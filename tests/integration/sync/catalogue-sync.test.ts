import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCatalogue } from '../../../src/db/catalogue.ts';
import { readCatalogueStatus } from '../../../src/db/catalogue-status.ts';
import type { AppDatabase } from '../../../src/db/database.ts';
import { configureRequestQueue, setRequestAuth } from '../../../src/lib/http/request.ts';
import { refreshCatalogues, startCatalogueRefresh } from '../../../src/sync/catalogue-refresh.ts';
import { queryWithOfflineFallback } from '../../../src/sync/offline-query.ts';
import {
  openTestDatabase,
  shippedAchievements,
  shippedCampgrounds,
  shippedTrails,
  shippedWmaWaypoints,
} from '../db/fixtures.ts';

let db: AppDatabase | null = null;
let server: (path: string) => Response | Promise<Response>;
let requested: string[] = [];

const catalogueAnswers: Record<string, unknown[]> = {
  '/api/trails': shippedTrails(),
  '/api/waypoints': shippedWmaWaypoints(),
  '/api/achievements': shippedAchievements(),
  '/api/campgrounds': shippedCampgrounds(),
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(async () => {
  requested = [];
  server = (path) => json(catalogueAnswers[path] ?? []);
  vi.stubGlobal('fetch', async (path: string) => {
    requested.push(path);
    return server(path);
  });
  configureRequestQueue({ isMobile: () => false });
  setRequestAuth(null);
  db = await openTestDatabase();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  configureRequestQueue();
  await db?.remove();
  db = null;
});

describe('queryWithOfflineFallback', () => {
  it('caches a successful list answer into RxDB', async () => {
    const trails = await queryWithOfflineFallback<unknown[]>(db!, '/api/trails');
    expect(trails).toHaveLength(shippedTrails().length);
    expect(await readCatalogue(db!, 'trails')).toHaveLength(shippedTrails().length);
  });

  it('serves the cached list when the network fails or the server errors', async () => {
    await queryWithOfflineFallback(db!, '/api/achievements');
    server = () => {
      throw new TypeError('Failed to fetch');
    };
    const offline = await queryWithOfflineFallback<{ id: string }[]>(db!, '/api/achievements');
    expect(offline.map((achievement) => achievement.id).sort()).toEqual(
      shippedAchievements()
        .map((a) => a.id)
        .sort(),
    );
    server = () => new Response('maintenance', { status: 503 });
    expect(await queryWithOfflineFallback<unknown[]>(db!, '/api/achievements')).toHaveLength(
      shippedAchievements().length,
    );
  });

  it('rethrows the "status: text" error when nothing is cached', async () => {
    server = () => new Response('Database unavailable', { status: 500 });
    await expect(queryWithOfflineFallback(db!, '/api/waypoints')).rejects.toThrow(
      '500: Database unavailable',
    );
    server = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(queryWithOfflineFallback(db!, '/api/trails')).rejects.toThrow('Failed to fetch');
  });

  it('does not replace the catalogue with a filtered answer', async () => {
    await queryWithOfflineFallback(db!, '/api/trails');
    server = () => json(shippedTrails().slice(0, 1));
    await queryWithOfflineFallback(db!, '/api/trails?region=Ozarks');
    expect(await readCatalogue(db!, 'trails')).toHaveLength(shippedTrails().length);
  });
});

describe('refreshCatalogues', () => {
  it('stores all four catalogues and records lastSyncedAt', async () => {
    const before = Date.now();
    const status = await refreshCatalogues(db!);
    expect(status.error).toBeNull();
    expect(status.isRefreshing).toBe(false);
    expect(status.lastSyncedAt).toBeGreaterThanOrEqual(before);
    expect(await readCatalogue(db!, 'campgrounds')).toHaveLength(shippedCampgrounds().length);
    expect(await readCatalogue(db!, 'waypoints')).toHaveLength(shippedWmaWaypoints().length);
  });

  it('records the error, keeps the last sync time and the other catalogues, never throws', async () => {
    const first = await refreshCatalogues(db!);
    server = (path) =>
      path === '/api/campgrounds'
        ? new Response('Not Found', { status: 404 })
        : json(catalogueAnswers[path]);
    const status = await refreshCatalogues(db!);
    expect(status.error).toBe('campgrounds: 404: Not Found');
    expect(status.lastSyncedAt).toBe(first.lastSyncedAt);
    expect(await readCatalogueStatus(db!)).toEqual(status);

    server = () => {
      throw new TypeError('Failed to fetch');
    };
    const offline = await refreshCatalogues(db!);
    expect(offline.error).toContain('trails: Failed to fetch');
    expect(await readCatalogue(db!, 'trails')).toHaveLength(shippedTrails().length);
  });
});

describe('startCatalogueRefresh', () => {
  it('retries with 1 s doubling backoff while failing and restarts on the online event', async () => {
    const timers: { run: () => void; delayMs: number }[] = [];
    const listeners = new Map<string, () => void>();
    const results = [false, false, false, true];
    const refresh = vi.fn(async () => {
      const ok = results.shift() ?? true;
      return { lastSyncedAt: ok ? 1 : null, error: ok ? null : 'offline', isRefreshing: false };
    });
    const stop = startCatalogueRefresh(db!, {
      refresh,
      isOnline: () => true,
      setTimer: (run, delayMs) => timers.push({ run, delayMs }),
      clearTimer: () => undefined,
      target: {
        addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
        removeEventListener: (type: string) => listeners.delete(type),
      } as never,
    });
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    timers[0]!.run();
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    timers[1]!.run();
    await vi.waitFor(() => expect(timers).toHaveLength(3));
    expect(timers.map((timer) => timer.delayMs)).toEqual([1000, 2000, 4000]);
    timers[2]!.run();
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(4));
    // Succeeded: no further retry.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(timers).toHaveLength(3);

    listeners.get('online')!();
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(5));
    stop();
    expect(listeners.has('online')).toBe(false);
  });

  it('caps the backoff at 30 s', async () => {
    const timers: number[] = [];
    let pending: (() => void) | null = null;
    const refresh = vi.fn(async () => ({ lastSyncedAt: null, error: 'down', isRefreshing: false }));
    const stop = startCatalogueRefresh(db!, {
      refresh,
      isOnline: () => true,
      setTimer: (run, delayMs) => {
        timers.push(delayMs);
        pending = run;
      },
      clearTimer: () => undefined,
      target: null,
    });
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      await vi.waitFor(() => expect(timers).toHaveLength(attempt));
      (pending as unknown as () => void)();
    }
    stop();
    expect(timers).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('catalogue status', () => {
  it('does not report a refresh left running by a closed tab forever', async () => {
    const { readCatalogueStatusData, refreshPresumedDeadAfterMs } =
      await import('../../../src/db/catalogue-status.ts');
    const startedAt = 1_000_000;
    const stored = {
      lastSyncedAt: 5,
      error: null,
      isRefreshing: true,
      refreshStartedAt: startedAt,
    };
    expect(readCatalogueStatusData(stored, startedAt + 1000).isRefreshing).toBe(true);
    expect(
      readCatalogueStatusData(stored, startedAt + refreshPresumedDeadAfterMs).isRefreshing,
    ).toBe(false);
    expect(readCatalogueStatusData(null)).toEqual({
      lastSyncedAt: null,
      error: null,
      isRefreshing: false,
    });
  });
});
