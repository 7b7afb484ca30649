// Garage records (schemas/records.ts kinds `vehicle` and `maintenance`) on SQLite (route level;
// tests/integration/storage checks the storage layer on both engines): a vehicle and its
// maintenance entry pushed by one device reach the rider's other device; a removed vehicle comes
// back as deleted; bad vehicle or maintenance data, or an id that does not name the rider and the
// subject, is refused with a 400 and nothing is stored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RiderRecord } from '../../../schemas/records.ts';
import { replicationBasePath, type PullResponse } from '../../../schemas/sync-protocol.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { routeSuiteEngines } from '../server/test-server.ts';

const records = replicationBasePath('records');
const at = 1_795_000_000_000;
const vehicleId = '3f1c2a9e-7b1d-4c55-9d0e-1a2b3c4d5e6f';

function vehicleRecord(userId: string, data: Record<string, unknown> = {}): RiderRecord {
  return {
    id: `${userId}:vehicle:${vehicleId}`,
    userId,
    kind: 'vehicle',
    data: {
      vehicleId,
      type: 'utv',
      make: 'Polaris',
      model: 'RZR XP 1000',
      year: 2021,
      nickname: 'Red',
      odometerMiles: 1480,
      odometerAt: at,
      oilIntervalMiles: null,
      airFilterIntervalMiles: null,
      ...data,
    },
    status: 'pending',
    createdAt: at,
    updatedAt: at,
  };
}

function maintenanceRecord(userId: string, data: Record<string, unknown> = {}): RiderRecord {
  return {
    id: `${userId}:maintenance:entry-1`,
    userId,
    kind: 'maintenance',
    data: {
      entryId: 'entry-1',
      vehicleId,
      service: 'cvtBelt',
      date: '2026-10-04',
      odometerMiles: 1200,
      notes: 'Gates belt',
      ...data,
    },
    status: 'pending',
    createdAt: at,
    updatedAt: at,
  };
}

async function push(
  app: FastifyInstance,
  token: string,
  document: Record<string, unknown>,
  deleted = false,
) {
  return app.inject({
    method: 'POST',
    url: `${records}/push`,
    headers: { authorization: `Bearer ${token}` },
    payload: { rows: [{ newDocumentState: { ...document, _deleted: deleted } }] },
  });
}

async function pullAll(app: FastifyInstance, token: string): Promise<PullResponse['documents']> {
  const response = await app.inject({
    method: 'GET',
    url: `${records}/pull?limit=500`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<PullResponse>().documents;
}

describe.each(routeSuiteEngines)('garage records on %s', (engine) => {
  let server: AuthTestApp;
  let ridge: { id: string; token: string };

  beforeEach(async () => {
    server = await buildAuthTestApp({}, {}, engine);
    await registerUser(server.app, 'Ridge');
    const r = await login(server.app, 'Ridge');
    ridge = { id: r.user.id, token: r.accessToken };
  });
  afterEach(async () => {
    await server.close();
  });

  it('keeps a vehicle and its maintenance entry for the rider, and a removal', async () => {
    const vehicle = vehicleRecord(ridge.id);
    expect((await push(server.app, ridge.token, vehicle)).statusCode).toBe(200);
    const entry = maintenanceRecord(ridge.id);
    expect((await push(server.app, ridge.token, entry)).statusCode).toBe(200);

    const pulled = await pullAll(server.app, ridge.token);
    expect(pulled.map((document) => document.kind).sort()).toEqual(['maintenance', 'vehicle']);
    expect(pulled.find((document) => document.kind === 'vehicle')?.data).toEqual(vehicle.data);
    expect(pulled.find((document) => document.kind === 'maintenance')).toMatchObject({
      data: entry.data,
      status: 'synced',
      _deleted: false,
    });

    const stored = pulled.find((document) => document.kind === 'vehicle')!;
    const removed = await server.app.inject({
      method: 'POST',
      url: `${records}/push`,
      headers: { authorization: `Bearer ${ridge.token}` },
      payload: {
        rows: [
          {
            assumedMasterState: stored,
            newDocumentState: { ...vehicle, updatedAt: at + 1, _deleted: true },
          },
        ],
      },
    });
    expect(removed.statusCode).toBe(200);
    const after = await pullAll(server.app, ridge.token);
    expect(after.find((document) => document.kind === 'vehicle')?._deleted).toBe(true);
  });

  it.each([
    ['an unknown vehicle type', { type: 'hovercraft' }, /data\/type must be equal to one of/],
    ['a negative odometer', { odometerMiles: -5 }, /data\/odometerMiles must be >= 0/],
    ['a year as text', { year: '2021' }, /data\/year must be integer,null/],
    ['an empty make', { make: '' }, /data\/make must NOT have fewer than 1 characters/],
    ['a zero oil interval', { oilIntervalMiles: 0 }, /data\/oilIntervalMiles must be > 0/],
    ['a key no vehicle has', { colour: 'red' }, /must NOT have additional property 'colour'/],
  ])('refuses a vehicle with %s and stores nothing', async (_name, change, message) => {
    const response = await push(server.app, ridge.token, vehicleRecord(ridge.id, change));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/not a valid vehicle record/);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await pullAll(server.app, ridge.token)).toEqual([]);
  });

  it('refuses bad maintenance data and ids that do not name the subject', async () => {
    const badDate = await push(
      server.app,
      ridge.token,
      maintenanceRecord(ridge.id, { date: '2026-13-01' }),
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<{ message: string }>().message).toMatch(/not a valid maintenance record/);
    const badService = await push(
      server.app,
      ridge.token,
      maintenanceRecord(ridge.id, { service: 'wash' }),
    );
    expect(badService.statusCode).toBe(400);
    const wrongId = await push(server.app, ridge.token, {
      ...vehicleRecord(ridge.id),
      id: `${ridge.id}:vehicle:someone-else`,
    });
    expect(wrongId.statusCode).toBe(400);
    expect(wrongId.json<{ message: string }>().message).toContain(
      `must be "${ridge.id}:vehicle:${vehicleId}"`,
    );
    const anonymous = await push(server.app, ridge.token, vehicleRecord('anonymous'));
    expect(anonymous.statusCode).toBe(400);
    expect(await pullAll(server.app, ridge.token)).toEqual([]);
  });
});
