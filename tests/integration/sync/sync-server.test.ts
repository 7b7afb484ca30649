// The replication endpoints on SQLite (tests/integration/storage checks the storage layer on both
// engines): checkpointed pulls, pushes with conflicts, server-owned fields, temp- id promotion,
// schema versions, per-user scoping, forged and malformed pushes, and the Server-Sent Events
// stream.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  replicationBasePath,
  schemaVersionOf,
  syncLimits,
  type PullResponse,
  type PushResponse,
  type WireDocument,
} from '../../../schemas/sync-protocol.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { routeSuiteEngines } from '../server/test-server.ts';
import { makeTrip } from './sync-fixtures.ts';

const trips = replicationBasePath('trips');

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function push(app: FastifyInstance, token: string, rows: unknown[], base: string = trips) {
  return app.inject({
    method: 'POST',
    url: `${base}/push`,
    headers: bearer(token),
    payload: { rows },
  });
}

async function pullAll(app: FastifyInstance, token: string | null, base: string = trips) {
  const documents: WireDocument[] = [];
  let checkpoint: PullResponse['checkpoint'] = null;
  for (;;) {
    const query = new URLSearchParams({ limit: '50' });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const response = await app.inject({
      method: 'GET',
      url: `${base}/pull?${query}`,
      headers: token ? bearer(token) : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const batch = response.json<PullResponse>();
    documents.push(...batch.documents);
    checkpoint = batch.checkpoint;
    if (batch.documents.length < 50) return { documents, checkpoint };
  }
}

describe.each(routeSuiteEngines)('sync endpoints on %s', (engine) => {
  let server: AuthTestApp;
  let rider: { id: string; token: string };
  let other: { id: string; token: string };

  beforeEach(async () => {
    server = await buildAuthTestApp({}, {}, engine);
    for (const name of ['Ridge', 'Hollow']) await registerUser(server.app, name);
    const ridge = await login(server.app, 'Ridge');
    const hollow = await login(server.app, 'Hollow');
    rider = { id: ridge.user.id, token: ridge.accessToken };
    other = { id: hollow.user.id, token: hollow.accessToken };
  });
  afterEach(async () => {
    await server.close();
  });

  it('stores a pushed trip with the server-owned fields and pulls it back, only for its owner', async () => {
    const trip = makeTrip('trip-1', { userId: 'anonymous', status: 'pending' });
    const pushed = await push(server.app, rider.token, [
      { newDocumentState: { ...trip, _deleted: false } },
    ]);
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json<PushResponse>().conflicts).toEqual([]);

    const { documents, checkpoint } = await pullAll(server.app, rider.token);
    expect(documents).toEqual([{ ...trip, userId: rider.id, status: 'synced', _deleted: false }]);
    expect(checkpoint?.id).toBe('trip-1');
    expect((await pullAll(server.app, other.token)).documents).toEqual([]);
    const anonymous = await server.app.inject({ method: 'GET', url: `${trips}/pull` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the master state for a stale push and treats a repeated push as done', async () => {
    const original = { ...makeTrip('trip-2'), _deleted: false };
    await push(server.app, rider.token, [{ newDocumentState: original }]);
    const [master] = (await pullAll(server.app, rider.token)).documents;
    const renamed = {
      ...master!,
      name: 'Renamed on the phone',
      updatedAt: (master!.updatedAt as number) + 1,
    };
    const first = await push(server.app, rider.token, [
      { assumedMasterState: master, newDocumentState: renamed },
    ]);
    expect(first.json<PushResponse>().conflicts).toEqual([]);

    // The answer was lost and the phone retries with the same rows: nothing new, no conflict.
    const retry = await push(server.app, rider.token, [
      { assumedMasterState: master, newDocumentState: renamed },
    ]);
    expect(retry.json<PushResponse>().conflicts).toEqual([]);

    // The device that first pushed the trip lost the answer and still holds it as pending:
    // the retry is not stored again, but answers the server's copy so the device marks it synced.
    const pending = { ...makeTrip('trip-3'), status: 'pending', _deleted: false };
    await push(server.app, rider.token, [{ newDocumentState: pending }]);
    const lostAnswer = await push(server.app, rider.token, [{ newDocumentState: pending }]);
    const adopted = lostAnswer.json<PushResponse>().conflicts;
    expect(adopted).toHaveLength(1);
    expect(adopted[0]).toMatchObject({ id: 'trip-3', name: pending.name, status: 'synced' });

    // A second device still assumes the original and renames it differently: conflict.
    const stale = {
      ...master!,
      name: 'Renamed on the tablet',
      updatedAt: (master!.updatedAt as number) + 2,
    };
    const conflicting = await push(server.app, rider.token, [
      { assumedMasterState: master, newDocumentState: stale },
    ]);
    const conflicts = conflicting.json<PushResponse>().conflicts;
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.name).toBe('Renamed on the phone');
    const { documents } = await pullAll(server.app, rider.token);
    expect(documents.find((document) => document.id === 'trip-2')!.name).toBe(
      'Renamed on the phone',
    );
    expect(documents).toHaveLength(2);
  });

  it('pages a pull by checkpoint without skipping or repeating a document', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => ({
      newDocumentState: { ...makeTrip(`trip-${String(index).padStart(3, '0')}`), _deleted: false },
    }));
    await push(server.app, rider.token, rows.slice(0, 70));
    await push(server.app, rider.token, rows.slice(70));
    const { documents } = await pullAll(server.app, rider.token);
    expect(documents.map((document) => document.id).sort()).toEqual(
      rows.map((row) => row.newDocumentState.id).sort(),
    );
  });

  it('refuses a push that names another rider’s document and writes nothing of it', async () => {
    const trip = { ...makeTrip('trip-ridge', { name: 'Ridge’s ride' }), _deleted: false };
    await push(server.app, rider.token, [{ newDocumentState: trip }]);
    const forged = await push(server.app, other.token, [
      { newDocumentState: { ...makeTrip('trip-hollow'), _deleted: false } },
      { newDocumentState: { ...trip, name: 'Stolen', userId: rider.id } },
    ]);
    expect(forged.statusCode).toBe(403);
    expect(forged.json<{ message: string }>().message).toMatch(/another account/);
    expect(
      (await pullAll(server.app, rider.token)).documents.map((document) => document.name),
    ).toEqual(['Ridge’s ride']);
    expect((await pullAll(server.app, other.token)).documents).toEqual([]);
  });

  it('rejects malformed, temp- and oversized pushes whole, with a JSON 4xx', async () => {
    const good = { ...makeTrip('trip-good'), _deleted: false };
    const cases: { rows: unknown; status: number; message: RegExp }[] = [
      {
        rows: [
          { newDocumentState: good },
          { newDocumentState: { ...good, id: 'trip-bad', distanceMiles: -3 } },
        ],
        status: 400,
        message: /distanceMiles/,
      },
      {
        rows: [{ newDocumentState: good }, { newDocumentState: { ...good, id: 'temp-abc' } }],
        status: 400,
        message: /promoted/,
      },
      {
        rows: [{ newDocumentState: good }, { newDocumentState: good }],
        status: 400,
        message: /twice/,
      },
      {
        rows: [{ newDocumentState: { ...good, surprise: true } }],
        status: 400,
        message: /surprise/,
      },
      { rows: 'not rows', status: 400, message: /rows/ },
      {
        rows: Array.from({ length: syncLimits.maxPushRows + 1 }, (_, index) => ({
          newDocumentState: { ...good, id: `trip-${index}` },
        })),
        status: 400,
        message: /500/,
      },
    ];
    for (const { rows, status, message } of cases) {
      const response = await push(server.app, rider.token, rows as unknown[]);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const tooLarge = await server.app.inject({
      method: 'POST',
      url: `${trips}/push`,
      headers: { ...bearer(rider.token), 'content-type': 'application/json' },
      payload: JSON.stringify({
        rows: [{ newDocumentState: { ...good, notes: 'x'.repeat(syncLimits.maxPushBodyBytes) } }],
      }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect((await pullAll(server.app, rider.token)).documents).toEqual([]);
  });

  it('refuses an old app with 426 and says how to fix it; catalogues are read-only', async () => {
    const version = schemaVersionOf('trips');
    const old = await server.app.inject({
      method: 'GET',
      url: `${replicationBasePath('trips', version - 1)}/pull`,
      headers: bearer(rider.token),
    });
    expect(old.statusCode).toBe(426);
    expect(old.json<{ message: string }>().message).toMatch(/out of date.*Reload the app/);
    const newer = await server.app.inject({
      method: 'GET',
      url: `${replicationBasePath('trips', version + 1)}/pull`,
      headers: bearer(rider.token),
    });
    expect(newer.statusCode).toBe(409);
    const trails = replicationBasePath('trails');
    const pushTrail = await push(
      server.app,
      rider.token,
      [{ newDocumentState: { id: 'x', _deleted: false } }],
      trails,
    );
    expect(pushTrail.statusCode).toBe(403);
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/api/sync/users/v0/pull',
      headers: bearer(rider.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets anyone pull the trail catalogue in checkpointed pages', async () => {
    const { documents } = await pullAll(server.app, null, replicationBasePath('trails'));
    expect(documents.length).toBeGreaterThan(100);
    expect(new Set(documents.map((document) => document.id)).size).toBe(documents.length);
  });

  it("lets anyone pull the WMA catalogue, and keeps public WMAs out of a rider's waypoints", async () => {
    const { documents } = await pullAll(server.app, null, replicationBasePath('wmas'));
    expect(documents).toHaveLength(33);
    expect(documents.find((document) => document.id === 'bayou-meto-wma')).toMatchObject({
      name: 'George H. Dunklin Jr. Bayou Meto WMA',
      waterfowl: true,
    });
    const waypoints = await pullAll(server.app, rider.token, replicationBasePath('waypoints'));
    expect(waypoints.documents).toEqual([]);
  });

  it('promotes a temp id to the same canonical id on every retry, per rider', async () => {
    const ask = (token: string, tempIds: string[]) =>
      server.app.inject({
        method: 'POST',
        url: '/api/sync/promotions',
        headers: bearer(token),
        payload: { collection: 'trips', tempIds },
      });
    const first = (await ask(rider.token, ['temp-a', 'temp-b'])).json<{
      promotions: { tempId: string; id: string }[];
    }>();
    const retry = (await ask(rider.token, ['temp-b', 'temp-a'])).json<{
      promotions: { tempId: string; id: string }[];
    }>();
    expect(first.promotions.map((entry) => entry.tempId)).toEqual(['temp-a', 'temp-b']);
    expect(new Map(retry.promotions.map((entry) => [entry.tempId, entry.id]))).toEqual(
      new Map(first.promotions.map((entry) => [entry.tempId, entry.id])),
    );
    const others = (await ask(other.token, ['temp-a'])).json<{
      promotions: { tempId: string; id: string }[];
    }>();
    expect(others.promotions[0]!.id).not.toBe(first.promotions[0]!.id);
    expect((await ask(rider.token, ['not-temp'])).statusCode).toBe(400);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/sync/promotions',
          payload: { collection: 'trips', tempIds: ['temp-a'] },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps one trip context per rider under the fixed key', async () => {
    const base = replicationBasePath('tripContext');
    const context = (name: string) => ({
      id: 'current',
      currentRecommendations: null,
      activeTripPlan: { name },
      recentRecommendedTrails: [],
      tripPlannerHistory: [],
      navigationContext: null,
      updatedAt: 1,
      _deleted: false,
    });
    expect(
      (await push(server.app, rider.token, [{ newDocumentState: context('Ridge plan') }], base))
        .statusCode,
    ).toBe(200);
    expect(
      (await push(server.app, other.token, [{ newDocumentState: context('Hollow plan') }], base))
        .statusCode,
    ).toBe(200);
    const mine = await pullAll(server.app, rider.token, base);
    expect(
      mine.documents.map((document) => (document.activeTripPlan as { name: string }).name),
    ).toEqual(['Ridge plan']);
    const wrongKey = await push(
      server.app,
      rider.token,
      [{ newDocumentState: { ...context('x'), id: 'elsewhere' } }],
      base,
    );
    expect(wrongKey.statusCode).toBe(400);
  });

  it('streams a push to an open Server-Sent Events stream of the same rider', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}${trips}/stream`, {
      headers: bearer(rider.token),
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    await push(server.app, other.token, [
      { newDocumentState: { ...makeTrip('trip-other'), _deleted: false } },
    ]);
    await push(server.app, rider.token, [
      { newDocumentState: { ...makeTrip('trip-streamed'), _deleted: false } },
    ]);
    while (!received.includes('trip-streamed')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value);
    }
    controller.abort();
    const event = received.split('\n').find((line) => line.startsWith('data: '))!;
    const batch = JSON.parse(event.slice('data: '.length)) as PullResponse;
    expect(batch.documents.map((document) => document.id)).toEqual(['trip-streamed']);
    expect(batch.checkpoint?.id).toBe('trip-streamed');
  });
});
