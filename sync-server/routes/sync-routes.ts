/**
 * Replication endpoints (contract in schemas/sync-protocol.ts, docs/architecture.md#sync):
 * - `GET  /api/sync/:collection/v:version/pull`   checkpointed pull
 * - `POST /api/sync/:collection/v:version/push`   push answering conflicting master states
 * - `GET  /api/sync/:collection/v:version/stream` Server-Sent Events of later changes
 * - `GET  /api/sync/stream?collections=trips.v1,…` the same for several collections at once
 * - `POST /api/sync/promotions`                   canonical ids for temp- ids
 * A rider's collections need a bearer token and see only that rider's documents; the public
 * catalogues (trails, achievements, campgrounds) can be pulled by anyone and never pushed.
 * Every rejection is a JSON 4xx and writes nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { campgroundReviewId } from '../../schemas/campground-reviews.ts';
import { expectedRecordId, isRecordKind, recordKinds } from '../../schemas/records.ts';
import { tripContextKey } from '../../schemas/trip-context.ts';
import {
  documentIdProperty,
  isTempId,
  promotableCollections,
  pulledCatalogueCollections,
  schemaVersionOf,
  syncLimits,
  userSyncedCollections,
  type PromotionRequest,
  type PulledCatalogueCollection,
  type PushRequest,
  type PushRow,
  type SyncCheckpoint,
  type UserSyncedCollection,
  type WireDocument,
} from '../../schemas/sync-protocol.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import type { DatabaseKind, ServerDatabase } from '../storage/database.ts';
import { recomputeCampgroundRatings } from '../storage/campground-ratings.ts';
import { promoteTempIds } from '../storage/id-promotions.ts';
import {
  ForeignDocumentError,
  latestCatalogueCheckpoint,
  latestUserCheckpoint,
  pullCatalogueDocuments,
  pullUserDocuments,
  pulledBatchJson,
  pushUserDocuments,
  type PulledBatch,
} from '../storage/user-documents.ts';
import { keepServerReview } from '../storage/trail-submissions.ts';
import type { ChangeBus } from '../sync/change-bus.ts';
import { findInputProblem, pushBodyShape } from '../sync/input-limits.ts';
import { validateRecordData, validateWireDocument } from '../validation.ts';
import {
  openEventStream,
  trackOpenStreams,
  type EventStream,
  type OpenStreams,
} from './event-stream.ts';

export interface SyncRouteOptions {
  db: Kysely<ServerDatabase>;
  databaseKind: DatabaseKind;
  guards: AuthGuards;
  changeBus: ChangeBus;
}

type ReplicationParams = { collection: string; version: string };

const userCollections = new Set<string>(userSyncedCollections);
const catalogueCollections = new Set<string>(pulledCatalogueCollections);

/** The `v<schema version>` segment of a replication URL. */
const versionPattern = '^v[0-9]{1,6}$';
const versionExpression = new RegExp(versionPattern);

const replicationParamsSchema = {
  type: 'object',
  properties: {
    collection: { type: 'string', maxLength: 64 },
    version: { type: 'string', pattern: versionPattern },
  },
  required: ['collection', 'version'],
} as const;

const pullQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    checkpoint: { type: 'string', maxLength: syncLimits.maxCheckpointLength },
    // Query strings arrive as text and the validator does not coerce; parsed in the handler.
    limit: { type: 'string', pattern: '^[0-9]{1,6}$' },
  },
} as const;

const documentObject = {
  type: 'object',
  required: ['id'],
  properties: {
    id: documentIdProperty,
    _deleted: { type: 'boolean' },
  },
} as const;

const pushBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['rows'],
  properties: {
    rows: {
      type: 'array',
      maxItems: syncLimits.maxPushRows,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['newDocumentState'],
        properties: { assumedMasterState: documentObject, newDocumentState: documentObject },
      },
    },
  },
} as const;

/** `?collections=trips.v1,tripPlans.v1,…`: collection and schema version pairs. */
const multiStreamQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['collections'],
  properties: {
    collections: {
      type: 'string',
      maxLength: 400,
      pattern: '^[A-Za-z]{1,64}\\.v[0-9]{1,6}(,[A-Za-z]{1,64}\\.v[0-9]{1,6}){0,15}$',
    },
  },
} as const;

const promotionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['collection', 'tempIds'],
  properties: {
    collection: { type: 'string', enum: promotableCollections },
    tempIds: {
      type: 'array',
      minItems: 1,
      maxItems: syncLimits.maxPromotionIds,
      items: { ...documentIdProperty, allOf: [{ type: 'string', pattern: '^temp-' }] },
    },
  },
} as const;

/** The checkpoint query parameter: JSON `{id, serverTime}`; null when absent; throws when malformed. */
function parseCheckpoint(raw: string | undefined): SyncCheckpoint | null {
  if (raw === undefined || raw === '' || raw === 'null') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error('checkpoint must be JSON {"id": string, "serverTime": number}.');
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as SyncCheckpoint).id !== 'string' ||
    typeof (value as SyncCheckpoint).serverTime !== 'number' ||
    !Number.isSafeInteger((value as SyncCheckpoint).serverTime)
  ) {
    throw new Error('checkpoint must be JSON {"id": string, "serverTime": number}.');
  }
  return { id: (value as SyncCheckpoint).id, serverTime: (value as SyncCheckpoint).serverTime };
}

/**
 * Checks the collection and schema version of a replication URL; sends the 4xx and returns
 * null when they do not fit. An app built against an older schema gets 426 and is told to
 * update, so it never writes an old shape into newer data.
 */
function checkReplicationTarget(
  params: ReplicationParams,
  reply: FastifyReply,
): UserSyncedCollection | PulledCatalogueCollection | null {
  const { collection } = params;
  if (!userCollections.has(collection) && !catalogueCollections.has(collection)) {
    sendError(reply, 404, `"${collection}" is not a synced collection.`);
    return null;
  }
  const typed = collection as UserSyncedCollection | PulledCatalogueCollection;
  const asked = Number(params.version.slice(1));
  const current = schemaVersionOf(typed);
  if (asked < current) {
    sendError(
      reply,
      426,
      `This app is out of date: it syncs ${collection} with schema version ${asked}, the server needs version ${current}. Reload the app to update it; nothing was synced.`,
    );
    return null;
  }
  if (asked > current) {
    sendError(
      reply,
      409,
      `This app is newer than the server: it syncs ${collection} with schema version ${asked}, the server knows version ${current}. Sync resumes once the server is updated.`,
    );
    return null;
  }
  return typed;
}

/**
 * Overwrites the server-owned fields of a pushed document (schemas/sync-protocol.ts
 * `serverOwnedFields`): owners become the token's user, trips and plans become `synced`.
 */
function withServerOwnedFields(
  collection: UserSyncedCollection,
  document: WireDocument,
  ownerId: string,
): WireDocument {
  switch (collection) {
    case 'trips':
    case 'tripPlans':
    case 'campgroundReviews':
    case 'records':
      return { ...document, userId: ownerId, status: 'synced' };
    case 'waypoints':
      return { ...document, ownerId };
    case 'userAchievements':
      return { ...document, userId: ownerId };
    default:
      return document;
  }
}

/**
 * What is wrong with a pushed record (schemas/records.ts), or null: its kind must be known, its
 * `data` must match that kind's schema, and its id must be the deterministic
 * `<your user id>:<kind>[:<lesson>]` one, so a rider can only write their own records.
 */
function recordProblem(document: WireDocument, ownerId: string): string | null {
  if (!isRecordKind(document.kind)) {
    return `a record's kind must be one of ${recordKinds.join(', ')}.`;
  }
  const dataCheck = validateRecordData(document.kind, document.data);
  if (!dataCheck.valid) {
    const issues = dataCheck.issues
      .slice(0, 3)
      .map((issue) => `data${issue.path === '/' ? '' : issue.path} ${issue.message}`)
      .join('; ');
    return `not a valid ${document.kind} record: ${issues}.`;
  }
  const expected = expectedRecordId(ownerId, document.kind, document.data);
  if (document.id !== expected) {
    return `a ${document.kind} record's id must be "${expected}" (your user id, the kind and its subject).`;
  }
  return null;
}

/**
 * Prepares and validates every row of a push; returns the rows to store or the message of the
 * first problem (the whole push is then refused).
 */
function preparePushRows(
  collection: UserSyncedCollection,
  rows: PushRow[],
  ownerId: string,
): { rows: PushRow[] } | { problem: string } {
  const seen = new Set<string>();
  const prepared: PushRow[] = [];
  for (const [index, row] of rows.entries()) {
    const incoming = row.newDocumentState;
    const where = `rows[${index}] (${incoming.id})`;
    if (seen.has(incoming.id)) return { problem: `${where}: the same document appears twice.` };
    seen.add(incoming.id);
    if (isTempId(incoming.id)) {
      return {
        problem: `${where}: temp- ids must be promoted (POST /api/sync/promotions) before they are pushed.`,
      };
    }
    if (row.assumedMasterState && row.assumedMasterState.id !== incoming.id) {
      return { problem: `${where}: assumedMasterState is of another document.` };
    }
    if (collection === 'tripContext' && incoming.id !== tripContextKey) {
      return { problem: `${where}: the trip context's id must be "${tripContextKey}".` };
    }
    const document = withServerOwnedFields(collection, incoming, ownerId);
    if (
      collection === 'userAchievements' &&
      incoming.id !== `${ownerId}:${String(document.achievementId)}`
    ) {
      return { problem: `${where}: an achievement's id must be "<your user id>:<achievementId>".` };
    }
    if (
      collection === 'campgroundReviews' &&
      incoming.id !== campgroundReviewId(ownerId, String(document.campgroundId))
    ) {
      return {
        problem: `${where}: a review's id must be "<your user id>:<campgroundId>" (one review per rider and campground).`,
      };
    }
    if (collection === 'records') {
      const problem = recordProblem(document, ownerId);
      if (problem) return { problem: `${where}: ${problem}` };
    }
    // Validated as sent (with `_deleted`), not as a copy without it: one copy less per row.
    const validation = validateWireDocument(collection, document);
    if (!validation.valid) {
      const issues = validation.issues
        .slice(0, 3)
        .map((issue) => `${issue.path} ${issue.message}`)
        .join('; ');
      return { problem: `${where} is not a valid ${collection} document: ${issues}.` };
    }
    prepared.push({
      ...(row.assumedMasterState ? { assumedMasterState: row.assumedMasterState } : {}),
      newDocumentState:
        document._deleted === undefined ? { ...document, _deleted: false } : document,
    });
  }
  return { rows: prepared };
}

/** What every route of this module works with; `openStreams` ends the streams at close. */
interface SyncRouteContext extends SyncRouteOptions {
  app: FastifyInstance;
  openStreams: OpenStreams;
}

type AnyCollection = UserSyncedCollection | PulledCatalogueCollection;

/**
 * Registers the replication and promotion routes. Pushes publish a change on `changeBus` after
 * they commit; every open stream of that rider and collection (on any instance sharing the
 * bus) then sends what changed.
 */
export async function registerSyncRoutes(
  app: FastifyInstance,
  options: SyncRouteOptions,
): Promise<void> {
  // Streams never end by themselves; they are ended before the server closes.
  const context: SyncRouteContext = { ...options, app, openStreams: trackOpenStreams(app) };
  registerPullRoute(context);
  registerPushRoute(context);
  registerStreamRoutes(context);
  registerPromotionRoute(context);
}

/** Runs the signed-in guard for rider collections; returns false when it answered 401. */
async function authorise(
  { app, guards }: SyncRouteContext,
  collection: AnyCollection,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (catalogueCollections.has(collection)) return true;
  await guards.signedIn.call(app, request, reply);
  return !reply.sent;
}

/** A batch of a catalogue (public, `ownerId` ignored) or of `ownerId`'s rider collection. */
function pullBatch(
  { db }: SyncRouteContext,
  collection: AnyCollection,
  ownerId: string | null,
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PulledBatch> {
  return catalogueCollections.has(collection)
    ? pullCatalogueDocuments(db, collection as PulledCatalogueCollection, checkpoint, limit)
    : pullUserDocuments(db, ownerId!, collection as UserSyncedCollection, checkpoint, limit);
}

/** `GET …/pull`: anyone for a catalogue, the token's rider for a rider collection. */
function registerPullRoute(context: SyncRouteContext): void {
  context.app.get<{
    Params: ReplicationParams;
    Querystring: { checkpoint?: string; limit?: string };
  }>(
    '/api/sync/:collection/:version/pull',
    { schema: { params: replicationParamsSchema, querystring: pullQuerySchema } },
    async (request, reply) => {
      const collection = checkReplicationTarget(request.params, reply);
      if (!collection || !(await authorise(context, collection, request, reply))) return reply;
      let checkpoint: SyncCheckpoint | null;
      try {
        checkpoint = parseCheckpoint(request.query.checkpoint);
      } catch (error) {
        return sendError(reply, 400, (error as Error).message);
      }
      const limit = Number(request.query.limit ?? 100);
      if (limit < 1 || limit > syncLimits.maxPullBatch) {
        return sendError(reply, 400, `limit must be between 1 and ${syncLimits.maxPullBatch}.`);
      }
      const batch = await pullBatch(
        context,
        collection,
        request.signedInUser?.id ?? null,
        checkpoint,
        limit,
      );
      return reply.type('application/json; charset=utf-8').send(pulledBatchJson(batch));
    },
  );
}

/**
 * A push's checks that need no body, run before the body is read (onRequest): a catalogue is
 * read-only (403), the rider must be signed in (401), and the collection and schema version
 * must be current (404, 426, 409). So no anonymous body is ever parsed or validated.
 */
async function admitPush(
  { app, guards }: SyncRouteContext,
  request: FastifyRequest<{ Params: ReplicationParams }>,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const { collection, version } = request.params;
  if (catalogueCollections.has(collection)) {
    return sendError(reply, 403, `${collection} is a read-only catalogue; it cannot be pushed.`);
  }
  await guards.signedIn.call(app, request, reply);
  if (reply.sent) return reply;
  // A malformed version is left to the params schema, which answers 400 before the handler.
  if (!versionExpression.test(version)) return undefined;
  return checkReplicationTarget(request.params, reply) ? undefined : reply;
}

/**
 * Refuses (400, naming the field) a push holding a number that is not finite or a free-form
 * value past syncInputLimits, before Ajv or anything recursive touches it (preValidation).
 */
async function limitPushInput(
  request: FastifyRequest<{ Params: ReplicationParams }>,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const { collection } = request.params;
  if (!userCollections.has(collection)) return undefined;
  const problem = findInputProblem(request.body, pushBodyShape(collection as UserSyncedCollection));
  return problem ? sendError(reply, 400, `${problem} Nothing was saved.`) : undefined;
}

/** `POST …/push` for the rider's collections; publishes what it wrote on the change bus. */
function registerPushRoute(context: SyncRouteContext): void {
  const { db, databaseKind, changeBus } = context;
  context.app.post<{ Params: ReplicationParams; Body: PushRequest }>(
    '/api/sync/:collection/:version/push',
    {
      schema: { params: replicationParamsSchema, body: pushBodySchema },
      bodyLimit: syncLimits.maxPushBodyBytes,
      onRequest: (request, reply) => admitPush(context, request, reply),
      preValidation: limitPushInput,
    },
    async (request, reply) => {
      // admitPush has checked the collection, its version and the rider's token.
      const ownerId = request.signedInUser!.id;
      const userCollection = request.params.collection as UserSyncedCollection;
      const prepared = preparePushRows(userCollection, request.body.rows, ownerId);
      if ('problem' in prepared) return sendError(reply, 400, prepared.problem);
      try {
        const outcome = await pushUserDocuments(
          db,
          databaseKind,
          ownerId,
          userCollection,
          prepared.rows,
          {
            checkForeignIds: userCollection !== 'tripContext',
            sentStates: request.body.rows.map((row) => row.newDocumentState),
            // A trail submission's review is the server's: a rider's value is ignored.
            ...(userCollection === 'records' ? { serverOwnedData: keepServerReview } : {}),
          },
        );
        if (outcome.written > 0) {
          await changeBus.publish({ collection: userCollection, ownerId });
        }
        if (outcome.written > 0 && userCollection === 'campgroundReviews') {
          // A rider's review becomes the campground's rating for everyone.
          const campgroundIds = prepared.rows.map((row) =>
            String(row.newDocumentState.campgroundId),
          );
          if ((await recomputeCampgroundRatings(db, campgroundIds)) > 0) {
            await changeBus.publish({ collection: 'campgrounds', ownerId: null });
          }
        }
        return { conflicts: outcome.conflicts };
      } catch (error) {
        if (error instanceof ForeignDocumentError) return sendError(reply, 403, error.message);
        throw error;
      }
    },
  );
}

/** The newest checkpoint of each of `collections` for `riderId` (catalogues: public). */
async function currentCheckpoints(
  { db }: SyncRouteContext,
  collections: readonly AnyCollection[],
  riderId: string | null,
): Promise<Map<string, SyncCheckpoint | null>> {
  const checkpoints = new Map<string, SyncCheckpoint | null>();
  for (const collection of collections) {
    checkpoints.set(
      collection,
      catalogueCollections.has(collection)
        ? await latestCatalogueCheckpoint(db, collection as PulledCatalogueCollection)
        : await latestUserCheckpoint(db, riderId!, collection as UserSyncedCollection),
    );
  }
  return checkpoints;
}

/**
 * Opens a Server-Sent Events stream of `collections` for the request's rider (`null` owner
 * for catalogues): each later change is sent as `event: <collection>` with
 * `data: {documents, checkpoint}`. One connection carries every collection, because browsers
 * allow only six HTTP/1.1 connections per server and a stream holds one for good.
 */
async function openStream(
  context: SyncRouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  collections: AnyCollection[],
): Promise<void> {
  const riderId = request.signedInUser?.id ?? null;
  const ownerOf = (collection: string) => (catalogueCollections.has(collection) ? null : riderId);
  const checkpoints = await currentCheckpoints(context, collections, riderId);

  // Sends every document after the collection's stream checkpoint; runs one batch at a time,
  // so a burst of pushes becomes one or a few events and no change is sent twice or skipped.
  const sendChanges = (stream: EventStream, collection: AnyCollection) =>
    stream.enqueue(async () => {
      while (!stream.closed) {
        const batch = await pullBatch(
          context,
          collection,
          ownerOf(collection),
          checkpoints.get(collection) ?? null,
          syncLimits.maxPullBatch,
        );
        if (batch.documentsJson.length === 0) return;
        checkpoints.set(collection, batch.checkpoint);
        stream.send(collection, pulledBatchJson(batch));
        if (batch.documentsJson.length < syncLimits.maxPullBatch) return;
      }
    });
  const wanted = new Set<string>(collections);
  openEventStream({
    request,
    reply,
    changeBus: context.changeBus,
    openStreams: context.openStreams,
    greeting: 'connected',
    failureMessage: 'sync stream failed; closing it so the client resyncs',
    onChange: (change, stream) => {
      if (wanted.has(change.collection) && change.ownerId === ownerOf(change.collection)) {
        sendChanges(stream, change.collection as AnyCollection);
      }
    },
  });
}

/**
 * `GET …/stream` (one collection) and `GET /api/sync/stream?collections=…` (several): a token
 * is needed only when a rider collection is asked for; catalogues stream to anyone.
 */
function registerStreamRoutes(context: SyncRouteContext): void {
  const { app, guards } = context;
  app.get<{ Params: ReplicationParams }>(
    '/api/sync/:collection/:version/stream',
    { schema: { params: replicationParamsSchema } },
    async (request, reply) => {
      const collection = checkReplicationTarget(request.params, reply);
      if (!collection || !(await authorise(context, collection, request, reply))) return reply;
      await openStream(context, request, reply, [collection]);
      return reply;
    },
  );

  app.get<{ Querystring: { collections: string } }>(
    '/api/sync/stream',
    { schema: { querystring: multiStreamQuerySchema } },
    async (request, reply) => {
      const collections: AnyCollection[] = [];
      for (const entry of new Set(request.query.collections.split(','))) {
        const [collection = '', version = ''] = entry.split('.');
        const checked = checkReplicationTarget({ collection, version }, reply);
        if (!checked) return reply;
        collections.push(checked);
      }
      if (collections.some((collection) => userCollections.has(collection))) {
        await guards.signedIn.call(app, request, reply);
        if (reply.sent) return reply;
      }
      await openStream(context, request, reply, collections);
      return reply;
    },
  );
}

/** `POST /api/sync/promotions`: canonical ids for the rider's temp- ids (idempotent). */
function registerPromotionRoute({ app, db, databaseKind, guards }: SyncRouteContext): void {
  app.post<{ Body: PromotionRequest }>(
    '/api/sync/promotions',
    // Signed in before the body is read (onRequest), so no anonymous body is parsed.
    { schema: { body: promotionBodySchema }, onRequest: guards.signedIn },
    async (request) => {
      const promotions = await promoteTempIds(
        db,
        databaseKind,
        request.signedInUser!.id,
        request.body.collection,
        request.body.tempIds,
      );
      return { promotions };
    },
  );
}
