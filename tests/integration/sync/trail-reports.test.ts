// Trail reports (descriptor scope `shared`) on both storage engines: a report filed offline on
// device A is promoted, pushed once and pulled by device B and by a signed-out visitor; another
// rider cannot overwrite it; other riders' votes become its tallies, which the reporter's own
// pushes cannot change; an admin's hiding comes down to every device; the daily limit answers
// 429; a deleted account's reports come down as tombstones.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trailReportsCollection } from '../../../schemas/collections/trail-reports.ts';
import { tripContextCollection } from '../../../schemas/collections/trip-context.ts';
import { waypointsCollection } from '../../../schemas/collections/waypoints.ts';
import { recordId } from '../../../schemas/records.ts';
import {
  promotionPath,
  replicationBasePath,
  type PromotionResponse,
  type PullResponse,
  type WireDocument,
} from '../../../schemas/sync-protocol.ts';
import {
  reporterLabelOf,
  trailReportsPerRiderPerDay,
  type TrailReport,
  type TrailReportVote,
} from '../../../schemas/trail-reports.ts';
import { newTempId } from '../../../schemas/identity.ts';
import {
  countsTowardStatus,
  currentTrailStatus,
} from '../../../src/lib/trail-reports/trail-status.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import { login, readTable } from '../auth/auth-test-server.ts';
import { storageEngines } from '../server/test-server.ts';
import { startSyncServer, type RunningSyncServer } from './sync-client.ts';
import { makeTrailReport, reportObservedAt } from './sync-fixtures.ts';
import { createTestTransport } from './test-transport.ts';

const reports = replicationBasePath('trailReports');
const records = replicationBasePath('records');
const day = 24 * 60 * 60 * 1000;

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

describe.each(storageEngines)('trail reports on %s', (engine) => {
  let server: RunningSyncServer;
  const databases: AppDatabase[] = [];
  const engines: SyncEngine[] = [];

  beforeEach(async () => {
    server = await startSyncServer(engine, {
      initialAdmin: { username: 'admin-one', password: 'admin password' },
    });
  });
  afterEach(async () => {
    for (const running of engines.splice(0)) await running.stop();
    for (const database of databases.splice(0)) await database.remove();
    await server.close();
  });

  async function device(name: string) {
    const database = await createAppDatabase({
      name: `trail-reports-${name}-${process.pid}-${Date.now().toString(36)}`,
      devMode: false,
      // Three devices of all 12 collections would pass RxDB's free limit of open collections;
      // promotion rewrites references in waypoints and the trip context, so those are open.
      collections: [trailReportsCollection, waypointsCollection, tripContextCollection],
    });
    databases.push(database);
    return database;
  }

  function sync(database: AppDatabase, rider: { id: string; token: string } | null) {
    const running = startSyncEngine({
      db: database,
      transport: createTestTransport(server.baseUrl, rider?.token ?? null),
      userId: rider?.id ?? null,
      serverIdentity: server.baseUrl,
      live: false,
      collections: [trailReportsCollection],
    });
    engines.push(running);
    return running;
  }

  async function promote(token: string, tempIds: string[]) {
    return server.app.inject({
      method: 'POST',
      url: promotionPath,
      headers: bearer(token),
      payload: { collection: 'trailReports', tempIds },
    });
  }

  async function push(token: string, document: TrailReport, assumed?: WireDocument) {
    return server.app.inject({
      method: 'POST',
      url: `${reports}/push`,
      headers: bearer(token),
      payload: {
        rows: [
          {
            ...(assumed ? { assumedMasterState: assumed } : {}),
            newDocumentState: { ...document, _deleted: false },
          },
        ],
      },
    });
  }

  /** The report as a signed-out visitor pulls it. */
  async function pulledReport(id: string): Promise<WireDocument | undefined> {
    const answer = await server.app.inject({ method: 'GET', url: `${reports}/pull?limit=500` });
    expect(answer.statusCode).toBe(200);
    return answer.json<PullResponse>().documents.find((document) => document.id === id);
  }

  /** Files a report through the API as a device would: promotion, then push. */
  async function fileReport(rider: { id: string; token: string }, overrides = {}) {
    const tempId = newTempId();
    const promoted = await promote(rider.token, [tempId]);
    expect(promoted.statusCode).toBe(200);
    const id = promoted.json<PromotionResponse>().promotions[0]!.id;
    expect((await push(rider.token, makeTrailReport(id, rider.id, overrides))).statusCode).toBe(
      200,
    );
    return id;
  }

  /** Each rider's last vote per report, as the server stored it: the next vote's assumed state. */
  const lastVotes = new Map<string, WireDocument>();

  async function vote(
    rider: { id: string; token: string },
    reportId: string,
    choice: TrailReportVote,
  ) {
    const id = recordId(rider.id, 'trailReportVote', reportId);
    const votedAt = reportObservedAt + 1000 + lastVotes.size;
    const state: WireDocument = {
      id,
      userId: rider.id,
      kind: 'trailReportVote',
      data: { reportId, vote: choice, votedAt },
      status: 'pending',
      createdAt: votedAt,
      updatedAt: votedAt,
      _deleted: false,
    };
    const assumed = lastVotes.get(id);
    const answer = await server.app.inject({
      method: 'POST',
      url: `${records}/push`,
      headers: bearer(rider.token),
      payload: {
        rows: [{ ...(assumed ? { assumedMasterState: assumed } : {}), newDocumentState: state }],
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ conflicts: unknown[] }>().conflicts).toEqual([]);
    lastVotes.set(id, { ...state, status: 'synced' });
  }

  it('sends a report filed offline once, and device B and a signed-out visitor pull it', async () => {
    const ridge = await server.signIn('Ridge');
    const hollow = await server.signIn('Hollow');
    const deviceA = await device('a');
    const tempId = newTempId();
    await deviceA.trailReports.insert(makeTrailReport(tempId, ridge.id, { confirmations: 7 }));

    const runningA = sync(deviceA, ridge);
    await runningA.awaitInSync();
    const onA = (await deviceA.trailReports.find().exec()).map((document) => document.toJSON());
    expect(onA).toHaveLength(1);
    const id = onA[0]!.id;
    expect(id).not.toBe(tempId);
    // The server's tag and tallies replaced what the device sent.
    expect(await pulledReport(id)).toMatchObject({
      reporterLabel: reporterLabelOf(ridge.id),
      confirmations: 0,
      userId: ridge.id,
    });

    const stored = (await readTable(server.server.workspace, 'user_documents')).filter(
      (row) => row.collection === 'trailReports',
    );
    expect(stored.map((row) => row.id)).toEqual([id]);

    const deviceB = await device('b');
    await sync(deviceB, hollow).awaitInSync();
    const onB = await deviceB.trailReports.findOne(id).exec();
    expect(onB?.toJSON()).toMatchObject({
      status: 'closed',
      note: makeTrailReport(id, ridge.id).note,
      reporterLabel: reporterLabelOf(ridge.id),
    });

    const guest = await device('guest');
    await sync(guest, null).awaitInSync();
    expect(await guest.trailReports.count().exec()).toBe(1);
  }, 60_000);

  it('refuses another rider’s overwrite and keeps the server’s tallies and tag', async () => {
    const ridge = await server.signIn('Ridge');
    const hollow = await server.signIn('Hollow');
    const id = await fileReport(ridge);
    const master = (await pulledReport(id))!;
    expect(master).toMatchObject({ userId: ridge.id, reporterLabel: reporterLabelOf(ridge.id) });
    // The label never carries the username.
    expect(String(master.reporterLabel)).not.toContain('Ridge');

    const forged = await push(
      hollow.token,
      makeTrailReport(id, hollow.id, { status: 'all-clear' }),
      master,
    );
    expect(forged.statusCode).toBe(403);
    expect((await pulledReport(id))!.status).toBe('closed');

    // The reporter's edit with made-up tallies changes the report but not its tallies.
    const edited = makeTrailReport(id, ridge.id, {
      note: 'Cleared one lane.',
      confirmations: 99,
      hidden: true,
    });
    expect((await push(ridge.token, edited, master)).statusCode).toBe(200);
    expect(await pulledReport(id)).toMatchObject({
      note: 'Cleared one lane.',
      confirmations: 0,
      hidden: false,
    });
  });

  it('tallies other riders’ votes, one per rider, not the reporter’s own', async () => {
    const ridge = await server.signIn('Ridge');
    const hollow = await server.signIn('Hollow');
    const bluff = await server.signIn('Bluff');
    const id = await fileReport(ridge);
    const before = await server.app.inject({ method: 'GET', url: `${reports}/pull?limit=500` });
    const checkpoint = before.json<PullResponse>().checkpoint;

    await vote(hollow, id, 'clear');
    await vote(bluff, id, 'confirm');
    await vote(ridge, id, 'confirm');
    expect(await pulledReport(id)).toMatchObject({ confirmations: 1, clears: 1, flags: 0 });

    // Bluff changes their mind: still one vote each, and both now say "gone now".
    await vote(bluff, id, 'clear');
    await vote(hollow, id, 'flag');
    await vote(hollow, id, 'clear');
    const cleared = await pulledReport(id);
    expect(cleared).toMatchObject({ confirmations: 0, clears: 2, flags: 0 });
    // Cleared by two riders: the report no longer counts towards the trail's status.
    const seenAt = reportObservedAt + day;
    expect(countsTowardStatus(cleared as unknown as TrailReport, seenAt)).toBe(false);
    expect(currentTrailStatus([cleared as unknown as TrailReport], seenAt).status).toBe(
      'no-recent-reports',
    );

    // A device that pulled before learns the new tallies from its checkpoint on.
    const later = await server.app.inject({
      method: 'GET',
      url: `${reports}/pull?limit=500&checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}`,
    });
    expect(later.json<PullResponse>().documents.map((document) => document.clears)).toEqual([2]);
  });

  it('hides a report for every device when an admin says so; only admins may', async () => {
    const ridge = await server.signIn('Ridge');
    const hollow = await server.signIn('Hollow');
    const id = await fileReport(ridge);
    const deviceB = await device('b');
    const runningB = sync(deviceB, hollow);
    await runningB.awaitInSync();
    expect((await deviceB.trailReports.findOne(id).exec())?.hidden).toBe(false);

    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/admin/trail-reports/${id}/hidden`,
      headers: bearer(hollow.token),
      payload: { hidden: true },
    });
    expect(refused.statusCode).toBe(403);
    const admin = (await login(server.app, 'admin-one', 'admin password')).accessToken;
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/admin/trail-reports',
      headers: bearer(admin),
    });
    expect(listed.json<{ reports: TrailReport[] }>().reports.map((entry) => entry.id)).toEqual([
      id,
    ]);
    const hidden = await server.app.inject({
      method: 'POST',
      url: `/api/admin/trail-reports/${id}/hidden`,
      headers: bearer(admin),
      payload: { hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/admin/trail-reports/no-such-report/hidden',
      headers: bearer(admin),
      payload: { hidden: true },
    });
    expect(missing.statusCode).toBe(404);

    runningB.syncNow();
    await runningB.awaitInSync();
    expect((await deviceB.trailReports.findOne(id).exec())?.hidden).toBe(true);
  }, 60_000);

  it('hides one photo of a report for every device, and the reporter cannot show it again', async () => {
    const ridge = await server.signIn('Ridge');
    const hollow = await server.signIn('Hollow');
    const photo = (digit: string) => ({
      hash: digit.repeat(64),
      thumbnailHash: 'f'.repeat(64),
      width: 1600,
      height: 1200,
      bytes: 400_000,
      type: 'image/jpeg' as const,
      hidden: false,
    });
    const id = await fileReport(ridge, { photos: [photo('a'), photo('b')] });
    const url = (hash: string) => `/api/admin/trail-reports/${id}/photos/${hash}/hidden`;
    const refused = await server.app.inject({
      method: 'POST',
      url: url('a'.repeat(64)),
      headers: bearer(hollow.token),
      payload: { hidden: true },
    });
    expect(refused.statusCode).toBe(403);
    const admin = (await login(server.app, 'admin-one', 'admin password')).accessToken;
    const hide = (hash: string) =>
      server.app.inject({
        method: 'POST',
        url: url(hash),
        headers: bearer(admin),
        payload: { hidden: true },
      });
    expect((await hide('a'.repeat(64))).statusCode).toBe(200);
    expect((await hide('c'.repeat(64))).statusCode).toBe(404);
    const master = (await pulledReport(id))!;
    expect((master.photos as { hidden: boolean }[]).map((p) => p.hidden)).toEqual([true, false]);

    const edited = makeTrailReport(id, ridge.id, {
      note: 'Still down.',
      photos: [photo('a'), photo('b')],
    });
    expect((await push(ridge.token, edited, master)).statusCode).toBe(200);
    const after = (await pulledReport(id))!;
    expect(after.note).toBe('Still down.');
    expect((after.photos as { hidden: boolean }[]).map((p) => p.hidden)).toEqual([true, false]);
  });

  it(`answers 429 past ${trailReportsPerRiderPerDay} reports a day, and refuses unpromoted ids`, async () => {
    const ridge = await server.signIn('Ridge');
    const tempIds = Array.from(
      { length: trailReportsPerRiderPerDay },
      (_, index) => `temp-${index}`,
    );
    expect((await promote(ridge.token, tempIds)).statusCode).toBe(200);
    // A retry of the same ids mints nothing and is answered.
    expect((await promote(ridge.token, tempIds.slice(0, 3))).statusCode).toBe(200);
    const over = await promote(ridge.token, ['temp-one-more']);
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/at most 20 a day/);

    const made = await push(ridge.token, makeTrailReport('a-made-up-id', ridge.id));
    expect(made.statusCode).toBe(400);
    expect(await pulledReport('a-made-up-id')).toBeUndefined();
  });

  it('turns a deleted account’s reports into tombstones other devices drop, and recounts its votes', async () => {
    const ridge = await server.signIn('Ridge');
    const hollow = await server.signIn('Hollow');
    const id = await fileReport(ridge);
    const hollowsReport = await fileReport(hollow, { status: 'some-issues' });
    await vote(ridge, hollowsReport, 'confirm');
    expect((await pulledReport(hollowsReport))!.confirmations).toBe(1);
    const deviceB = await device('b');
    const runningB = sync(deviceB, hollow);
    await runningB.awaitInSync();
    expect(await deviceB.trailReports.count().exec()).toBe(2);

    const deleted = await server.app.inject({
      method: 'POST',
      url: '/api/account/deletion',
      headers: bearer(ridge.token),
      payload: { requestId: crypto.randomUUID(), password: 'correct horse battery' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const tombstone = await pulledReport(id);
    expect(tombstone).toMatchObject({ _deleted: true, note: '', photos: [] });
    // Ridge's vote went with the account.
    expect((await pulledReport(hollowsReport))!.confirmations).toBe(0);

    runningB.syncNow();
    await runningB.awaitInSync();
    expect((await deviceB.trailReports.find().exec()).map((document) => document.id)).toEqual([
      hollowsReport,
    ]);
  }, 60_000);
});
