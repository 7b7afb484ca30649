/**
 * Storage side of replication (schemas/sync-protocol.ts): checkpointed pulls of a
 * rider's documents and of the public catalogues, and pushes that detect conflicts against the
 * stored master state. Everything is scoped to one owner; a push that names a document another
 * owner holds is refused whole, before anything is written.
 */
import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { CollectionDescriptor } from '../../schemas/collections/descriptor.ts';
import {
  descriptorOf,
  sameDocumentState,
  sameRiderContent,
  type PulledCatalogueCollection,
  type PushRow,
  type SyncCheckpoint,
  type UserSyncedCollection,
  type WireDocument,
} from '../../schemas/sync-protocol.ts';
import type { DatabaseKind, ServerDatabase, UserDocumentsTable } from './database.ts';
import { lockOwnerCollection } from './sync-lock.ts';

/**
 * A pull's answer. Documents stay the JSON text they are stored as (with `_deleted` spliced
 * in): parsing each one only to serialise it again was most of a pull's server time.
 */
export interface PulledBatch {
  /** Each document in wire form (WireDocument) as JSON text. */
  documentsJson: string[];
  checkpoint: SyncCheckpoint | null;
}

/** The PullResponse body of `batch` (schemas/sync-protocol.ts): `{"documents":[…],"checkpoint":…}`. */
export function pulledBatchJson(batch: PulledBatch): string {
  return `{"documents":[${batch.documentsJson.join(',')}],"checkpoint":${JSON.stringify(batch.checkpoint)}}`;
}

/** A push names documents that belong to another account: nothing was written. */
export class ForeignDocumentError extends Error {
  constructor(readonly ids: string[]) {
    super(
      `This push names ${ids.length === 1 ? 'a document' : `${ids.length} documents`} of another account (${ids
        .slice(0, 3)
        .join(', ')}${ids.length > 3 ? ', …' : ''}); nothing was saved.`,
    );
    this.name = 'ForeignDocumentError';
  }
}

/** The outcome of a push: the master state of each conflicting row, and whether anything changed. */
export interface PushOutcome {
  conflicts: WireDocument[];
  written: number;
}

/**
 * A stored document (`data`, a JSON object written by JSON.stringify, never holding
 * `_deleted`) as wire JSON text with RxDB's deletion flag added as its last property. Throws
 * when `data` is not an object's JSON text.
 */
function wireJson(data: string, deleted: number | boolean): string {
  const last = data.length - 1;
  if (data[0] !== '{' || data[last] !== '}') {
    throw new Error('a stored document is not a JSON object');
  }
  const flag = `"_deleted":${deleted ? 'true' : 'false'}}`;
  return last === 1 ? `{${flag}` : `${data.slice(0, last)},${flag}`;
}

function toWire(data: string, deleted: number | boolean): WireDocument {
  return {
    ...(JSON.parse(data) as Record<string, unknown>),
    _deleted: Boolean(deleted),
  } as WireDocument;
}

/**
 * `document` as stored JSON: the wire form without RxDB's deletion flag (JSON leaves out a
 * property whose value is undefined). A spread copy, because object rest
 * (`{ _deleted, ...stored }`) was several times slower and this runs for every pushed document.
 */
function storedJson(document: WireDocument): string {
  return JSON.stringify({ ...document, _deleted: undefined });
}

/**
 * Up to `limit` of `ownerId`'s documents of `collection` after `checkpoint` (all when null),
 * ordered by (server time, id). The answer's checkpoint is the last document's, or the one
 * given when nothing is newer.
 */
export async function pullUserDocuments(
  db: Kysely<ServerDatabase>,
  ownerId: string,
  collection: UserSyncedCollection | (string & {}),
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PulledBatch> {
  return pullStoredDocuments(db, collection, ownerId, checkpoint, limit);
}

/**
 * The pull of `user_documents` rows of `collection`: `ownerId`'s, or every rider's when null (a
 * shared collection, whose server times grow across owners), ordered by (server time, id).
 */
async function pullStoredDocuments(
  db: Kysely<ServerDatabase>,
  collection: string,
  ownerId: string | null,
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PulledBatch> {
  let query = db
    .selectFrom('user_documents')
    .select(['id', 'data', 'server_time', 'deleted'])
    .where('collection', '=', collection);
  if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
  if (checkpoint) {
    // A row-value comparison is a range of the checkpoint index in SQLite and PostgreSQL; the
    // equivalent `a > x or (a = x and b > y)` made SQLite walk the rider's rows from the start.
    query = query.where((eb) =>
      eb(eb.refTuple('server_time', 'id'), '>', eb.tuple(checkpoint.serverTime, checkpoint.id)),
    );
  }
  const rows = await query.orderBy('server_time').orderBy('id').limit(limit).execute();
  const last = rows.at(-1);
  return {
    documentsJson: rows.map((row) => wireJson(row.data, row.deleted)),
    checkpoint: last ? { id: last.id, serverTime: Number(last.server_time) } : checkpoint,
  };
}

/**
 * Up to `limit` public catalogue documents of `collection` after `checkpoint`, ordered by
 * (seed time, id); tombstones included so clients drop what the data no longer has.
 */
export async function pullCatalogueDocuments(
  db: Kysely<ServerDatabase>,
  collection: PulledCatalogueCollection | (string & {}),
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PulledBatch> {
  let query = db
    .selectFrom('documents')
    .select(['id', 'data', 'updated_at', 'deleted'])
    .where('collection', '=', collection)
    .where('owner_id', 'is', null);
  if (checkpoint) {
    // A range of the index, as in pullUserDocuments.
    query = query.where((eb) =>
      eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(checkpoint.serverTime, checkpoint.id)),
    );
  }
  const rows = await query.orderBy('updated_at').orderBy('id').limit(limit).execute();
  const last = rows.at(-1);
  return {
    documentsJson: rows.map((row) => wireJson(row.data, row.deleted)),
    checkpoint: last ? { id: last.id, serverTime: Number(last.updated_at) } : checkpoint,
  };
}

/**
 * Up to `limit` documents of a `shared` collection, every rider's, after `checkpoint`, ordered
 * by (server time, id): server times of a shared collection grow across all its owners (see
 * `writeScopeOf`), so one checkpoint orders them all. Tombstones included.
 */
export async function pullSharedDocuments(
  db: Kysely<ServerDatabase>,
  collection: string,
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PulledBatch> {
  return pullStoredDocuments(db, collection, null, checkpoint, limit);
}

/** The newest checkpoint of a `shared` collection (every rider's documents), null if empty. */
export async function latestSharedCheckpoint(
  db: Kysely<ServerDatabase>,
  collection: string,
): Promise<SyncCheckpoint | null> {
  const row = await db
    .selectFrom('user_documents')
    .select(['id', 'server_time'])
    .where('collection', '=', collection)
    .orderBy('server_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, serverTime: Number(row.server_time) } : null;
}

/**
 * Whose writes share one lock and one growing server time: the owner's alone, or, for a
 * collection everyone pulls in one order (`shared`), every owner's (owner `null`).
 */
export function writeScopeOf(descriptor: CollectionDescriptor, ownerId: string): string | null {
  return descriptor.scope === 'shared' ? null : ownerId;
}

/**
 * Takes the write lock of `collection` for `scopeOwner` (null: every owner) and answers the
 * server time of its next write, after every stored one of that scope.
 */
export async function lockAndNextServerTime(
  transaction: Transaction<ServerDatabase>,
  kind: DatabaseKind,
  scopeOwner: string | null,
  collection: string,
  now: number,
): Promise<number> {
  await lockOwnerCollection(transaction, kind, scopeOwner ?? '*', collection);
  return nextServerTime(transaction, scopeOwner, collection, now);
}

/** The newest checkpoint of a rider's collection (where a new stream starts), null if empty. */
export async function latestUserCheckpoint(
  db: Kysely<ServerDatabase>,
  ownerId: string,
  collection: UserSyncedCollection | (string & {}),
): Promise<SyncCheckpoint | null> {
  const row = await db
    .selectFrom('user_documents')
    .select(['id', 'server_time'])
    .where('owner_id', '=', ownerId)
    .where('collection', '=', collection)
    .orderBy('server_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, serverTime: Number(row.server_time) } : null;
}

/** The newest checkpoint of a public catalogue, null if empty. */
export async function latestCatalogueCheckpoint(
  db: Kysely<ServerDatabase>,
  collection: PulledCatalogueCollection | (string & {}),
): Promise<SyncCheckpoint | null> {
  const row = await db
    .selectFrom('documents')
    .select(['id', 'updated_at'])
    .where('collection', '=', collection)
    .where('owner_id', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, serverTime: Number(row.updated_at) } : null;
}

async function nextServerTime(
  transaction: Transaction<ServerDatabase>,
  ownerId: string | null,
  collection: string,
  now: number,
): Promise<number> {
  let query = transaction
    .selectFrom('user_documents')
    .select((eb) => eb.fn.max('server_time').as('latest'))
    .where('collection', '=', collection);
  if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
  const row = await query.executeTakeFirst();
  const latest = row?.latest === null || row?.latest === undefined ? 0 : Number(row.latest);
  return Math.max(now, latest + 1);
}

/**
 * What a pushed row does against the stored master: `skip` a repeat whose answer was lost (the
 * same rider content), `conflict` when the device's assumed state is not the master, else
 * `write`. A repeat whose sender still holds its own server-owned fields (`sent`, the row as
 * the device sent it: a trip still `pending`) is a `conflict`, so the device adopts the master.
 */
function decideAgainstMaster(
  collection: CollectionDescriptor,
  master: WireDocument,
  row: PushRow,
  sent: WireDocument | undefined,
): 'skip' | 'conflict' | 'write' {
  if (sameRiderContent(collection, master, row.newDocumentState)) {
    return sent && !sameDocumentState(master, sent) ? 'conflict' : 'skip';
  }
  if (!row.assumedMasterState || !sameRiderContent(collection, master, row.assumedMasterState)) {
    return 'conflict';
  }
  return 'write';
}

/** A document row a push writes: its stored JSON, server time and deletion flag. */
type WrittenRow = Insertable<UserDocumentsTable>;

/** Rows per upsert statement: 6 parameters each, far below SQLite's and PostgreSQL's limits. */
const upsertBatchSize = 500;

/**
 * The stored masters of the pushed `ids` in `collection`, by id, read in one query. Throws
 * ForeignDocumentError when `checkForeignIds` is set and another owner holds one of the ids
 * (then every owner's rows of those ids are read, through the (collection, id) index).
 */
async function readMasters(
  transaction: Transaction<ServerDatabase>,
  ownerId: string,
  collection: string,
  ids: string[],
  checkForeignIds: boolean,
): Promise<Map<string, WireDocument>> {
  if (ids.length === 0) return new Map();
  let query = transaction
    .selectFrom('user_documents')
    .select(['owner_id', 'id', 'data', 'deleted'])
    .where('collection', '=', collection)
    .where('id', 'in', ids);
  if (!checkForeignIds) query = query.where('owner_id', '=', ownerId);
  const rows = await query.execute();
  const foreign = rows.filter((row) => row.owner_id !== ownerId).map((row) => row.id);
  if (foreign.length > 0) throw new ForeignDocumentError(foreign);
  return new Map(rows.map((row) => [row.id, toWire(row.data, row.deleted)]));
}

/**
 * Writes `rows` (new documents and changed masters alike) with multi-row upserts: one round
 * trip per batch instead of one statement per document, which dominated a push's cost.
 */
async function upsertDocuments(
  transaction: Transaction<ServerDatabase>,
  kind: DatabaseKind,
  rows: WrittenRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += upsertBatchSize) {
    await transaction.executeQuery(
      upsertQuery(transaction, kind, rows.slice(start, start + upsertBatchSize)),
    );
  }
}

/**
 * A written row's values in the upsert's column order: owner, collection, id, data, server time,
 * deletion flag.
 */
function upsertParameters(row: WrittenRow): unknown[] {
  return [row.owner_id, row.collection, row.id, row.data, row.server_time, row.deleted];
}

/**
 * Upsert statements' SQL text by database kind and row count. Building a 500-row upsert with
 * Kysely's query builder walks 3,000 value nodes, about 1–2 ms per push request; the text
 * depends only on the kind and the row count, so it is built once. Bounded: pushes of many
 * different sizes rebuild rather than grow the cache.
 */
const upsertSqlCache = new Map<string, string>();
const upsertSqlCacheSize = 8;

/**
 * The multi-row upsert of `rows` (at most `upsertBatchSize`): a new row is inserted, an
 * existing (owner, collection, id) gets the row's data, server time and deletion flag.
 */
function upsertQuery(
  transaction: Transaction<ServerDatabase>,
  kind: DatabaseKind,
  rows: WrittenRow[],
): CompiledQuery {
  const key = `${kind}:${rows.length}`;
  const cached = upsertSqlCache.get(key);
  if (cached !== undefined) return CompiledQuery.raw(cached, rows.flatMap(upsertParameters));
  const compiled = transaction
    .insertInto('user_documents')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['owner_id', 'collection', 'id']).doUpdateSet((update) => ({
        data: update.ref('excluded.data'),
        server_time: update.ref('excluded.server_time'),
        deleted: update.ref('excluded.deleted'),
      })),
    )
    .compile();
  // Cached only when Kysely bound the values exactly as `upsertParameters` lists them.
  const expected = rows.flatMap(upsertParameters);
  const sameOrder =
    compiled.parameters.length === expected.length &&
    compiled.parameters.every((value, index) => value === expected[index]);
  if (sameOrder) {
    if (upsertSqlCache.size >= upsertSqlCacheSize) {
      upsertSqlCache.delete(upsertSqlCache.keys().next().value!);
    }
    upsertSqlCache.set(key, compiled.sql);
  }
  return compiled;
}

/**
 * `row` with the server-owned fields the server keeps (`{ kept }`: tallies) set to the stored
 * master's values; a new document keeps what the route set (the descriptor's initial value).
 */
function withKeptServerValues(
  descriptor: CollectionDescriptor,
  row: PushRow,
  master: WireDocument | undefined,
): PushRow {
  if (!master) return row;
  const kept = Object.entries(descriptor.serverOwned).filter(
    ([, value]) => typeof value === 'object' && 'kept' in value,
  );
  if (kept.length === 0) return row;
  const document: WireDocument = { ...row.newDocumentState };
  for (const [field] of kept) if (field in master) document[field] = master[field];
  return { ...row, newDocumentState: document };
}

/** Options of a push: see `pushUserDocuments`. */
export interface PushOptions {
  checkForeignIds: boolean;
  now?: number;
  sentStates?: WireDocument[];
  /**
   * Puts back what only the server may write inside a pushed document, given the stored master
   * (undefined for a new document); runs before the row is compared with the master, so a push
   * that changes only such fields is a no-op answered with the master.
   */
  serverOwnedData?: CollectionDescriptor['keepServerData'];
}

/**
 * Applies a validated push for `ownerId` in one transaction. `rows` must already carry the
 * server-owned fields and no temp- ids (the route sees to both). For each row: when the stored
 * master exists and differs from the row's assumed state, the master is returned as a conflict
 * and nothing is written for it; a row equal to the master in rider content is a no-op (a retry
 * whose answer was lost), answered with the master when `sentStates[i]` (the row as the device
 * sent it, before the server-owned fields were set) differs from it; otherwise the new state is
 * stored with the next server time.
 * Throws ForeignDocumentError, writing nothing, when an id belongs to another owner
 * (`checkForeignIds` false for collections with per-user fixed ids such as tripContext).
 */
export async function pushUserDocuments(
  db: Kysely<ServerDatabase>,
  kind: DatabaseKind,
  ownerId: string,
  collection: CollectionDescriptor | UserSyncedCollection,
  rows: PushRow[],
  options: PushOptions,
): Promise<PushOutcome> {
  return db
    .transaction()
    .execute((transaction) =>
      pushInTransaction(transaction, kind, ownerId, collection, rows, options),
    );
}

/**
 * `pushUserDocuments` inside a transaction the caller holds, so a server-side write (an admin's
 * review of a rider's record) commits together with its other effects.
 */
export async function pushInTransaction(
  transaction: Transaction<ServerDatabase>,
  kind: DatabaseKind,
  ownerId: string,
  collectionOrName: CollectionDescriptor | UserSyncedCollection,
  rows: PushRow[],
  options: PushOptions,
): Promise<PushOutcome> {
  const descriptor = descriptorOf(collectionOrName);
  const collection = descriptor.name;
  const ids = rows.map((row) => row.newDocumentState.id);
  let serverTime = await lockAndNextServerTime(
    transaction,
    kind,
    writeScopeOf(descriptor, ownerId),
    collection,
    options.now ?? Date.now(),
  );
  const masters = await readMasters(transaction, ownerId, collection, ids, options.checkForeignIds);
  const conflicts: WireDocument[] = [];
  // By id: a document written twice in one push is stored once, in its last state.
  const writes = new Map<string, WrittenRow>();
  for (const [index, pushed] of rows.entries()) {
    const master = masters.get(pushed.newDocumentState.id);
    const kept = withKeptServerValues(descriptor, pushed, master);
    const row = options.serverOwnedData
      ? {
          ...pushed,
          newDocumentState: options.serverOwnedData(kept.newDocumentState, master) as WireDocument,
        }
      : kept;
    const incoming = row.newDocumentState;
    const decision = master
      ? decideAgainstMaster(descriptor, master, row, options.sentStates?.[index])
      : 'write';
    if (decision === 'conflict') conflicts.push(master!);
    if (decision !== 'write') continue;
    writes.set(incoming.id, {
      owner_id: ownerId,
      collection,
      id: incoming.id,
      data: storedJson(incoming),
      server_time: serverTime,
      deleted: incoming._deleted ? 1 : 0,
    });
    masters.set(incoming.id, incoming);
    serverTime += 1;
  }
  await upsertDocuments(transaction, kind, [...writes.values()]);
  return { conflicts, written: writes.size };
}
