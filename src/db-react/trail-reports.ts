/**
 * React bindings of src/db/trail-reports.ts: a trail's reports, the reports in a map area, every
 * trail's reports (for status badges) and the rider's votes. The hooks subscribe to the
 * repository's reads through useObservable; the storage rules live in the repository module.
 */
import { useMemo } from 'react';
import { NEVER, of } from 'rxjs';
import type { TrailReportVote } from '../../schemas/trail-reports.ts';
import {
  observeTrailReportVotes,
  observeTrailReportsByTrail,
  observeTrailReportsInBbox,
  observeTrailReportsOfTrail,
  type ShownTrailReport,
} from '../db/trail-reports.ts';
import { useDatabase, useOptionalDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';

const noReports: ShownTrailReport[] = [];
const noVotes: ReadonlyMap<string, TrailReportVote> = new Map();
const noTrails: ReadonlyMap<string, ShownTrailReport[]> = new Map();

/** The visible reports of one trail, newest sighting first; empty while loading. */
export function useTrailReports(trailId: string): {
  reports: ShownTrailReport[];
  isLoading: boolean;
} {
  const db = useDatabase();
  const source = useMemo(() => observeTrailReportsOfTrail(db, trailId), [db, trailId]);
  const { value, isLoading } = useObservable(source);
  return { reports: value ?? noReports, isLoading };
}

/** The visible reports in `bbox` ([west, south, east, north], degrees), or none when null. */
export function useTrailReportsInBbox(
  bbox: readonly [number, number, number, number] | null,
): ShownTrailReport[] {
  const db = useDatabase();
  const key = bbox?.join(',') ?? '';
  const source = useMemo(
    () => (bbox ? observeTrailReportsInBbox(db, bbox) : of(noReports)),
    // The box's numbers, not its identity, decide the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, key],
  );
  return useObservable(source).value ?? noReports;
}

/**
 * Every trail's visible reports, by trail id (for status badges on cards and the map); none
 * while a deferred provider opens the database (the trail finder paints before it).
 */
export function useTrailReportsByTrail(): ReadonlyMap<string, ShownTrailReport[]> {
  const db = useOptionalDatabase();
  const source = useMemo(() => (db ? observeTrailReportsByTrail(db) : NEVER), [db]);
  return useObservable(source).value ?? noTrails;
}

/** The signed-in rider's votes by report id; empty for a guest. */
export function useTrailReportVotes(userId: string | null): ReadonlyMap<string, TrailReportVote> {
  const db = useDatabase();
  const source = useMemo(
    () => (userId ? observeTrailReportVotes(db, userId) : of(noVotes)),
    [db, userId],
  );
  return useObservable(source).value ?? noVotes;
}
