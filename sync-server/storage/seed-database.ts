/**
 * Seeds the public catalogue (trails, WMAs, campgrounds, achievements) into the
 * database on first start, and re-seeds when the shipped data changes: a SHA-256 of the seed
 * files is kept in `meta`, so an unchanged start costs one read. Re-seeding is an upsert that
 * only touches documents whose content changed (their `updatedAt` moves, so replicating clients
 * pull just those) and turns public documents that left the data into tombstones, except the
 * trails riders submitted and an admin approved, which never were in the data. A trail season
 * the operator published (published-regulations.ts) stays over the shipped one.
 */
import type { Insertable, Kysely } from 'kysely';
import { loadSeedDocuments } from '../seed/seed-cache.ts';
import { seedContentHash, seededCollections } from '../seed/seed-documents.ts';
import { isRiderTrailId } from '../../schemas/trail-submissions.ts';
import type { DocumentsTable, ServerDatabase } from './database.ts';
import { readMeta, writeMeta } from './meta.ts';
import { publishedTrailSeasons } from './published-regulations.ts';

const seedHashKey = 'seed_hash';
/**
 * Public collections earlier seeds wrote and no client reads any more: the WMAs were public
 * `waypoints` rows until they got their own `wmas` catalogue. A re-seed deletes them outright
 * (no client pulls public waypoints, so no tombstone is needed).
 */
const retiredPublicCollections = ['waypoints'] as const;
const seededAtKey = 'seeded_at';
/** Documents per insert statement: 6 parameters each, far below SQLite's and Postgres' limits. */
const upsertBatchSize = 200;

export interface SeedOutcome {
  /** True when this call wrote the seed (first start or changed data). */
  reseeded: boolean;
  /** When the current seed was written, ms since the epoch. */
  seededAt: number;
  /** Documents inserted or changed by this call. */
  written: number;
  /** Public documents turned into tombstones by this call. */
  removed: number;
}

/** Content without the timestamps that a re-seed would otherwise always change. */
function comparableContent(json: string): string {
  const {
    updatedAt: _updatedAt,
    createdAt: _createdAt,
    ...content
  } = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(content);
}

type Transaction = Kysely<ServerDatabase>;
type SeededDocument = { id: string } & Record<string, unknown>;
interface StoredRow {
  id: string;
  data: string;
  deleted: number;
}

/** Campground ratings come from riders' reviews, not from data/: a re-seed keeps them. */
function keepRiderRatings(
  collection: string,
  seeded: SeededDocument,
  previous: StoredRow | undefined,
): SeededDocument {
  if (collection !== 'campgrounds' || !previous || previous.deleted) return seeded;
  const previousRatings = (JSON.parse(previous.data) as { ratings?: unknown }).ratings;
  return { ...seeded, ratings: previousRatings ?? seeded.ratings };
}

/** Seasons the operator published (published-regulations.ts) win over the shipped data. */
function keepPublishedSeason(
  collection: string,
  seeded: SeededDocument,
  publishedSeasons: ReadonlyMap<string, unknown>,
): SeededDocument {
  if (collection !== 'trails') return seeded;
  const season = publishedSeasons.get(seeded.id);
  return season === undefined ? seeded : { ...seeded, season };
}

/**
 * The row to write for `document`, or null when the stored copy already has the same content.
 * A changed document keeps its first `createdAt`.
 */
function upsertRow(
  collection: string,
  document: SeededDocument,
  previous: StoredRow | undefined,
  now: number,
): Insertable<DocumentsTable> | null {
  let stored: object = document;
  if (previous) {
    const json = JSON.stringify(document);
    if (!previous.deleted && comparableContent(previous.data) === comparableContent(json)) {
      return null;
    }
    const previousDocument = JSON.parse(previous.data) as { createdAt?: number };
    if ('createdAt' in document && previousDocument.createdAt !== undefined) {
      stored = { ...document, createdAt: previousDocument.createdAt };
    }
  }
  return {
    collection,
    id: document.id,
    owner_id: null,
    data: JSON.stringify(stored),
    updated_at: now,
    deleted: 0,
  };
}

/**
 * Compares one public collection's seed with what is stored: the rows to upsert (one per id: a
 * Postgres upsert may not touch the same row twice in one statement) and the live stored rows
 * that left the data.
 */
async function diffCollection(
  trx: Transaction,
  collection: string,
  seededDocuments: readonly SeededDocument[],
  publishedSeasons: ReadonlyMap<string, unknown>,
  now: number,
): Promise<{ upserts: Insertable<DocumentsTable>[]; leftTheData: StoredRow[] }> {
  const existingRows = await trx
    .selectFrom('documents')
    .select(['id', 'data', 'deleted'])
    .where('collection', '=', collection)
    .where('owner_id', 'is', null)
    .execute();
  const existing = new Map(existingRows.map((row) => [row.id, row]));
  const upsertsById = new Map<string, Insertable<DocumentsTable>>();
  for (const seeded of seededDocuments) {
    const previous = existing.get(seeded.id);
    existing.delete(seeded.id);
    const row = upsertRow(
      collection,
      keepPublishedSeason(
        collection,
        keepRiderRatings(collection, seeded, previous),
        publishedSeasons,
      ),
      previous,
      now,
    );
    if (row) upsertsById.set(seeded.id, row);
  }
  // Trails riders submitted and an admin approved are not in data/: they stay.
  const leftTheData = [...existing.values()].filter(
    (row) => !row.deleted && !(collection === 'trails' && isRiderTrailId(row.id)),
  );
  return { upserts: [...upsertsById.values()], leftTheData };
}

/** Turns public rows that left the data into tombstones, so replicating clients drop them. */
async function tombstone(
  trx: Transaction,
  collection: string,
  rows: readonly StoredRow[],
  now: number,
): Promise<void> {
  for (const row of rows) {
    const data = JSON.stringify({ ...(JSON.parse(row.data) as object), updatedAt: now });
    await trx
      .updateTable('documents')
      .set({ deleted: 1, updated_at: now, data })
      .where('collection', '=', collection)
      .where('id', '=', row.id)
      .execute();
  }
}

/** Many rows per statement: one round trip per batch matters on PostgreSQL. */
async function upsertInBatches(
  trx: Transaction,
  upserts: readonly Insertable<DocumentsTable>[],
): Promise<void> {
  for (let start = 0; start < upserts.length; start += upsertBatchSize) {
    await trx
      .insertInto('documents')
      .values(upserts.slice(start, start + upsertBatchSize))
      .onConflict((conflict) =>
        conflict.columns(['collection', 'id']).doUpdateSet((update) => ({
          owner_id: update.ref('excluded.owner_id'),
          data: update.ref('excluded.data'),
          updated_at: update.ref('excluded.updated_at'),
          deleted: update.ref('excluded.deleted'),
        })),
      )
      .execute();
  }
}

/** Deletes the public rows of `retiredPublicCollections`; returns how many. */
async function deleteRetiredCollections(trx: Transaction): Promise<number> {
  let removed = 0;
  for (const collection of retiredPublicCollections) {
    const deleted = await trx
      .deleteFrom('documents')
      .where('collection', '=', collection)
      .where('owner_id', 'is', null)
      .executeTakeFirst();
    removed += Number(deleted.numDeletedRows);
  }
  return removed;
}

/**
 * Seeds or re-seeds from `dataDir` when its content hash differs from the stored one; `now`
 * (ms) stamps changed documents. Throws (and writes nothing) if the data is invalid.
 */
export async function seedDatabase(
  db: Kysely<ServerDatabase>,
  dataDir: string,
  now: number = Date.now(),
): Promise<SeedOutcome> {
  const hash = seedContentHash(dataDir);
  const storedHash = await readMeta(db, seedHashKey);
  if (storedHash === hash) {
    const seededAt = Number((await readMeta(db, seededAtKey)) ?? 0);
    return { reseeded: false, seededAt, written: 0, removed: 0 };
  }
  // Built once per data and code version (seed-cache.ts), so a new database seeds in a blink.
  const documents = loadSeedDocuments(dataDir, hash, now);
  let written = 0;
  let removed = 0;
  await db.transaction().execute(async (trx) => {
    const publishedSeasons = await publishedTrailSeasons(trx);
    const upserts: Insertable<DocumentsTable>[] = [];
    for (const collection of seededCollections) {
      const seeded = documents[collection] as readonly SeededDocument[];
      const diff = await diffCollection(trx, collection, seeded, publishedSeasons, now);
      upserts.push(...diff.upserts);
      await tombstone(trx, collection, diff.leftTheData, now);
      removed += diff.leftTheData.length;
    }
    await upsertInBatches(trx, upserts);
    written = upserts.length;
    removed += await deleteRetiredCollections(trx);
    await writeMeta(trx, seedHashKey, hash);
    await writeMeta(trx, seededAtKey, String(now));
  });
  return { reseeded: true, seededAt: now, written, removed };
}
