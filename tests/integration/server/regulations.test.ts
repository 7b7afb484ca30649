// Seasons and regulations an admin publishes (sync-server/routes/regulation-routes.ts), on the
// route suite's engines: anyone reads them; only admins publish, with malformed or impossible
// seasons refused with a JSON 400 and nothing stored; a trail season changes the trail's public
// catalogue document, so a device's checkpointed pull delivers it, and a re-seed keeps it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  DuckSeasonPublication,
  PublishedRegulations,
} from '../../../schemas/published-regulations.ts';
import { replicationBasePath, type PullResponse } from '../../../schemas/sync-protocol.ts';
import type { Trail } from '../../../schemas/trails.ts';
import { fileURLToPath } from 'node:url';
import { openServerDatabase } from '../../../sync-server/storage/database.ts';
import { writeMeta } from '../../../sync-server/storage/meta.ts';
import { seedDatabase } from '../../../sync-server/storage/seed-database.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { routeSuiteEngines } from './test-server.ts';

const duckSeason: DuckSeasonPublication = {
  seasonLabel: '2026-27',
  periods: [
    { label: 'Split 1', opens: '2026-11-21', closes: '2026-11-30' },
    { label: 'Split 2', opens: '2026-12-09', closes: '2026-12-22' },
  ],
  limits: ['Daily limit 6 ducks'],
  shootingHours: 'Shooting hours: 30 minutes before sunrise to noon',
  source: 'AGFC 2026-27 Waterfowl Hunting Guidebook',
};

const wolfPenGap = 'wolf-pen-gap-ohv-trail';

describe.each(routeSuiteEngines)('published regulations on %s', (engine) => {
  let server: AuthTestApp;
  let rider: string;
  let admin: string;

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const listed = async () =>
    (await call('GET', '/api/regulations')).json<PublishedRegulations>().regulations;

  beforeEach(async () => {
    server = await buildAuthTestApp(
      { initialAdmin: { username: 'admin-one', password: 'admin password' } },
      {},
      engine,
    );
    await registerUser(server.app, 'Ridge');
    rider = (await login(server.app, 'Ridge')).accessToken;
    admin = (await login(server.app, 'admin-one', 'admin password')).accessToken;
  });
  afterEach(async () => {
    await server.close();
  });

  it('publishes a duck season for everyone to read, and only an admin may', async () => {
    const path = '/api/admin/regulations/duck-season';
    expect((await call('POST', path, undefined, duckSeason)).statusCode).toBe(401);
    expect((await call('POST', path, rider, duckSeason)).statusCode).toBe(403);
    const refused: unknown[] = [
      { ...duckSeason, seasonLabel: '2026-28' },
      { ...duckSeason, periods: [{ label: 'Split 1', opens: '2026-12-01', closes: '2026-11-01' }] },
      { ...duckSeason, periods: [{ label: 'Split 1', opens: '2031-12-01', closes: '2031-12-02' }] },
      { ...duckSeason, periods: [] },
      { ...duckSeason, source: '' },
      { ...duckSeason, note: 'extra' },
    ];
    for (const body of refused) {
      const answer = await call('POST', path, admin, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    expect(await listed()).toEqual([]);

    const published = await call('POST', path, admin, duckSeason);
    expect(published.statusCode).toBe(201);
    const [season] = await listed();
    expect(season).toMatchObject({
      id: 'duck-season:2026-27',
      kind: 'duck-season',
      data: duckSeason,
      publishedBy: 'admin-one',
    });
    // Published again (a correction): replaced, not added.
    const corrected = { ...duckSeason, limits: ['Daily limit 6 ducks; max 4 mallards'] };
    expect((await call('POST', path, admin, corrected)).statusCode).toBe(201);
    expect((await listed()).map((entry) => entry.data)).toEqual([corrected]);
  });

  it('gives a catalogue trail a new season that devices pull, and a re-seed keeps it', async () => {
    const path = '/api/admin/regulations/trail-season';
    const season = {
      trailId: wolfPenGap,
      yearRound: false,
      openFrom: '04-01',
      openUntil: '11-15',
      source: 'Mena-Oden Ranger District, phone call of 2026-11-26',
    };
    const pullFrom = async (checkpoint: unknown) => {
      const query = checkpoint
        ? `checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&`
        : '';
      const answer = await call('GET', `${replicationBasePath('trails')}/pull?${query}limit=500`);
      expect(answer.statusCode).toBe(200);
      return answer.json<PullResponse>();
    };
    // A device that has pulled the whole trail catalogue: its checkpoint.
    let caughtUp = await pullFrom(null);
    while (caughtUp.documents.length > 0) caughtUp = await pullFrom(caughtUp.checkpoint);

    expect((await call('POST', path, rider, season)).statusCode).toBe(403);
    expect(
      (await call('POST', path, admin, { ...season, trailId: 'no-such-trail' })).statusCode,
    ).toBe(404);
    expect((await call('POST', path, admin, { ...season, yearRound: true })).statusCode).toBe(400);
    expect((await call('POST', path, admin, { ...season, openUntil: null })).statusCode).toBe(400);
    expect((await call('POST', path, admin, { ...season, openFrom: '13-01' })).statusCode).toBe(
      400,
    );
    expect(await listed()).toEqual([]);

    expect((await call('POST', path, admin, season)).statusCode).toBe(201);
    // That device, at its next sync, gets the trail again from its checkpoint.
    const pulled = await pullFrom(caughtUp.checkpoint);
    expect(pulled.documents.map((document) => document.id)).toEqual([wolfPenGap]);
    const trail = pulled.documents[0] as unknown as Trail;
    expect(trail.season).toEqual({
      yearRound: false,
      openFrom: '04-01',
      openUntil: '11-15',
      source: expect.stringMatching(
        /^Published by this installation on \d{4}-\d{2}-\d{2} \(source: Mena-Oden Ranger District/,
      ),
    });

    // New shipped data: the operator's season stays over the data's reported one.
    const { db, changeBus } = await openServerDatabase(server.workspace);
    try {
      await writeMeta(db, 'seed_hash', 'data changed');
      const reseed = await seedDatabase(
        db,
        fileURLToPath(new URL('../../../data', import.meta.url)),
      );
      expect(reseed.reseeded).toBe(true);
    } finally {
      await changeBus.close();
      await db.destroy();
    }
    const again = (await call('GET', `/api/trails/${wolfPenGap}`)).json<Trail>();
    expect(again.season).toEqual(trail.season);
  });
});
