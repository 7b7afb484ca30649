import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueStatus } from '../../../src/db/catalogue-status.ts';
import {
  noTrailLineStatuses,
  observeReportedTrailLineStatuses,
  observeTrailLineStatuses,
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

describe('published trail line statuses, live', () => {
  const settleMs = 1000;
  const options = { settleMs, today: () => new Date(now) };
  /** A USFS line open from May to September, or one with no published season. */
  function line(id: string, season: 'summer' | 'none') {
    return {
      id,
      systemId: 'ouachita-nf',
      season:
        season === 'summer'
          ? { yearRound: false, openFrom: '05-01', openUntil: '09-30', source: 'USFS MVUM' }
          : null,
    };
  }
  const pulling: CatalogueStatus = { lastSyncedAt: null, error: null, isRefreshing: true };
  const stored: CatalogueStatus = { lastSyncedAt: now, error: null, isRefreshing: false };
  afterEach(() => {
    vi.useRealTimers();
  });

  it("holds the lines unknown while the first catalogue pull stores trails, then restyles once with every line's status", () => {
    vi.useFakeTimers();
    const trails = new BehaviorSubject([line('wolf-pen-gap', 'summer')]);
    const status = new BehaviorSubject<CatalogueStatus>(pulling);
    const seen: object[] = [];
    const subscription = observeTrailLineStatuses(trails, status, options).subscribe((statuses) =>
      seen.push(statuses),
    );
    trails.next([line('wolf-pen-gap', 'summer'), line('huckleberry', 'summer')]);
    expect(seen).toEqual([]);
    status.next(stored);
    // The trail list shows the pull's last slice a moment after the pull ended.
    vi.advanceTimersByTime(500);
    trails.next([line('wolf-pen-gap', 'summer'), line('huckleberry', 'summer'), line('x', 'none')]);
    trails.next([
      line('wolf-pen-gap', 'summer'),
      line('huckleberry', 'summer'),
      line('x', 'none'),
      line('brock-creek', 'summer'),
    ]);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(settleMs);
    // A later refresh of the stored catalogue changes nothing a line shows.
    status.next({ ...stored, isRefreshing: true });
    trails.next([...trails.value]);
    subscription.unsubscribe();
    expect(seen).toEqual([{ 'brock-creek': 'open', huckleberry: 'open', 'wolf-pen-gap': 'open' }]);
  });

  it('shows the stored statuses at once when the catalogue was stored before, and follows later changes', () => {
    const trails = new BehaviorSubject([line('wolf-pen-gap', 'summer')]);
    const seen: object[] = [];
    const subscription = observeTrailLineStatuses(
      trails,
      new BehaviorSubject(stored),
      options,
    ).subscribe((statuses) => seen.push(statuses));
    expect(seen).toEqual([{ 'wolf-pen-gap': 'open' }]);
    // The trail's season is withdrawn: the line goes back to unknown.
    trails.next([line('wolf-pen-gap', 'none')]);
    subscription.unsubscribe();
    expect(seen).toEqual([{ 'wolf-pen-gap': 'open' }, {}]);
    expect(seen[1]).toBe(noTrailLineStatuses);
  });

  it('gives the trails stored so far their statuses when the first pull fails', () => {
    vi.useFakeTimers();
    const trails = new BehaviorSubject([line('wolf-pen-gap', 'summer')]);
    const status = new Subject<CatalogueStatus>();
    const seen: object[] = [];
    const subscription = observeTrailLineStatuses(trails, status, options).subscribe((statuses) =>
      seen.push(statuses),
    );
    status.next(pulling);
    status.next({ lastSyncedAt: null, error: 'Failed to fetch', isRefreshing: false });
    vi.advanceTimersByTime(settleMs);
    subscription.unsubscribe();
    expect(seen).toEqual([{ 'wolf-pen-gap': 'open' }]);
  });
});
