// A pulled document whose bookkeeping write never happened (the page closed between RxDB's two
// writes) still takes the server's later changes: another rider's report an admin hid, and the
// rider's own trip plan renamed on another device, reach the phone on its next start, including
// the change the phone skipped while the document was frozen.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trailReportsCollection } from '../../../schemas/collections/trail-reports.ts';
import { tripPlansCollection } from '../../../schemas/collections/trip-plans.ts';
import { newTempId } from '../../../schemas/identity.ts';
import {
  promotionPath,
  replicationBasePath,
  type PromotionResponse,
  type PullResponse,
  type WireDocument,
} from '../../../schemas/sync-protocol.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import { login } from '../auth/auth-test-server.ts';
import { storageWithReplicationMeta } from './replication-meta-storage.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { makeTrailReport, makeTripPlan } from './sync-fixtures.ts';
import { createTestTransport } from './test-transport.ts';

type Rider = { id: string; token: string };
type SyncedCollection = 'trailReports' | 'tripPlans';

/**
 * Dexie on fake-indexeddb whose replication bookkeeping writes (the assumed server state RxDB
 * stores after a pulled document) are silently lost while `losing` is set, as when the page
 * goes away between the two writes.
 */
function storageLosingPullBookkeeping() {
  const control = { losing: false };
  const storage = storageWithReplicationMeta((instance) => {
    const bulkWrite = instance.bulkWrite.bind(instance);
    instance.bulkWrite = (rows, context) =>
      control.losing && context === 'replication-down-write-meta'
        ? Promise.resolve({ error: [] })
        : bulkWrite(rows, context);
  });
  return { storage, control };
}

describe('lost pull bookkeeping', () => {
  let server: RunningSyncServer;
  const databases: AppDatabase[] = [];
  const engines: SyncEngine[] = [];

  beforeEach(async () => {
    server = await startSyncServer('sqlite', {
      initialAdmin: { username: 'admin-one', password: 'admin password' },
    });
  });
  afterEach(async () => {
    for (const running of engines.splice(0)) await running.stop();
    for (const database of databases.splice(0)) await database.remove();
    await server.close();
  });

  function sync(database: AppDatabase, rider: Rider) {
    const running = startSyncEngine({
      db: database,
      transport: createTestTransport(server.baseUrl, rider.token),
      userId: rider.id,
      serverIdentity: server.baseUrl,
      live: false,
      collections: [trailReportsCollection, tripPlansCollection],
    });
    engines.push(running);
    return running;
  }

  async function stop(running: SyncEngine) {
    engines.splice(engines.indexOf(running), 1);
    await running.stop();
  }

  async function request(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
    const answer = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  }

  /** Stores `document` on the server as a device would: a promoted id, then a push. */
  async function file(
    rider: Rider,
    collection: SyncedCollection,
    make: (id: string) => Record<string, unknown>,
  ): Promise<string> {
    const promoted = await request('POST', promotionPath, rider.token, {
      collection,
      tempIds: [newTempId()],
    });
    const id = promoted.json<PromotionResponse>().promotions[0]!.id;
    await request('POST', `${replicationBasePath(collection)}/push`, rider.token, {
      rows: [{ newDocumentState: { ...make(id), _deleted: false } }],
    });
    return id;
  }

  async function serverCopy(rider: Rider, collection: SyncedCollection, id: string) {
    const answer = await request(
      'GET',
      `${replicationBasePath(collection)}/pull?limit=500`,
      rider.token,
    );
    return answer.json<PullResponse>().documents.find((document) => document.id === id)!;
  }

  it('brings later server changes to documents whose first pull lost its bookkeeping', async () => {
    const ridge = await server.signIn('Ridge');
    const hollow = await server.signIn('Hollow');
    const reportId = await file(ridge, 'trailReports', (id) => makeTrailReport(id, ridge.id));
    const planId = await file(hollow, 'tripPlans', (id) => makeTripPlan(id, { userId: hollow.id }));

    const { storage, control } = storageLosingPullBookkeeping();
    const phone = await createAppDatabase({
      name: `lost-bookkeeping-${process.pid}-${Date.now().toString(36)}`,
      devMode: false,
      storage,
      collections: [trailReportsCollection, tripPlansCollection],
    });
    databases.push(phone);
    control.losing = true;
    const first = sync(phone, hollow);
    await first.awaitInSync();
    expect((await phone.trailReports.findOne(reportId).exec())?.hidden).toBe(false);
    expect((await phone.tripPlans.findOne(planId).exec())?.name).toBe('Ouachita weekend loop');
    // A later start stores its bookkeeping as usual; what the first pull lost stays lost.
    control.losing = false;
    await stop(first);

    // While the phone is away, an admin hides the report and the plan is renamed elsewhere.
    const admin = (await login(server.app, 'admin-one', 'admin password')).accessToken;
    await request('POST', `/api/admin/trail-reports/${reportId}/hidden`, admin, { hidden: true });
    const plan = await serverCopy(hollow, 'tripPlans', planId);
    await request('POST', `${replicationBasePath('tripPlans')}/push`, hollow.token, {
      rows: [
        {
          assumedMasterState: plan,
          newDocumentState: { ...plan, name: 'Ouachita long weekend', updatedAt: Date.now() },
        },
      ],
    });

    const second = sync(phone, hollow);
    await second.awaitInSync();
    await expect
      .poll(async () => (await phone.trailReports.findOne(reportId).exec())?.hidden)
      .toBe(true);
    await expect
      .poll(async () => (await phone.tripPlans.findOne(planId).exec())?.name)
      .toBe('Ouachita long weekend');
    expect(second.status.get()).toMatchObject({ lastError: null });

    // Repaired once: changes made while the phone runs arrive as they would for any document.
    await request('POST', `/api/admin/trail-reports/${reportId}/hidden`, admin, { hidden: false });
    second.syncNow();
    await second.awaitInSync();
    await expect
      .poll(async () => (await phone.trailReports.findOne(reportId).exec())?.hidden)
      .toBe(false);
    const report: WireDocument | undefined = await serverCopy(hollow, 'trailReports', reportId);
    expect(report?.hidden).toBe(false);
  });
});
