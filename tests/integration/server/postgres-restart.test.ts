// Two server instances on one PostgreSQL, two devices of one rider pushing trips through them,
// and PostgreSQL restarted (fast mode) while pushes are in flight, then one instance killed and
// started again: both processes live on, every trip is stored exactly once, 503s stop within
// seconds of the database being back, and the surviving instance's streams hear the other
// instance again. The cluster is this file's own (restarting the shared one would disturb other
// suites).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../../scripts/test-postgres.ts';
import { makeTrip } from '../sync/sync-fixtures.ts';
import {
  killInstance,
  openTripStream,
  pushTrips,
  signUp,
  startServerInstance,
  waitUntil,
  type ServerInstance,
} from './server-instance.ts';

// Two devices of one rider, 10,000 trips between them, as in the operator's report.
const tripsPerDevice = 5_000;
const tripsPerPush = 50;
/** How long after the database is back a 503 is still accepted, ms. */
const settleMs = 5_000;

let postgres: TestPostgres | undefined;
let instanceA: ServerInstance | undefined;
let instanceB: ServerInstance | undefined;

beforeAll(async () => {
  postgres = await startTestPostgres();
  // One after the other: the first seeds the catalogue, the second finds it seeded.
  instanceA = await startServerInstance(postgres.url);
  instanceB = await startServerInstance(postgres.url);
}, 60_000);

afterAll(async () => {
  await killInstance(instanceA);
  await killInstance(instanceB);
  postgres?.stop();
});

/** One device's sync: pushes its trips batch by batch, retrying as the app does. */
interface DeviceLog {
  /** Statuses of 5xx answers and when they came (ms since the epoch). */
  serverErrors: { status: number; at: number }[];
  /** Answers that are neither 200 nor 503, as "status body". */
  unexpected: string[];
  /** When a push failed (any answer but 200, or no answer) and was retried. */
  retriedAt: number[];
  acknowledgedPushes: number;
}

function runDevice(
  deviceName: string,
  baseUrl: () => string,
  token: string,
  log: DeviceLog,
): Promise<void> {
  const trips = Array.from({ length: tripsPerDevice }, (_, index) =>
    makeTrip(`${deviceName}-trip-${index}`),
  );
  return (async () => {
    for (let start = 0; start < trips.length; start += tripsPerPush) {
      const batch = trips.slice(start, start + tripsPerPush);
      for (let attempt = 0; ; attempt += 1) {
        let response: Response | null = null;
        try {
          response = await pushTrips(baseUrl(), token, batch);
        } catch {
          // Refused or cut (the instance is down): retry like the device's backoff, faster.
        }
        if (response?.status === 200) {
          await response.json();
          log.acknowledgedPushes += 1;
          break;
        }
        if (response) {
          const body = await response.text();
          if (response.status >= 500)
            log.serverErrors.push({ status: response.status, at: Date.now() });
          if (response.status !== 503) log.unexpected.push(`${response.status} ${body}`);
          else expect(JSON.parse(body)).toMatchObject({ statusCode: 503 });
        }
        log.retriedAt.push(Date.now());
        if (attempt > 400) throw new Error(`${deviceName}: a push failed ${attempt} times`);
        // The app waits 1 s doubling; a short pause keeps the test quick.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  })();
}

describe('a PostgreSQL restart under two instances', () => {
  it('keeps both instances alive, stores every trip once and resumes the streams', async () => {
    const db = postgres!;
    const a = instanceA!;
    const rider = await signUp(a.baseUrl, 'restart-rider');
    const streamBefore = await openTripStream(a.baseUrl, rider.token);

    const logs: Record<'phone' | 'tablet', DeviceLog> = {
      phone: { serverErrors: [], unexpected: [], retriedAt: [], acknowledgedPushes: 0 },
      tablet: { serverErrors: [], unexpected: [], retriedAt: [], acknowledgedPushes: 0 },
    };
    const phone = runDevice('phone', () => a.baseUrl, rider.token, logs.phone);
    const tablet = runDevice('tablet', () => instanceB!.baseUrl, rider.token, logs.tablet);
    const pushesDone = Promise.all([phone, tablet]);
    pushesDone.catch(() => {});
    const pushesPerDevice = tripsPerDevice / tripsPerPush;
    await waitUntil(
      () => logs.phone.acknowledgedPushes >= 5 && logs.tablet.acknowledgedPushes >= 5,
      20_000,
      'for the first pushes',
    );
    expect(logs.phone.acknowledgedPushes).toBeLessThan(pushesPerDevice);

    // The restart, with pushes in flight on both instances.
    const restartedAt = Date.now();
    await db.restart();
    const databaseBackAt = Date.now();

    // Both instances live through the restart and take pushes again.
    const pushesAtRestart = logs.phone.acknowledgedPushes + logs.tablet.acknowledgedPushes;
    await waitUntil(
      () => {
        for (const instance of [a, instanceB!]) {
          if (!instance.alive()) throw new Error(`an instance exited:\n${instance.output()}`);
        }
        return logs.phone.acknowledgedPushes + logs.tablet.acknowledgedPushes > pushesAtRestart + 4;
      },
      20_000,
      'for pushes after the restart',
    );

    // Instance B dies while the tablet pushes through it, and comes back on the same port.
    await waitUntil(() => logs.tablet.acknowledgedPushes >= 10, 30_000, 'for pushes through B');
    const portB = instanceB!.port;
    await killInstance(instanceB);
    instanceB = await startServerInstance(db.url, portB);

    await pushesDone;
    expect(a.alive(), a.output()).toBe(true);
    expect(instanceB.alive(), instanceB.output()).toBe(true);
    expect([...logs.phone.unexpected, ...logs.tablet.unexpected]).toEqual([]);
    // The restart did catch pushes in flight: some failed and were retried.
    const retriedDuringRestart = [...logs.phone.retriedAt, ...logs.tablet.retriedAt].filter(
      (at) => at >= restartedAt && at <= databaseBackAt + 1_000,
    );
    expect(retriedDuringRestart.length).toBeGreaterThan(0);
    const lateErrors = [...logs.phone.serverErrors, ...logs.tablet.serverErrors].filter(
      (error) => error.at > databaseBackAt + settleMs,
    );
    expect(lateErrors).toEqual([]);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; copies: number }>(
        `select id, count(*)::int as copies from user_documents
          where owner_id = $1 and collection = 'trips' group by id`,
        [rider.id],
      );
      expect(rows.length).toBe(2 * tripsPerDevice);
      expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
    } finally {
      await client.end();
    }

    // A stream open on A through the outage was ended once A heard the others again, with a
    // reconnect hint: its client reconnects and pulls what it missed (RESYNC).
    await waitUntil(
      () => streamBefore.hasEnded(),
      15_000,
      'for the stream open through the outage to end',
    );
    expect(streamBefore.text().includes('\nretry: 1000\n')).toBe(true);

    // A new stream on A hears a trip pushed through the restarted B.
    const streamAfter = await openTripStream(a.baseUrl, rider.token);
    const trip = makeTrip('after-the-restart');
    const pushed = await pushTrips(instanceB.baseUrl, rider.token, [trip]);
    expect(pushed.status).toBe(200);
    await waitUntil(() => streamAfter.tripIds.has(trip.id), 10_000, "for A to stream B's trip");
    streamAfter.close();
  }, 55_000);

  it('answers readiness 503 while the database is down, liveness 200 throughout', async () => {
    const db = postgres!;
    const a = instanceA!;
    await db.stopForNow();
    try {
      const ready = await fetch(`${a.baseUrl}/api/health`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await ready.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      const live = await fetch(`${a.baseUrl}/api/health/live`);
      expect(live.status).toBe(200);
    } finally {
      await db.startAgain();
    }
    await waitUntil(
      async () => (await fetch(`${a.baseUrl}/api/health`)).status === 200,
      10_000,
      'for readiness once the database is back',
    );
    expect(a.alive()).toBe(true);
    expect(instanceB!.alive()).toBe(true);
  }, 30_000);
});
