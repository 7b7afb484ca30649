/**
 * The replication contract between the app and the sync server (docs/architecture.md#sync).
 * Both sides import this file, so paths, limits and the meaning of every field cannot drift.
 *
 * The protocol is RxDB's replication protocol over HTTP, per collection:
 * - pull: `GET <base>/pull?checkpoint=<json>&limit=<n>` answers `{ documents, checkpoint }`,
 *   documents ordered by (server time, id) after the checkpoint;
 * - push: `POST <base>/push` with `{ rows: [{ assumedMasterState, newDocumentState }] }` answers
 *   `{ conflicts }`, the server's current state of every row whose assumed state was stale;
 * - stream: `GET <base>/stream` is Server-Sent Events: `data: { documents, checkpoint }` for each
 *   change after the stream opened, plus comment lines as keep-alives.
 * `<base>` is `/api/sync/<collection>/v<schema version>`: a client built against another schema
 * version is refused with 426 and a message asking it to update, so it can never write an old
 * shape into newer data.
 *
 * Every rider-synced document belongs to the user of the bearer token; the server scopes every
 * pull, push and stream of those to that user. The public catalogues are pulled and streamed by
 * anyone, with or without a token, and never pushed. Fields listed in `serverOwnedFields` are overwritten by the
 * server on every push, whatever the client sent.
 */
import deepEqual from 'fast-deep-equal';
import { checkpointMaxLength } from './document-id.ts';
import {
  allCollections,
  collectionDescriptors,
  collectionsOfScope,
  describeCollection,
  type CollectionOfScope,
} from './collections/index.ts';
import { inPromotionOrder, type CollectionDescriptor } from './collections/descriptor.ts';
import { collectionSchemas, type CollectionName } from './index.ts';

export { isTempId, tempIdPrefix } from './identity.ts';

export {
  assertDocumentId,
  checkpointMaxLength,
  documentIdMaxLength,
  documentIdPattern,
  documentIdProperty,
  isDocumentId,
} from './document-id.ts';

/**
 * Collections whose documents riders own and push (descriptor scopes `rider` and `shared`; a
 * `shared` one also holds other riders' documents, pulled by everyone).
 */
export const userSyncedCollections = collectionsOfScope(['rider', 'shared']);
export type UserSyncedCollection = CollectionOfScope<'rider' | 'shared'>;

/** Public catalogues every visitor pulls, signed in or not (the server seeds them from data/). */
export const pulledCatalogueCollections = collectionsOfScope('catalogue');
export type PulledCatalogueCollection = CollectionOfScope<'catalogue'>;

export type ReplicatedCollection = UserSyncedCollection | PulledCatalogueCollection;

/**
 * Collections whose rider-made documents get a `temp-` id on the device and are promoted to a
 * server id (requirements §core-3, §core-4), in their descriptors' promotion order: a waypoint
 * naming a temp- trip waits until that trip's promotion has rewritten its `tripId`.
 */
export const promotableCollections = inPromotionOrder(allCollections).map(
  (descriptor) => descriptor.name as PromotableCollection,
);
export type PromotableCollection = {
  [
    Name in UserSyncedCollection
  ]: (typeof collectionDescriptors)[Name]['idRule']['kind'] extends 'promoted' ? Name : never;
}[UserSyncedCollection];

/**
 * Fields only the server sets, by collection (each descriptor's `serverOwned`). On push the
 * server replaces them: the owner fields become the token's user id, `status` becomes `synced`
 * (requirements §core-3 "Trip": the status says whether the server has it). Conflict checks
 * ignore them, so a client's stale copy of a server-set value is never a conflict.
 */
export function serverOwnedFieldsOf(descriptor: CollectionDescriptor): readonly string[] {
  return Object.keys(descriptor.serverOwned);
}

/**
 * Where a checkpointed pull resumes: the server time (ms, strictly increasing per user and
 * collection) and id of the last document received.
 */
export interface SyncCheckpoint {
  id: string;
  serverTime: number;
}

/** A document as it travels: the schema document plus RxDB's deletion flag. */
export type WireDocument = Record<string, unknown> & { id: string; _deleted: boolean };

/** Answer of pull, and each event of the stream. */
export interface PullResponse {
  documents: WireDocument[];
  /** Null only when the collection has nothing after the requested checkpoint and never had. */
  checkpoint: SyncCheckpoint | null;
}

/** One row of a push: what the client last saw from the server, and its new state. */
export interface PushRow {
  /** Absent when the client believes the document is new to the server. */
  assumedMasterState?: WireDocument;
  newDocumentState: WireDocument;
}

export interface PushRequest {
  rows: PushRow[];
}

/** The server's current state of every row whose `assumedMasterState` did not match. */
export interface PushResponse {
  conflicts: WireDocument[];
}

/** Body of `POST /api/sync/promotions`: swap temp- ids for canonical ones (idempotent). */
export interface PromotionRequest {
  collection: PromotableCollection;
  tempIds: string[];
}

export interface PromotionResponse {
  /** One entry per requested temp id, in request order; the same temp id always maps to the same id. */
  promotions: { tempId: string; id: string }[];
}

/** Limits the server enforces and the client respects (larger requests get a JSON 4xx). */
export const syncLimits = {
  /** Most documents one pull answers. */
  maxPullBatch: 500,
  /** Most rows in one push. */
  maxPushRows: 500,
  /** Largest push body: 8 MiB (a track chunk of 600 points is about 40 KB). */
  maxPushBodyBytes: 8 * 1024 * 1024,
  /** Most temp ids in one promotion request. */
  maxPromotionIds: 500,
  /** Longest pull checkpoint (JSON characters); the id grammar keeps every checkpoint under it. */
  maxCheckpointLength: checkpointMaxLength,
  /** Keep-alive comment interval of the stream, ms (proxies drop idle connections). */
  streamKeepAliveMs: 15_000,
} as const;

/**
 * Bounds on the free-form parts of a pushed document: values whose schema says only
 * "an object" or "anything" (a trip plan's `planData`, the trip context's plans and
 * recommendations, a sync conflict's values) and properties a schema does not name. Each such
 * value may nest at most `maxFreeFormDepth` objects and arrays (the value itself is level 1) and
 * take at most `maxFreeFormJsonLength` characters as JSON. Every number in a request must be
 * finite: JSON such as `1e400` parses to Infinity, which JSON cannot store (it would become null).
 * Larger or deeper values get a 400 naming the field; nothing of the push is stored.
 */
export const syncInputLimits = {
  maxFreeFormDepth: 32,
  maxFreeFormJsonLength: 256 * 1024,
} as const;

/** Path of the promotion endpoint. */
export const promotionPath = '/api/sync/promotions';

/** The schema version of a collection, as it appears in replication URLs. */
export function schemaVersionOf(collection: CollectionName): number {
  return collectionSchemas[collection].version;
}

/** `/api/sync/<collection>/v<version>`, the base of a collection's pull, push and stream paths. */
export function replicationBasePath(
  collection: ReplicatedCollection | (string & {}),
  version: number = describeCollection(collection).schema.version,
): string {
  return `/api/sync/${collection}/v${version}`;
}

/** `document` without the fields only the server sets (a shallow copy; `document` is untouched). */
export function withoutServerOwnedFields(
  collection: CollectionDescriptor | UserSyncedCollection,
  document: Record<string, unknown>,
): Record<string, unknown> {
  const copy = { ...document };
  for (const field of serverOwnedFieldsOf(descriptorOf(collection))) delete copy[field];
  return copy;
}

/** The descriptor itself, or the app's descriptor of that name. */
export function descriptorOf(collection: CollectionDescriptor | string): CollectionDescriptor {
  return typeof collection === 'string' ? describeCollection(collection) : collection;
}

/**
 * True when two states of a document carry the same rider-made content: equal ignoring the
 * server-owned fields, with `_deleted` compared as a boolean. The server uses it to decide
 * whether a push's assumed state is current; a copy whose only difference is, say, the server's
 * `status: synced` is not a conflict.
 */
export function sameRiderContent(
  collection: CollectionDescriptor | UserSyncedCollection,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): boolean {
  const left = withoutServerOwnedFields(collection, a);
  const right = withoutServerOwnedFields(collection, b);
  left._deleted = Boolean(left._deleted);
  right._deleted = Boolean(right._deleted);
  return deepEqual(left, right);
}

/**
 * True when two states of a document are identical, server-owned fields included (`_deleted`
 * compared as a boolean). A device whose copy has the server's rider content but not its
 * server-owned fields (a trip still `pending` after the answer to its push was lost) must be
 * sent the server's copy, or it would wait for a change that never comes.
 */
export function sameDocumentState(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return deepEqual(
    { ...a, _deleted: Boolean(a._deleted) },
    { ...b, _deleted: Boolean(b._deleted) },
  );
}

/**
 * Path of the one Server-Sent Events stream carrying several collections
 * (`/api/sync/stream?collections=trips.v1,tripPlans.v1`); each event is named after its
 * collection. Browsers allow six HTTP/1.1 connections per server, so the app opens one stream.
 */
export function multiCollectionStreamPath(collections: readonly CollectionDescriptor[]): string {
  const list = collections.map(({ name, schema }) => `${name}.v${schema.version}`);
  return `/api/sync/stream?collections=${list.join(',')}`;
}
