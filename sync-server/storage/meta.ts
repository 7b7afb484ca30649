/**
 * The `meta` key/value table: small facts about this installation (seed hash and time, the
 * generated JWT signing secret). Shared by every server instance through the database.
 */
import type { Kysely } from 'kysely';
import type { ServerDatabase } from './database.ts';

/** Reads one `meta` value, or null. */
export async function readMeta(db: Kysely<ServerDatabase>, key: string): Promise<string | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Writes (inserts or replaces) one `meta` value. */
export async function writeMeta(
  db: Kysely<ServerDatabase>,
  key: string,
  value: string,
): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * Returns the stored value of `key`, first storing `candidate` if there is none. When several
 * instances start at once, the first insert wins and everyone reads the same value back.
 */
export async function readOrInsertMeta(
  db: Kysely<ServerDatabase>,
  key: string,
  candidate: string,
): Promise<string> {
  await db
    .insertInto('meta')
    .values({ key, value: candidate })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const stored = await readMeta(db, key);
  if (stored === null) throw new Error(`meta value "${key}" vanished right after it was written`);
  return stored;
}
