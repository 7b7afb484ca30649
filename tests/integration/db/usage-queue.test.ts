// The usage queue in RxDB (src/db/usage-queue.ts, local document `usage-queue`) against the real
// batch route: page views queued offline stay across a reload; going online sends them; when
// the server's answer is lost, the reloaded app sends the same batch again and the admin's
// dashboard counts every view once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsSummary, UsageBatch } from '../../../schemas/analytics.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import {
  recordFeatureUse,
  recordUsage,
  sendUsageQueue,
  usageQueueDocumentId,
} from '../../../src/db/usage-queue.ts';
import { pageViewEntry } from '../../../src/lib/analytics/usage-queue.ts';
import { buildAuthTestApp, login, type AuthTestApp } from '../auth/auth-test-server.ts';
import { openTestDatabase } from './fixtures.ts';

let db: AppDatabase | null = null;
let server: AuthTestApp | null = null;
afterEach(async () => {
  vi.unstubAllGlobals();
  await db?.remove();
  await server?.close();
  db = null;
  server = null;
});

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('usage queue on the device', () => {
  it('keeps views queued offline across a reload and counts them once after going online', async () => {
    server = await buildAuthTestApp({
      initialAdmin: { username: 'admin-one', password: 'admin password' },
    });
    const app = server.app;
    const deliveries: string[] = [];
    const post = async (batch: UsageBatch) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics/batches',
        payload: batch,
      });
      expect(response.statusCode).toBeLessThan(300);
      deliveries.push(batch.batchId);
    };

    db = await openTestDatabase();
    const now = Date.now();
    await recordUsage(db, pageViewEntry('/garage', now));
    await recordUsage(db, pageViewEntry('/trails/$trailId', now));
    await recordUsage(db, pageViewEntry('/garage', now));
    await expect(sendUsageQueue(db, offline)).rejects.toThrow('Failed to fetch');

    // Reload (the app closed and opened again): the batch is still there.
    const name = db.name;
    await db.close();
    db = await createAppDatabase({ name, devMode: true });
    const stored = await db.getLocal<{ pendingBatch: UsageBatch | null }>(usageQueueDocumentId);
    expect(stored?.get('pendingBatch')?.counts).toHaveLength(2);

    // Online, but the answer is lost after the server stored the batch.
    await expect(
      sendUsageQueue(db, async (batch) => {
        await post(batch);
        throw new TypeError('Network connection lost');
      }),
    ).rejects.toThrow('lost');
    await recordUsage(db, pageViewEntry('/saved', now));
    await db.close();
    db = await createAppDatabase({ name, devMode: true });
    expect(await sendUsageQueue(db, post)).toBe(2);
    expect(deliveries[0]).toBe(deliveries[1]);
    expect(await sendUsageQueue(db, post)).toBe(0);

    const token = (await login(app, 'admin-one', 'admin password')).accessToken;
    const summary = (
      await app.inject({
        method: 'GET',
        url: '/api/admin/analytics?days=7',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<AnalyticsSummary>();
    expect(summary.totalPageViews).toBe(4);
    expect(summary.topRoutes).toEqual([
      { route: '/garage', count: 2 },
      { route: '/saved', count: 1 },
      { route: '/trails/$trailId', count: 1 },
    ]);
  });

  it('counts a feature use only when the browser sends neither Do Not Track nor GPC', async () => {
    db = await openTestDatabase();
    const queued = async () =>
      (await db!.getLocal<{ entries: { name: string }[] }>(usageQueueDocumentId))
        ?.get('entries')
        .map((entry: { name: string }) => entry.name) ?? [];
    for (const signals of [{ doNotTrack: '1' }, { globalPrivacyControl: true }]) {
      vi.stubGlobal('navigator', signals);
      recordFeatureUse(db, 'trip-recorded');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queued()).toEqual([]);
    vi.stubGlobal('navigator', { doNotTrack: null, globalPrivacyControl: false });
    recordFeatureUse(db, 'navigation-started');
    await expect.poll(queued).toEqual(['navigation-started']);
  });
});
