// Photo uploads and serving through the app, on both storage engines (the daily limits and the
// reference lookup are queries of their own): resumable chunks that survive a server restart,
// content-addressed storage (a repeated upload stores nothing new), checks by content with a
// JSON 4xx that keeps nothing, the per-rider daily limit, and serving only what a visible
// document shows, with caching headers.
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoReference } from '../../../schemas/photos.ts';
import { replicationBasePath } from '../../../schemas/sync-protocol.ts';
import {
  openServerDatabase,
  type OpenedServerDatabase,
} from '../../../sync-server/storage/database.ts';
import {
  buildAuthTestApp,
  errorMessage,
  fastPasswordHashing,
  testJwtSecret,
  login,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { buildTestApp, storageEngines } from '../server/test-server.ts';
import { makeTrip } from '../sync/sync-fixtures.ts';
import {
  jpegBytes,
  pngBytes,
  sha256Hex,
  webpBytes,
  zipBehindJpegHeader,
} from '../../support/photo-bytes.ts';

const chunkBytes = 256 * 1024;

describe.each(storageEngines)('photos on %s', (engine) => {
  let server: AuthTestApp;
  let app: FastifyInstance;
  let database: OpenedServerDatabase;
  let rider: { id: string; token: string };
  let otherRider: { id: string; token: string };
  const photosDir = () => join(server.workspace.root, 'db', 'photos');

  const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const status = (hash: string, token: string | null = rider.token) =>
    app.inject({ method: 'GET', url: `/api/photos/${hash}/upload`, headers: auth(token) });
  const putChunk = (
    hash: string,
    bytes: Uint8Array,
    start: number,
    end: number,
    token: string | null = rider.token,
  ) =>
    app.inject({
      method: 'PUT',
      url: `/api/photos/${hash}/upload`,
      headers: {
        ...auth(token),
        'content-type': 'application/octet-stream',
        'content-range': `bytes ${start}-${end}/${bytes.byteLength}`,
      },
      payload: Buffer.from(bytes.subarray(start, end + 1)),
    });

  /** Sends `bytes` from where the server says it stopped; the last answer. */
  async function upload(
    bytes: Uint8Array,
    { token = rider.token, stopAfterChunks = Infinity, size = chunkBytes } = {},
  ): Promise<LightMyRequestResponse> {
    const hash = sha256Hex(bytes);
    const first = await status(hash, token);
    const answer = first.json<{ received?: number; complete?: boolean }>();
    if (answer.complete) return first;
    let last = first;
    let sent = 0;
    for (let start = answer.received ?? 0; start < bytes.byteLength; start += size) {
      if (sent === stopAfterChunks) break;
      const end = Math.min(start + size, bytes.byteLength) - 1;
      last = await putChunk(hash, bytes, start, end, token);
      sent += 1;
      if (last.statusCode >= 400) break;
    }
    return last;
  }

  const storedPhotos = async () =>
    database.db.selectFrom('photos').select(['hash', 'uploader_id']).execute();
  /** Every file under the photos folder, unfinished uploads included. */
  const photoFiles = (): string[] =>
    existsSync(photosDir())
      ? readdirSync(photosDir(), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [];

  function reference(full: Uint8Array, thumbnail: Uint8Array, hidden = false): PhotoReference {
    return {
      hash: sha256Hex(full),
      thumbnailHash: sha256Hex(thumbnail),
      width: 1600,
      height: 1200,
      bytes: full.byteLength,
      type: 'image/jpeg',
      hidden,
    };
  }

  /** Stores a document the way the sync routes do (user-documents.ts rows). */
  async function storeDocument(
    collection: string,
    ownerId: string,
    document: Record<string, unknown>,
  ): Promise<void> {
    await database.db
      .insertInto('user_documents')
      .values({
        owner_id: ownerId,
        collection,
        id: String(document.id),
        data: JSON.stringify(document),
        server_time: Date.now(),
        deleted: 0,
      })
      .execute();
  }

  /** Restarts the server on the same database and photo folder; the riders sign in again. */
  async function restart(): Promise<void> {
    await app.close();
    app = await buildTestApp(server.workspace, {
      staticDir: null,
      auth: { jwtSecret: testJwtSecret, passwordHashing: fastPasswordHashing },
    });
    rider.token = (await login(app, 'Ridge')).accessToken;
    otherRider.token = (await login(app, 'Hollow')).accessToken;
  }

  let reportNumber = 0;
  /** A trail report in the contract's shape (schemas/trail-reports.ts) with these photos. */
  function trailReport(photos: PhotoReference[], hidden = false) {
    reportNumber += 1;
    return {
      id: `report-${reportNumber}`,
      userId: rider.id,
      trailId: null,
      position: { lon: -92.9, lat: 35.8 },
      status: 'closed',
      condition: 'muddy',
      observations: ['downed-tree'],
      crowding: null,
      expectedReopening: null,
      note: 'Tree down at the second switchback',
      photos,
      observedAt: Date.now(),
      confirmations: 0,
      clears: 0,
      flags: 0,
      hidden,
      reporterLabel: 'rider ab12',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    };
  }

  beforeAll(async () => {
    server = await buildAuthTestApp({}, {}, engine);
    app = server.app;
    database = await openServerDatabase(server.workspace);
    const riders = [];
    for (const name of ['Ridge', 'Hollow']) {
      const user = await registerUser(app, name);
      riders.push({ id: user.id, token: (await login(app, name)).accessToken });
    }
    [rider, otherRider] = riders as [typeof rider, typeof rider];
  });
  afterAll(async () => {
    await database?.changeBus.close();
    await database?.db.destroy();
    // After the restart test, `app` is the restarted one; the first one is closed already.
    if (app !== server?.app) await app?.close();
    await server?.close();
  });

  it('continues an upload interrupted by a server restart where it stopped, and stores the photo once', async () => {
    const photo = jpegBytes(1600, 1200, 700_000);
    const hash = sha256Hex(photo);
    const partial = await upload(photo, { stopAfterChunks: 2 });
    expect(partial.json()).toEqual({ received: 2 * chunkBytes });

    await restart();

    expect((await status(hash)).json()).toEqual({ received: 2 * chunkBytes });
    const finished = await upload(photo);
    expect(finished.statusCode).toBe(201);
    expect(finished.json()).toEqual({ complete: true });
    expect((await status(hash)).json()).toEqual({ complete: true });
    expect((await storedPhotos()).filter((row) => row.hash === hash)).toEqual([
      { hash, uploader_id: rider.id },
    ]);
    expect(photoFiles().filter((file) => file.includes(hash))).toEqual([
      join(photosDir(), hash.slice(0, 2), hash),
    ]);
  });

  it('discards an upload abandoned for more than a week when the server starts', async () => {
    const photo = jpegBytes(1600, 1200, 300_000);
    const hash = sha256Hex(photo);
    await upload(photo, { stopAfterChunks: 1 });
    const [part] = photoFiles().filter((file) => file.endsWith(`${hash}.part`));
    expect(part).toBeDefined();
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    utimesSync(part!, eightDaysAgo, eightDaysAgo);

    await restart();
    await expect.poll(() => existsSync(part!)).toBe(false);
    expect((await status(hash)).json()).toEqual({ received: 0 });
  });

  it('deletes the photos of a deleted account once nothing shows them, keeping one another rider shows', async () => {
    await registerUser(app, 'Leaving');
    const leaving = (await login(app, 'Leaving')).accessToken;
    const own = jpegBytes(1600, 1200);
    const shared = jpegBytes(1600, 1200);
    await upload(own, { token: leaving });
    await upload(shared, { token: leaving });
    // Another rider's report shows the second photo (the same bytes, stored once).
    await storeDocument('trailReports', otherRider.id, trailReport([reference(shared, shared)]));
    const deletion = await app.inject({
      method: 'POST',
      url: '/api/account/deletion',
      headers: auth(leaving),
      payload: { password: 'correct horse battery', requestId: randomUUID() },
    });
    expect(deletion.statusCode, deletion.body).toBe(200);

    await restart();
    const fileOf = (bytes: Uint8Array) =>
      join(photosDir(), sha256Hex(bytes).slice(0, 2), sha256Hex(bytes));
    // The sweep at start deletes the file, then the record.
    await expect
      .poll(async () => (await storedPhotos()).map((row) => row.hash))
      .not.toContain(sha256Hex(own));
    expect(existsSync(fileOf(own))).toBe(false);
    expect(existsSync(fileOf(shared))).toBe(true);
    expect((await storedPhotos()).map((row) => row.hash)).toContain(sha256Hex(shared));
  });

  it('stores a repeated upload of the same bytes once, whoever sends it', async () => {
    const photo = webpBytes(1200, 900);
    expect((await upload(photo)).statusCode).toBe(201);
    const before = { rows: await storedPhotos(), files: photoFiles() };

    const again = await upload(photo, { token: otherRider.token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ complete: true });
    // A client that sends a chunk anyway is told the photo is complete; nothing is appended.
    const hash = sha256Hex(photo);
    const chunk = await putChunk(hash, photo, 0, photo.byteLength - 1, otherRider.token);
    expect(chunk.json()).toEqual({ complete: true });
    expect(await storedPhotos()).toEqual(before.rows);
    expect(photoFiles()).toEqual(before.files);
  });

  it.each([
    ['a JPEG header on a 10 MiB ZIP', () => zipBehindJpegHeader(10 * 1024 * 1024), 415, /not one/],
    ['an 11 MiB photo', () => jpegBytes(1600, 1200, 11 * 1024 * 1024), 413, /at most 10 MiB/],
    ['a PNG', () => pngBytes(), 415, /PNG image, not a JPEG or WebP/],
    ['a truncated JPEG', () => jpegBytes(1600, 1200, 5000).subarray(0, 3000), 422, /cut short/],
    ['a 60,000 × 60,000 px image', () => jpegBytes(60_000, 60_000), 422, /60000 × 60000 px/],
  ])('refuses %s with a JSON error and keeps nothing', async (_name, makeBytes, code, message) => {
    const bytes = makeBytes();
    const before = { rows: await storedPhotos(), files: photoFiles() };
    const answer = await upload(bytes, { size: 1024 * 1024 });
    expect(answer.statusCode).toBe(code);
    expect(errorMessage(answer)).toMatch(message);
    expect(await storedPhotos()).toEqual(before.rows);
    expect(photoFiles()).toEqual(before.files);
    expect((await status(sha256Hex(bytes))).json()).toEqual({ received: 0 });
  });

  it('refuses bytes that do not match the hash in the address, keeping nothing', async () => {
    const photo = jpegBytes(800, 600);
    const wrongHash = sha256Hex(jpegBytes(800, 600));
    const answer = await putChunk(wrongHash, photo, 0, photo.byteLength - 1);
    expect(answer.statusCode).toBe(422);
    expect(errorMessage(answer)).toMatch(/do not match/);
    expect((await status(wrongHash)).json()).toEqual({ received: 0 });
  });

  it('answers a chunk sent out of place with 409 and where to continue', async () => {
    const photo = jpegBytes(800, 600, 300_000);
    const hash = sha256Hex(photo);
    await putChunk(hash, photo, 0, chunkBytes - 1);
    const skipped = await putChunk(hash, photo, chunkBytes + 1000, photo.byteLength - 1);
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toMatchObject({ received: chunkBytes });
    expect((await upload(photo)).statusCode).toBe(201);
  });

  it('refuses requests without a valid sign-in with 401', async () => {
    const photo = jpegBytes(800, 600);
    const hash = sha256Hex(photo);
    expect((await status(hash, null)).statusCode).toBe(401);
    const put = await putChunk(hash, photo, 0, photo.byteLength - 1, null);
    expect(put.statusCode).toBe(401);
    expect(errorMessage(put)).toMatch(/Sign in/);
    expect((await storedPhotos()).some((row) => row.hash === hash)).toBe(false);
  });

  it('refuses a 41st photo on one Arkansas day with 429, still taking thumbnails', async () => {
    const newcomer = await registerUser(app, 'Crossing');
    const token = (await login(app, 'Crossing')).accessToken;
    for (let index = 0; index < 40; index += 1) {
      expect((await upload(jpegBytes(1024, 768, 256), { token })).statusCode).toBe(201);
    }
    const extra = jpegBytes(1024, 768, 256);
    const refused = await upload(extra, { token });
    expect(refused.statusCode).toBe(429);
    expect(errorMessage(refused)).toMatch(/40 photos today/);
    expect((await storedPhotos()).filter((row) => row.uploader_id === newcomer.id)).toHaveLength(
      40,
    );
    expect((await status(sha256Hex(extra), token)).json()).toEqual({ received: 0 });
    expect((await upload(jpegBytes(320, 240, 256), { token })).statusCode).toBe(201);
  });

  it('serves a photo only while a visible trail report shows it, with caching headers and 304', async () => {
    const full = jpegBytes(1600, 1200);
    const thumbnail = jpegBytes(320, 240, 256);
    await upload(full);
    await upload(thumbnail);
    const hash = sha256Hex(full);
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `/api/photos/${hash}`, headers });

    const unreferenced = await get();
    expect(unreferenced.statusCode).toBe(404);
    expect(errorMessage(unreferenced)).toMatch(/No photo/);

    await storeDocument('trailReports', rider.id, trailReport([reference(full, thumbnail, true)]));
    expect((await get()).statusCode).toBe(404);
    await storeDocument('trailReports', rider.id, trailReport([reference(full, thumbnail)], true));
    expect((await get()).statusCode).toBe(404);

    await storeDocument('trailReports', rider.id, trailReport([reference(full, thumbnail)]));
    const served = await get();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toBe(`"${hash}"`);
    expect(new Uint8Array(served.rawPayload)).toEqual(full);
    const thumbnailServed = await app.inject(`/api/photos/${sha256Hex(thumbnail)}`);
    expect(new Uint8Array(thumbnailServed.rawPayload)).toEqual(thumbnail);

    const revalidated = await get({ 'if-none-match': `"${hash}"` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('serves the photo of a rider’s own waypoint to that rider only', async () => {
    const full = jpegBytes(1200, 900);
    const thumbnail = jpegBytes(300, 225, 256);
    await upload(full);
    const hash = sha256Hex(full);
    await storeDocument('waypoints', rider.id, {
      id: `waypoint-${hash.slice(0, 8)}`,
      photos: [reference(full, thumbnail)],
    });
    const get = (token: string | null) =>
      app.inject({ method: 'GET', url: `/api/photos/${hash}`, headers: auth(token) });
    const own = await get(rider.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await get(otherRider.token)).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(404);
  });

  it('serves the photo of a trip pushed through sync to its rider only', async () => {
    const full = jpegBytes(1600, 1200);
    const thumbnail = jpegBytes(320, 240, 256);
    await upload(full);
    await upload(thumbnail);
    const trip = makeTrip(`trip-photo-${sha256Hex(full).slice(0, 8)}`, {
      photos: [reference(full, thumbnail)],
    });
    const pushed = await app.inject({
      method: 'POST',
      url: `${replicationBasePath('trips')}/push`,
      headers: auth(rider.token),
      payload: { rows: [{ newDocumentState: { ...trip, _deleted: false } }] },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const get = (token: string) =>
      app.inject({
        method: 'GET',
        url: `/api/photos/${sha256Hex(thumbnail)}`,
        headers: auth(token),
      });
    expect((await get(rider.token)).statusCode).toBe(200);
    expect((await get(otherRider.token)).statusCode).toBe(404);
  });
});
