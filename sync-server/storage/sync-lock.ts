/**
 * Serialises the writes to one user's collection across server instances. Pushes assign each
 * document a server time that must grow with commit order, or a pull running between two
 * commits could pass a checkpoint beyond a document committed later with a smaller time and
 * never see it. SQLite runs one write transaction at a time, so it needs nothing; PostgreSQL
 * takes a transaction-scoped advisory lock on (owner, collection).
 */
import { sql, type Transaction } from 'kysely';
import type { DatabaseKind, ServerDatabase } from './database.ts';

/** Holds the (owner, collection) write lock until `transaction` ends. */
export async function lockOwnerCollection(
  transaction: Transaction<ServerDatabase>,
  kind: DatabaseKind,
  ownerId: string,
  collection: string,
): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`${ownerId}/${collection}`}))`.execute(
    transaction,
  );
}
