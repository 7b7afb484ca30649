// Rider records (schemas/records.ts) on SQLite (tests/integration/storage checks the storage layer
// on both engines): lesson progress and the game's best score pushed by one device reach the
// rider's other device through a pull; a record under another rider's id, of an unknown kind or
// with data its kind does not allow is refused (400) and nothing is stored.
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

function lessonRecord(userId: string, lessonId: string, bestScore = 4): RiderRecord {
  return {
    id: `${userId}:skillProgress:${lessonId}`,
    userId,
    kind: 'skillProgress',
    data: { lessonId, completedAt: at, bestScore, questionCount: 4, attempts: 1 },
    status: 'pending',
    createdAt: at,
    updatedAt: at,
  };
}

async function push(app: FastifyInstance, token: string, document: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `${records}/push`,
    headers: { authorization: `Bearer ${token}` },
    payload: { rows: [{ newDocumentState: { ...document, _deleted: false } }] },
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

describe.each(routeSuiteEngines)('rider records on %s', (engine) => {
  let server: AuthTestApp;
  let ridge: { id: string; token: string };
  let hollow: { id: string; token: string };

  beforeEach(async () => {
    server = await buildAuthTestApp({}, {}, engine);
    for (const name of ['Ridge', 'Hollow']) await registerUser(server.app, name);
    const r = await login(server.app, 'Ridge');
    const h = await login(server.app, 'Hollow');
    ridge = { id: r.user.id, token: r.accessToken };
    hollow = { id: h.user.id, token: h.accessToken };
  });
  afterEach(async () => {
    await server.close();
  });

  it('keeps lesson progress and the best game score per rider, marked synced', async () => {
    expect(
      (await push(server.app, ridge.token, lessonRecord(ridge.id, 'terrain-mastery'))).statusCode,
    ).toBe(200);
    const game: RiderRecord = {
      id: `${ridge.id}:gameBest`,
      userId: 'anonymous',
      kind: 'gameBest',
      data: { bestScore: 70, maxScore: 80, achievedAt: at, gamesPlayed: 2 },
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    };
    expect((await push(server.app, ridge.token, game)).statusCode).toBe(200);

    const mine = await pullAll(server.app, ridge.token);
    expect(mine.map((document) => document.id).sort()).toEqual(
      [`${ridge.id}:gameBest`, `${ridge.id}:skillProgress:terrain-mastery`].sort(),
    );
    for (const document of mine) {
      expect(document).toMatchObject({ userId: ridge.id, status: 'synced' });
    }
    expect(mine.find((document) => document.kind === 'gameBest')?.data).toEqual(game.data);
    expect(await pullAll(server.app, hollow.token)).toEqual([]);
  });

  it('keeps a day’s pre-ride check under its date and refuses one filed under another day', async () => {
    const check: RiderRecord = {
      id: `${ridge.id}:preRideCheck:2026-11-27`,
      userId: ridge.id,
      kind: 'preRideCheck',
      data: { date: '2026-11-27', completedAt: at, itemCount: 9 },
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    };
    const otherDay = await push(server.app, ridge.token, {
      ...check,
      data: { ...check.data, date: '2026-11-28' },
    });
    expect(otherDay.statusCode).toBe(400);
    const badDate = await push(server.app, ridge.token, {
      ...check,
      id: `${ridge.id}:preRideCheck:2026-13-01`,
      data: { ...check.data, date: '2026-13-01' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(await pullAll(server.app, ridge.token)).toEqual([]);
    expect((await push(server.app, ridge.token, check)).statusCode).toBe(200);
    expect((await pullAll(server.app, ridge.token)).map((document) => document.data)).toEqual([
      check.data,
    ]);
  });

  it('refuses another rider’s id, an unknown kind and bad data, and stores nothing', async () => {
    const forged = await push(server.app, ridge.token, lessonRecord(hollow.id, 'terrain-mastery'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ message: string }>().message).toContain(
      `must be "${ridge.id}:skillProgress:terrain-mastery"`,
    );
    const anonymous = await push(
      server.app,
      ridge.token,
      lessonRecord('anonymous', 'weather-mastery'),
    );
    expect(anonymous.statusCode).toBe(400);
    const unknownKind = await push(server.app, ridge.token, {
      ...lessonRecord(ridge.id, 'terrain-mastery'),
      kind: 'vehicleX',
    });
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json<{ message: string }>().message).toMatch(/kind must be one of/);
    const badScore = await push(server.app, ridge.token, {
      ...lessonRecord(ridge.id, 'terrain-mastery'),
      data: {
        lessonId: 'terrain-mastery',
        completedAt: at,
        bestScore: -1,
        questionCount: 4,
        attempts: 1,
      },
    });
    expect(badScore.statusCode).toBe(400);
    expect(badScore.json<{ message: string }>().message).toMatch(
      /not a valid skillProgress record/,
    );
    const extraKey = await push(server.app, ridge.token, {
      ...lessonRecord(ridge.id, 'terrain-mastery'),
      data: { ...lessonRecord(ridge.id, 'terrain-mastery').data, note: 'x' },
    });
    expect(extraKey.statusCode).toBe(400);
    expect(await pullAll(server.app, ridge.token)).toEqual([]);
  });
});
