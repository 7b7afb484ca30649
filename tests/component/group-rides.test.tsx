/**
 * Group rides as a rider sees them, against a stubbed server: a signed-out visitor is told an
 * account is needed (with a sign-in link that returns); a rider creates a ride from the trail
 * catalogue on the device; another opens its link, joins, sees the roster and members' shared
 * positions; a cancelled ride says so, and a member's copy opens with no signal. On a weak
 * connection a dropped read or join is tried again, and a refused one (400) is not. The routes
 * themselves are tests/integration/group-rides/group-rides.test.ts; two riders in two browsers
 * seeing each other live, tests/e2e/group-rides.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GroupRide, GroupRidePlan, GroupRidePosition } from '../../schemas/group-rides.ts';
import type { Trail } from '../../schemas/trails.ts';
import { groupRidesDocumentId } from '../../src/db/group-rides.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import {
  forgetRider,
  renderAppWithApi,
  setOnline,
  signInRider,
  type ApiRoute,
} from './rider-fixtures.tsx';

afterEach(forgetRider);

const organiser = 'ridea';
const rideId = 'ride-brock-creek';

/** Two days ahead at 09:00, as the datetime-local field takes it. */
function startText(): string {
  const date = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:00`;
}

async function catalogueTrail(id: string): Promise<Trail> {
  const database = await databaseWithCatalogues();
  return (await database.trails.findOne(id).exec())!.toJSON() as Trail;
}

/** The ride the server makes of `plan`, as `viewer` sees it. */
async function rideOf(
  plan: GroupRidePlan,
  members: string[],
  viewer: GroupRide['viewer'],
  status: GroupRide['status'] = 'planned',
): Promise<GroupRide> {
  const trail = await catalogueTrail(plan.trailId);
  const meeting = plan.trailheadId ? await catalogueTrail(plan.trailheadId) : trail;
  const now = Date.now();
  return {
    id: rideId,
    organiser,
    trailId: trail.id,
    trailName: trail.name,
    meeting: {
      trailheadId: plan.trailheadId,
      name: meeting.name,
      longitude: meeting.longitude,
      latitude: meeting.latitude,
    },
    startsAt: plan.startsAt,
    vehicleTypes: plan.vehicleTypes,
    sizeLimit: plan.sizeLimit,
    notes: plan.notes,
    status,
    members: members.map((username, index) => ({
      username,
      joinedAt: now - 60_000 + index,
      organiser: username === organiser,
    })),
    createdAt: now - 60_000,
    updatedAt: now,
    viewer,
  };
}

/** A ride on Brock Creek meeting at Austin Trailhead, planned by `organiser`. */
async function brockCreekPlan(): Promise<GroupRidePlan> {
  const database = await databaseWithCatalogues();
  const trails = (await database.trails.find().exec()).map((doc) => doc.toJSON() as Trail);
  const trail = trails.find((candidate) => candidate.name.startsWith('Brock Creek OHV Trails'))!;
  const trailhead = trails.find((candidate) =>
    candidate.name.startsWith('Austin Trailhead (Brock Creek OHV)'),
  )!;
  return {
    trailId: trail.id,
    trailheadId: trailhead.id,
    startsAt: Date.now() + 2 * 24 * 60 * 60 * 1000,
    vehicleTypes: ['atv', 'utv'],
    sizeLimit: 8,
    notes: 'Bring a tow strap.',
  };
}

describe('group rides', () => {
  it('tells a signed-out visitor an account is needed, with a sign-in link that returns', async () => {
    await renderApp('/group-ride');
    const link = await screen.findByRole('link', { name: 'Sign in or register' });
    expect(link.getAttribute('href')).toContain('redirect=%2Fgroup-ride');
  });

  it('creates a ride from the trail catalogue on the device', async () => {
    signInRider({ username: organiser });
    let created: GroupRide | null = null;
    const user = userEvent.setup({ delay: null });
    const { requests, router } = await renderAppWithApi('/group-ride', [
      { path: '/api/group-rides/mine', answer: { body: { rides: [] } } },
      {
        method: 'POST',
        path: '/api/group-rides',
        answer: async (request) => {
          created = await rideOf(request.body as GroupRidePlan, [organiser], {
            member: true,
            sharesPosition: false,
          });
          return { status: 201, body: { ride: created } };
        },
      },
      { path: `/api/group-rides/${rideId}`, answer: () => ({ body: { ride: created } }) },
    ]);
    const form = await screen.findByRole('form', { name: 'Create a group ride' });
    await waitFor(() => expect(screen.queryByText('Loading the trail catalogue…')).toBeNull(), {
      timeout: 10_000,
    });
    await user.type(within(form).getByRole('combobox', { name: 'Trail' }), 'Brock Creek OHV');
    await user.click(
      (await screen.findAllByRole('option', { name: /Brock Creek OHV Trails/ }))[0]!,
    );
    await user.click(await within(form).findByText(/^Austin Trailhead \(Brock Creek OHV\)/));
    expect(
      (within(form).getByRole('radio', { name: /Austin Trailhead/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.type(within(form).getByLabelText('Date and time the group meets'), startText());
    await user.type(
      within(form).getByLabelText('Notes for the group (optional)'),
      'Bring a tow strap.',
    );
    await user.click(within(form).getByRole('button', { name: 'Create ride' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${rideId}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Brock Creek OHV Trails/ }),
    ).toBeTruthy();
    expect(
      screen.getAllByText('Austin Trailhead (Brock Creek OHV)', { exact: false }).length,
    ).toBeGreaterThan(0);
    const sent = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/group-rides',
    )!.body as GroupRidePlan;
    expect(sent).toMatchObject({
      notes: 'Bring a tow strap.',
      trailheadId: expect.stringMatching(/austin/),
    });
  });

  it('is joined from its link, lists the roster and the members’ shared positions', async () => {
    signInRider({ username: 'rideb' });
    const plan = await brockCreekPlan();
    const before = await rideOf(plan, [organiser], { member: false, sharesPosition: false });
    const joined = await rideOf(plan, [organiser, 'rideb'], { member: true, sharesPosition: true });
    let current = before;
    const positions: GroupRidePosition[] = [
      {
        username: organiser,
        longitude: -93.31,
        latitude: 35.61,
        accuracyMeters: 10,
        recordedAt: Date.now(),
      },
    ];
    const routes: ApiRoute[] = [
      { path: `/api/group-rides/${rideId}`, answer: () => ({ body: { ride: current } }) },
      {
        method: 'POST',
        path: `/api/group-rides/${rideId}/join`,
        answer: () => {
          current = joined;
          return { body: { ride: joined } };
        },
      },
      {
        path: `/api/group-rides/${rideId}/stream`,
        answer: () => ({
          contentType: 'text/event-stream',
          text: current.viewer.member
            ? `event: positions\ndata: ${JSON.stringify({ positions })}\n\n`
            : '',
        }),
      },
    ];
    const user = userEvent.setup({ delay: null });
    await renderAppWithApi(`/group/${rideId}`, routes);
    await screen.findByRole('heading', { level: 1, name: /Brock Creek OHV Trails/ });
    await user.click(await screen.findByRole('button', { name: 'Join this ride' }));
    expect(await screen.findByRole('button', { name: 'Leave this ride' })).toBeTruthy();
    const roster = screen.getByRole('region', { name: 'Roster' });
    expect(within(roster).getByText('rideb', { exact: false })).toBeTruthy();
    const shared = await screen.findByRole(
      'list',
      { name: 'Shared positions' },
      { timeout: 10_000 },
    );
    expect(within(shared).getByText(organiser)).toBeTruthy();
    expect(shared.textContent).toContain('35.61000');
  });

  it('says a ride was cancelled, and a member’s copy opens with no signal', async () => {
    signInRider({ username: 'rideb' });
    const plan = await brockCreekPlan();
    const cancelled = await rideOf(
      plan,
      [organiser, 'rideb'],
      { member: true, sharesPosition: false },
      'cancelled',
    );
    const online = await renderAppWithApi(`/group/${rideId}`, [
      { path: `/api/group-rides/${rideId}`, answer: { body: { ride: cancelled } } },
    ]);
    expect(await screen.findByText('This ride was cancelled by its organiser.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Shared positions' })).toBeNull();
    // The member's device keeps the copy it was shown.
    await waitFor(async () => {
      const stored = await online.database.getLocal(groupRidesDocumentId);
      expect(JSON.stringify(stored?.toJSON())).toContain('"status":"cancelled"');
    });
    online.unmount();

    setOnline(false);
    await renderApp(`/group/${rideId}`);
    expect(
      await screen.findByText(
        /You are offline\. This is the copy kept on this device, last updated/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('This ride was cancelled by its organiser.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: /Brock Creek OHV Trails/ })).toBeTruthy();
  });

  describe('on a weak connection (the query policy)', () => {
    // No copy of the ride an earlier test kept: what is shown comes from the server.
    beforeEach(async () => {
      const database = await databaseWithCatalogues();
      await (await database.getLocal(groupRidesDocumentId))?.remove();
    });

    it('shows a ride whose first read was dropped, from the retry', async () => {
      signInRider({ username: 'rideb' });
      const ride = await rideOf(await brockCreekPlan(), [organiser], {
        member: false,
        sharesPosition: false,
      });
      let reads = 0;
      const { requests } = await renderAppWithApi(`/group/${rideId}`, [
        {
          path: `/api/group-rides/${rideId}`,
          answer: () => {
            reads += 1;
            if (reads === 1) throw new TypeError('Failed to fetch (packet dropped)');
            return { body: { ride } };
          },
        },
      ]);
      expect(
        await screen.findByRole('heading', { level: 1, name: /Brock Creek OHV Trails/ }),
      ).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Join this ride' })).toBeTruthy();
      expect(
        requests.filter((request) => request.path === `/api/group-rides/${rideId}`),
      ).toHaveLength(2);
    });

    it('sends a join whose first attempt was dropped once more, and the rider is a member', async () => {
      signInRider({ username: 'rideb' });
      const plan = await brockCreekPlan();
      const before = await rideOf(plan, [organiser], { member: false, sharesPosition: false });
      const joined = await rideOf(plan, [organiser, 'rideb'], {
        member: true,
        sharesPosition: false,
      });
      let attempts = 0;
      let joins = 0;
      const user = userEvent.setup({ delay: null });
      await renderAppWithApi(`/group/${rideId}`, [
        { path: `/api/group-rides/${rideId}`, answer: { body: { ride: before } } },
        {
          method: 'POST',
          path: `/api/group-rides/${rideId}/join`,
          answer: () => {
            attempts += 1;
            if (attempts === 1) throw new TypeError('Failed to fetch (packet dropped)');
            joins += 1;
            return { body: { ride: joined } };
          },
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Join this ride' }));
      expect(await screen.findByRole('button', { name: 'Leave this ride' })).toBeTruthy();
      expect(
        within(screen.getByRole('region', { name: 'Roster' })).getByText(/rideb/),
      ).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect([attempts, joins]).toEqual([2, 1]);
    });

    it('does not send a join the server refused (400) again, and says why', async () => {
      signInRider({ username: 'rideb' });
      const before = await rideOf(await brockCreekPlan(), [organiser], {
        member: false,
        sharesPosition: false,
      });
      const user = userEvent.setup({ delay: null });
      const { requests } = await renderAppWithApi(`/group/${rideId}`, [
        { path: `/api/group-rides/${rideId}`, answer: { body: { ride: before } } },
        {
          method: 'POST',
          path: `/api/group-rides/${rideId}/join`,
          answer: {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'This ride has started.' },
          },
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Join this ride' }));
      expect((await screen.findByRole('alert')).textContent).toBe('This ride has started.');
      expect(screen.getByRole('button', { name: 'Join this ride' })).toBeTruthy();
      expect(
        requests.filter((request) => request.path === `/api/group-rides/${rideId}/join`),
      ).toHaveLength(1);
    });

    it('does not read a ride the server refused (400) again, and says why', async () => {
      signInRider({ username: 'rideb' });
      const { requests } = await renderAppWithApi(`/group/${rideId}`, [
        {
          path: `/api/group-rides/${rideId}`,
          answer: {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'Not a group ride id.' },
          },
        },
      ]);
      expect((await screen.findByRole('alert')).textContent).toBe('Not a group ride id.');
      expect(
        requests.filter((request) => request.path === `/api/group-rides/${rideId}`),
      ).toHaveLength(1);
    });
  });
});
