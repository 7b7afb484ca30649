/**
 * Storage side of replication (issue 4; schemas/sync-protocol.ts): checkpointed pulls of a
 * rider's documents and of the public catalogues, and pushes that detect conflicts against the
 * stored master state. Everything is scoped to one owner; a push that names a document another
 * owner holds is refused whole, before anything is written.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  sameDocumentState,
  sameRiderContent,
  type PulledCatalogueCollection,
  type PushRow,
  type SyncCheckpoint,
  type UserSyncedCollection,
  type WireDocument,
} from '../../schemas/sync-protocol.ts';
import type { DatabaseKind, ServerDatabase } from './database.ts';
import { lockOwnerCollection } from './sync-lock.ts';

/** A pull's answer before serialisation. */
export interface PulledBatch {
  documents: WireDocument[];
  checkpoint: SyncCheckpoint | null;
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

function toWire(data: string, deleted: number | boolean): WireDocument {
  return {
    ...(JSON.parse(data) as Record<string, unknown>),
    _deleted: Boolean(deleted),
  } as WireDocument;
}

/** `document` as stored: the wire form without RxDB's deletion flag. */
function storedJson(document: WireDocument): string {
  const { _deleted: _ignored, ...stored } = document;
  return JSON.stringify(stored);
}

/**
 * Up to `limit` of `ownerId`'s documents of `collection` after `checkpoint` (all when null),
 * ordered by (server time, id). The answer's checkpoint is the last document's, or the one
 * given when nothing is newer.
 */
export async function pullUserDocuments(
  db: Kysely<ServerDatabase>,
  ownerId: string,
  collection: UserSyncedCollection,
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PulledBatch> {
  let query = db
    .selectFrom('user_documents')
    .select(['id', 'data', 'server_time', 'deleted'])
    .where('owner_id', '=', ownerId)
    .where('collection', '=', collection);
  if (checkpoint) {
    query = query.where((eb) =>
      eb.or([
        eb('server_time', '>', checkpoint.serverTime),
        eb.and([eb('server_time', '=', checkpoint.serverTime), eb('id', '>', checkpoint.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('server_time').orderBy('id').limit(limit).execute();
  const last = rows.at(-1);
  return {
    documents: rows.map((row) => toWire(row.data, row.deleted)),
    checkpoint: last ? { id: last.id, serverTime: Number(last.server_time) } : checkpoint,
  };
}

/**
 * Up to `limit` public catalogue documents of `collection` after `checkpoint`, ordered by
 * (seed time, id); tombstones included so clients drop what the data no longer has.
 */
export async function pullCatalogueDocuments(
  db: Kysely<ServerDatabase>,
  collection: PulledCatalogueCollection,
  checkpoint: SyncCheckpoint | null,
  limit: number,
): Promise<PulledBatch> {
  let query = db
    .selectFrom('documents')
    .select(['id', 'data', 'updated_at', 'deleted'])
    .where('collection', '=', collection)
    .where('owner_id', 'is', null);
  if (checkpoint) {
    query = query.where((eb) =>
      eb.or([
        eb('updated_at', '>', checkpoint.serverTime),
        eb.and([eb('updated_at', '=', checkpoint.serverTime), eb('id', '>', checkpoint.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('updated_at').orderBy('id').limit(limit).execute();
  const last = rows.at(-1);
  return {
    documents: rows.map((row) => toWire(row.data, row.deleted)),
    checkpoint: last ? { id: last.id, serverTime: Number(last.updated_at) } : checkpoint,
  };
}

/** The newest checkpoint of a rider's collection (where a new stream starts), null if empty. */
export async function latestUserCheckpoint(
  db: Kysely<ServerDatabase>,
  ownerId: string,
  collection: UserSyncedCollection,
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
  collection: PulledCatalogueCollection,
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
  ownerId: string,
  collection: string,
  now: number,
): Promise<number> {
  const row = await transaction
    .selectFrom('user_documents')
    .select((eb) => eb.fn.max('server_time').as('latest'))
    .where('owner_id', '=', ownerId)
    .where('collection', '=', collection)
    .executeTakeFirst();
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
  collection: UserSyncedCollection,
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
  collection: UserSyncedCollection,
  rows: PushRow[],
  options: { checkForeignIds: boolean; now?: number; sentStates?: WireDocument[] },
): Promise<PushOutcome> {
  const ids = rows.map((row) => row.newDocumentState.id);
  return db.transaction().execute(async (transaction) => {
    await lockOwnerCollection(transaction, kind, ownerId, collection);
    if (options.checkForeignIds && ids.length > 0) {
      const foreign = await transaction
        .selectFrom('user_documents')
        .select('id')
        .where('collection', '=', collection)
        .where('id', 'in', ids)
        .where('owner_id', '!=', ownerId)
        .execute();
      if (foreign.length > 0) throw new ForeignDocumentError(foreign.map((row) => row.id));
    }
    const stored = ids.length
      ? await transaction
          .selectFrom('user_documents')
          .select(['id', 'data', 'deleted'])
          .where('owner_id', '=', ownerId)
          .where('collection', '=', collection)
          .where('id', 'in', ids)
          .execute()
      : [];
    const masters = new Map(stored.map((row) => [row.id, toWire(row.data, row.deleted)]));
    const conflicts: WireDocument[] = [];
    let serverTime = await nextServerTime(
      transaction,
      ownerId,
      collection,
      options.now ?? Date.now(),
    );
    let written = 0;
    for (const [index, row] of rows.entries()) {
      const incoming = row.newDocumentState;
      const master = masters.get(incoming.id);
      const decision = master
        ? decideAgainstMaster(collection, master, row, options.sentStates?.[index])
        : 'write';
      if (decision === 'conflict') conflicts.push(master!);
      if (decision !== 'write') continue;
      const values = {
        data: storedJson(incoming),
        server_time: serverTime,
        deleted: incoming._deleted ? 1 : 0,
      };
      if (master) {
        await transaction
          .updateTable('user_documents')
          .set(values)
          .where('owner_id', '=', ownerId)
          .where('collection', '=', collection)
          .where('id', '=', incoming.id)
          .execute();
      } else {
        await transaction
          .insertInto('user_documents')
          .values({ owner_id: ownerId, collection, id: incoming.id, ...values })
          .execute();
      }
      masters.set(incoming.id, incoming);
      serverTime += 1;
      written += 1;
    }
    return { conflicts, written };
  });
}
