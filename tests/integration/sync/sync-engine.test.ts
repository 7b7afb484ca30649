// The sync engine against a real server on SQLite (tests/integration/storage checks the storage
// layer on both engines): offline trips with their track points, a plan, a waypoint and the trip
// context reach the server once with canonical ids and every reference rewritten; a second device
// of the same rider receives it all; a second rider sees nothing; two devices editing one plan
// offline converge. The free RxDB build opens 13 collections per process, so "devices" take turns:
// each is a named database, opened for its turn and closed after (its data stays, as on a phone).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tripContextKey } from '../../../schemas/trip-context.ts';
import {
  promotionPath,
  replicationBasePath,
  type PromotionResponse,
  type PullResponse,
} from '../../../schemas/sync-protocol.ts';
import { firstValueFrom } from 'rxjs';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { observePendingSyncCount } from '../../../src/db/pending-sync.ts';
import {
  applyPromotions,
  listPromotableTempIds,
  observePromotedId,
} from '../../../src/db/promotion.ts';
import { importGpxContents } from '../../../src/db/trips/gpx-import.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import { routeSuiteEngines } from '../server/test-server.ts';
import { makeTrackChunk, makeTrip, makeTripPlan } from './sync-fixtures.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { createTestTransport } from './test-transport.ts';

/** The server id a temp- id was promoted to on `db`, as the app's live lookup reports it now. */
function promotedIdOf(db: AppDatabase, tempId: string): Promise<string | null> {
  return firstValueFrom(observePromotedId(db, tempId));
}

describe.each(routeSuiteEngines)('sync engine on %s', (engine) => {
  let server: RunningSyncServer;
  const deviceNames = new Set<string>();
  let open: { database: AppDatabase; engines: SyncEngine[] } | null = null;

  beforeEach(async () => {
    server = await startSyncServer(engine);
  });
  afterEach(async () => {
    await closeDevice();
    for (const name of deviceNames)
      await (await createAppDatabase({ name, devMode: true })).remove();
    deviceNames.clear();
    await server.close();
  });

  async function closeDevice(): Promise<void> {
    if (!open) return;
    for (const running of open.engines) await running.stop();
    await open.database.close();
    open = null;
  }

  /** Opens device `label` (closing the one open before): its data is what it had last time. */
  async function device(label: string): Promise<AppDatabase> {
    await closeDevice();
    const name = `sync-${engine}-${label}-${process.pid}-${Date.now().toString(36)}`;
    const known = [...deviceNames].find((existing) =>
      existing.startsWith(`sync-${engine}-${label}-`),
    );
    const database = await createAppDatabase({ name: known ?? name, devMode: true });
    deviceNames.add(known ?? name);
    open = { database, engines: [] };
    return database;
  }

  function sync(database: AppDatabase, rider: { id: string; token: string }): SyncEngine {
    const running = startSyncEngine({
      db: database,
      transport: createTestTransport(server.baseUrl, rider.token),
      userId: rider.id,
      serverIdentity: server.baseUrl,
    });
    open?.engines.push(running);
    return running;
  }

  async function serverDocuments(
    token: string,
    collection: 'trips' | 'trackChunks' | 'tripPlans' | 'waypoints',
  ) {
    const transport = createTestTransport(server.baseUrl, token);
    const answer = await transport.request<PullResponse>(
      'GET',
      `${replicationBasePath(collection)}/pull?limit=500`,
    );
    return answer.documents;
  }

  it('promotes offline trips and plans once, rewrites references and reaches a second device', async () => {
    const rider = await server.signIn('Ridge');
    const phone = await device('phone');
    await phone.trips.bulkInsert([
      makeTrip('temp-a'),
      makeTrip('temp-b'),
      makeTrip('temp-c', { recordingState: 'recording' }),
    ]);
    await phone.trackChunks.bulkInsert([
      makeTrackChunk('temp-a', 0),
      makeTrackChunk('temp-a', 1),
      makeTrackChunk('temp-b', 0),
    ]);
    await phone.tripPlans.insert(makeTripPlan('temp-plan'));
    await phone.waypoints.insert({
      id: 'camp-spot',
      ownerId: 'anonymous',
      name: 'Camp by the creek',
      category: 'camp',
      longitude: -93.91,
      latitude: 34.61,
      tripId: 'temp-a',
      locationConfidence: 'exact',
      sources: ['recorded on device'],
      createdAt: 1,
      updatedAt: 1,
    });
    await phone.tripContext.insert({
      id: tripContextKey,
      currentRecommendations: null,
      activeTripPlan: { id: 'temp-plan', name: 'Ouachita weekend loop' },
      recentRecommendedTrails: [],
      tripPlannerHistory: [],
      navigationContext: null,
      updatedAt: 1,
    });

    const running = sync(phone, rider);
    await running.awaitInSync();

    const trips = await phone.trips.find().exec();
    const ids = trips.map((trip) => trip.id);
    // The trip still being recorded keeps its temp id; the finished ones are promoted.
    expect(ids.filter((id) => id.startsWith('temp-'))).toEqual(['temp-c']);
    expect(ids).toHaveLength(3);
    const onServer = await serverDocuments(rider.token, 'trips');
    expect(onServer.map((trip) => trip.id).sort()).toEqual(
      ids.filter((id) => id !== 'temp-c').sort(),
    );
    expect(onServer.every((trip) => trip.status === 'synced' && trip.userId === rider.id)).toBe(
      true,
    );
    expect(
      trips.filter((trip) => trip.id !== 'temp-c').every((trip) => trip.status === 'synced'),
    ).toBe(true);

    const promotedA = (await phone.trips.find().exec()).find(
      (trip) => trip.name === 'Ride temp-a',
    )!.id;
    const chunks = await serverDocuments(rider.token, 'trackChunks');
    expect(chunks.filter((chunk) => chunk.tripId === promotedA)).toHaveLength(2);
    expect(chunks.some((chunk) => String(chunk.id).startsWith('temp-'))).toBe(false);
    expect((await phone.waypoints.findOne('camp-spot').exec())?.tripId).toBe(promotedA);
    const plan = (await phone.tripPlans.find().exec())[0]!;
    expect(plan.id).not.toMatch(/^temp-/);
    const context = await phone.tripContext.findOne(tripContextKey).exec();
    expect((context?.activeTripPlan as { id: string }).id).toBe(plan.id);
    // Live: the server's echo of what was pushed can start one more short pull, so the phase
    // settles to idle shortly after the data is in place.
    await vi.waitFor(() =>
      expect(running.status.get()).toMatchObject({ phase: 'idle', lastError: null }),
    );

    // The second device of the same rider receives everything, and nothing with a temp id.
    const tablet = await device('tablet');
    await sync(tablet, rider).awaitInSync();
    expect((await tablet.trips.find().exec()).map((trip) => trip.id).sort()).toEqual(
      onServer.map((trip) => trip.id).sort(),
    );
    expect(await tablet.trackChunks.count().exec()).toBe(3);
    expect((await tablet.tripContext.findOne(tripContextKey).exec())?.activeTripPlan).toEqual({
      id: plan.id,
      name: 'Ouachita weekend loop',
    });

    // Another rider's device gets none of it.
    const stranger = await device('stranger');
    await sync(stranger, await server.signIn('Hollow')).awaitInSync();
    expect(await stranger.trips.count().exec()).toBe(0);
    expect(await stranger.tripPlans.count().exec()).toBe(0);
  });

  it('promotes GPX waypoints after their trip exactly once, finishing a promotion cut short by a crash', async () => {
    const rider = await server.signIn('Ridge');
    const phone = await device('phone');
    const imported = await importGpxContents(
      phone,
      {
        name: 'Wolf Pen Gap loop',
        creator: 'eTrex 32x',
        lines: [
          {
            kind: 'track',
            name: 'Wolf Pen Gap loop',
            description: null,
            positions: [
              [-93.9, 34.6, 300, 1_760_000_000_000],
              [-93.899, 34.601, 305, 1_760_000_010_000],
              [-93.898, 34.602, 310, 1_760_000_020_000],
            ],
          },
        ],
        waypoints: [
          {
            name: 'Creek crossing',
            description: null,
            longitude: -93.899,
            latitude: 34.601,
            elevation: 305,
            time: null,
            symbol: null,
          },
          {
            name: 'Overlook',
            description: 'Gap view',
            longitude: -93.898,
            latitude: 34.602,
            elevation: 310,
            time: null,
            symbol: null,
          },
        ],
      },
      'wolf-pen-gap.gpx',
    );
    // A waypoint dropped on a ride still being recorded waits with its trip.
    await phone.trips.insert(makeTrip('temp-riding', { recordingState: 'recording' }));
    await phone.waypoints.insert({
      id: 'temp-riding-camp',
      ownerId: 'anonymous',
      name: 'Camp by the creek',
      category: 'camp',
      longitude: -93.91,
      latitude: 34.61,
      tripId: 'temp-riding',
      locationConfidence: 'exact',
      sources: ['recorded on device'],
      createdAt: 1,
      updatedAt: 1,
    });
    // Everything not on the server counts: two trips and three waypoints.
    expect(await firstValueFrom(observePendingSyncCount(phone))).toBe(5);
    // Waypoints naming a temp- trip wait for that trip's promotion.
    expect(await listPromotableTempIds(phone, 'waypoints')).toEqual([]);

    // A first run got its answers and died after copying one waypoint under its server id.
    const transport = createTestTransport(server.baseUrl, rider.token);
    const trips = await transport.request<PromotionResponse>('POST', promotionPath, {
      collection: 'trips',
      tempIds: imported.tripIds,
    });
    await applyPromotions(phone, 'trips', trips.promotions);
    const tripId = trips.promotions[0]!.id;
    const tempWaypointIds = await listPromotableTempIds(phone, 'waypoints');
    expect(tempWaypointIds).toHaveLength(2);
    const waypoints = await transport.request<PromotionResponse>('POST', promotionPath, {
      collection: 'waypoints',
      tempIds: tempWaypointIds,
    });
    const first = waypoints.promotions[0]!;
    const firstTemp = await phone.waypoints.findOne(first.tempId).exec();
    await phone.waypoints.insert({ ...firstTemp!.toMutableJSON(), id: first.id });

    const running = sync(phone, rider);
    await running.awaitInSync();

    const onServer = await serverDocuments(rider.token, 'waypoints');
    expect(onServer.map((waypoint) => waypoint.id).sort()).toEqual(
      waypoints.promotions.map((promotion) => promotion.id).sort(),
    );
    expect(
      onServer.map((waypoint) => [waypoint.name, waypoint.tripId, waypoint.ownerId]).sort(),
    ).toEqual([
      ['Creek crossing', tripId, rider.id],
      ['Overlook', tripId, rider.id],
    ]);
    const left = await phone.waypoints.find().exec();
    expect(left.map((waypoint) => waypoint.id).filter((id) => id.startsWith('temp-'))).toEqual([
      'temp-riding-camp',
    ]);
    expect(left).toHaveLength(3);
    // The device remembers where each temp- id went, for pages and links still holding one.
    expect(await promotedIdOf(phone, imported.tripIds[0]!)).toBe(tripId);
    expect(await promotedIdOf(phone, first.tempId)).toBe(first.id);
    expect(await promotedIdOf(phone, 'temp-riding')).toBeNull();
    // Only the ride still being recorded and its waypoint wait.
    expect(await firstValueFrom(observePendingSyncCount(phone))).toBe(2);

    const tablet = await device('tablet');
    await sync(tablet, rider).awaitInSync();
    const received = await tablet.waypoints.find({ selector: { tripId } }).exec();
    expect(received.map((waypoint) => waypoint.name).sort()).toEqual([
      'Creek crossing',
      'Overlook',
    ]);
  });

  it('converges two devices that edited the same plan offline, keeping both edits', async () => {
    const rider = await server.signIn('Ridge');
    let phone = await device('phone');
    await phone.tripPlans.insert(makeTripPlan('weekend-plan', { status: 'pending' }));
    await sync(phone, rider).awaitInSync();
    let tablet = await device('tablet');
    await sync(tablet, rider).awaitInSync();

    // Offline: the phone renames the plan and changes its budget; the tablet renames it too
    // and changes the difficulty, a minute later.
    phone = await device('phone');
    const base = (await phone.tripPlans.findOne('weekend-plan').exec())!;
    const baseUpdatedAt = base.updatedAt;
    await base.incrementalPatch({
      name: 'Phone name',
      estimatedCost: 200,
      updatedAt: baseUpdatedAt + 60_000,
    });
    tablet = await device('tablet');
    const onTablet = (await tablet.tripPlans.findOne('weekend-plan').exec())!;
    await onTablet.incrementalPatch({
      name: 'Tablet name',
      difficulty: 7,
      updatedAt: baseUpdatedAt + 120_000,
    });

    // Back online, the phone syncs first, then the tablet, then the phone again.
    phone = await device('phone');
    await sync(phone, rider).awaitInSync();
    tablet = await device('tablet');
    await sync(tablet, rider).awaitInSync();
    const fromTablet = (await tablet.tripPlans.findOne('weekend-plan').exec())!.toJSON();
    phone = await device('phone');
    await sync(phone, rider).awaitInSync();

    const fromPhone = (await phone.tripPlans.findOne('weekend-plan').exec())!.toJSON();
    expect(fromPhone).toEqual(fromTablet);
    expect(fromPhone).toMatchObject({ name: 'Tablet name', estimatedCost: 200, difficulty: 7 });
    expect(fromPhone.syncConflicts).toEqual([
      {
        field: 'name',
        keptValue: 'Tablet name',
        otherValue: 'Phone name',
        otherUpdatedAt: baseUpdatedAt + 60_000,
      },
    ]);
  });
});
