/**
 * Seasons and regulations the operator publishes (schemas/published-regulations.ts): stored one
 * per season label or trail in `published_regulations`. A trail season also rewrites that
 * trail's public catalogue document (its `season`, with a later catalogue time), so every device
 * receives it with its next trail pull, like any catalogue change; a re-seed lays the
 * publications over the shipped data again (`publishedTrailSeasons`).
 */
import type { Kysely, Transaction } from 'kysely';
import {
  publishedSeasonSource,
  regulationId,
  type DuckSeasonPublication,
  type PublishedRegulation,
  type TrailSeasonPublication,
} from '../../schemas/published-regulations.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { ServerDatabase } from './database.ts';

type Db = Kysely<ServerDatabase>;

/** Every publication, newest first. */
export async function listPublishedRegulations(db: Db): Promise<PublishedRegulation[]> {
  const rows = await db
    .selectFrom('published_regulations')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(
    (row) =>
      ({
        id: row.id,
        kind: row.kind,
        data: JSON.parse(row.data) as unknown,
        publishedAt: Number(row.published_at),
        publishedBy: row.published_by,
      }) as PublishedRegulation,
  );
}

async function storePublication(
  db: Db | Transaction<ServerDatabase>,
  publication: PublishedRegulation,
): Promise<void> {
  const row = {
    id: publication.id,
    kind: publication.kind,
    data: JSON.stringify(publication.data),
    published_at: publication.publishedAt,
    published_by: publication.publishedBy,
  };
  await db
    .insertInto('published_regulations')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        data: row.data,
        published_at: row.published_at,
        published_by: row.published_by,
      }),
    )
    .execute();
}

/**
 * Publishes the duck season `data` (replacing an earlier publication of the same season label)
 * as `username` at `now` (epoch ms). Resolves with what `GET /api/regulations` will list.
 */
export async function publishDuckSeason(
  db: Db,
  data: DuckSeasonPublication,
  username: string,
  now: number,
): Promise<PublishedRegulation> {
  const publication: PublishedRegulation = {
    id: regulationId('duck-season', data.seasonLabel),
    kind: 'duck-season',
    data,
    publishedAt: now,
    publishedBy: username,
  };
  await storePublication(db, publication);
  return publication;
}

/** The trail season a publication gives (schemas/trails.ts `season`). */
export function publishedTrailSeason(
  data: TrailSeasonPublication,
  publishedAt: number,
): NonNullable<Trail['season']> {
  return {
    yearRound: data.yearRound,
    openFrom: data.yearRound ? null : data.openFrom,
    openUntil: data.yearRound ? null : data.openUntil,
    source: publishedSeasonSource(publishedAt, data.source),
  };
}

/**
 * Publishes a season for catalogue trail `data.trailId` as `username` at `now`: stores the
 * publication and rewrites the trail's public document with it, in one transaction. Resolves
 * with the publication and the trail as devices will pull it, or null when no live public
 * trail has that id (nothing is written then).
 */
export async function publishTrailSeason(
  db: Db,
  data: TrailSeasonPublication,
  username: string,
  now: number,
): Promise<{ publication: PublishedRegulation; trail: Trail } | null> {
  return db.transaction().execute(async (transaction) => {
    const stored = await transaction
      .selectFrom('documents')
      .select('data')
      .where('collection', '=', 'trails')
      .where('id', '=', data.trailId)
      .where('owner_id', 'is', null)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!stored) return null;
    const latest = await transaction
      .selectFrom('documents')
      .select((eb) => eb.fn.max('updated_at').as('latest'))
      .where('collection', '=', 'trails')
      .executeTakeFirst();
    // After every other trail's catalogue time, so a device's pull checkpoint reaches it.
    const updatedAt = Math.max(now, Number(latest?.latest ?? 0) + 1);
    const trail: Trail = {
      ...(JSON.parse(stored.data) as Trail),
      season: publishedTrailSeason(data, now),
      updatedAt,
    };
    await transaction
      .updateTable('documents')
      .set({ data: JSON.stringify(trail), updated_at: updatedAt })
      .where('collection', '=', 'trails')
      .where('id', '=', data.trailId)
      .execute();
    const publication: PublishedRegulation = {
      id: regulationId('trail-season', data.trailId),
      kind: 'trail-season',
      data,
      publishedAt: now,
      publishedBy: username,
    };
    await storePublication(transaction, publication);
    return { publication, trail };
  });
}

/**
 * The published seasons by trail id, for a re-seed to keep: the shipped data must not undo
 * what the operator published after it.
 */
export async function publishedTrailSeasons(
  db: Db,
): Promise<Map<string, NonNullable<Trail['season']>>> {
  const rows = await db
    .selectFrom('published_regulations')
    .select(['data', 'published_at'])
    .where('kind', '=', 'trail-season')
    .execute();
  return new Map(
    rows.map((row) => {
      const data = JSON.parse(row.data) as TrailSeasonPublication;
      return [data.trailId, publishedTrailSeason(data, Number(row.published_at))];
    }),
  );
}
