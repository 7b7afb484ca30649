/**
 * Read-modify-write of RxDB local documents without lost updates. RxDB queues writes to an
 * existing local document, but two first writes of a missing one would both insert and the
 * second would overwrite the first; writes are therefore chained per document in this tab, and
 * an insert that loses a race against another tab is redone as a modification of the winner.
 * Reading a local document's data (`localDocumentData`) is here too: the repository's own helper,
 * so reads of a local document need neither React nor the bindings in src/db-react.
 */
import type { RxLocalDocument } from 'rxdb';
import type { AppDatabase } from './database.ts';

const writeChains = new WeakMap<AppDatabase, Map<string, Promise<unknown>>>();

async function writeOnce<T>(
  db: AppDatabase,
  id: string,
  modify: (current: T | null) => T,
): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await db.getLocal<T>(id);
    if (existing) {
      const written = await existing.incrementalModify((data) => modify(data));
      return (written.toJSON() as unknown as { data: T }).data;
    }
    const data = modify(null);
    try {
      // upsertLocal also revives a document deleted earlier, where a plain insert conflicts.
      await db.upsertLocal(id, data as Record<string, unknown>);
      return data;
    } catch (error) {
      if ((error as { status?: number }).status !== 409) throw error;
    }
  }
  throw new Error(`Could not write local document ${id}: it kept changing`);
}

/**
 * Replaces the local document `id` with `modify(current data or null)`, after every earlier
 * write to it from this tab. Resolves to the written data; rejects with RxDB's error when the
 * database is closed.
 */
export function modifyLocalDocument<T extends object>(
  db: AppDatabase,
  id: string,
  modify: (current: T | null) => T,
): Promise<T> {
  let chains = writeChains.get(db);
  if (!chains) {
    chains = new Map();
    writeChains.set(db, chains);
  }
  const previous = chains.get(id) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => writeOnce(db, id, modify));
  chains.set(id, next);
  const settled = () => {
    if (chains.get(id) === next) chains.delete(id);
  };
  next.then(settled, settled);
  return next;
}

/** The data of a local document, or null when it does not exist or was deleted. */
export function localDocumentData<T>(document: RxLocalDocument<unknown, T> | null): T | null {
  if (!document || document.deleted) return null;
  return (document.toJSON() as unknown as { data: T }).data;
}
