/**
 * Photos of trail reports (and riders' own waypoints and trips), uploaded resumably and
 * addressed by the SHA-256 of their bytes (schemas/photos.ts):
 * - `GET /api/photos/{hash}/upload`  signed in: `{ received }` (bytes held of this rider's
 *                                    unfinished upload, 0 when none) or `{ complete: true }`
 * - `PUT /api/photos/{hash}/upload`  signed in: one chunk, `Content-Type: application/octet-stream`,
 *                                    `Content-Range: bytes start-end/total` (10 MiB a photo,
 *                                    in one chunk or many); answers the new status. The last
 *                                    chunk runs the checks: the SHA-256 equals the hash, JPEG or
 *                                    WebP by content (415), whole and at most 4,096 px a side (422),
 *                                    40 photos and 200 MiB per rider per Arkansas day (429). A
 *                                    refused photo is not kept. A hash already stored completes at
 *                                    once and stores nothing new.
 * - `GET /api/photos/{hash}`         the photo, when a visible document refers to it
 *                                    (sync-server/photos/photo-references.ts), else 404; cached for
 *                                    ever (the address is the content), ETag and 304.
 * Every refusal is a JSON error (errors.ts). Unfinished uploads idle for a week are discarded, and
 * the photos of deleted accounts that no document shows any more are deleted (at start, daily).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  maximumPhotoBytes,
  maximumPhotoChunkBytes,
  photoBytesPerRiderPerDay,
  photoHashPattern,
  photosPerRiderPerDay,
  type PhotoUploadStatus,
} from '../../schemas/photos.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { errorBody, sendError } from '../errors.ts';
import { ImageContentError, inspectImage } from '../photos/image-content.ts';
import {
  findPhoto,
  isThumbnailSize,
  recordPhoto,
  riderPhotoUsage,
} from '../photos/photo-records.ts';
import { photoVisibility } from '../photos/photo-references.ts';
import { sweepPhotos } from '../photos/photo-sweep.ts';
import { UploadOffsetError, type PhotoStore } from '../photos/photo-store.ts';
import type { ServerDatabase } from '../storage/database.ts';

export interface PhotoRouteOptions {
  db: Kysely<ServerDatabase>;
  guards: AuthGuards;
  store: PhotoStore;
  now?: () => number;
}

/** A chunk's place in its photo: bytes `start` to `end` inclusive of `total`. */
export interface ContentRange {
  start: number;
  end: number;
  total: number;
}

/** `bytes start-end/total` as numbers, or null when the header is missing or malformed. */
export function parseContentRange(header: string | undefined): ContentRange | null {
  const match = /^bytes (\d{1,10})-(\d{1,10})\/(\d{1,10})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [start, end, total] = [match[1], match[2], match[3]].map(Number) as [
    number,
    number,
    number,
  ];
  return start <= end && end < total ? { start, end, total } : null;
}

const hashParams = {
  type: 'object',
  additionalProperties: false,
  required: ['hash'],
  properties: { hash: { type: 'string', pattern: photoHashPattern.source } },
} as const;

type HashRoute = { Params: { hash: string } };

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type UploadRequest = FastifyRequest<HashRoute & { Body: unknown }>;

/** This rider's unfinished upload of this hash (two riders' uploads never mix). */
const uploadKey = (request: FastifyRequest<HashRoute>) =>
  `${request.signedInUser!.id}-${request.params.hash}`;

/** Whether the photo is stored whole: recorded and its bytes in the store. */
async function isStored({ db, store }: PhotoRouteOptions, hash: string): Promise<boolean> {
  return (await findPhoto(db, hash)) !== null && store.has(hash);
}

/** Runs the checks on a whole upload; keeps it, or discards it and sends the refusal. */
async function finishUpload(
  { db, store, now = Date.now }: PhotoRouteOptions,
  request: UploadRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const key = uploadKey(request);
  const { hash } = request.params;
  const bytes = await store.readUpload(key);
  const refuse = async (statusCode: number, message: string) => {
    await store.discardUpload(key);
    return sendError(reply, statusCode, message);
  };
  if (sha256Hex(bytes) !== hash) {
    return refuse(
      422,
      'The bytes received do not match the photo’s SHA-256; nothing was kept. Send it again from the start.',
    );
  }
  let content;
  try {
    content = inspectImage(bytes);
  } catch (error) {
    if (error instanceof ImageContentError) return refuse(error.statusCode, error.message);
    throw error;
  }
  const uploaderId = request.signedInUser!.id;
  const time = now();
  const usage = await riderPhotoUsage(db, uploaderId, time);
  if (!isThumbnailSize(content.width, content.height) && usage.photos >= photosPerRiderPerDay) {
    return refuse(
      429,
      `You have sent ${photosPerRiderPerDay} photos today, the most one rider can send in a day. The rest stay on your device and are sent tomorrow.`,
    );
  }
  await store.finish(key, hash);
  await recordPhoto(db, { hash, ...content, bytes: bytes.byteLength, uploaderId, storedAt: time });
  return reply.code(201).send({ complete: true } satisfies PhotoUploadStatus);
}

/** Why a chunk's request is refused before anything is stored, or its checked range and bytes. */
function chunkProblem(
  request: UploadRequest,
): { statusCode: number; message: string } | { range: ContentRange; body: Buffer } {
  if (!Buffer.isBuffer(request.body)) {
    return {
      statusCode: 415,
      message: 'Send the chunk as raw bytes (Content-Type: application/octet-stream).',
    };
  }
  const range = parseContentRange(request.headers['content-range']);
  if (!range) {
    return {
      statusCode: 400,
      message: 'Name the chunk’s place with a Content-Range header: bytes start-end/total.',
    };
  }
  if (range.total > maximumPhotoBytes) {
    return {
      statusCode: 413,
      message: `The photo is ${(range.total / 1024 / 1024).toFixed(1)} MiB; at most 10 MiB is accepted.`,
    };
  }
  if (range.end - range.start + 1 !== request.body.byteLength) {
    return {
      statusCode: 400,
      message: `The chunk holds ${request.body.byteLength} bytes but its Content-Range names ${range.end - range.start + 1}.`,
    };
  }
  return { range, body: request.body };
}

/** `PUT /api/photos/{hash}/upload`: appends one chunk, and keeps the photo after the last. */
async function receiveChunk(
  options: PhotoRouteOptions,
  request: UploadRequest,
  reply: FastifyReply,
): Promise<FastifyReply | PhotoUploadStatus> {
  const { db, store, now = Date.now } = options;
  const checked = chunkProblem(request);
  if ('statusCode' in checked) return sendError(reply, checked.statusCode, checked.message);
  const { range, body } = checked;
  if (range.start === 0) {
    // A photo stored already (by this rider's other device, or another rider) is not sent again.
    if (await isStored(options, request.params.hash)) return { complete: true };
    const usage = await riderPhotoUsage(db, request.signedInUser!.id, now());
    if (usage.bytes + range.total > photoBytesPerRiderPerDay) {
      return sendError(
        reply,
        429,
        `You have sent ${Math.round(usage.bytes / 1024 / 1024)} MiB of photos today; at most ${photoBytesPerRiderPerDay / 1024 / 1024} MiB a day. The rest stay on your device and are sent tomorrow.`,
      );
    }
  }
  let received: number;
  try {
    received = await store.appendChunk(uploadKey(request), range.start, body);
  } catch (error) {
    if (!(error instanceof UploadOffsetError)) throw error;
    return reply.code(409).send({
      ...errorBody(
        409,
        `The server holds ${error.received} bytes of this photo; continue from there.`,
      ),
      received: error.received,
    });
  }
  if (received > range.total) {
    await store.discardUpload(uploadKey(request));
    return sendError(
      reply,
      400,
      'The chunks add up to more than the photo’s size; nothing was kept. Send it again from the start.',
    );
  }
  if (received < range.total) return { received };
  return finishUpload(options, request, reply);
}

/** `GET /api/photos/{hash}`: the photo when a visible document shows it, else 404. */
async function servePhoto(
  { db, guards, store }: PhotoRouteOptions,
  app: FastifyInstance,
  request: FastifyRequest<HashRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  // Signed-in riders also see the photos of their own waypoints and trips.
  if (request.headers.authorization !== undefined) {
    await guards.signedIn.call(app, request, reply);
    if (reply.sent) return reply;
  }
  const { hash } = request.params;
  const notFound = () => sendError(reply, 404, 'No photo with this address is shown anywhere.');
  const record = await findPhoto(db, hash);
  if (!record) return notFound();
  const visibility = await photoVisibility(db, hash, request.signedInUser?.id ?? null);
  if (visibility === 'none') return notFound();
  const etag = `"${hash}"`;
  reply
    .header('etag', etag)
    .header(
      'cache-control',
      `${visibility === 'public' ? 'public' : 'private'}, max-age=31536000, immutable`,
    );
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  const file = await store.open(hash);
  if (!file) return notFound();
  return reply.type(record.type).header('content-length', file.bytes).send(file.stream);
}

/** Registers the upload and serving routes, with their own octet-stream body parser. */
export async function registerPhotoRoutes(
  app: FastifyInstance,
  options: PhotoRouteOptions,
): Promise<void> {
  const { guards, store } = options;
  sweepPhotos(app, options.db, options.store, options.now ?? Date.now);
  // In their own scope, so raw bodies are accepted by these routes only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: maximumPhotoChunkBytes },
      (_request, body, done) => done(null, body),
    );
    scope.get<HashRoute>(
      '/api/photos/:hash/upload',
      { schema: { params: hashParams }, preHandler: guards.signedIn },
      async (request): Promise<PhotoUploadStatus> => {
        if (await isStored(options, request.params.hash)) return { complete: true };
        return { received: await store.receivedBytes(uploadKey(request)) };
      },
    );
    scope.put<HashRoute & { Body: unknown }>(
      '/api/photos/:hash/upload',
      { schema: { params: hashParams }, preHandler: guards.signedIn },
      (request, reply) => receiveChunk(options, request, reply),
    );
  });
  app.get<HashRoute>('/api/photos/:hash', { schema: { params: hashParams } }, (request, reply) =>
    servePhoto(options, app, request, reply),
  );
}
