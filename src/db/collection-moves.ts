/**
 * The device's half of moving a retired collection's documents into another collection
 * (schemas/collections/moves.ts). Runs once per move on each device, right after the database
 * opens: the retired collection is opened for the move alone (the free RxDB build's 13-collection
 * limit counts it while it is open, which the current layout leaves room for), every document
 * it holds, including writes never sent to the server, is converted into the new collection as
 * `pending`, and the retired collection's storage is removed. Converted ids are the server's
 * own, so what the server already holds and what the device sends are one document, merged by
 * the new collection's rules. A crash at any step repeats the move on the next start (the
 * conversion is idempotent), because the move is recorded as done last.
 */
import type { RxCollection, RxJsonSchema } from 'rxdb';
import { collectionMoves, type CollectionMove } from '../../schemas/collections/moves.ts';
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';

/** RxDB local document listing the moves this device has finished: `{ done: string[] }`. */
export const collectionMovesDocumentId = 'collection-moves';

interface FinishedMoves {
  done: string[];
}

/** Stable name of a move in the record of finished moves. */
function moveName(move: CollectionMove): string {
  return `${move.from}->${move.to}`;
}

async function runMove(db: AppDatabase, move: CollectionMove): Promise<number> {
  const opened = await db.addCollections({
    [move.from]: { schema: move.fromSchema as unknown as RxJsonSchema<unknown> },
  });
  const retired = opened[move.from] as RxCollection<Record<string, unknown>>;
  const documents = (await retired.find().exec()).map((document) => document.toMutableJSON());
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
 * Runs every move of schemas/collections/moves.ts this device has not finished. Resolves to the
 * number of documents moved. Throws the database's error (quota, closed database); what was
 * moved stays moved, and the rest is done on the next start.
 */
export async function runCollectionMoves(db: AppDatabase): Promise<number> {
  const finished = (await db.getLocal<FinishedMoves>(collectionMovesDocumentId))?.toJSON().data
    .done;
  let moved = 0;
  for (const move of collectionMoves) {
    if (finished?.includes(moveName(move))) continue;
    moved += await runMove(db, move);
    await modifyLocalDocument<FinishedMoves>(db, collectionMovesDocumentId, (current) => ({
      done: [...(current?.done ?? []), moveName(move)],
    }));
  }
  return moved;
}
