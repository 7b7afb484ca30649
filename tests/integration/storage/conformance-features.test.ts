// Storage conformance, rider features kept in server tables: group-rides.ts, repair-shops.ts,
// analytics.ts and fleet.ts give the same observable results on SQLite and PostgreSQL: rows
// stored and read back with numbers as numbers, orderings, refusals, and the concurrency each
// promises (the last place of a ride taken once, a suggestion reviewed once, a usage batch
// counted once). One unseeded database per engine for the file: group rides need only the
// catalogue trails each test stores itself. The count tables and the fleet span every rider,
// so tests compare with what was there before, or use days no other test counts on.
//
// utcDayOf is a pure helper (date formatting) and stays with the unit suites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageBatch } from '../../../schemas/analytics.ts';
import type { GroupRidePlan } from '../../../schemas/group-rides.ts';
import { groupRidePastAfterMs } from '../../../schemas/group-rides.ts';
import type { RepairShopSuggestion } from '../../../schemas/repair-shops.ts';
import {
  batchIdRetentionMs,
  countUsageBatch,
  summarizeUsage,
} from '../../../sync-server/storage/analytics.ts';
import { fleetOverview } from '../../../sync-server/storage/fleet.ts';
import {
  cancelRide,
  countUpcomingOrganised,
  createRide,
  editRide,
  findRideRow,
  getRide,
  isMember,
  joinRide,
  leaveRide,
  listMemberRideIds,
  listPositions,
  resolvePlace,
  setSharing,
  storePosition,
  type ResolvedPlace,
} from '../../../sync-server/storage/group-rides.ts';
import {
  addSuggestion,
  countPending,
  listByStatus,
  listRiderSubmissions,
  reviewSuggestion,
} from '../../../sync-server/storage/repair-shops.ts';
import { pushUserDocuments } from '../../../sync-server/storage/user-documents.ts';
import { softDeleteUser, type UserRow } from '../../../sync-server/storage/users.ts';
import {
  createRider,
  openConformanceDatabase,
  storageEngines,
  uniqueId,
  type ConformanceDatabase,
} from './storage-databases.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

describe.each(storageEngines)('on %s', (engine) => {
  let database: ConformanceDatabase;
  beforeAll(async () => {
    database = await openConformanceDatabase(engine, { seed: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('group rides', () => {
    const now = 1_800_000_000_000;
    let trailId: string;
    let trailheadId: string;
    let place: ResolvedPlace;

    beforeAll(async () => {
      trailId = uniqueId('trail');
      trailheadId = uniqueId('trailhead');
      const catalogue = [
        { id: trailId, name: 'Wolf Pen Gap', kind: 'ohv_trail', longitude: -93.9, latitude: 34.6 },
        {
          id: trailheadId,
          name: 'Gap Trailhead',
          kind: 'trailhead',
          longitude: -93.91,
          latitude: 34.61,
        },
      ];
      await database.db
        .insertInto('documents')
        .values(
          catalogue.map((document) => ({
            collection: 'trails',
            id: document.id,
            owner_id: null,
            data: JSON.stringify(document),
            updated_at: 1,
            deleted: 0,
          })),
        )
        .execute();
      place = (await resolvePlace(database.db, { trailId, trailheadId })) as ResolvedPlace;
    });

    const plan = (changes: Partial<GroupRidePlan> = {}): GroupRidePlan => ({
      trailId,
      trailheadId,
      startsAt: now + day,
      vehicleTypes: ['atv', 'utv'],
      sizeLimit: 4,
      notes: '  Bring a spare belt.  ',
      ...changes,
    });

    it('resolves the meeting place from the catalogue', async () => {
      const { db } = database;
      expect(place).toEqual({
        trailName: 'Wolf Pen Gap',
        meeting: { trailheadId, name: 'Gap Trailhead', longitude: -93.91, latitude: 34.61 },
      });
      expect(await resolvePlace(db, { trailId, trailheadId: null })).toEqual({
        trailName: 'Wolf Pen Gap',
        meeting: {
          trailheadId: null,
          name: 'Start of Wolf Pen Gap',
          longitude: -93.9,
          latitude: 34.6,
        },
      });
      expect(await resolvePlace(db, { trailId: 'no-such-trail', trailheadId: null })).toBe(
        'No trail in the catalogue has that id.',
      );
      // A trail that is no trailhead, and a deleted trailhead, are no meeting place.
      expect(await resolvePlace(db, { trailId, trailheadId: trailId })).toBe(
        'No trailhead in the catalogue has that id.',
      );
      const deleted = uniqueId('trailhead');
      await db
        .insertInto('documents')
        .values({
          collection: 'trails',
          id: deleted,
          owner_id: null,
          data: JSON.stringify({
            id: deleted,
            name: 'Gone',
            kind: 'trailhead',
            longitude: 0,
            latitude: 0,
          }),
          updated_at: 1,
          deleted: 1,
        })
        .execute();
      expect(await resolvePlace(db, { trailId, trailheadId: deleted })).toBe(
        'No trailhead in the catalogue has that id.',
      );
    });

    it('stores a ride with its organiser as first member and reads it back with numbers', async () => {
      const { db } = database;
      const organiser = await createRider(database, 'Organiser');
      const viewer = await createRider(database, 'Viewer');
      const id = await createRide(db, organiser.id, plan(), place, now);
      expect(await getRide(db, id, organiser.id)).toEqual({
        id,
        organiser: organiser.username,
        trailId,
        trailName: 'Wolf Pen Gap',
        meeting: place.meeting,
        startsAt: now + day,
        vehicleTypes: ['atv', 'utv'],
        sizeLimit: 4,
        notes: 'Bring a spare belt.',
        status: 'planned',
        members: [{ username: organiser.username, joinedAt: now, organiser: true }],
        createdAt: now,
        updatedAt: now,
        viewer: { member: true, sharesPosition: false },
      });
      expect((await getRide(db, id, viewer.id))?.viewer).toEqual({
        member: false,
        sharesPosition: false,
      });
      expect(await getRide(db, uniqueId('no-such-ride'), viewer.id)).toBeNull();
      const row = await findRideRow(db, id);
      expect(row).toMatchObject({
        starts_at: now + day,
        meeting_longitude: -93.91,
        meeting_latitude: 34.61,
        size_limit: 4,
        created_at: now,
      });
      expect(typeof row?.starts_at).toBe('number');
      expect(await findRideRow(db, uniqueId('no-such-ride'))).toBeUndefined();
    });

    it('counts upcoming rides an organiser plans and lists a member rides by start', async () => {
      const { db } = database;
      const organiser = await createRider(database, 'Planner');
      const later = await createRide(
        db,
        organiser.id,
        plan({ startsAt: now + 3 * day }),
        place,
        now,
      );
      const sooner = await createRide(db, organiser.id, plan({ startsAt: now + day }), place, now);
      const cancelled = await createRide(db, organiser.id, plan(), place, now);
      await createRide(db, organiser.id, plan({ startsAt: now - hour }), place, now - day);
      expect(await cancelRide(db, cancelled, now)).toBeNull();
      expect(await countUpcomingOrganised(db, organiser.id, now)).toBe(2);
      const ids = await listMemberRideIds(db, organiser.id);
      expect(ids).toHaveLength(4);
      expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
      expect(await listMemberRideIds(db, uniqueId('nobody'))).toEqual([]);
    });

    it('joins once, refuses missing, cancelled, past and full rides, and leaves', async () => {
      const { db } = database;
      const [organiser, rider, late] = await Promise.all(
        ['Host', 'Joiner', 'Late'].map((name) => createRider(database, name)),
      );
      const id = await createRide(db, organiser!.id, plan({ sizeLimit: 2 }), place, now);
      expect(await joinRide(db, id, rider!.id, now + 1)).toBeNull();
      expect(await joinRide(db, id, rider!.id, now + 2)).toBeNull();
      expect(await isMember(db, id, rider!.id)).toBe(true);
      expect(await joinRide(db, id, late!.id, now + 3)).toBe('full');
      expect(await isMember(db, id, late!.id)).toBe(false);
      const ride = await getRide(db, id, rider!.id);
      expect(ride?.members.map((member) => member.username)).toEqual([
        organiser!.username,
        rider!.username,
      ]);
      expect(ride?.members[1]?.joinedAt).toBe(now + 1);
      expect(await joinRide(db, uniqueId('no-such-ride'), late!.id, now)).toBe('missing');
      expect(await joinRide(db, id, late!.id, now + day + groupRidePastAfterMs + 1)).toBe('past');

      expect(await leaveRide(db, id, organiser!.id, now + 4)).toBe('organiser');
      expect(await leaveRide(db, uniqueId('no-such-ride'), rider!.id, now + 4)).toBe('missing');
      expect(await leaveRide(db, id, rider!.id, now + 5)).toBeNull();
      expect(await isMember(db, id, rider!.id)).toBe(false);
      expect((await findRideRow(db, id))?.updated_at).toBe(now + 5);
      // Leaving again is a no-op that does not touch the ride.
      expect(await leaveRide(db, id, rider!.id, now + 6)).toBeNull();
      expect((await findRideRow(db, id))?.updated_at).toBe(now + 5);

      expect(await cancelRide(db, id, now + 7)).toBeNull();
      expect(await cancelRide(db, id, now + 8)).toBe('cancelled');
      expect(await cancelRide(db, uniqueId('no-such-ride'), now + 8)).toBe('missing');
      expect(await joinRide(db, id, late!.id, now + 9)).toBe('cancelled');
    });

    it('gives the last place of a ride to one of several riders joining at once', async () => {
      const { db } = database;
      const organiser = await createRider(database, 'Full');
      const riders = await Promise.all(
        ['R1', 'R2', 'R3', 'R4'].map((name) => createRider(database, name)),
      );
      const id = await createRide(db, organiser.id, plan({ sizeLimit: 3 }), place, now);
      await joinRide(db, id, riders[0]!.id, now);
      const answers = await Promise.all(
        riders.slice(1).map((rider) => joinRide(db, id, rider.id, now + 1)),
      );
      expect(answers.filter((answer) => answer === null)).toHaveLength(1);
      expect(answers.filter((answer) => answer === 'full')).toHaveLength(2);
      expect((await getRide(db, id, organiser.id))?.members).toHaveLength(3);
    });

    it('edits a plan unless the ride is cancelled, past, missing or smaller than its roster', async () => {
      const { db } = database;
      const organiser = await createRider(database, 'Editor');
      const rider = await createRider(database, 'Member');
      const id = await createRide(db, organiser.id, plan(), place, now);
      await joinRide(db, id, rider.id, now);
      const meetAtStart = (await resolvePlace(db, { trailId, trailheadId: null })) as ResolvedPlace;
      const edited = plan({ trailheadId: null, sizeLimit: 2, notes: 'Meet at the gate.' });
      expect(await editRide(db, id, edited, meetAtStart, now + 10)).toBeNull();
      expect(await getRide(db, id, rider.id)).toMatchObject({
        meeting: meetAtStart.meeting,
        sizeLimit: 2,
        notes: 'Meet at the gate.',
        updatedAt: now + 10,
        viewer: { member: true, sharesPosition: false },
      });
      expect(await editRide(db, id, plan({ sizeLimit: 1 }), place, now + 11)).toBe('too-small');
      expect(await editRide(db, id, plan(), place, now + day + groupRidePastAfterMs + 1)).toBe(
        'past',
      );
      expect(await editRide(db, uniqueId('no-such-ride'), plan(), place, now)).toBe('missing');
      await cancelRide(db, id, now + 12);
      expect(await editRide(db, id, plan(), place, now + 13)).toBe('cancelled');
      expect((await getRide(db, id, rider.id))?.status).toBe('cancelled');
    });

    it('stores positions only of members who share them, and forgets them on opting out', async () => {
      const { db } = database;
      const organiser = await createRider(database, 'Sharer');
      const quiet = await createRider(database, 'Quiet');
      const outsider = await createRider(database, 'Outsider');
      const id = await createRide(db, organiser.id, plan(), place, now);
      await joinRide(db, id, quiet.id, now);
      const report = {
        longitude: -93.25,
        latitude: 35.5,
        accuracyMeters: 7.5,
        recordedAt: now + 1,
      };
      expect(await storePosition(db, id, organiser.id, report)).toBe(false);
      expect(await setSharing(db, id, organiser.id, true)).toBe(true);
      expect(await setSharing(db, id, outsider.id, true)).toBe(false);
      expect(await storePosition(db, id, organiser.id, report)).toBe(true);
      expect(await storePosition(db, id, quiet.id, report)).toBe(false);
      expect(await listPositions(db, id)).toEqual([{ username: organiser.username, ...report }]);
      expect((await getRide(db, id, organiser.id))?.viewer).toEqual({
        member: true,
        sharesPosition: true,
      });
      expect(await setSharing(db, id, organiser.id, false)).toBe(true);
      expect(await listPositions(db, id)).toEqual([]);
      await setSharing(db, id, organiser.id, true);
      // Sharing again does not bring the old position back.
      expect(await listPositions(db, id)).toEqual([]);
      // Leaving forgets the member's position with their membership.
      await setSharing(db, id, quiet.id, true);
      await storePosition(db, id, quiet.id, report);
      await leaveRide(db, id, quiet.id, now + 2);
      expect(await listPositions(db, id)).toEqual([]);
    });
  });

  describe('repair shops', () => {
    const shop = (name: string): RepairShopSuggestion => ({
      name,
      town: 'Mountain View',
      phone: '(870) 555-0100',
      website: null,
      services: 'Belts and clutches on Polaris and Can-Am.',
      howYouKnow: 'They fixed my belt in June.',
    });

    it('stores suggestions as pending and lists a rider suggestions newest first', async () => {
      const { db } = database;
      const rider = await createRider(database, 'Suggester');
      const first = await addSuggestion(db, rider.id, shop('Ozark Powersports'), 1_000);
      expect(first).toEqual({
        id: expect.any(String),
        shop: shop('Ozark Powersports'),
        status: 'pending',
        reason: null,
        submittedAt: 1_000,
        reviewedAt: null,
        submittedBy: rider.username,
      });
      const second = await addSuggestion(db, rider.id, shop('Stone County Cycles'), 2_000);
      expect(await countPending(db, rider.id)).toBe(2);
      expect(await listRiderSubmissions(db, rider.id)).toEqual([second, first]);
      expect(await listRiderSubmissions(db, uniqueId('nobody'))).toEqual([]);
      expect(await countPending(db, uniqueId('nobody'))).toBe(0);
    });

    it('reviews each suggestion once, also when two admins decide at the same moment', async () => {
      const { db } = database;
      const rider = await createRider(database, 'Reviewed');
      const approved = await addSuggestion(db, rider.id, shop('Approved Shop'), 1_000);
      const rejected = await addSuggestion(db, rider.id, shop('Rejected Shop'), 2_000);
      const contested = await addSuggestion(db, rider.id, shop('Contested Shop'), 3_000);
      expect(
        await reviewSuggestion(db, approved.id, { status: 'approved', reason: null }, 5_000),
      ).toEqual({ ...approved, status: 'approved', reviewedAt: 5_000 });
      expect(
        await reviewSuggestion(db, rejected.id, { status: 'rejected', reason: 'Closed.' }, 6_000),
      ).toMatchObject({ status: 'rejected', reason: 'Closed.', reviewedAt: 6_000 });
      expect(
        await reviewSuggestion(db, approved.id, { status: 'rejected', reason: 'No.' }, 7_000),
      ).toBe('already-reviewed');
      expect(
        await reviewSuggestion(db, uniqueId('no-such-id'), { status: 'approved', reason: null }, 1),
      ).toBe('missing');
      const answers = await Promise.all([
        reviewSuggestion(db, contested.id, { status: 'approved', reason: null }, 8_000),
        reviewSuggestion(db, contested.id, { status: 'rejected', reason: 'Dup.' }, 8_000),
      ]);
      expect(answers.filter((answer) => answer === 'already-reviewed')).toHaveLength(1);
      expect(await countPending(db, rider.id)).toBe(0);
      const approvedShops = (await listByStatus(db, 'approved')).filter(
        (entry) => entry.submittedBy === rider.username,
      );
      expect(approvedShops.map((entry) => entry.id)).toContain(approved.id);
      expect((await listRiderSubmissions(db, rider.id))[2]).toMatchObject({
        id: approved.id,
        status: 'approved',
        reviewedAt: 5_000,
      });
    });

    it('lists the review queue oldest first and reviewed suggestions newest first', async () => {
      const { db } = database;
      const rider = await createRider(database, 'Queued');
      const mine = (entries: { id: string; submittedBy: string }[]) =>
        entries.filter((entry) => entry.submittedBy === rider.username).map((entry) => entry.id);
      const older = await addSuggestion(db, rider.id, shop('Older'), 1_000);
      const newer = await addSuggestion(db, rider.id, shop('Newer'), 2_000);
      const oldReviewed = await addSuggestion(db, rider.id, shop('Old reviewed'), 3_000);
      const newReviewed = await addSuggestion(db, rider.id, shop('New reviewed'), 4_000);
      for (const entry of [oldReviewed, newReviewed]) {
        await reviewSuggestion(db, entry.id, { status: 'rejected', reason: 'Closed.' }, 9_000);
      }
      expect(mine(await listByStatus(db, 'pending'))).toEqual([older.id, newer.id]);
      expect(mine(await listByStatus(db, 'rejected'))).toEqual([newReviewed.id, oldReviewed.id]);
    });
  });

  describe('analytics', () => {
    const batch = (batchId: string, counts: UsageBatch['counts']): UsageBatch => ({
      batchId,
      counts,
    });

    it('counts a batch once, retries and simultaneous deliveries included, and sums by day', async () => {
      const { db } = database;
      // Days in 2041, which no other test counts on.
      const now = Date.UTC(2041, 2, 10, 15);
      const counts: UsageBatch['counts'] = [
        { day: '2041-03-10', kind: 'page-view', name: '/trips', count: 2 },
        { day: '2041-03-10', kind: 'page-view', name: '/trips', count: 3 },
        { day: '2041-03-09', kind: 'page-view', name: '/map', count: 5 },
        { day: '2041-03-04', kind: 'page-view', name: '/map', count: 1 },
        { day: '2041-03-03', kind: 'page-view', name: '/old', count: 100 },
        { day: '2041-03-10', kind: 'feature', name: 'gpx-imported', count: 4 },
        { day: '2041-03-09', kind: 'feature', name: 'trip-recorded', count: 4 },
        { day: '2041-03-09', kind: 'app-error', name: '/trips/$tripId TypeError', count: 2 },
      ];
      const first = uniqueId('batch');
      expect(await countUsageBatch(db, batch(first, counts), now)).toBe(true);
      expect(await countUsageBatch(db, batch(first, counts), now + 1)).toBe(false);
      const racing = uniqueId('batch');
      const extra: UsageBatch['counts'] = [
        { day: '2041-03-10', kind: 'feature', name: 'trip-recorded', count: 1 },
      ];
      const delivered = await Promise.all(
        [1, 2, 3].map(() => countUsageBatch(db, batch(racing, extra), now)),
      );
      expect(delivered.filter(Boolean)).toHaveLength(1);

      expect(await summarizeUsage(db, 7, now)).toEqual({
        days: 7,
        from: '2041-03-04',
        to: '2041-03-10',
        pageViewsPerDay: [
          { day: '2041-03-04', count: 1 },
          { day: '2041-03-05', count: 0 },
          { day: '2041-03-06', count: 0 },
          { day: '2041-03-07', count: 0 },
          { day: '2041-03-08', count: 0 },
          { day: '2041-03-09', count: 5 },
          { day: '2041-03-10', count: 5 },
        ],
        totalPageViews: 11,
        // Ties by name.
        topRoutes: [
          { route: '/map', count: 6 },
          { route: '/trips', count: 5 },
        ],
        featureCounts: [
          { action: 'trip-recorded', count: 5 },
          { action: 'gpx-imported', count: 4 },
        ],
        errorCounts: [{ route: '/trips/$tripId', errorType: 'TypeError', count: 2 }],
      });
      const stored = await db
        .selectFrom('analytics_daily_counts')
        .selectAll()
        .where('day', '=', '2041-03-10')
        .where('name', '=', '/trips')
        .execute();
      expect(stored).toEqual([{ day: '2041-03-10', kind: 'page-view', name: '/trips', count: 5 }]);
    });

    it('lists at most twenty routes, and counts a batch again once its id is forgotten', async () => {
      const { db } = database;
      const now = Date.UTC(2042, 5, 1);
      const routes = Array.from({ length: 25 }, (_, index) => ({
        day: '2042-06-01',
        kind: 'page-view' as const,
        name: `/route-${String(index).padStart(2, '0')}`,
        count: index + 1,
      }));
      const id = uniqueId('batch');
      expect(await countUsageBatch(db, batch(id, routes), now)).toBe(true);
      const summary = await summarizeUsage(db, 30, now);
      expect(summary.pageViewsPerDay).toHaveLength(30);
      expect(summary.totalPageViews).toBe((25 * 26) / 2);
      expect(summary.topRoutes).toHaveLength(20);
      expect(summary.topRoutes[0]).toEqual({ route: '/route-24', count: 25 });
      // A later batch drops batch ids older than the retention; the first then counts again.
      const later = now + batchIdRetentionMs + 1;
      await countUsageBatch(db, batch(uniqueId('batch'), [routes[0]!]), later);
      expect(await countUsageBatch(db, batch(id, [routes[0]!]), later)).toBe(true);
      expect((await summarizeUsage(db, 7, now)).topRoutes.at(-1)).toEqual({
        route: '/route-05',
        count: 6,
      });
      // Both later batches counted one more view of /route-00.
      expect((await summarizeUsage(db, 90, now)).totalPageViews).toBe((25 * 26) / 2 + 2);
    });
  });

  describe('fleet', () => {
    it('lists live riders with their synced trips, miles, garage vehicles and last sync', async () => {
      const { db, kind } = database;
      const before = await fleetOverview(db);
      const rider = await createRider(database, 'Fleet', { now: 1_000 });
      const idle = await createRider(database, 'Idle', { roleId: 'test', now: 2_000 });
      const gone = await createRider(database, 'Gone', { now: 3_000 });
      const vehicle = (owner: UserRow, vehicleId: string, make: string, model: string) => ({
        id: `${owner.id}:vehicle:${vehicleId}`,
        userId: owner.id,
        kind: 'vehicle',
        data: {
          vehicleId,
          type: 'utv',
          make,
          model,
          year: 2022,
          nickname: null,
          odometerMiles: 1234.5,
        },
        _deleted: false,
      });
      const trip = (owner: UserRow, miles: number, deleted = false) => ({
        id: uniqueId('trip'),
        userId: owner.id,
        distanceMiles: miles,
        _deleted: deleted,
      });
      const store = (
        owner: UserRow,
        collection: 'trips' | 'records',
        documents: object[],
        now: number,
      ) =>
        pushUserDocuments(
          db,
          kind,
          owner.id,
          collection,
          (documents as { id: string; _deleted: boolean }[]).map((document) => ({
            newDocumentState: document,
          })),
          { checkForeignIds: false, now },
        );
      await store(
        rider,
        'trips',
        [trip(rider, 12.34), trip(rider, 0.72), trip(rider, 50, true)],
        5_000,
      );
      await store(
        rider,
        'records',
        [vehicle(rider, 'v2', 'Polaris', 'RZR'), vehicle(rider, 'v1', 'Can-Am', 'Maverick')],
        7_000,
      );
      await store(gone, 'records', [vehicle(gone, 'v3', 'Honda', 'Pioneer')], 8_000);
      await softDeleteUser(db, gone.id);

      const after = await fleetOverview(db);
      const mine = after.riders.filter((entry) =>
        [rider.username, idle.username, gone.username].includes(entry.username),
      );
      expect(mine).toEqual([
        {
          username: rider.username,
          role: 'user',
          joinedAt: 1_000,
          lastSyncAt: 7_001,
          tripCount: 2,
          tripMiles: 13.1,
          vehicles: [
            vehicle(rider, 'v1', 'Can-Am', 'Maverick').data,
            vehicle(rider, 'v2', 'Polaris', 'RZR').data,
          ],
        },
        {
          username: idle.username,
          role: 'test',
          joinedAt: 2_000,
          lastSyncAt: null,
          tripCount: 0,
          tripMiles: 0,
          vehicles: [],
        },
      ]);
      const utvs = (overview: typeof after) =>
        overview.totalsByType.find((entry) => entry.type === 'utv')?.count;
      expect(utvs(after)).toBe(utvs(before)! + 2);
      expect(after.totalsByType.map((entry) => entry.type)).toEqual(
        before.totalsByType.map((entry) => entry.type),
      );
    });
  });
});
