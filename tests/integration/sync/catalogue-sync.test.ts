// The one pipeline for the public catalogues: a guest with no token runs the sync engine against a
// real server and gets trails, WMAs, campgrounds and achievements into RxDB, where they stay with
// the server gone; the catalogue state shows in the one sync status (and in the stored
// 'catalogue-status' the home page reads), while the rider part stays signed out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { readCatalogueStatus } from '../../../src/db/catalogue-status.ts';
import {
  observePublishedDuckSeasons,
  publishedRegulationsDocumentId,
} from '../../../src/db/published-regulations.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import { createSyncStatusStore } from '../../../src/sync/sync-status.ts';
import { shippedAchievements, shippedTrails, shippedWmas } from '../db/fixtures.ts';
import { login } from '../auth/auth-test-server.ts';
import { routeSuiteEngines } from '../server/test-server.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { createTestTransport } from './test-transport.ts';

describe.each(routeSuiteEngines)('catalogue pipeline for a guest on %s', (engine) => {
  let server: RunningSyncServer | null = null;
  let db: AppDatabase | null = null;
  let running: SyncEngine | null = null;
  const name = `guest-${engine}-${process.pid}-${Date.now().toString(36)}`;

  beforeEach(async () => {
    server = await startSyncServer(engine, {
      initialAdmin: { username: 'admin-one', password: 'admin password' },
    });
    db = await createAppDatabase({ name, devMode: true });
  });
  afterEach(async () => {
    await running?.stop();
    running = null;
    await db?.remove();
    db = null;
    await server?.close();
    server = null;
  });

  async function publicCount(path: string): Promise<number> {
    const answer = await fetch(`${server!.baseUrl}${path}`);
    return ((await answer.json()) as unknown[]).length;
  }

  it('pulls every public catalogue without a token and keeps it once the server is gone', async () => {
    const status = createSyncStatusStore();
    running = startSyncEngine({
      db: db!,
      transport: createTestTransport(server!.baseUrl, null),
      userId: null,
      serverIdentity: server!.baseUrl,
      status,
    });
    await running.awaitInSync();

    // The places of data/places plus the USFS trail lines the server seeds beside them.
    const serverTrailCount = await publicCount('/api/trails');
    expect(await db!.trails.count().exec()).toBe(serverTrailCount);
    expect(serverTrailCount).toBeGreaterThan(shippedTrails().length);
    expect(await db!.wmas.count().exec()).toBe(shippedWmas().length);
    expect(await db!.achievements.count().exec()).toBe(shippedAchievements().length);
    expect(await db!.campgrounds.count().exec()).toBe(await publicCount('/api/campgrounds'));
    const bayouMeto = shippedWmas().find((wma) => wma.name.includes('Bayou Meto'))!;
    expect((await db!.wmas.findOne(bayouMeto.id).exec())?.toJSON()).toMatchObject({
      name: bayouMeto.name,
      waterfowl: bayouMeto.waterfowl,
      county: bayouMeto.county,
    });
    // Public WMAs are no longer rows of the rider's waypoints.
    expect(await db!.waypoints.count().exec()).toBe(0);

    // The one status: catalogues synced, the rider part untouched (still signed out).
    await expect.poll(() => status.get().catalogue.lastSyncedAt).not.toBeNull();
    expect(status.get()).toMatchObject({
      phase: 'signedOut',
      catalogue: { error: null, isRefreshing: false },
    });
    await expect
      .poll(async () => (await readCatalogueStatus(db!)).lastSyncedAt)
      .toBe(status.get().catalogue.lastSyncedAt);

    // The server goes away: the next start reports the failure and keeps everything.
    const baseUrl = server!.baseUrl;
    await running.stop();
    await server!.close();
    server = null;
    running = startSyncEngine({
      db: db!,
      transport: createTestTransport(baseUrl, null),
      userId: null,
      serverIdentity: baseUrl,
      status,
      live: false,
    });
    await expect.poll(() => status.get().catalogue.error).toMatch(/Cannot reach the server/);
    expect(status.get().phase).toBe('signedOut');
    expect(await db!.trails.count().exec()).toBe(serverTrailCount);
    expect(await db!.wmas.count().exec()).toBe(shippedWmas().length);
    expect(await db!.achievements.count().exec()).toBe(shippedAchievements().length);
  });

  it('a duck season published while the device was away reaches it at its next sync', async () => {
    const status = createSyncStatusStore();
    const start = () =>
      startSyncEngine({
        db: db!,
        transport: createTestTransport(server!.baseUrl, null),
        userId: null,
        serverIdentity: server!.baseUrl,
        status,
      });
    running = start();
    await running.awaitInSync();
    await expect
      .poll(async () => (await db!.getLocal(publishedRegulationsDocumentId)) !== null)
      .toBe(true);
    await running.stop();

    // Meanwhile the operator publishes next season's dates.
    const admin = await login(server!.app, 'admin-one', 'admin password');
    const published = await server!.app.inject({
      method: 'POST',
      url: '/api/admin/regulations/duck-season',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: {
        seasonLabel: '2026-27',
        periods: [{ label: 'Split 1', opens: '2026-11-21', closes: '2026-11-30' }],
        limits: ['Daily limit 6 ducks'],
        shootingHours: 'Shooting hours: 30 minutes before sunrise to noon',
        source: 'AGFC 2026-27 Waterfowl Hunting Guidebook',
      },
    });
    expect(published.statusCode).toBe(201);

    running = start();
    await running.awaitInSync();
    await expect
      .poll(async () => {
        const seasons = await firstValueFrom(observePublishedDuckSeasons(db!));
        return seasons.get('2026-27')?.season.source ?? null;
      })
      .toBe('AGFC 2026-27 Waterfowl Hunting Guidebook');
  });
});
