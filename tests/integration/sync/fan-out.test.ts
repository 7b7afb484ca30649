// Sync streams fan out across server instances (docs/architecture.md#sync-server: several instances on
// one PostgreSQL database, changes carried by LISTEN/NOTIFY): two apps on one database, each
// listening on a real port; a trip pushed to instance A arrives on a rider's stream held by
// instance B, and only on that rider's stream.
import { createParser } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  replicationBasePath,
  type PullResponse,
  type WireDocument,
} from '../../../schemas/sync-protocol.ts';
import { buildAuthTestApp, type LoginAnswer } from '../auth/auth-test-server.ts';
import { createWorkspace, type TestWorkspace } from '../server/test-server.ts';
import { makeTrip } from './sync-fixtures.ts';

const trips = replicationBasePath('trips');

let workspace: TestWorkspace;
const instances: FastifyInstance[] = [];
let instanceA: string;
let instanceB: string;
const streams: AbortController[] = [];

/** Builds an app on the shared database and listens on a free loopback port; answers its URL. */
async function startInstance(): Promise<string> {
  const { app } = await buildAuthTestApp({}, {}, workspace);
  instances.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('instance has no port');
  return `http://127.0.0.1:${address.port}`;
}

/** POSTs JSON over HTTP; throws unless the status is `expected`. */
async function postJson<T>(
  url: string,
  body: unknown,
  token: string | null = null,
  expected = 200,
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers `username` on one instance and signs in on it. */
async function signUp(baseUrl: string, username: string): Promise<LoginAnswer> {
  const password = 'correct horse battery';
  await postJson(
    `${baseUrl}/api/auth/register`,
    { username, email: `${username}@example.com`, password },
    null,
    201,
  );
  return postJson<LoginAnswer>(`${baseUrl}/api/auth/login`, { username, password });
}

/** The documents of every `trips` event a stream has delivered so far. */
interface OpenStream {
  received: WireDocument[];
}

/**
 * Opens the trips stream of the token's rider on `baseUrl` and reads it in the background;
 * resolves once the server has subscribed it (its `: connected` comment arrived).
 */
async function openTripStream(baseUrl: string, token: string): Promise<OpenStream> {
  const controller = new AbortController();
  streams.push(controller);
  const response = await fetch(`${baseUrl}${trips}/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const stream: OpenStream = { received: [] };
  let connected!: () => void;
  const whenConnected = new Promise<void>((resolve) => (connected = resolve));
  const parser = createParser({
    onEvent(event) {
      if (event.event === 'trips') {
        stream.received.push(...(JSON.parse(event.data) as PullResponse).documents);
      }
    },
    onComment(comment) {
      if (comment.trim() === 'connected') connected();
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  await whenConnected;
  return stream;
}

beforeAll(async () => {
  workspace = await createWorkspace({ engine: 'postgres' });
  // One after the other: the second start finds the schema migrated and the catalogue seeded.
  instanceA = await startInstance();
  instanceB = await startInstance();
});

afterAll(async () => {
  for (const controller of streams.splice(0)) controller.abort();
  for (const app of instances.splice(0)) await app.close();
  await workspace?.remove();
});

describe('sync streams across instances on one PostgreSQL database', () => {
  it("delivers a trip pushed to instance A on the rider's stream held by instance B", async () => {
    const rider = await signUp(instanceA, 'fanout-rider');
    const otherRider = await signUp(instanceA, 'fanout-other');
    const riderStream = await openTripStream(instanceB, rider.accessToken);
    const otherStream = await openTripStream(instanceB, otherRider.accessToken);

    const trip = makeTrip('fan-out-trip-1', { name: 'Pushed to A, streamed by B' });
    const answer = await postJson<{ conflicts: unknown[] }>(
      `${instanceA}${trips}/push`,
      { rows: [{ newDocumentState: { ...trip, _deleted: false } }] },
      rider.accessToken,
    );
    expect(answer.conflicts).toEqual([]);

    await vi.waitFor(() => expect(riderStream.received).toHaveLength(1), { timeout: 10_000 });
    expect(riderStream.received[0]).toEqual({
      ...trip,
      userId: rider.user.id,
      status: 'synced',
      _deleted: false,
    });

    // The other rider's push reaches only the other rider's stream.
    const otherTrip = makeTrip('fan-out-trip-2');
    await postJson(
      `${instanceA}${trips}/push`,
      { rows: [{ newDocumentState: { ...otherTrip, _deleted: false } }] },
      otherRider.accessToken,
    );
    await vi.waitFor(() => expect(otherStream.received).toHaveLength(1), { timeout: 10_000 });
    expect(otherStream.received[0]).toMatchObject({ id: 'fan-out-trip-2' });
    expect(riderStream.received.map((document) => document.id)).toEqual(['fan-out-trip-1']);
  });
});
