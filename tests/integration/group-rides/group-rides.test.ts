// Group rides on SQLite (tests/integration/storage checks the storage layer on both engines): a
// rider creates a ride from the catalogue, others join and leave up to the size limit, the
// organiser edits and cancels, members who opt in share positions (others never appear), the ride's
// stream carries changes live, and bad, oversized or unauthorised requests get a JSON 4xx and
// change nothing.
import { createParser } from 'eventsource-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GroupRide, GroupRidePlan, GroupRidePosition } from '../../../schemas/group-rides.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { positionReportsPerMinute } from '../../../sync-server/routes/group-ride-routes.ts';
import { routeSuiteEngines } from '../server/test-server.ts';

const hour = 60 * 60 * 1000;
const plan = (): GroupRidePlan => ({
  trailId: 'brock-creek-ohv-trail',
  trailheadId: 'trailhead-austin-trailhead-brock-creek-ohv',
  startsAt: Date.now() + 48 * hour,
  vehicleTypes: ['atv', 'utv'],
  sizeLimit: 3,
  notes: 'Bring a tow strap.',
});

describe.each(routeSuiteEngines)('group rides on %s', (engine) => {
  let server: AuthTestApp;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, rider?: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      ...(rider ? { headers: { authorization: `Bearer ${tokens[rider]}` } } : {}),
      ...(payload ? { payload } : {}),
    });
  const create = async (body: object = plan()) => {
    const response = await call('POST', '/api/group-rides', 'Ana', body);
    return { response, ride: response.json<{ ride: GroupRide }>().ride };
  };
  const rideOf = async (id: string, rider = 'Ana') =>
    (await call('GET', `/api/group-rides/${id}`, rider)).json<{ ride: GroupRide }>().ride;
  const positionsOf = async (id: string, rider: string) =>
    (await call('GET', `/api/group-rides/${id}/positions`, rider)).json<{
      positions: GroupRidePosition[];
    }>().positions;

  beforeEach(async () => {
    server = await buildAuthTestApp({}, {}, engine);
    for (const name of ['Ana', 'Ben', 'Cat', 'Dee']) {
      await registerUser(server.app, name);
      tokens[name] = (await login(server.app, name)).accessToken;
    }
  });
  afterEach(async () => {
    await server.close();
  });

  it('creates a ride from the catalogue; riders join and leave; the organiser cancels', async () => {
    const { response, ride } = await create();
    expect(response.statusCode).toBe(201);
    expect(ride).toMatchObject({
      organiser: 'Ana',
      trailName: 'Brock Creek OHV Trails (Jerusalem area)',
      meeting: { name: 'Austin Trailhead (Brock Creek OHV)' },
      status: 'planned',
      members: [{ username: 'Ana', organiser: true }],
      viewer: { member: true, sharesPosition: false },
    });
    const asBen = await rideOf(ride.id, 'Ben');
    expect(asBen.viewer.member).toBe(false);

    expect((await call('POST', `/api/group-rides/${ride.id}/join`, 'Ben')).statusCode).toBe(200);
    expect((await rideOf(ride.id)).members.map((member) => member.username)).toEqual([
      'Ana',
      'Ben',
    ]);
    const mine = await call('GET', '/api/group-rides/mine', 'Ben');
    expect(mine.json<{ rides: GroupRide[] }>().rides.map((entry) => entry.id)).toEqual([ride.id]);

    expect((await call('POST', `/api/group-rides/${ride.id}/leave`, 'Ben')).statusCode).toBe(200);
    expect((await rideOf(ride.id)).members).toHaveLength(1);
    const organiserLeaves = await call('POST', `/api/group-rides/${ride.id}/leave`, 'Ana');
    expect(organiserLeaves.statusCode).toBe(409);

    const cancel = await call('POST', `/api/group-rides/${ride.id}/cancel`, 'Ana');
    expect(cancel.json<{ ride: GroupRide }>().ride.status).toBe('cancelled');
    const late = await call('POST', `/api/group-rides/${ride.id}/join`, 'Ben');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'This ride was cancelled.' });
  });

  it('meets at the trail’s own start when no trailhead is chosen, and the organiser can edit', async () => {
    const { ride } = await create({ ...plan(), trailheadId: null });
    expect(ride.meeting).toMatchObject({
      trailheadId: null,
      name: 'Start of Brock Creek OHV Trails (Jerusalem area)',
    });
    const edited = await call('PUT', `/api/group-rides/${ride.id}`, 'Ana', {
      ...plan(),
      trailheadId: 'trailhead-zing-trailhead-brock-creek-ohv',
      notes: 'Meet at Zing instead.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ ride: GroupRide }>().ride).toMatchObject({
      meeting: { name: 'Zing Trailhead (Brock Creek OHV)' },
      notes: 'Meet at Zing instead.',
    });
  });

  it('enforces the size limit: "This ride is full"', async () => {
    const { ride } = await create({ ...plan(), sizeLimit: 2 });
    expect((await call('POST', `/api/group-rides/${ride.id}/join`, 'Ben')).statusCode).toBe(200);
    const full = await call('POST', `/api/group-rides/${ride.id}/join`, 'Cat');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: 'This ride is full.' });
    expect((await rideOf(ride.id)).members).toHaveLength(2);
    const shrink = await call('PUT', `/api/group-rides/${ride.id}`, 'Ana', {
      ...plan(),
      sizeLimit: 2,
    });
    expect(shrink.statusCode).toBe(200);
  });

  it('lets only the organiser edit or cancel, and only members see positions', async () => {
    const { ride } = await create();
    await call('POST', `/api/group-rides/${ride.id}/join`, 'Ben');
    for (const rider of ['Ben', 'Cat']) {
      const edit = await call('PUT', `/api/group-rides/${ride.id}`, rider, plan());
      expect(edit.statusCode).toBe(403);
      expect((await call('POST', `/api/group-rides/${ride.id}/cancel`, rider)).statusCode).toBe(
        403,
      );
    }
    expect((await call('GET', `/api/group-rides/${ride.id}/positions`, 'Cat')).statusCode).toBe(
      403,
    );
    const outsider = await call('PUT', `/api/group-rides/${ride.id}/sharing`, 'Cat', {
      share: true,
    });
    expect(outsider.statusCode).toBe(403);
    expect((await call('GET', `/api/group-rides/${ride.id}`)).statusCode).toBe(401);
    expect((await call('POST', '/api/group-rides', undefined, plan())).statusCode).toBe(401);
    expect((await call('GET', '/api/group-rides/no-such-ride', 'Ben')).statusCode).toBe(404);
    expect(await rideOf(ride.id)).toMatchObject({ status: 'planned', notes: 'Bring a tow strap.' });
  });

  it('refuses malformed and oversized input with a JSON 400 and stores nothing', async () => {
    for (const bad of [
      { ...plan(), trailId: 'no-such-trail' },
      { ...plan(), trailheadId: 'brock-creek-ohv-trail' },
      { ...plan(), startsAt: Date.now() - hour },
      { ...plan(), startsAt: Date.now() + 400 * 24 * hour },
      { ...plan(), sizeLimit: 1 },
      { ...plan(), sizeLimit: 500 },
      { ...plan(), vehicleTypes: [] },
      { ...plan(), vehicleTypes: ['tank'] },
      { ...plan(), notes: 'x'.repeat(1001) },
      { ...plan(), organiser: 'Ben' },
      { ...plan(), trailId: 'a"b' },
    ]) {
      const { response } = await create(bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 120)).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
    const mine = await call('GET', '/api/group-rides/mine', 'Ana');
    expect(mine.json<{ rides: GroupRide[] }>().rides).toEqual([]);
  });

  it('shares positions only between members who opted in', async () => {
    const { ride } = await create();
    await call('POST', `/api/group-rides/${ride.id}/join`, 'Ben');
    await call('POST', `/api/group-rides/${ride.id}/join`, 'Cat');
    const at = (longitude: number) => ({
      longitude,
      latitude: 35.6,
      accuracyMeters: 8,
      recordedAt: Date.now(),
    });
    const post = (rider: string, longitude: number) =>
      call('PUT', `/api/group-rides/${ride.id}/position`, rider, at(longitude));

    expect((await post('Cat', -93.1)).statusCode).toBe(409);
    for (const rider of ['Ana', 'Ben']) {
      const optIn = await call('PUT', `/api/group-rides/${ride.id}/sharing`, rider, {
        share: true,
      });
      expect(optIn.json<{ ride: GroupRide }>().ride.viewer.sharesPosition).toBe(true);
    }
    expect((await post('Ana', -93.2)).statusCode).toBe(204);
    expect((await post('Ben', -93.3)).statusCode).toBe(204);
    expect((await post('Dee', -93.4)).statusCode).toBe(403);
    // Signed out: the sign-in guard answers before the rate limit keys the report by rider.
    const signedOut = await call(
      'PUT',
      `/api/group-rides/${ride.id}/position`,
      undefined,
      at(-93.5),
    );
    expect(signedOut.statusCode).toBe(401);
    const bad = await call('PUT', `/api/group-rides/${ride.id}/position`, 'Ben', {
      ...at(-200),
    });
    expect(bad.statusCode).toBe(400);

    const seenByCat = await positionsOf(ride.id, 'Cat');
    expect(seenByCat.map((position) => [position.username, position.longitude])).toEqual([
      ['Ana', -93.2],
      ['Ben', -93.3],
    ]);
    await call('PUT', `/api/group-rides/${ride.id}/sharing`, 'Ben', { share: false });
    expect((await positionsOf(ride.id, 'Ana')).map((position) => position.username)).toEqual([
      'Ana',
    ]);
  });

  it('refuses a rider’s position reports past 30 a minute with a JSON 429, other riders unaffected', async () => {
    const { ride } = await create();
    await call('POST', `/api/group-rides/${ride.id}/join`, 'Ben');
    for (const rider of ['Ana', 'Ben']) {
      await call('PUT', `/api/group-rides/${ride.id}/sharing`, rider, { share: true });
    }
    const report = (rider: string, longitude: number) =>
      call('PUT', `/api/group-rides/${ride.id}/position`, rider, {
        longitude,
        latitude: 35.6,
        accuracyMeters: 8,
        recordedAt: Date.now(),
      });
    for (let index = 0; index < positionReportsPerMinute; index += 1) {
      expect((await report('Ana', -93 - index / 1000)).statusCode).toBe(204);
    }
    const refused = await report('Ana', -94.5);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many position reports: at most 30 a minute\. Try again in /,
    );
    expect((await report('Ben', -93.3)).statusCode).toBe(204);
    const seen = await positionsOf(ride.id, 'Ben');
    expect(seen.map((position) => [position.username, position.longitude])).toEqual([
      ['Ana', -93 - (positionReportsPerMinute - 1) / 1000],
      ['Ben', -93.3],
    ]);
  });

  it('streams a ride’s changes and positions to its members as they happen', async () => {
    const { ride } = await create();
    await call('POST', `/api/group-rides/${ride.id}/join`, 'Ben');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const controller = new AbortController();
    const response = await fetch(
      `http://127.0.0.1:${address.port}/api/group-rides/${ride.id}/stream`,
      { headers: { authorization: `Bearer ${tokens.Ben}` }, signal: controller.signal },
    );
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events: { event: string; data: unknown }[] = [];
    const parser = createParser({
      onEvent: (event) => events.push({ event: event.event ?? '', data: JSON.parse(event.data) }),
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const waitFor = async (test: () => boolean) => {
      while (!test()) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        parser.feed(value);
      }
    };
    await waitFor(() => events.some((entry) => entry.event === 'positions'));

    await call('PUT', `/api/group-rides/${ride.id}/sharing`, 'Ana', { share: true });
    await call('PUT', `/api/group-rides/${ride.id}/position`, 'Ana', {
      longitude: -93.25,
      latitude: 35.61,
      accuracyMeters: 5,
      recordedAt: Date.now(),
    });
    const hasAna = () =>
      events.some(
        (entry) =>
          entry.event === 'positions' &&
          (entry.data as { positions: GroupRidePosition[] }).positions.some(
            (position) => position.username === 'Ana' && position.longitude === -93.25,
          ),
      );
    await waitFor(hasAna);
    await call('POST', `/api/group-rides/${ride.id}/cancel`, 'Ana');
    await waitFor(() =>
      events.some(
        (entry) =>
          entry.event === 'ride' && (entry.data as { ride: GroupRide }).ride.status === 'cancelled',
      ),
    );
    controller.abort();
  });
});
