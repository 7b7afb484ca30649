// Riders' campground reviews on SQLite (tests/integration/storage checks the storage layer on both
// engines): pushed like trips, one per rider and campground, folded by the server into the
// campground's ratings that every client pulls with the catalogue; an admin hides a review and the
// rating follows; bad input changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CampgroundReview } from '../../../schemas/campground-reviews.ts';
import type { Campground } from '../../../schemas/campgrounds.ts';
import { replicationBasePath, type PullResponse } from '../../../schemas/sync-protocol.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { routeSuiteEngines } from '../server/test-server.ts';

const reviews = replicationBasePath('campgroundReviews');
const campgroundId = 'bear-creek-lake-recreation-area';

function review(userId: string, overall: number, text = ''): CampgroundReview {
  return {
    id: `${userId}:${campgroundId}`,
    userId,
    campgroundId,
    overall,
    cleanliness: 4,
    facilities: 3,
    location: 5,
    value: overall,
    text,
    status: 'pending',
    createdAt: 1_760_000_000_000,
    updatedAt: 1_760_000_000_000,
  };
}

async function pushReview(
  app: FastifyInstance,
  token: string,
  document: CampgroundReview,
  assumed?: CampgroundReview,
) {
  return app.inject({
    method: 'POST',
    url: `${reviews}/push`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      rows: [
        {
          ...(assumed ? { assumedMasterState: { ...assumed, _deleted: false } } : {}),
          newDocumentState: { ...document, _deleted: false },
        },
      ],
    },
  });
}

/** The campground as a signed-out client pulls the catalogue. */
async function pulledCampground(app: FastifyInstance): Promise<Campground> {
  const response = await app.inject({ method: 'GET', url: '/api/campgrounds' });
  expect(response.statusCode).toBe(200);
  return response.json<Campground[]>().find((campground) => campground.id === campgroundId)!;
}

describe.each(routeSuiteEngines)('campground reviews on %s', (engine) => {
  let server: AuthTestApp;
  let ridge: { id: string; token: string };
  let hollow: { id: string; token: string };
  let admin: string;

  beforeEach(async () => {
    server = await buildAuthTestApp(
      { initialAdmin: { username: 'admin-one', password: 'admin password' } },
      {},
      engine,
    );
    for (const name of ['Ridge', 'Hollow']) await registerUser(server.app, name);
    const r = await login(server.app, 'Ridge');
    const h = await login(server.app, 'Hollow');
    ridge = { id: r.user.id, token: r.accessToken };
    hollow = { id: h.user.id, token: h.accessToken };
    admin = (await login(server.app, 'admin-one', 'admin password')).accessToken;
  });
  afterEach(async () => {
    await server.close();
  });

  it('turns riders’ reviews into the campground’s rating for everyone, in the catalogue pull too', async () => {
    expect((await pulledCampground(server.app)).ratings).toEqual({
      overall: null,
      cleanliness: null,
      facilities: null,
      location: null,
      value: null,
      reviewsCount: 0,
    });
    const before = await pulledCampground(server.app);
    const checkpoint = { id: before.id, serverTime: before.updatedAt };

    expect((await pushReview(server.app, ridge.token, review(ridge.id, 5))).statusCode).toBe(200);
    expect((await pushReview(server.app, hollow.token, review(hollow.id, 4))).statusCode).toBe(200);
    const rated = await pulledCampground(server.app);
    expect(rated.ratings).toEqual({
      overall: 4.5,
      cleanliness: 4,
      facilities: 3,
      location: 5,
      value: 4.5,
      reviewsCount: 2,
    });

    // A replicating client's checkpointed pull of the catalogue delivers the new rating.
    const pulled = await server.app.inject({
      method: 'GET',
      url: `${replicationBasePath('campgrounds')}/pull?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}&limit=500`,
    });
    const changed = pulled.json<PullResponse>().documents.find((doc) => doc.id === campgroundId);
    expect((changed as unknown as Campground).ratings.reviewsCount).toBe(2);

    // Editing a review replaces it: still one per rider.
    const first = review(ridge.id, 5);
    const edited = { ...first, overall: 2, value: 2, updatedAt: first.updatedAt + 1 };
    const serverCopy = { ...first, userId: ridge.id, status: 'synced' as const };
    expect((await pushReview(server.app, ridge.token, edited, serverCopy)).statusCode).toBe(200);
    expect((await pulledCampground(server.app)).ratings).toMatchObject({
      overall: 3,
      reviewsCount: 2,
    });
  });

  it('refuses a review under another id or with bad scores, and changes nothing', async () => {
    const wrongId = { ...review(ridge.id, 5), id: `${hollow.id}:${campgroundId}` };
    const forged = await pushReview(server.app, ridge.token, wrongId);
    expect(forged.statusCode).toBe(400);
    const badScore = await pushReview(server.app, ridge.token, {
      ...review(ridge.id, 5),
      overall: 9,
    });
    expect(badScore.statusCode).toBe(400);
    expect(badScore.json<{ message: string }>().message).toMatch(/not a valid campgroundReviews/);
    expect((await pulledCampground(server.app)).ratings.reviewsCount).toBe(0);
  });

  it('lets an admin hide a review so it stops counting, and no one else', async () => {
    await pushReview(server.app, ridge.token, review(ridge.id, 5, 'Great spot'));
    await pushReview(server.app, hollow.token, review(hollow.id, 1, 'spam spam'));
    expect((await pulledCampground(server.app)).ratings.overall).toBe(3);

    const hideUrl = `/api/admin/campground-reviews/${encodeURIComponent(`${hollow.id}:${campgroundId}`)}/hidden`;
    const asRider = await server.app.inject({
      method: 'POST',
      url: hideUrl,
      headers: { authorization: `Bearer ${ridge.token}` },
      payload: { hidden: true },
    });
    expect(asRider.statusCode).toBe(403);
    const badBody = await server.app.inject({
      method: 'POST',
      url: hideUrl,
      headers: { authorization: `Bearer ${admin}` },
      payload: { hidden: 'yes' },
    });
    expect(badBody.statusCode).toBe(400);
    expect((await pulledCampground(server.app)).ratings.overall).toBe(3);

    const hidden = await server.app.inject({
      method: 'POST',
      url: hideUrl,
      headers: { authorization: `Bearer ${admin}` },
      payload: { hidden: true },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await pulledCampground(server.app)).ratings).toMatchObject({
      overall: 5,
      reviewsCount: 1,
    });

    const list = await server.app.inject({
      method: 'GET',
      url: `/api/admin/campgrounds/${campgroundId}/reviews`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(
      list.json<{ reviews: { text: string; hidden: boolean; username: string }[] }>().reviews,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'spam spam', hidden: true, username: 'Hollow' }),
        expect.objectContaining({ text: 'Great spot', hidden: false, username: 'Ridge' }),
      ]),
    );
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/admin/campground-reviews/nobody%3Anowhere/hidden',
      headers: { authorization: `Bearer ${admin}` },
      payload: { hidden: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});
