/**
 * Replication endpoints (contract in schemas/sync-protocol.ts, docs/architecture.md#sync):
 * - `GET  /api/sync/:collection/v:version/pull`   checkpointed pull
 * - `POST /api/sync/:collection/v:version/push`   push answering conflicting master states
 * - `GET  /api/sync/:collection/v:version/stream` Server-Sent Events of later changes
 * - `GET  /api/sync/stream?collections=trips.v1,…` the same for several collections at once
 * - `POST /api/sync/promotions`                   canonical ids for temp- ids
 * A rider's collections need a bearer token and see only that rider's documents; the public
 * catalogues can be pulled by anyone and never pushed; a shared collection (every rider's public
 * documents) is pulled by anyone and pushed by each rider for their own documents only. What each collection is, and every rule
 * of its pushes, comes from its descriptor (sync/collection-rules.ts interprets them).
 * Every rejection is a JSON 4xx and writes nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  isCatalogue,
  isPulledByEveryone,
  type CollectionDescriptor,
} from '../../schemas/collections/descriptor.ts';
import { moveOf } from '../../schemas/collections/moves.ts';
import {
  documentIdProperty,
  promotableCollections,
  syncLimits,
  type PromotionRequest,
  type PushRequest,
  type SyncCheckpoint,
} from '../../schemas/sync-protocol.ts';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import type { DatabaseKind, ServerDatabase } from '../storage/database.ts';
import { countPromotionsSince, promoteTempIds, unpromotedIds } from '../storage/id-promotions.ts';
import {
  ForeignDocumentError,
  latestCatalogueCheckpoint,
  latestSharedCheckpoint,
  latestUserCheckpoint,
  pullCatalogueDocuments,
  pullSharedDocuments,
  pullUserDocuments,
  pulledBatchJson,
  pushUserDocuments,
  type PulledBatch,
} from '../storage/user-documents.ts';
import { runAfterWriteEffects } from '../sync/after-write.ts';
import type { ChangeBus } from '../sync/change-bus.ts';
import {
  idsAreUnique,
  preparePushRows,
  syncedCollections,
  type SyncedCollections,
} from '../sync/collection-rules.ts';
import { findInputProblem, pushBodyShape } from '../sync/input-limits.ts';
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
  /**
   * The collections this server syncs, as descriptors (default: the app's). A test gives a
   * collection of its own this way.
   */
  collections?: readonly CollectionDescriptor[];
}

type ReplicationParams = { collection: string; version: string };

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

const dayMs = 24 * 60 * 60 * 1000;

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
 * null when they do not fit. An app built against an older schema, or syncing a collection that
 * moved into another (schemas/collections/moves.ts), gets 426 and is told to update, so it
 * never writes an old shape into newer data.
 */
function checkReplicationTarget(
  collections: SyncedCollections,
  params: ReplicationParams,
  reply: FastifyReply,
): CollectionDescriptor | null {
  const { collection } = params;
  const descriptor = collections.get(collection);
  const move = descriptor ? undefined : moveOf(collection);
  if (move) {
    sendError(
      reply,
      426,
      `This app is out of date: ${collection} are now kept in ${move.to}. Reload the app to update it; nothing was synced, and nothing on this device is lost.`,
    );
    return null;
  }
  if (!descriptor) {
    sendError(reply, 404, `"${collection}" is not a synced collection.`);
    return null;
  }
  const asked = Number(params.version.slice(1));
  const current = descriptor.schema.version;
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
  return descriptor;
}

/** What every route of this module works with; `openStreams` ends the streams at close. */
interface SyncRouteContext extends SyncRouteOptions {
  app: FastifyInstance;
  openStreams: OpenStreams;
  synced: SyncedCollections;
}

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
  const context: SyncRouteContext = {
    ...options,
    app,
    openStreams: trackOpenStreams(app),
    synced: syncedCollections(options.collections),
  };
  registerPullRoute(context);
  registerPushRoute(context);
  registerStreamRoutes(context);
  registerPromotionRoute(context);
}

/** Runs the signed-in guard for rider collections; returns false when it answered 401. */
async function authorise(
  { app, guards }: SyncRouteContext,
  collection: CollectionDescriptor,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (isPulledByEveryone(collection)) return true;
  await guards.signedIn.call(app, request, reply);
  return !reply.sent;
}

/**
 * A batch of a catalogue or a shared collection (public, `ownerId` ignored) or of `ownerId`'s
 * rider collection.
 */
function pullBatch(
  { db }: SyncRouteContext,
  collection: CollectionDescriptor,
  ownerId: string | null,
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PulledBatch> {
  if (isCatalogue(collection))
    return pullCatalogueDocuments(db, collection.name, checkpoint, limit);
  if (isPulledByEveryone(collection)) {
    return pullSharedDocuments(db, collection.name, checkpoint, limit);
  }
  return pullUserDocuments(db, ownerId!, collection.name, checkpoint, limit);
}

/** The owner a change of `collection` is published under: null where everyone pulls it. */
function changeOwnerOf(collection: CollectionDescriptor, riderId: string | null): string | null {
  return isPulledByEveryone(collection) ? null : riderId;
}

/** `GET …/pull`: anyone for a catalogue or shared collection, the token's rider for a rider collection. */
function registerPullRoute(context: SyncRouteContext): void {
  context.app.get<{
    Params: ReplicationParams;
    Querystring: { checkpoint?: string; limit?: string };
  }>(
    '/api/sync/:collection/:version/pull',
    { schema: { params: replicationParamsSchema, querystring: pullQuerySchema } },
    async (request, reply) => {
      const collection = checkReplicationTarget(context.synced, request.params, reply);
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
  { app, guards, synced }: SyncRouteContext,
  request: FastifyRequest<{ Params: ReplicationParams }>,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const { collection, version } = request.params;
  const descriptor = synced.get(collection);
  if (descriptor && isCatalogue(descriptor)) {
    return sendError(reply, 403, `${collection} is a read-only catalogue; it cannot be pushed.`);
  }
  await guards.signedIn.call(app, request, reply);
  if (reply.sent) return reply;
  // A malformed version is left to the params schema, which answers 400 before the handler.
  if (!versionExpression.test(version)) return undefined;
  return checkReplicationTarget(synced, request.params, reply) ? undefined : reply;
}

/**
 * Refuses (400, naming the field) a push holding a number that is not finite or a free-form
 * value past syncInputLimits, before Ajv or anything recursive touches it (preValidation).
 */
async function limitPushInput(
  synced: SyncedCollections,
  request: FastifyRequest<{ Params: ReplicationParams }>,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const descriptor = synced.get(request.params.collection);
  if (!descriptor || isCatalogue(descriptor)) return undefined;
  const problem = findInputProblem(request.body, pushBodyShape(descriptor));
  return problem ? sendError(reply, 400, `${problem} Nothing was saved.`) : undefined;
}

/** `POST …/push` for the rider's collections; publishes what it wrote on the change bus. */
function registerPushRoute(context: SyncRouteContext): void {
  const { db, databaseKind, changeBus, synced } = context;
  context.app.post<{ Params: ReplicationParams; Body: PushRequest }>(
    '/api/sync/:collection/:version/push',
    {
      schema: { params: replicationParamsSchema, body: pushBodySchema },
      bodyLimit: syncLimits.maxPushBodyBytes,
      onRequest: (request, reply) => admitPush(context, request, reply),
      preValidation: (request, reply) => limitPushInput(synced, request, reply),
    },
    async (request, reply) => {
      // admitPush has checked the collection, its version and the rider's token.
      const ownerId = request.signedInUser!.id;
      const descriptor = synced.get(request.params.collection)!;
      const prepared = preparePushRows(descriptor, request.body.rows, ownerId);
      if ('problem' in prepared) return sendError(reply, 400, prepared.problem);
      if (descriptor.newDocumentsPerDay !== undefined) {
        // The daily limit counts promotions, so a new document must come from one.
        const ids = prepared.rows.map((row) => row.newDocumentState.id);
        const unminted = await unpromotedIds(db, ownerId, descriptor.name, ids);
        if (unminted.length > 0) {
          return sendError(
            reply,
            400,
            `${unminted[0]} was not promoted for you (POST /api/sync/promotions): a new ${descriptor.noun} needs an id from the server. Nothing was saved.`,
          );
        }
      }
      try {
        const outcome = await pushUserDocuments(
          db,
          databaseKind,
          ownerId,
          descriptor,
          prepared.rows,
          {
            checkForeignIds: idsAreUnique(descriptor),
            sentStates: request.body.rows.map((row) => row.newDocumentState),
            ...(descriptor.keepServerData ? { serverOwnedData: descriptor.keepServerData } : {}),
          },
        );
        if (outcome.written > 0) {
          await changeBus.publish({
            collection: descriptor.name,
            ownerId: changeOwnerOf(descriptor, ownerId),
          });
          for (const catalogue of await runAfterWriteEffects(
            db,
            databaseKind,
            descriptor.afterWrite,
            prepared.rows,
          )) {
            await changeBus.publish({ collection: catalogue, ownerId: null });
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
  collections: readonly CollectionDescriptor[],
  riderId: string | null,
): Promise<Map<string, SyncCheckpoint | null>> {
  const checkpoints = new Map<string, SyncCheckpoint | null>();
  for (const collection of collections) {
    checkpoints.set(
      collection.name,
      isCatalogue(collection)
        ? await latestCatalogueCheckpoint(db, collection.name)
        : isPulledByEveryone(collection)
          ? await latestSharedCheckpoint(db, collection.name)
          : await latestUserCheckpoint(db, riderId!, collection.name),
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
  collections: CollectionDescriptor[],
): Promise<void> {
  const riderId = request.signedInUser?.id ?? null;
  const ownerOf = (collection: CollectionDescriptor) => changeOwnerOf(collection, riderId);
  const checkpoints = await currentCheckpoints(context, collections, riderId);

  // Sends every document after the collection's stream checkpoint; runs one batch at a time,
  // so a burst of pushes becomes one or a few events and no change is sent twice or skipped.
  const sendChanges = (stream: EventStream, collection: CollectionDescriptor) =>
    stream.enqueue(async () => {
      while (!stream.closed) {
        const batch = await pullBatch(
          context,
          collection,
          ownerOf(collection),
          checkpoints.get(collection.name) ?? null,
          syncLimits.maxPullBatch,
        );
        if (batch.documentsJson.length === 0) return;
        checkpoints.set(collection.name, batch.checkpoint);
        stream.send(collection.name, pulledBatchJson(batch));
        if (batch.documentsJson.length < syncLimits.maxPullBatch) return;
      }
    });
  const wanted = new Map(collections.map((collection) => [collection.name, collection]));
  openEventStream({
    request,
    reply,
    changeBus: context.changeBus,
    openStreams: context.openStreams,
    greeting: 'connected',
    failureMessage: 'sync stream failed; closing it so the client resyncs',
    onChange: (change, stream) => {
      const collection = wanted.get(change.collection);
      if (collection && change.ownerId === ownerOf(collection)) sendChanges(stream, collection);
    },
  });
}

/**
 * `GET …/stream` (one collection) and `GET /api/sync/stream?collections=…` (several): a token
 * is needed only when a rider collection is asked for; catalogues and shared collections
 * stream to anyone.
 */
function registerStreamRoutes(context: SyncRouteContext): void {
  const { app, guards } = context;
  app.get<{ Params: ReplicationParams }>(
    '/api/sync/:collection/:version/stream',
    { schema: { params: replicationParamsSchema } },
    async (request, reply) => {
      const collection = checkReplicationTarget(context.synced, request.params, reply);
      if (!collection || !(await authorise(context, collection, request, reply))) return reply;
      await openStream(context, request, reply, [collection]);
      return reply;
    },
  );

  app.get<{ Querystring: { collections: string } }>(
    '/api/sync/stream',
    { schema: { querystring: multiStreamQuerySchema } },
    async (request, reply) => {
      const collections: CollectionDescriptor[] = [];
      for (const entry of new Set(request.query.collections.split(','))) {
        const [collection = '', version = ''] = entry.split('.');
        const checked = checkReplicationTarget(context.synced, { collection, version }, reply);
        if (!checked) return reply;
        collections.push(checked);
      }
      if (collections.some((collection) => !isPulledByEveryone(collection))) {
        await guards.signedIn.call(app, request, reply);
        if (reply.sent) return reply;
      }
      await openStream(context, request, reply, collections);
      return reply;
    },
  );
}

/** `POST /api/sync/promotions`: canonical ids for the rider's temp- ids (idempotent). */
function registerPromotionRoute({ app, db, databaseKind, guards, synced }: SyncRouteContext): void {
  app.post<{ Body: PromotionRequest }>(
    '/api/sync/promotions',
    // Signed in before the body is read (onRequest), so no anonymous body is parsed.
    { schema: { body: promotionBodySchema }, onRequest: guards.signedIn },
    async (request, reply) => {
      const limit = synced.get(request.body.collection)?.newDocumentsPerDay;
      if (limit !== undefined) {
        const { known, lastDay } = await countPromotionsSince(
          db,
          request.signedInUser!.id,
          request.body.collection,
          request.body.tempIds,
          Date.now() - dayMs,
        );
        const fresh = new Set(request.body.tempIds).size - known;
        if (fresh > 0 && lastDay + fresh > limit) {
          const noun = synced.get(request.body.collection)!.noun;
          return sendError(
            reply,
            429,
            `You have filed ${lastDay} ${noun}s in the last 24 hours; at most ${limit} a day are accepted. The rest stay on this device and are sent once the day has passed.`,
          );
        }
      }
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
