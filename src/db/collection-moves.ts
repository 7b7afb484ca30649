/**
 * The device's half of moving a retired collection's documents into another collection
 * (schemas/collections/moves.ts), and the whole of moving a device-only collection into a local
 * document (map regions). Runs once per move on each device, right after the database
 * opens: the retired collection is opened for the move alone (the free RxDB build's 13-collection
 * limit counts it while it is open, which the current layout leaves room for), every document
 * it holds, including writes never sent to the server, is converted into the new collection as
 * `pending`, and the retired collection's storage is removed. Converted ids are the server's
 * own, so what the server already holds and what the device sends are one document, merged by
 * the new collection's rules. A crash at any step repeats the move on the next start (the
 * conversion is idempotent), because the move is recorded as done last.
 */
import type { MigrationStrategies, RxCollection, RxJsonSchema } from 'rxdb';
import type { CollectionSchema } from '../../schemas/collections/descriptor.ts';
import { collectionMoves, type CollectionMove } from '../../schemas/collections/moves.ts';
import { mapRegionSchema, type MapRegion } from '../../schemas/map-regions.ts';
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';
import { mapRegionsDocumentId, withRegions, type StoredMapRegions } from './map-regions.ts';

/**
 * A device-only collection whose documents moved into a local document: nothing of it was ever
 * on the server, so the device's move is the whole move.
 */
interface LocalDocumentMove {
  from: string;
  /** Its last schema and the strategies that bring older stored versions to it. */
  fromSchema: CollectionSchema;
  fromMigrations: MigrationStrategies;
  /** Stores `documents` (the whole collection) in the local document. */
  store(db: AppDatabase, documents: Record<string, unknown>[]): Promise<void>;
}

/**
 * Offline map regions became the local document `map-regions` (src/db/map-regions.ts). A
 * region stored at version 0 predates the road map in region archives: it has none (null).
 */
const mapRegionsIntoLocalDocument: LocalDocumentMove = {
  from: 'mapRegions',
  fromSchema: mapRegionSchema,
  fromMigrations: { 1: (document: Record<string, unknown>) => ({ ...document, basemap: null }) },
  async store(db, documents) {
    await modifyLocalDocument<StoredMapRegions>(db, mapRegionsDocumentId, (current) => ({
      // Regions already in the local document (a move repeated after a crash) stay as they are.
      regions: withRegions(documents as unknown as MapRegion[], current?.regions ?? []),
    }));
  },
};

/** Every device-only move, oldest first. */
const localDocumentMoves: readonly LocalDocumentMove[] = [mapRegionsIntoLocalDocument];

/** RxDB local document listing the moves this device has finished: `{ done: string[] }`. */
export const collectionMovesDocumentId = 'collection-moves';

interface FinishedMoves {
  done: string[];
}

/** Stable name of a move in the record of finished moves. */
function moveName(move: CollectionMove | LocalDocumentMove): string {
  return 'to' in move ? `${move.from}->${move.to}` : `${move.from}->local`;
}

/** Opens the retired collection `name` for its move and reads every live document. */
async function openRetired(
  db: AppDatabase,
  name: string,
  schema: CollectionSchema,
  migrationStrategies: MigrationStrategies = {},
): Promise<{
  retired: RxCollection<Record<string, unknown>>;
  documents: Record<string, unknown>[];
}> {
  const opened = await db.addCollections({
    [name]: { schema: schema as unknown as RxJsonSchema<unknown>, migrationStrategies },
  });
  const retired = opened[name] as RxCollection<Record<string, unknown>>;
  const documents = (await retired.find().exec()).map((document) => document.toMutableJSON());
  return { retired, documents };
}

async function runLocalDocumentMove(db: AppDatabase, move: LocalDocumentMove): Promise<number> {
  const { retired, documents } = await openRetired(
    db,
    move.from,
    move.fromSchema,
    move.fromMigrations,
  );
  if (documents.length > 0) await move.store(db, documents);
  await retired.remove();
  return documents.length;
}

async function runMove(db: AppDatabase, move: CollectionMove): Promise<number> {
  const { retired, documents } = await openRetired(db, move.from, move.fromSchema);
  const target = db.collections[move.to as keyof AppDatabase['collections']] as unknown as
    RxCollection<Record<string, unknown>> | undefined;
  if (!target) throw new Error(`Cannot move ${move.from}: ${move.to} is not open.`);
  const converted = documents
    .map((document) => move.convert(document, 'pending'))
    .filter((document): document is Record<string, unknown> => document !== null);
  const existing = await target.findByIds(converted.map((document) => String(document.id))).exec();
  // A document already in the target (a move repeated after a crash) is kept as it is.
  const fresh = converted.filter((document) => !existing.has(String(document.id)));
  if (fresh.length > 0) await target.bulkInsert(fresh);
  await retired.remove();
  return fresh.length;
}

/**
 * Records every move as finished without running any: for a database created by this start,
 * which cannot hold a retired collection (each was opened under this database's name, whose
 * storage token a first open writes before anything else), so a first visit opens none.
 */
export async function recordCollectionMovesDone(db: AppDatabase): Promise<void> {
  const all = [...collectionMoves, ...localDocumentMoves].map(moveName);
  await modifyLocalDocument<FinishedMoves>(db, collectionMovesDocumentId, (current) => ({
    done: [...new Set([...(current?.done ?? []), ...all])],
  }));
}

/**
 * Runs every move of schemas/collections/moves.ts this device has not finished. Resolves to the
 * number of documents moved. Throws the database's error (quota, closed database); what was
 * moved stays moved, and the rest is done on the next start.
 */
export async function runCollectionMoves(db: AppDatabase): Promise<number> {
  const finished = (await db.getLocal<FinishedMoves>(collectionMovesDocumentId))?.toJSON().data
    .done;
  let moved = 0;
  for (const move of [...collectionMoves, ...localDocumentMoves]) {
    if (finished?.includes(moveName(move))) continue;
    moved += 'to' in move ? await runMove(db, move) : await runLocalDocumentMove(db, move);
    await modifyLocalDocument<FinishedMoves>(db, collectionMovesDocumentId, (current) => ({
      done: [...(current?.done ?? []), moveName(move)],
    }));
  }
  return moved;
}
