/**
 * Photo uploads (trail reports, photos): 20 photos of 2 MB queued on the device while offline
 * (the photo store on fake-indexeddb, through src/photos/upload-queue.ts), then flushed by the
 * resumable uploader (status GET, 1 MiB chunks with Content-Range, the queue updated on the
 * device as it goes), against plain fetch PUTs of 20 other photos of the same sizes, each whole in
 * one request, to the same server in the same run (the same bytes would be stored already: photos
 * are addressed by their content). Target: the uploader at ≥ 0.5x the plain PUTs' throughput.
 * Then, in Chromium, the main thread while 5 camera photos (4032 × 3024 px) are prepared in the
 * photo worker: its long tasks (Long Tasks API), against the target of none over 50 ms, and how
 * late a 5 ms timer ran (an upper bound that also counts waiting for a core).
 * Also `npm run bench:photos`. With DATABASE_URL the server uses PostgreSQL.
 */
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../sync-server/app.ts';
import { openPhotoDatabase } from '../../src/db/photo-database.ts';
import { storePreparedPhotos, type PreparedImage } from '../../src/photos/photo-store.ts';
import { createPhotoUploader } from '../../src/photos/photo-uploader.ts';
import { queuePhotoUploadsIn } from '../../src/photos/upload-queue.ts';
import { jpegBytes } from '../support/photo-bytes.ts';
import { openPhotoWorkerPage, prepareCameraPhotos } from '../support/photo-worker-page.ts';
import { benchStorageName, createBenchDatabase } from './sync/bench-database.ts';

const photoCount = 20;
const photoBytes = 2 * 1000 * 1000;
const throughputTarget = 0.5;
const mainThreadTargetMs = 50;
const rounds = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export interface PhotoUploadReport {
  photos: number;
  /** Bytes each run sent (photos, and the uploader's thumbnails). */
  plainBytes: number;
  resumableBytes: number;
  /** Medians of three rounds. */
  plainMs: number;
  resumableMs: number;
  /** Chromium's main thread while photos were prepared, or why it was not measured. */
  browser:
    | {
        longestTaskMs: number;
        longestTimerGapMs: number;
        photos: number;
        elapsedMs: number;
        exifStripped: boolean;
      }
    | { error: string };
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A JPEG of exactly `photoBytes` bytes (a made-up scan: the server reads headers, not pixels). */
function twoMegabytePhoto(): Uint8Array {
  const overhead = jpegBytes(1600, 1200, 0).byteLength;
  return jpegBytes(1600, 1200, photoBytes - overhead);
}

async function signIn(app: FastifyInstance, username: string): Promise<string> {
  const password = 'photo bench password';
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email: `${username}@example.com`, password },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  return login.json<{ accessToken: string }>().accessToken;
}

/** Sends each photo whole in one fetch PUT; ms for all, in order. */
async function plainPuts(baseUrl: string, token: string, photos: Uint8Array[]): Promise<number> {
  const started = performance.now();
  for (const photo of photos) {
    const response = await fetch(`${baseUrl}/api/photos/${sha256Hex(photo)}/upload`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-range': `bytes 0-${photo.byteLength - 1}/${photo.byteLength}`,
      },
      body: photo as Uint8Array<ArrayBuffer>,
    });
    if (response.status !== 201) throw new Error(`plain PUT: ${response.status}`);
    await response.arrayBuffer();
  }
  return performance.now() - started;
}

/** Queues the photos (with small thumbnails) on a device store, then flushes; ms of the flush. */
async function resumableFlush(
  baseUrl: string,
  token: string,
  photos: Uint8Array[],
): Promise<{ ms: number; bytes: number }> {
  const database = openPhotoDatabase(`bench-photos-${process.pid}-${Date.now()}`);
  const image = (bytes: Uint8Array, side: number): PreparedImage => ({
    hash: sha256Hex(bytes),
    data: bytes.slice().buffer,
    type: 'image/jpeg',
    width: side,
    height: (side * 3) / 4,
  });
  const prepared = photos.map((photo) => ({
    full: image(photo, 1600),
    thumbnail: image(jpegBytes(320, 240, 20_000), 320),
  }));
  const references = await storePreparedPhotos(database, prepared);
  await queuePhotoUploadsIn(database, references, { collection: 'trailReports', id: 'temp-bench' });
  const bytes = prepared.reduce(
    (sum, { full, thumbnail }) => sum + full.data.byteLength + thumbnail.data.byteLength,
    0,
  );
  const uploader = createPhotoUploader({
    database,
    transport: {
      send: (method, path, chunk) =>
        fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(chunk
              ? { 'content-type': 'application/octet-stream', 'content-range': chunk.contentRange }
              : {}),
          },
          ...(chunk ? { body: chunk.bytes as Uint8Array<ArrayBuffer> } : {}),
        }),
    },
  });
  const started = performance.now();
  const outcome = await uploader.flush();
  const ms = performance.now() - started;
  if (outcome !== 'done' || (await database.uploads.count()) !== 0) {
    throw new Error(`the uploader stopped: ${outcome}`);
  }
  await database.delete();
  return { ms, bytes };
}

/** Chromium's main thread while 5 camera photos are prepared in the worker. */
async function browserPart(): Promise<PhotoUploadReport['browser']> {
  try {
    const page = await openPhotoWorkerPage();
    try {
      const result = await prepareCameraPhotos(page.page, { count: 5 });
      return {
        longestTaskMs: result.longestTaskMs,
        longestTimerGapMs: result.longestTimerGapMs,
        photos: 5,
        elapsedMs: result.elapsedMs,
        exifStripped: result.inputHadExif && !result.full.hasExif,
      };
    } finally {
      await page.close();
    }
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

/** Runs both parts on a fresh server. */
export async function runPhotoUploadBenchmark(): Promise<PhotoUploadReport> {
  const database = await createBenchDatabase();
  const app = await buildApp({
    ...database.location,
    staticDir: null,
    auth: {
      jwtSecret: 'photo-upload-bench-secret-long-enough-for-hs256-0123',
      passwordHashing: { memoryCost: 1024, timeCost: 1 },
    },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // One warm-up photo each way, so neither run pays the first connection and JIT alone.
    const warmUp = await signIn(app, 'warm-up-bench');
    await plainPuts(baseUrl, warmUp, [jpegBytes(800, 600, 50_000)]);
    await resumableFlush(baseUrl, warmUp, [jpegBytes(800, 600, 50_000)]);
    // Alternating rounds, each pair on new riders (within one rider's 40 photos a day); the
    // median of each way, as the machine is shared.
    const plainRuns: number[] = [];
    const resumableRuns: number[] = [];
    let plainBytes = 0;
    let resumableBytes = 0;
    for (let round = 0; round < rounds; round += 1) {
      const plainPhotos = Array.from({ length: photoCount }, twoMegabytePhoto);
      const resumablePhotos = Array.from({ length: photoCount }, twoMegabytePhoto);
      plainRuns.push(await plainPuts(baseUrl, await signIn(app, `plain-${round}`), plainPhotos));
      const resumable = await resumableFlush(
        baseUrl,
        await signIn(app, `resumable-${round}`),
        resumablePhotos,
      );
      resumableRuns.push(resumable.ms);
      plainBytes = plainPhotos.reduce((sum, photo) => sum + photo.byteLength, 0);
      resumableBytes = resumable.bytes;
    }
    return {
      photos: photoCount,
      plainBytes,
      resumableBytes,
      plainMs: median(plainRuns),
      resumableMs: median(resumableRuns),
      browser: await browserPart(),
    };
  } finally {
    await app.close();
    await database.remove();
  }
}

const megabytesPerSecond = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

/** Prints the report with ratios and PASS/MISS, like the other benches. */
export function printPhotoUploadReport(report: PhotoUploadReport, heading = 'Photo uploads'): void {
  const plain = megabytesPerSecond(report.plainBytes, report.plainMs);
  const resumable = megabytesPerSecond(report.resumableBytes, report.resumableMs);
  const ratio = resumable / plain;
  console.log(
    `\n${heading} (${report.photos} photos of 2 MB, median of ${rounds} rounds, ${benchStorageName()})`,
  );
  console.log(
    `   plain fetch PUTs:      ${plain.toFixed(1)} MB/s (${report.plainMs.toFixed(0)} ms, one request a photo)`,
  );
  console.log(
    `   resumable uploader:    ${resumable.toFixed(1)} MB/s (${report.resumableMs.toFixed(0)} ms, queued offline, 1 MiB chunks, thumbnails too)  → ${ratio.toFixed(2)}x the plain PUTs (target ≥ ${throughputTarget}x)  ${ratio >= throughputTarget ? 'PASS' : 'MISS'}`,
  );
  if ('error' in report.browser) {
    console.log(`   main thread while preparing photos: not measured (${report.browser.error})`);
  } else {
    const { longestTaskMs, longestTimerGapMs, photos, elapsedMs, exifStripped } = report.browser;
    const blocked = longestTaskMs > mainThreadTargetMs;
    console.log(
      `   main thread while preparing ${photos} camera photos in the worker (${elapsedMs.toFixed(0)} ms): ${longestTaskMs > 0 ? `longest task ${longestTaskMs.toFixed(0)} ms` : 'no task over 50 ms'} (Long Tasks API; target none over ${mainThreadTargetMs} ms)  ${blocked ? 'MISS' : 'PASS'}; a 5 ms timer ran at most ${longestTimerGapMs.toFixed(0)} ms late (waiting for a core counts too); EXIF ${exifStripped ? 'stripped' : 'NOT stripped'}`,
    );
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  console.log('\nNatural State Trails photo upload benchmark (baselines measured in this run)');
  printPhotoUploadReport(await runPhotoUploadBenchmark());
}
