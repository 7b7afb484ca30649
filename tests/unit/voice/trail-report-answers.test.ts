/**
 * "Any reports on Wolf Pen Gap?" answered offline from the riders' reports on the device: the
 * trail's status from the last 14 days, said as a rider's unconfirmed report with who and when,
 * or "No recent reports".
 */
import { describe, expect, it } from 'vitest';
import type { TrailReport } from '../../../schemas/trail-reports.ts';
import { answerQuestion, type VoiceAnswerContext } from '../../../src/lib/voice/voice-answers.ts';
import { loadTrails } from '../explore/catalogue-fixture.ts';

const trails = loadTrails();
const now = new Date('2026-11-28T18:00:00Z');
const day = 24 * 60 * 60 * 1000;

function report(id: string, overrides: Partial<TrailReport> = {}): TrailReport {
  const observedAt = now.getTime() - 2 * day;
  return {
    id,
    userId: 'someone',
    trailId: 'wolf-pen-gap-ohv-trail',
    position: { lon: -93.94, lat: 34.61 },
    status: 'closed',
    condition: null,
    observations: ['downed-tree'],
    crowding: null,
    expectedReopening: null,
    note: 'Tree across the trail at the second switchback.',
    photos: [],
    observedAt,
    confirmations: 0,
    clears: 0,
    flags: 0,
    hidden: false,
    reporterLabel: 'rider ab12',
    createdAt: observedAt,
    updatedAt: observedAt,
    ...overrides,
  };
}

function context(trailReports: TrailReport[]): VoiceAnswerContext {
  return { trails, campgrounds: [], userLocation: null, isOffline: true, now, trailReports };
}

describe('any reports on a trail', () => {
  it('says the trail is closed by a rider’s report, unconfirmed, with who, when and the note', () => {
    const reply = answerQuestion(
      'any reports on Wolf Pen Gap?',
      context([
        report('r1'),
        report('r2', { status: 'all-clear', observedAt: now.getTime() - day }),
      ]),
    );
    expect(reply.intent).toBe('trail_info');
    expect(reply.text).toBe(
      'Wolf Pen Gap Trail Complex: Closed now (rider report, 2 days ago), reported by rider ab12, unconfirmed. The rider wrote: Tree across the trail at the second switchback. 2 reports in the last 14 days.',
    );
    expect(reply.action?.href).toBe('/map/wolf-pen-gap-ohv-trail');
  });

  it('says there are no recent reports when none counts', () => {
    const stale = report('old', { observedAt: now.getTime() - 20 * day });
    const hidden = report('hidden', { hidden: true });
    expect(answerQuestion('any reports on wolf pen gap', context([stale, hidden])).text).toBe(
      'No recent reports on Wolf Pen Gap Trail Complex: no rider has reported on it in the last 14 days on this device.',
    );
  });
});
