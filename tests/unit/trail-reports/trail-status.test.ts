// A trail's status from riders' reports: the last 14 days only, Closed over Some issues over All
// clear, a report cleared by two riders or hidden by an admin never counts, and the words riders
// read ("Closed now (rider report, 2 days ago)", "No recent reports", "rider ab12, 3 days ago").
import { describe, expect, it } from 'vitest';
import {
  countsTowardStatus,
  currentTrailStatus,
  reportByline,
  timeAgo,
  trailStatusSentence,
  type StatusReport,
} from '../../../src/lib/trail-reports/trail-status.ts';

const now = Date.UTC(2026, 10, 28, 18, 0);
const day = 24 * 60 * 60 * 1000;

function report(id: string, overrides: Partial<StatusReport> = {}): StatusReport {
  return {
    id,
    status: 'all-clear',
    observedAt: now - day,
    clears: 0,
    hidden: false,
    reporterLabel: 'rider ab12',
    ...overrides,
  };
}

describe('currentTrailStatus', () => {
  it('says no recent reports when there are none', () => {
    const status = currentTrailStatus([], now);
    expect(status).toEqual({ status: 'no-recent-reports', report: null });
    expect(trailStatusSentence(status, now)).toBe('No recent reports');
  });

  it('lets Closed outrank Some issues outrank All clear, whatever came last', () => {
    const closed = report('closed', { status: 'closed', observedAt: now - 2 * day });
    const issues = report('issues', { status: 'some-issues', observedAt: now - day });
    const clear = report('clear', { status: 'all-clear', observedAt: now - 3_600_000 });
    expect(currentTrailStatus([clear, issues, closed], now).report?.id).toBe('closed');
    expect(currentTrailStatus([clear, issues], now).report?.id).toBe('issues');
    expect(currentTrailStatus([clear], now).status).toBe('all-clear');
    expect(trailStatusSentence(currentTrailStatus([closed, clear], now), now)).toBe(
      'Closed now (rider report, 2 days ago)',
    );
  });

  it('names the newest report of the deciding status', () => {
    const older = report('older', { status: 'some-issues', observedAt: now - 5 * day });
    const newer = report('newer', { status: 'some-issues', observedAt: now - 3 * day });
    const status = currentTrailStatus([newer, older], now);
    expect(status.report?.id).toBe('newer');
    expect(trailStatusSentence(status, now)).toBe('Some issues (rider report, 3 days ago)');
  });

  it('forgets a report 14 days after the rider saw the trail', () => {
    const closure = report('closure', { status: 'closed', observedAt: now - 14 * day });
    expect(currentTrailStatus([closure], now).status).toBe('closed');
    expect(currentTrailStatus([closure], now + 1).status).toBe('no-recent-reports');
    const fresh = report('fresh', { status: 'all-clear', observedAt: now - day });
    expect(currentTrailStatus([closure, fresh], now + 1).report?.id).toBe('fresh');
  });

  it('stops counting a report two riders cleared, and never counts a hidden one', () => {
    const closure = report('closure', { status: 'closed', clears: 1 });
    expect(countsTowardStatus(closure, now)).toBe(true);
    expect(countsTowardStatus({ ...closure, clears: 2 }, now)).toBe(false);
    expect(currentTrailStatus([{ ...closure, clears: 2 }], now).status).toBe('no-recent-reports');
    const hidden = report('hidden', { status: 'closed', hidden: true });
    const clear = report('clear');
    expect(currentTrailStatus([hidden, clear], now).report?.id).toBe('clear');
  });
});

describe('report words', () => {
  it('says who and when', () => {
    expect(reportByline(report('a', { observedAt: now - 3 * day - 3_600_000 }), now)).toBe(
      'rider ab12, 3 days ago',
    );
    // Not yet on the server: no tag yet, it is the rider's own.
    expect(reportByline({ reporterLabel: '', observedAt: now - 5 * 60_000 }, now)).toBe(
      'you, 5 minutes ago',
    );
  });

  it('counts time the way a rider says it', () => {
    expect(timeAgo(now - 20_000, now)).toBe('just now');
    expect(timeAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(timeAgo(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(timeAgo(now - day, now)).toBe('yesterday');
    expect(timeAgo(now - 2 * day, now)).toBe('2 days ago');
  });
});
