/**
 * First-party usage counts: a device's batch is added to the per-day count table
 * once per batch id, in one transaction, and the admin dashboard reads sums over the last 7, 30
 * or 90 UTC days. Only counts are stored: no event, user, device, address or time of day.
 */
import type { Kysely } from 'kysely';
import type {
  AnalyticsRange,
  AnalyticsSummary,
  UsageBatch,
  UsageCount,
} from '../../schemas/analytics.ts';
import type { ServerDatabase } from './database.ts';

type Db = Kysely<ServerDatabase>;

/** How long a counted batch id is remembered, ms (180 days: a retry after that counts again). */
export const batchIdRetentionMs = 180 * 24 * 60 * 60 * 1000;

/** Most route patterns the dashboard lists. */
export const topRouteCount = 20;

const dayMs = 24 * 60 * 60 * 1000;

/** The UTC calendar day of `time` (epoch ms), YYYY-MM-DD. */
export function utcDayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Adds up the counts of one (day, kind, name) that a batch lists more than once. */
function mergeCounts(counts: readonly UsageCount[]): UsageCount[] {
  const merged = new Map<string, UsageCount>();
  for (const count of counts) {
    const key = `${count.day}\u0000${count.kind}\u0000${count.name}`;
    const existing = merged.get(key);
    if (existing) existing.count += count.count;
    else merged.set(key, { ...count });
  }
  return [...merged.values()];
}

/**
 * Counts `batch` unless its id was counted before; resolves to true when it was added now.
 * The batch id's row is inserted first in the same transaction, so two deliveries of one batch
 * racing on two instances add it once (the second waits on the key, then finds it taken).
 */
export async function countUsageBatch(db: Db, batch: UsageBatch, now: number): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const inserted = await transaction
      .insertInto('analytics_batches')
      .values({ batch_id: batch.batchId, received_at: now })
      .onConflict((conflict) => conflict.column('batch_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    for (const count of mergeCounts(batch.counts)) {
      await transaction
        .insertInto('analytics_daily_counts')
        .values({ day: count.day, kind: count.kind, name: count.name, count: count.count })
        .onConflict((conflict) =>
          conflict.columns(['day', 'kind', 'name']).doUpdateSet((update) => ({
            count: update('analytics_daily_counts.count', '+', count.count),
          })),
        )
        .execute();
    }
    await transaction
      .deleteFrom('analytics_batches')
      .where('received_at', '<', now - batchIdRetentionMs)
      .execute();
    return true;
  });
}

/** Every UTC day from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += dayMs) {
    days.push(utcDayOf(time));
  }
  return days;
}

/** Sums per name of `kind` over [from, to], most first, at most `limit` (all when absent). */
async function sumsByName(db: Db, kind: string, from: string, to: string, limit?: number) {
  let query = db
    .selectFrom('analytics_daily_counts')
    .select((eb) => ['name', eb.fn.sum<number>('count').as('total')])
    .where('kind', '=', kind)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('name')
    .orderBy('total', 'desc')
    .orderBy('name');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ name: row.name, count: Number(row.total) }));
}

/**
 * The dashboard's figures for the last `days` UTC days ending on the day of `now`: page views
 * per day (every day listed, 0 when none), the top route patterns, every feature action and
 * every error the app's error screen caught.
 */
export async function summarizeUsage(
  db: Db,
  days: AnalyticsRange,
  now: number,
): Promise<AnalyticsSummary> {
  const to = utcDayOf(now);
  const from = utcDayOf(Date.parse(to) - (days - 1) * dayMs);
  const perDay = await db
    .selectFrom('analytics_daily_counts')
    .select((eb) => ['day', eb.fn.sum<number>('count').as('total')])
    .where('kind', '=', 'page-view')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  const viewsByDay = new Map(perDay.map((row) => [row.day, Number(row.total)]));
  const pageViewsPerDay = daysBetween(from, to).map((day) => ({
    day,
    count: viewsByDay.get(day) ?? 0,
  }));
  const topRoutes = await sumsByName(db, 'page-view', from, to, topRouteCount);
  const features = await sumsByName(db, 'feature', from, to);
  const errors = await sumsByName(db, 'app-error', from, to);
  return {
    days,
    from,
    to,
    pageViewsPerDay,
    totalPageViews: pageViewsPerDay.reduce((sum, entry) => sum + entry.count, 0),
    topRoutes: topRoutes.map((row) => ({ route: row.name, count: row.count })),
    featureCounts: features.map((row) => ({ action: row.name, count: row.count })),
    errorCounts: errors.map((row) => {
      const split = row.name.lastIndexOf(' ');
      return {
        route: row.name.slice(0, split),
        errorType: row.name.slice(split + 1),
        count: row.count,
      };
    }),
  };
}
