// Trail submissions across two riders and an admin on SQLite (tests/integration/storage checks the
// storage layer on both engines): Ridge saves a trail on a device that is offline (no sync
// running), it reaches the server once when the device syncs, the admin sees it with Ridge's
// username, edits and approves it; Hollow's device pulls the new public trail (line, credit, "rider
// submission, reviewed"), and Ridge's device pulls the review and logs the submissionReviewed
// notification once. A rider cannot write the review, and bad, unauthorised or repeated review
// requests get a JSON 4xx and change nothing; a re-seed after the shipped data changed keeps the
// approved trail. The free RxDB build opens 13 collections per process, so devices take turns.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RiderRecord } from '../../../schemas/records.ts';
import { replicationBasePath, type PullResponse } from '../../../schemas/sync-protocol.ts';
import {
  riderTrailId,
  type SubmissionForReview,
  type TrailSubmissionData,
} from '../../../schemas/trail-submissions.ts';
import type { Trail } from '../../../schemas/trails.ts';
import { createAppDatabase, type AppDatabase } from '../../../src/db/database.ts';
import { notificationLogDocumentId } from '../../../src/db/notifications.ts';
import { saveTrailSubmission, watchSubmissionReviews } from '../../../src/db/trail-submissions.ts';
import type { AppNotification } from '../../../src/lib/notifications/notification-log.ts';
import { startSyncEngine, type SyncEngine } from '../../../src/sync/sync-engine.ts';
import {
  buildAuthTestApp,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { createWorkspace, routeSuiteEngines } from '../server/test-server.ts';
import { createTestTransport } from './test-transport.ts';

/** A real-shaped line near Jasper, Newton County (Ozarks): about 1.2 miles, 40 points. */
const line: [number, number][] = Array.from({ length: 40 }, (_, index) => [
  Math.round((-93.2 + index * 0.0005) * 1e6) / 1e6,
  Math.round((36.0 + Math.sin(index / 6) * 0.002) * 1e6) / 1e6,
]);

const submission = {
  name: 'Cave Creek Bench Loop',
  activities: ['atv' as const, 'utv' as const],
  difficulty: 'moderate' as const,
  season: { yearRound: false, openFrom: '04-01', openUntil: '11-30' },
  notes: 'Rocky climb at the start; gate at the county road.',
  origin: 'drawn' as const,
  line,
};

describe.each(routeSuiteEngines)('trail submissions on %s', (engine) => {
  let server: AuthTestApp;
  let baseUrl: string;
  const devices: string[] = [];
  let open: { database: AppDatabase; engine: SyncEngine | null } | null = null;

  beforeEach(async () => {
    server = await buildAuthTestApp(
      {
        accessTokenTtlSeconds: 3600,
        initialAdmin: { username: 'admin-one', password: 'admin password' },
      },
      {},
      engine,
    );
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(async () => {
    await closeDevice();
    for (const name of devices) await (await createAppDatabase({ name, devMode: true })).remove();
    devices.length = 0;
    await server.close();
  });

  async function closeDevice(): Promise<void> {
    if (!open) return;
    await open.engine?.stop();
    await open.database.close();
    open = null;
  }

  /** Opens device `label` (closing the open one): its data is what it had last time. */
  async function device(label: string): Promise<AppDatabase> {
    await closeDevice();
    const prefix = `submissions-${engine}-${label}-${process.pid}-`;
    let name = devices.find((existing) => existing.startsWith(prefix));
    if (!name) {
      name = `${prefix}${Date.now().toString(36)}`;
      devices.push(name);
    }
    open = { database: await createAppDatabase({ name, devMode: true }), engine: null };
    return open.database;
  }

  async function syncOnce(database: AppDatabase, rider: { id: string; token: string }) {
    const running = startSyncEngine({
      db: database,
      transport: createTestTransport(baseUrl, rider.token),
      userId: rider.id,
      serverIdentity: baseUrl,
    });
    open!.engine = running;
    await running.awaitInSync();
  }

  async function rider(username: string): Promise<{ id: string; token: string }> {
    await registerUser(server.app, username);
    const answer = await login(server.app, username);
    return { id: answer.user.id, token: answer.accessToken };
  }

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload ? { payload } : {}),
    });
  const adminToken = async () =>
    (await login(server.app, 'admin-one', 'admin password')).accessToken;
  const queue = async (token: string) =>
    (await call('GET', '/api/admin/trail-submissions', token)).json<{
      submissions: SubmissionForReview[];
    }>().submissions;
  const publicTrail = async (id: string) => call('GET', `/api/trails/${id}`);

  it('goes from an offline submission to a public trail a second rider pulls, crediting the rider', async () => {
    const ridge = await rider('Ridge');
    const hollow = await rider('Hollow');
    const admin = await adminToken();

    // Saved with no sync running: the device is offline.
    const phone = await device('ridge-phone');
    const saved = await saveTrailSubmission(phone, ridge.id, submission, 1_795_000_000_000);
    expect(saved.review.status).toBe('submitted');
    expect(await queue(admin)).toEqual([]);

    await syncOnce(phone, ridge);
    const [waiting, ...others] = await queue(admin);
    expect(others).toEqual([]);
    expect(waiting).toMatchObject({
      id: `${ridge.id}:trailSubmission:${saved.submissionId}`,
      submittedBy: 'Ridge',
      data: { name: 'Cave Creek Bench Loop', review: { status: 'submitted' } },
    });
    // Simplified on the device (points within 2 m of the line dropped), never beyond the ends.
    expect(waiting!.data.line).toEqual(saved.line);
    expect(saved.line.length).toBeLessThan(40);
    expect(saved.line[0]).toEqual(line[0]);
    expect(saved.line.at(-1)).toEqual(line.at(-1));
    // Synced a second time, it is still one submission (the id is deterministic).
    await syncOnce(phone, ridge);
    expect(await queue(admin)).toHaveLength(1);
    await closeDevice();

    const approve = await call(
      'POST',
      `/api/admin/trail-submissions/${encodeURIComponent(waiting!.id)}/review`,
      admin,
      { decision: 'approve', edits: { name: ' Cave Creek Bench Trail ', difficulty: 'hard' } },
    );
    expect(approve.statusCode).toBe(200);
    const trailId = riderTrailId(saved.submissionId);
    const trail = (await publicTrail(trailId)).json<Trail>();
    expect(trail).toMatchObject({
      id: trailId,
      name: 'Cave Creek Bench Trail',
      difficulty: 'hard',
      activities: ['atv', 'utv'],
      county: 'Newton',
      region: 'Ozarks',
      locationConfidence: 'exact',
      longitude: line[0]![0],
      latitude: line[0]![1],
      notes: submission.notes,
    });
    expect(trail.path).toEqual(saved.line);
    expect(trail.lengthMiles).toBeGreaterThan(1);
    expect(trail.lengthMiles).toBeLessThan(1.5);
    expect(trail.sources[0]).toMatch(
      /^rider submission, reviewed: submitted by Ridge, reviewed \d{4}-\d{2}-\d{2}$/,
    );
    expect(trail.season).toMatchObject({ yearRound: false, openFrom: '04-01' });

    // A second rider's device pulls it with the catalogue.
    const hollowPhone = await device('hollow-phone');
    await syncOnce(hollowPhone, hollow);
    const pulled = (await hollowPhone.trails.findOne(trailId).exec())?.toJSON() as Trail;
    expect(pulled.name).toBe('Cave Creek Bench Trail');
    expect(pulled.path).toEqual(saved.line);
    expect(await hollowPhone.records.count().exec()).toBe(0);

    // Ridge's device pulls the review and logs the notification once.
    const ridgePhone = await device('ridge-phone');
    const logged: string[] = [];
    const stop = watchSubmissionReviews(ridgePhone, ridge.id, (entry) => logged.push(entry.id));
    await syncOnce(ridgePhone, ridge);
    const record = (
      await ridgePhone.records.findOne(waiting!.id).exec()
    )?.toJSON() as RiderRecord & { data: TrailSubmissionData };
    expect(record.data.review).toMatchObject({ status: 'approved', trailId, reason: null });
    await expect.poll(() => logged).toEqual([`submission-reviewed:${saved.submissionId}:approved`]);
    await syncOnce(ridgePhone, ridge);
    stop();
    const log = (
      await ridgePhone.getLocal<{ entries: AppNotification[] }>(notificationLogDocumentId)
    )?.toJSON().data;
    expect(log?.entries.filter((entry) => entry.kind === 'submissionReviewed')).toHaveLength(1);
    expect(log?.entries[0]).toMatchObject({ link: `/map/${trailId}` });

    // Reviewed once only.
    const again = await call(
      'POST',
      `/api/admin/trail-submissions/${encodeURIComponent(waiting!.id)}/review`,
      admin,
      { decision: 'reject', reason: 'duplicate' },
    );
    expect(again.statusCode).toBe(409);
    expect((await publicTrail(trailId)).statusCode).toBe(200);
  });

  it('refuses a rider writing the review, bad reviews and non-admins, changing nothing', async () => {
    const ridge = await rider('Ridge');
    const admin = await adminToken();
    const id = `${ridge.id}:trailSubmission:sub-1`;
    const data: TrailSubmissionData = {
      submissionId: 'sub-1',
      name: 'Forged Approval Trail',
      activities: ['atv'],
      difficulty: null,
      season: null,
      notes: null,
      origin: 'gpx',
      line: [
        [-92.5, 35.5],
        [-92.49, 35.51],
      ],
      lengthMiles: 0.9,
      submittedAt: 1_795_000_000_000,
      review: { status: 'approved', reviewedAt: 1, reason: null, trailId: 'forged' },
    };
    const record = {
      id,
      userId: ridge.id,
      kind: 'trailSubmission',
      data,
      status: 'pending',
      createdAt: 1,
      updatedAt: 1,
      _deleted: false,
    };
    const push = (document: object) =>
      call('POST', `${replicationBasePath('records')}/push`, ridge.token, {
        rows: [{ newDocumentState: document }],
      });
    expect((await push(record)).statusCode).toBe(200);
    const pulled = await call('GET', `${replicationBasePath('records')}/pull`, ridge.token);
    const stored = pulled.json<PullResponse>().documents[0]!;
    expect((stored.data as TrailSubmissionData).review).toEqual({
      status: 'submitted',
      reviewedAt: null,
      reason: null,
      trailId: null,
    });
    // A line of one point, or too many points, is refused.
    const short = await push({ ...record, data: { ...data, line: [[-92.5, 35.5]] } });
    expect(short.statusCode).toBe(400);
    const long = await push({
      ...record,
      data: { ...data, line: Array.from({ length: 501 }, (_, i) => [-92.5 + i * 1e-4, 35.5]) },
    });
    expect(long.statusCode).toBe(400);

    const url = `/api/admin/trail-submissions/${encodeURIComponent(id)}/review`;
    expect((await call('GET', '/api/admin/trail-submissions')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/trail-submissions', ridge.token)).statusCode).toBe(403);
    const byRider = await call('POST', url, ridge.token, { decision: 'approve' });
    expect(byRider.statusCode).toBe(403);
    const noReason = await call('POST', url, admin, { decision: 'reject', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toContain('needs a reason');
    const badBody = await call('POST', url, admin, { decision: 'publish' });
    expect(badBody.statusCode).toBe(400);
    const badEdit = await call('POST', url, admin, {
      decision: 'approve',
      edits: { activities: ['rocket'] },
    });
    expect(badEdit.statusCode).toBe(400);
    const unknown = await call(
      'POST',
      `/api/admin/trail-submissions/${encodeURIComponent(`${ridge.id}:trailSubmission:nope`)}/review`,
      admin,
      { decision: 'approve' },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await queue(admin))[0]!.data.review.status).toBe('submitted');

    const rejected = await call('POST', url, admin, {
      decision: 'reject',
      reason: 'This is a county road, not a trail.',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await publicTrail(riderTrailId('sub-1'))).statusCode).toBe(404);
    const after = await call('GET', `${replicationBasePath('records')}/pull`, ridge.token);
    expect((after.json<PullResponse>().documents[0]!.data as TrailSubmissionData).review).toEqual(
      expect.objectContaining({
        status: 'rejected',
        reason: 'This is a county road, not a trail.',
      }),
    );
    expect((await call('POST', url, admin, { decision: 'approve' })).statusCode).toBe(409);
  });

  it('keeps an approved rider trail when the shipped data changes and the server re-seeds', async () => {
    const files = await createWorkspace({ engine });
    const dataDir = join(files.root, 'data');
    cpSync(fileURLToPath(new URL('../../../data', import.meta.url)), dataDir, { recursive: true });
    const auth = { initialAdmin: { username: 'admin-one', password: 'admin password' } };
    const first = await buildAuthTestApp(auth, { seedDataDir: dataDir }, files);
    await registerUser(first.app, 'Ridge');
    const ridge = await login(first.app, 'Ridge');
    const admin = await login(first.app, 'admin-one', 'admin password');
    const id = `${ridge.user.id}:trailSubmission:sub-2`;
    const data = {
      submissionId: 'sub-2',
      name: 'Reseed Survivor Trail',
      activities: ['atv'],
      difficulty: null,
      season: null,
      notes: null,
      origin: 'drawn',
      line: line.slice(0, 5),
      lengthMiles: 0.1,
      submittedAt: 1_795_000_000_000,
      review: { status: 'submitted', reviewedAt: null, reason: null, trailId: null },
    };
    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    await first.app.inject({
      method: 'POST',
      url: `${replicationBasePath('records')}/push`,
      headers: headers(ridge.accessToken),
      payload: {
        rows: [
          {
            newDocumentState: {
              ...{ id, userId: ridge.user.id, kind: 'trailSubmission', data },
              ...{ status: 'pending', createdAt: 1, updatedAt: 1, _deleted: false },
            },
          },
        ],
      },
    });
    const approved = await first.app.inject({
      method: 'POST',
      url: `/api/admin/trail-submissions/${encodeURIComponent(id)}/review`,
      headers: headers(admin.accessToken),
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    // Closing the first app would remove the workspace: keep it for the restart.
    await first.app.close();

    const file = join(dataDir, 'achievements.json');
    const achievements = JSON.parse(readFileSync(file, 'utf8')) as { title: string }[];
    achievements[0]!.title = `${achievements[0]!.title} (renamed)`;
    writeFileSync(file, JSON.stringify(achievements));
    const second = await buildAuthTestApp(auth, { seedDataDir: dataDir }, files);
    try {
      const trail = await second.app.inject(`/api/trails/${riderTrailId('sub-2')}`);
      expect(trail.statusCode).toBe(200);
      expect(trail.json<Trail>().name).toBe('Reseed Survivor Trail');
    } finally {
      await second.close();
    }
  });
});
