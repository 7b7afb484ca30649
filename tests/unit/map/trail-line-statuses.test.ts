import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  observeReportedTrailLineStatuses,
  reportedTrailLineStatuses,
  trailLineStatuses,
} from '../../../src/map/trail-line-statuses.ts';
import type { StatusReport } from '../../../src/lib/trail-reports/trail-status.ts';

const now = Date.UTC(2026, 5, 15, 12);
const day = 24 * 60 * 60 * 1000;

function report(id: string, status: StatusReport['status'], daysAgo: number, clears = 0) {
  return {
    id,
    status,
    observedAt: now - daysAgo * day,
    clears,
    hidden: false,
    reporterLabel: 'rider ab12',
  } satisfies StatusReport;
}

describe("trail line statuses from riders' reports", () => {
  it('gives each trail its current Closed or Some issues status and leaves All clear out', () => {
    const statuses = reportedTrailLineStatuses(
      new Map([
        ['closed-trail', [report('a', 'all-clear', 1), report('b', 'closed', 3)]],
        ['rough-trail', [report('c', 'some-issues', 2), report('d', 'all-clear', 0)]],
        ['clear-trail', [report('e', 'all-clear', 1)]],
        // Older than 14 days: no longer counts.
        ['stale-trail', [report('f', 'closed', 15)]],
        // Two riders said "gone now": the closure stops counting, the Some issues report decides.
        ['reopened-trail', [report('g', 'closed', 1, 2), report('h', 'some-issues', 5)]],
        ['cleared-trail', [report('i', 'closed', 1, 2)]],
      ]),
      now,
    );
    expect(statuses).toEqual({
      'closed-trail': 'closed',
      'rough-trail': 'some-issues',
      'reopened-trail': 'some-issues',
    });
  });

  it('gives nothing without reports, as the published statuses do without seasons', () => {
    expect(reportedTrailLineStatuses(new Map(), now)).toEqual({});
    expect(trailLineStatuses([], new Date(now))).toEqual({});
  });

  it("follows the reports live and emits only when a line's status changes", () => {
    const reports = new BehaviorSubject<ReadonlyMap<string, StatusReport[]>>(new Map());
    const seen: Record<string, string>[] = [];
    const subscription = observeReportedTrailLineStatuses(reports, 60_000, () => now).subscribe(
      (statuses) => seen.push(statuses),
    );
    reports.next(new Map([['mill-creek', [report('a', 'closed', 0)]]]));
    // Another All clear report changes no line.
    reports.next(
      new Map([
        ['mill-creek', [report('a', 'closed', 0)]],
        ['buckhorn', [report('b', 'all-clear', 0)]],
      ]),
    );
    // Two riders say "gone now".
    reports.next(new Map([['mill-creek', [report('a', 'closed', 0, 2)]]]));
    subscription.unsubscribe();
    expect(seen).toEqual([{}, { 'mill-creek': 'closed' }, {}]);
  });
});
