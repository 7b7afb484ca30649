// A saved trail's new Closed or Some issues report from another rider raises one notification,
// said as a rider's unconfirmed report with who and when; nothing for All clear, for unsaved
// trails, for the rider's own reports, or for reports that no longer count.
import { describe, expect, it } from 'vitest';
import type { TrailReport } from '../../../schemas/trail-reports.ts';
import { trailReportNotifications } from '../../../src/lib/notifications/notification-events.ts';

const now = Date.UTC(2026, 10, 28, 18, 0);
const day = 24 * 60 * 60 * 1000;
const saved = [{ id: 'wolf-pen-gap', name: 'Wolf Pen Gap' }];

function report(id: string, overrides: Partial<TrailReport> = {}): TrailReport {
  return {
    id,
    userId: 'someone-else',
    trailId: 'wolf-pen-gap',
    position: { lon: -93.94, lat: 34.61 },
    status: 'closed',
    condition: null,
    observations: [],
    crowding: null,
    expectedReopening: null,
    note: 'Gate locked at FR 38.',
    photos: [],
    observedAt: now - 2 * day,
    confirmations: 0,
    clears: 0,
    flags: 0,
    hidden: false,
    reporterLabel: 'rider ab12',
    createdAt: now - 2 * day,
    updatedAt: now - 2 * day,
    ...overrides,
  };
}

describe('trailReportNotifications', () => {
  it('tells a rider who saved the trail of another rider’s closure, once per report', () => {
    const entries = trailReportNotifications(saved, [report('r1')], 'me', now);
    expect(entries).toEqual([
      {
        id: 'trail-report:r1',
        kind: 'trailReportFiled',
        title: 'Wolf Pen Gap: Closed (rider report)',
        body: 'Reported by a rider (rider ab12), unconfirmed, 2 days ago: “Gate locked at FR 38.” Check conditions before you ride.',
        link: '/map/wolf-pen-gap',
      },
    ]);
    expect(
      trailReportNotifications(saved, [report('r2', { status: 'some-issues' })], 'me', now)[0]
        ?.title,
    ).toBe('Wolf Pen Gap: Some issues (rider report)');
  });

  it('says nothing of All clear, unsaved trails, the rider’s own or stale reports', () => {
    const quiet = [
      report('clear', { status: 'all-clear' }),
      report('elsewhere', { trailId: 'falls-creek' }),
      report('mine', { userId: 'me' }),
      report('unsent', { reporterLabel: '' }),
      report('old', { observedAt: now - 15 * day }),
      report('hidden', { hidden: true }),
      report('cleared', { clears: 2 }),
      report('nowhere', { trailId: null }),
    ];
    expect(trailReportNotifications(saved, quiet, 'me', now)).toEqual([]);
  });
});
