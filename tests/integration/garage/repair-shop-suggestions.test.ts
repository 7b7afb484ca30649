// Repair shops from rider suggestions reviewed by an admin, on SQLite (tests/integration/storage
// checks the storage layer on both engines): a rider suggests, nobody else sees it until an admin
// approves, a rejection carries its reason back to the rider, and bad, unauthorised or repeated
// requests get a JSON 4xx and change nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RepairShopSubmission, RepairShopSuggestion } from '../../../schemas/repair-shops.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { routeSuiteEngines } from '../server/test-server.ts';

const shop: RepairShopSuggestion = {
  name: 'Ridge Powersports Service',
  town: 'Mountain View',
  phone: '(870) 555-0100',
  website: null,
  services: 'Polaris and Can-Am belts, clutches and electrical',
  howYouKnow: 'They replaced my RZR belt in June 2026',
};

describe.each(routeSuiteEngines)('repair shop suggestions on %s', (engine) => {
  let server: AuthTestApp;
  let rider: string;
  let admin: string;

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload ? { payload } : {}),
    });
  const publicShops = async () =>
    (await call('GET', '/api/repair-shops')).json<{ shops: RepairShopSubmission[] }>().shops;
  const suggest = async (payload: object = shop) => {
    const response = await call('POST', '/api/repair-shops/suggestions', rider, payload);
    return {
      response,
      submission: response.json<{ submission: RepairShopSubmission }>().submission,
    };
  };

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

  it('lists a suggested shop publicly only after an admin approves it, crediting the rider', async () => {
    const { response, submission } = await suggest();
    expect(response.statusCode).toBe(201);
    expect(submission).toMatchObject({ status: 'pending', submittedBy: 'Ridge', shop });
    expect(await publicShops()).toEqual([]);

    const queue = await call('GET', '/api/admin/repair-shop-suggestions', admin);
    expect(queue.json<{ submissions: RepairShopSubmission[] }>().submissions).toHaveLength(1);
    const review = await call(
      'POST',
      `/api/admin/repair-shop-suggestions/${submission.id}/review`,
      admin,
      { decision: 'approve' },
    );
    expect(review.statusCode).toBe(200);

    const shops = await publicShops();
    expect(shops).toHaveLength(1);
    expect(shops[0]).toMatchObject({ status: 'approved', submittedBy: 'Ridge', shop });
    expect(shops[0]!.reviewedAt).toEqual(expect.any(Number));
  });

  it('tells the rider why a shop was rejected, and reviews each suggestion once', async () => {
    const { submission } = await suggest();
    const url = `/api/admin/repair-shop-suggestions/${submission.id}/review`;
    const noReason = await call('POST', url, admin, { decision: 'reject', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: expect.any(String) });

    const reason = 'Could not confirm the shop: the phone number is not in service.';
    expect((await call('POST', url, admin, { decision: 'reject', reason })).statusCode).toBe(200);
    const mine = await call('GET', '/api/repair-shops/suggestions/mine', rider);
    expect(mine.json<{ submissions: RepairShopSubmission[] }>().submissions[0]).toMatchObject({
      status: 'rejected',
      reason,
    });
    expect((await call('POST', url, admin, { decision: 'approve' })).statusCode).toBe(409);
    expect(await publicShops()).toEqual([]);
  });

  it('refuses bad, unauthorised and unknown requests with a JSON 4xx and stores nothing', async () => {
    expect((await call('POST', '/api/repair-shops/suggestions', undefined, shop)).statusCode).toBe(
      401,
    );
    for (const bad of [
      { ...shop, name: '' },
      { ...shop, website: 'javascript:alert(1)' },
      { ...shop, phone: 'call me maybe' },
      { ...shop, services: 'x'.repeat(501) },
      { ...shop, rating: 5 },
    ]) {
      const { response } = await suggest(bad);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
    const { submission } = await suggest();
    const url = `/api/admin/repair-shop-suggestions/${submission.id}/review`;
    expect((await call('POST', url, rider, { decision: 'approve' })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/repair-shop-suggestions', rider)).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/api/admin/repair-shop-suggestions/no-such-id/review', admin, {
          decision: 'approve',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', url, admin, { decision: 'maybe' })).statusCode).toBe(400);
    const mine = await call('GET', '/api/repair-shops/suggestions/mine', rider);
    expect(mine.json<{ submissions: RepairShopSubmission[] }>().submissions).toHaveLength(1);
    expect(await publicShops()).toEqual([]);
  });
});
