// The admin tools' server routes on SQLite (tests/integration/storage checks the storage layer on
// both engines): usage batches are counted once per batch id and added up per day, refused when
// malformed, oversized or naming a future day; the dashboard sums the last 7/30/90 days;
// /api/admin/fleet lists riders with their synced trips and garage vehicles and no email; riders
// and guests get a JSON 401/403.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsSummary, FleetOverview, UsageBatch } from '../../../schemas/analytics.ts';
import { replicationBasePath } from '../../../schemas/sync-protocol.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { makeTrip } from '../sync/sync-fixtures.ts';
import { routeSuiteEngines } from './test-server.ts';

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) =>
  new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);

const batch = (batchId: string, counts: UsageBatch['counts']): UsageBatch => ({ batchId, counts });

describe.each(routeSuiteEngines)('admin tools on %s', (engine) => {
  let server: AuthTestApp;
  let rider: string;
  let riderId: string;
  let admin: string;

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const summary = async (days: number) =>
    (await call('GET', `/api/admin/analytics?days=${days}`, admin)).json<AnalyticsSummary>();

  beforeEach(async () => {
    server = await buildAuthTestApp(
      { initialAdmin: { username: 'admin-one', password: 'admin password' } },
      {},
      engine,
    );
    riderId = (await registerUser(server.app, 'Ridge')).id;
    rider = (await login(server.app, 'Ridge')).accessToken;
    admin = (await login(server.app, 'admin-one', 'admin password')).accessToken;
  });
  afterEach(async () => {
    await server.close();
  });

  it('counts a batch once per batch id and adds batches up per day', async () => {
    const first = batch('batch-0001', [
      { day: today, kind: 'page-view', name: '/', count: 3 },
      { day: today, kind: 'page-view', name: '/trails/$trailId', count: 2 },
      { day: daysAgo(1), kind: 'page-view', name: '/', count: 1 },
      { day: today, kind: 'feature', name: 'trip-recorded', count: 1 },
      { day: today, kind: 'app-error', name: '/trails/$trailId TypeError', count: 2 },
      { day: today, kind: 'app-error', name: '(app shell) ChunkLoadError', count: 1 },
    ]);
    const sent = await call('POST', '/api/analytics/batches', undefined, first);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ counted: true });
    // The answer was lost; the device sends the same batch again (even signed in): counted once.
    const retried = await call('POST', '/api/analytics/batches', rider, first);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ counted: false });
    const second = batch('batch-0002', [
      { day: today, kind: 'page-view', name: '/', count: 1 },
      { day: daysAgo(10), kind: 'page-view', name: '/garage', count: 4 },
      { day: today, kind: 'feature', name: 'gpx-imported', count: 2 },
    ]);
    expect((await call('POST', '/api/analytics/batches', undefined, second)).statusCode).toBe(201);

    const week = await summary(7);
    expect(week).toMatchObject({ days: 7, from: daysAgo(6), to: today, totalPageViews: 7 });
    expect(week.pageViewsPerDay).toHaveLength(7);
    expect(week.pageViewsPerDay.at(-1)).toEqual({ day: today, count: 6 });
    expect(week.pageViewsPerDay.at(-2)).toEqual({ day: daysAgo(1), count: 1 });
    expect(week.pageViewsPerDay[0]).toEqual({ day: daysAgo(6), count: 0 });
    expect(week.topRoutes).toEqual([
      { route: '/', count: 5 },
      { route: '/trails/$trailId', count: 2 },
    ]);
    expect(week.featureCounts).toEqual([
      { action: 'gpx-imported', count: 2 },
      { action: 'trip-recorded', count: 1 },
    ]);
    expect(week.errorCounts).toEqual([
      { route: '/trails/$trailId', errorType: 'TypeError', count: 2 },
      { route: '(app shell)', errorType: 'ChunkLoadError', count: 1 },
    ]);
    const month = await summary(30);
    expect(month.pageViewsPerDay).toHaveLength(30);
    expect(month.totalPageViews).toBe(11);
    expect(month.topRoutes[1]).toEqual({ route: '/garage', count: 4 });
  });

  it('refuses malformed, oversized and future batches with a JSON 400 or 413, counting nothing', async () => {
    const good = { day: today, kind: 'page-view', name: '/', count: 1 };
    const bad: unknown[] = [
      {},
      { batchId: 'batch-0003', counts: [] },
      { batchId: 'short', counts: [good] },
      { batchId: 'batch-0003', counts: [{ ...good, name: '/trails/42?ref=mail' }] },
      { batchId: 'batch-0003', counts: [{ ...good, name: 'https://example.com/' }] },
      { batchId: 'batch-0003', counts: [{ ...good, kind: 'feature', name: 'bought-a-boat' }] },
      { batchId: 'batch-0003', counts: [{ ...good, count: 0 }] },
      // An error count carries a route pattern and a type name, never a message.
      { batchId: 'batch-0003', counts: [{ ...good, kind: 'app-error', name: '/ Cannot read x' }] },
      { batchId: 'batch-0003', counts: [{ ...good, kind: 'app-error', name: 'TypeError' }] },
      { batchId: 'batch-0003', counts: [{ ...good, kind: 'page-view', name: '/ TypeError' }] },
      { batchId: 'batch-0003', counts: [{ ...good, count: 501 }] },
      { batchId: 'batch-0003', counts: [{ ...good, day: '2026-13-01' }] },
      { batchId: 'batch-0003', counts: [{ ...good, userId: 'someone' }] },
      { batchId: 'batch-0003', counts: [good], ip: '10.0.0.1' },
      { batchId: 'batch-0003', counts: [{ ...good, day: '2999-01-01' }] },
      { batchId: 'batch-0003', counts: Array.from({ length: 501 }, () => good) },
    ];
    for (const payload of bad) {
      const response = await call('POST', '/api/analytics/batches', undefined, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    const huge = await server.app.inject({
      method: 'POST',
      url: '/api/analytics/batches',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId: 'batch-0004', counts: [good], pad: 'x'.repeat(140_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const week = await summary(7);
    expect(week.totalPageViews).toBe(0);
    // The refused batch id was not remembered: sent properly, it counts.
    const later = await call('POST', '/api/analytics/batches', undefined, {
      batchId: 'batch-0003',
      counts: [good],
    });
    expect(later.statusCode).toBe(201);
  });

  it('lets only admins read the dashboard and the fleet', async () => {
    for (const url of ['/api/admin/analytics?days=7', '/api/admin/fleet']) {
      const guest = await call('GET', url);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ statusCode: 401 });
      const refused = await call('GET', url, rider);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ statusCode: 403 });
    }
    // A rider's malformed query is still a 403, not a hint about the query.
    expect((await call('GET', '/api/admin/analytics?days=8', rider)).statusCode).toBe(403);
    for (const query of ['', '?days=8', '?days=seven', '?days=7&extra=1']) {
      const response = await call('GET', `/api/admin/analytics${query}`, admin);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await call('GET', '/api/admin/analytics?days=90', admin)).statusCode).toBe(200);
  });

  it('lists riders with their synced trips and garage vehicles, totals by type, no email', async () => {
    const userId = riderId;
    const at = Date.now();
    const vehicle = {
      id: `${userId}:vehicle:veh-1`,
      userId,
      kind: 'vehicle',
      data: {
        vehicleId: 'veh-1',
        type: 'utv',
        make: 'Polaris',
        model: 'RZR XP 1000',
        year: 2021,
        nickname: 'Red',
        odometerMiles: 1480,
        odometerAt: at,
        oilIntervalMiles: null,
        airFilterIntervalMiles: null,
      },
      status: 'pending',
      createdAt: at,
      updatedAt: at,
      _deleted: false,
    };
    const records = await call('POST', `${replicationBasePath('records')}/push`, rider, {
      rows: [{ newDocumentState: vehicle }],
    });
    expect(records.statusCode).toBe(200);
    const trips = await call('POST', `${replicationBasePath('trips')}/push`, rider, {
      rows: [
        {
          newDocumentState: {
            ...makeTrip('trip-a', { userId, distanceMiles: 12.5 }),
            _deleted: false,
          },
        },
        {
          newDocumentState: {
            ...makeTrip('trip-b', { userId, distanceMiles: 3 }),
            _deleted: false,
          },
        },
      ],
    });
    expect(trips.statusCode).toBe(200);

    const response = await call('GET', '/api/admin/fleet', admin);
    expect(response.statusCode).toBe(200);
    const fleet = response.json<FleetOverview>();
    const ridge = fleet.riders.find((entry) => entry.username === 'Ridge')!;
    expect(ridge).toMatchObject({ role: 'user', tripCount: 2, tripMiles: 15.5 });
    expect(ridge.lastSyncAt).toEqual(expect.any(Number));
    expect(ridge.vehicles).toEqual([
      {
        vehicleId: 'veh-1',
        type: 'utv',
        make: 'Polaris',
        model: 'RZR XP 1000',
        year: 2021,
        nickname: 'Red',
        odometerMiles: 1480,
      },
    ]);
    expect(fleet.riders.find((entry) => entry.username === 'admin-one')).toMatchObject({
      role: 'admin',
      tripCount: 0,
      lastSyncAt: null,
      vehicles: [],
    });
    expect(fleet.totalsByType).toContainEqual({ type: 'utv', count: 1 });
    expect(fleet.totalsByType).toContainEqual({ type: 'atv', count: 0 });
    expect(response.body).not.toMatch(/email|password|@/i);
  });
});
