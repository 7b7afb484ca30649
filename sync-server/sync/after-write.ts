/**
 * What the server does after a push wrote documents, by the effect names collection
 * descriptors list (schemas/collections/descriptor.ts `afterWrite`). Each effect answers the
 * public catalogues it changed, so the push route tells their streams.
 */
import type { Kysely } from 'kysely';
import type { AfterWriteEffect } from '../../schemas/collections/descriptor.ts';
import type { PushRow } from '../../schemas/sync-protocol.ts';
import { recomputeCampgroundRatings } from '../storage/campground-ratings.ts';
import type { DatabaseKind, ServerDatabase } from '../storage/database.ts';
import { recomputeTrailReportTallies } from '../storage/trail-reports.ts';

type Effect = (
  db: Kysely<ServerDatabase>,
  kind: DatabaseKind,
  rows: readonly PushRow[],
) => Promise<string[]>;

const effects: Record<AfterWriteEffect, Effect> = {
  /** A rider's review becomes the campground's rating for everyone. */
  async campgroundRatings(db, _kind, rows) {
    const campgroundIds = rows.map((row) => String(row.newDocumentState.campgroundId));
    return (await recomputeCampgroundRatings(db, campgroundIds)) > 0 ? ['campgrounds'] : [];
  },
  /** A rider's "still there", "gone now" or flag becomes the report's public tallies. */
  async trailReportTallies(db, kind, rows) {
    const reportIds = rows.flatMap(({ newDocumentState: record }) => {
      const data = record.data as { reportId?: unknown } | undefined;
      return record.kind === 'trailReportVote' && typeof data?.reportId === 'string'
        ? [data.reportId]
        : [];
    });
    if (reportIds.length === 0) return [];
    return (await recomputeTrailReportTallies(db, kind, reportIds)) > 0 ? ['trailReports'] : [];
  },
};

/**
 * Runs `names` in order after a push wrote `rows`; resolves to the public collections
 * (catalogues, shared collections) they changed. Throws the database's error.
 */
export async function runAfterWriteEffects(
  db: Kysely<ServerDatabase>,
  kind: DatabaseKind,
  names: readonly AfterWriteEffect[],
  rows: readonly PushRow[],
): Promise<string[]> {
  const changed: string[] = [];
  for (const name of names) changed.push(...(await effects[name](db, kind, rows)));
  return changed;
}
