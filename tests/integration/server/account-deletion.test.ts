// A rider deleting their own account through POST /api/account/deletion on SQLite (the storage
// layer is checked on both engines in tests/integration/storage): the password is asked again and
// a wrong one, a malformed body or no token change nothing; the deletion takes every synced
// document of theirs (trail submissions waiting for review too), their group rides and
// memberships, recomputes the ratings of the campgrounds they reviewed and keeps the public trail
// their approved submission became without their name; a repeat of the same request answers the
// same and is carried out once; their other device's still-valid token gets 410
// `account-deleted`; the admin's fleet page counts the deletion and nothing else.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accountDeletionPath,
  type AccountDeletionAnswer,
} from '../../../schemas/account-deletion.ts';
import type { FleetOverview } from '../../../schemas/analytics.ts';
import type { CampgroundReview } from '../../../schemas/campground-reviews.ts';
import type { Campground } from '../../../schemas/campgrounds.ts';
import type { GroupRide } from '../../../schemas/group-rides.ts';
import { replicationBasePath, type PullResponse } from '../../../schemas/sync-protocol.ts';
import {
  riderTrailId,
  unreviewed,
  type TrailSubmissionData,
} from '../../../schemas/trail-submissions.ts';
import type { Trail } from '../../../schemas/trails.ts';
import {
  buildAuthTestApp,
  errorMessage,
  login,
  readTable,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { makeTrip } from '../sync/sync-fixtures.ts';
import { routeSuiteEngines } from './test-server.ts';

const campgroundId = 'bear-creek-lake-recreation-area';
const password = 'correct horse battery';
const hour = 60 * 60 * 1000;

/** A real-shaped line near Jasper, Newton County: the start decides the county. */
const line: [number, number][] = Array.from({ length: 12 }, (_, index) => [
  Math.round((-93.2 + index * 0.0005) * 1e6) / 1e6,
  Math.round((36.0 + Math.sin(index / 6) * 0.002) * 1e6) / 1e6,
]);

function submission(userId: string, submissionId: string, name: string) {
  const data: TrailSubmissionData = {
    submissionId,
    name,
    activities: ['atv'],
    difficulty: 'moderate',
    season: { yearRound: false, openFrom: '04-01', openUntil: '11-30' },
    notes: 'Gate at the county road.',
    origin: 'drawn',
    line,
    lengthMiles: 0.4,
    submittedAt: 1_795_000_000_000,
    review: unreviewed,
  };
  return {
    id: `${userId}:trailSubmission:${submissionId}`,
    userId,
    kind: 'trailSubmission',
    data,
    status: 'pending',
    createdAt: 1_795_000_000_000,
    updatedAt: 1_795_000_000_000,
  };
}

function review(userId: string, overall: number): CampgroundReview {
  return {
    id: `${userId}:${campgroundId}`,
    userId,
    campgroundId,
    overall,
    cleanliness: overall,
    facilities: overall,
    location: overall,
    value: overall,
    text: '',
    status: 'pending',
    createdAt: 1_760_000_000_000,
    updatedAt: 1_760_000_000_000,
  };
}

describe.each(routeSuiteEngines)('account deletion on %s', (engine) => {
  let server: AuthTestApp;
  let app: FastifyInstance;
  let ridge: { id: string; token: string; otherDevice: string; otherDeviceRefresh: string };
  let hollow: { id: string; token: string };
  let admin: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload ? { payload } : {}),
    });
  const push = async (token: string, collection: string, documents: object[]) => {
    const response = await call(
      'POST',
      `${replicationBasePath(collection as 'trips')}/push`,
      token,
      {
        rows: documents.map((document) => ({ newDocumentState: { ...document, _deleted: false } })),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const pull = async (token: string, collection: string) =>
    call('GET', `${replicationBasePath(collection as 'trips')}/pull`, token);
  const campground = async () =>
    (await call('GET', '/api/campgrounds'))
      .json<Campground[]>()
      .find((entry) => entry.id === campgroundId)!;
  const deletion = (token: string | undefined, body: object) =>
    call('POST', accountDeletionPath, token, body);

  beforeEach(async () => {
    server = await buildAuthTestApp(
      { initialAdmin: { username: 'admin-one', password: 'admin password' } },
      {},
      engine,
    );
    app = server.app;
    const ridgeUser = await registerUser(app, 'Ridge');
    await registerUser(app, 'Hollow');
    const otherDevice = await login(app, 'Ridge');
    ridge = {
      id: ridgeUser.id,
      token: (await login(app, 'Ridge')).accessToken,
      otherDevice: otherDevice.accessToken,
      otherDeviceRefresh: otherDevice.refreshToken,
    };
    const hollowLogin = await login(app, 'Hollow');
    hollow = { id: hollowLogin.user.id, token: hollowLogin.accessToken };
    admin = (await login(app, 'admin-one', 'admin password')).accessToken;
  });
  afterEach(async () => {
    await server.close();
  });

  /** Ridge's trips, reviews, an approved and a waiting submission, and group rides. */
  async function ridgeRidesAndShares() {
    await push(ridge.token, 'trips', [makeTrip('trip-ridge-1', { userId: ridge.id })]);
    await push(ridge.token, 'campgroundReviews', [review(ridge.id, 1)]);
    await push(hollow.token, 'campgroundReviews', [review(hollow.id, 5)]);
    const approved = submission(ridge.id, 'sub-approved', 'Cave Creek Bench Loop');
    await push(ridge.token, 'records', [approved, submission(ridge.id, 'sub-waiting', 'Waiting')]);
    const decided = await call(
      'POST',
      `/api/admin/trail-submissions/${encodeURIComponent(approved.id)}/review`,
      admin,
      { decision: 'approve' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const plan = {
      trailId: 'brock-creek-ohv-trail',
      trailheadId: 'trailhead-austin-trailhead-brock-creek-ohv',
      startsAt: Date.now() + 48 * hour,
      vehicleTypes: ['atv'],
      sizeLimit: 4,
      notes: 'Ridge brings the tow strap.',
    };
    const organised = (await call('POST', '/api/group-rides', ridge.token, plan)).json<{
      ride: GroupRide;
    }>().ride;
    const hollowRide = (await call('POST', '/api/group-rides', hollow.token, plan)).json<{
      ride: GroupRide;
    }>().ride;
    await call('POST', `/api/group-rides/${hollowRide.id}/join`, ridge.token);
    await call('PUT', `/api/group-rides/${hollowRide.id}/sharing`, ridge.token, { share: true });
    const reported = await call('PUT', `/api/group-rides/${hollowRide.id}/position`, ridge.token, {
      longitude: -93.1,
      latitude: 35.6,
      accuracyMeters: 8,
      recordedAt: Date.now(),
    });
    expect(reported.statusCode).toBe(204);
    return { organised, hollowRide, trailId: riderTrailId('sub-approved') };
  }

  it('refuses a wrong password, a malformed body and no token, changing nothing', async () => {
    await ridgeRidesAndShares();
    const documentsBefore = await readTable(server.workspace, 'user_documents');
    const requestId = crypto.randomUUID();

    const wrong = await deletion(ridge.token, { password: 'not my password', requestId });
    expect(wrong.statusCode).toBe(403);
    expect(errorMessage(wrong)).toMatch(/password/i);
    for (const body of [
      { password },
      { password, requestId: 'not-a-uuid' },
      { password: '', requestId },
      { password, requestId, extra: true },
    ]) {
      const malformed = await deletion(ridge.token, body);
      expect(malformed.statusCode, JSON.stringify(body)).toBe(400);
      errorMessage(malformed);
    }
    const anonymous = await deletion(undefined, { password, requestId });
    expect(anonymous.statusCode).toBe(401);
    errorMessage(anonymous);

    expect(await readTable(server.workspace, 'user_documents')).toEqual(documentsBefore);
    expect(await readTable(server.workspace, 'account_deletions')).toEqual([]);
    expect((await call('GET', '/api/auth/user', ridge.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/group-rides/mine', ridge.token)).statusCode).toBe(200);
  });

  it('deletes everything of the rider once, keeps their trail without the name, tells other devices', async () => {
    const { organised, hollowRide, trailId } = await ridgeRidesAndShares();
    expect((await campground()).ratings).toMatchObject({ overall: 3, reviewsCount: 2 });
    const credited = (await call('GET', `/api/trails/${trailId}`)).json<Trail>();
    expect(credited.sources.join(' ')).toContain('Ridge');

    const requestId = crypto.randomUUID();
    const first = await deletion(ridge.token, { password, requestId });
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<AccountDeletionAnswer>();
    expect(answer).toMatchObject({ status: 'deleted', requestId });

    // A retry of the same request (its answer lost on the way) answers the same.
    const repeat = await deletion(ridge.token, { password, requestId });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(answer);
    const recorded = await readTable(server.workspace, 'account_deletions');
    expect(recorded).toEqual([
      { user_id: ridge.id, request_id: requestId, deleted_at: answer.deletedAt },
    ]);

    // Nothing of Ridge's stays in the synced documents; Hollow's review stays.
    const documents = await readTable(server.workspace, 'user_documents');
    expect(documents.filter((row) => row.owner_id === ridge.id)).toEqual([]);
    expect(documents.filter((row) => row.owner_id === hollow.id)).toHaveLength(1);
    expect((await campground()).ratings).toMatchObject({ overall: 5, reviewsCount: 1 });

    // The public trail keeps its line and description, not the submitter's name.
    const anonymous = (await call('GET', `/api/trails/${trailId}`)).json<Trail>();
    expect(anonymous.path).toEqual(credited.path);
    expect(anonymous.notes).toBe(credited.notes);
    expect(anonymous.name).toBe('Cave Creek Bench Loop');
    expect(JSON.stringify(anonymous)).not.toContain('Ridge');
    expect(anonymous.sources[0]).toMatch(
      /^rider submission, reviewed: submitted by a rider whose account was deleted, reviewed \d{4}-\d{2}-\d{2}$/,
    );

    // Group rides: their own ride is gone, their membership and position in Hollow's too.
    expect((await call('GET', `/api/group-rides/${organised.id}`, hollow.token)).statusCode).toBe(
      404,
    );
    const members = await readTable(server.workspace, 'group_ride_members');
    expect(members.filter((row) => row.user_id === ridge.id)).toEqual([]);
    expect(members.filter((row) => row.ride_id === hollowRide.id)).toHaveLength(1);

    // The account: soft-deleted without its email, every refresh token revoked.
    const [user] = (await readTable(server.workspace, 'users')).filter(
      (row) => row.id === ridge.id,
    );
    expect(user).toMatchObject({ email: null, deleted_at: answer.deletedAt });
    const tokens = (await readTable(server.workspace, 'refresh_tokens')).filter(
      (row) => row.user_id === ridge.id,
    );
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((row) => row.revoked_at !== null)).toBe(true);

    // Ridge's other device learns of it on its next contact.
    for (const response of [
      await pull(ridge.otherDevice, 'trips'),
      await call('GET', '/api/auth/user', ridge.otherDevice),
      await deletion(ridge.otherDevice, { password, requestId: crypto.randomUUID() }),
      // A device offline past its access token's life learns of it when it refreshes.
      await call('POST', '/api/auth/refresh', undefined, {
        refreshToken: ridge.otherDeviceRefresh,
      }),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ code: 'account-deleted', error: 'Gone' });
    }
    expect(await readTable(server.workspace, 'account_deletions')).toHaveLength(1);
    // Signing in again is refused like any deleted account.
    const signIn = await call('POST', '/api/auth/login', undefined, {
      username: 'Ridge',
      password,
    });
    expect(signIn.statusCode).toBe(401);
    // Hollow is untouched.
    expect(
      (await pull(hollow.token, 'campgroundReviews')).json<PullResponse>().documents,
    ).toHaveLength(1);

    // The admin sees one deletion this month and nothing of the account.
    const fleet = (await call('GET', '/api/admin/fleet', admin)).json<FleetOverview>();
    expect(fleet.deletionsByMonth).toEqual([
      { month: new Date(answer.deletedAt).toISOString().slice(0, 7), count: 1 },
    ]);
    expect(fleet.riders.map((rider) => rider.username)).not.toContain('Ridge');
  });
});
