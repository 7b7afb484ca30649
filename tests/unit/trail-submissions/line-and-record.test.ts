// Trail submissions (issue 17): the line a rider submits is simplified to a bounded point count
// that keeps its shape and ends, its length is measured along it, and the server accepts a
// submission record only in the shape schemas/trail-submissions.ts gives (the id names the
// rider and the submission; a rider's review is never taken).
import { collectionDescriptors } from '../../../schemas/collections/index.ts';
import { describe, expect, it } from 'vitest';
import { lineLengthMiles, simplifyLine } from '../../../schemas/line-geometry.ts';
import {
  expectedRecordId,
  recordDataMergeRules,
  recordDataSchemas,
} from '../../../schemas/records.ts';
import {
  submissionMaxLinePoints,
  unreviewed,
  type TrailSubmissionData,
} from '../../../schemas/trail-submissions.ts';
import { resolveConflict } from '../../../src/lib/sync/conflict-resolution.ts';
import {
  emptyTrailDetails,
  isMonthDay,
  trailDetailsFields,
  validateTrailDetails,
} from '../../../src/lib/trail-submissions/trail-details.ts';
import { validateAgainst } from '../../../sync-server/validation.ts';
import { keepServerReview } from '../../../schemas/trail-submissions.ts';

/** A 1 Hz track of about 5,000 fixes winding east from Jasper, AR. */
const longTrack = Array.from({ length: 5000 }, (_, index) => [
  -93.2 + index * 0.00002,
  36.0 + Math.sin(index / 200) * 0.003,
  250,
  1_795_000_000_000 + index * 1000,
]);

const data: TrailSubmissionData = {
  submissionId: 'sub-1',
  name: 'Cave Creek Bench Loop',
  activities: ['atv'],
  difficulty: 'moderate',
  season: { yearRound: true, openFrom: null, openUntil: null },
  notes: null,
  origin: 'trip',
  line: [
    [-93.2, 36],
    [-93.19, 36.01],
  ],
  lengthMiles: 0.87,
  submittedAt: 1_795_000_000_000,
  review: unreviewed,
};

describe('line simplification and length', () => {
  it('keeps a long track within the point limit, with its ends, and nearly its length', () => {
    const simplified = simplifyLine(longTrack, submissionMaxLinePoints);
    expect(simplified.length).toBeLessThanOrEqual(submissionMaxLinePoints);
    expect(simplified.length).toBeGreaterThan(10);
    expect(simplified[0]).toEqual([-93.2, 36]);
    expect(simplified.at(-1)).toEqual([
      Math.round(longTrack.at(-1)![0]! * 1e6) / 1e6,
      Math.round(longTrack.at(-1)![1]! * 1e6) / 1e6,
    ]);
    const full = lineLengthMiles(longTrack);
    expect(full).toBeGreaterThan(5);
    expect(lineLengthMiles(simplified)).toBeGreaterThan(full * 0.98);
    expect(lineLengthMiles(simplified)).toBeLessThanOrEqual(full + 1e-9);
  });

  it('squeezes to the limit given, drops repeated fixes and elevations', () => {
    expect(simplifyLine(longTrack, 20).length).toBeLessThanOrEqual(20);
    const standing = simplifyLine(
      [
        [-93.2, 36, 250],
        [-93.2, 36, 251],
        [-93.1, 36, 252],
      ],
      500,
    );
    expect(standing).toEqual([
      [-93.2, 36],
      [-93.1, 36],
    ]);
  });

  it('measures a degree of longitude at 36° N as about 55.9 miles', () => {
    expect(
      lineLengthMiles([
        [-93, 36],
        [-92, 36],
      ]),
    ).toBeCloseTo(55.9, 1);
  });
});

describe('submission records', () => {
  it('accepts a valid submission and refuses lines, activities and reviews out of shape', () => {
    expect(validateAgainst(recordDataSchemas.trailSubmission, data).valid).toBe(true);
    const bad = [
      { ...data, line: [[-93.2, 36]] },
      {
        ...data,
        line: [
          [-200, 36],
          [-93, 36],
        ],
      },
      { ...data, activities: [] },
      { ...data, activities: ['jetpack'] },
      { ...data, season: { yearRound: false, openFrom: '13-01', openUntil: '11-30' } },
      { ...data, review: { ...unreviewed, status: 'published' } },
      { ...data, origin: 'satellite' },
    ];
    for (const candidate of bad)
      expect(validateAgainst(recordDataSchemas.trailSubmission, candidate).valid).toBe(false);
  });

  it('has the id <userId>:trailSubmission:<submissionId>', () => {
    expect(expectedRecordId('u1', 'trailSubmission', data)).toBe('u1:trailSubmission:sub-1');
  });

  it('puts back the stored review over a rider’s pushed one', () => {
    const pushed = {
      id: 'u1:trailSubmission:sub-1',
      kind: 'trailSubmission',
      data: { ...data, review: { status: 'approved', reviewedAt: 1, reason: null, trailId: 'x' } },
      _deleted: false,
    };
    expect((keepServerReview(pushed, undefined).data as TrailSubmissionData).review).toEqual(
      unreviewed,
    );
    const approved = { ...unreviewed, status: 'approved' as const, reviewedAt: 5, trailId: 't' };
    const master = { ...pushed, data: { ...data, review: approved } };
    expect(
      (keepServerReview({ ...pushed, data }, master).data as TrailSubmissionData).review,
    ).toEqual(approved);
  });

  it('merges a device edit with the server’s review: the review is the server’s', () => {
    expect(recordDataMergeRules.trailSubmission.review).toBe('server');
    const base = {
      id: 'u1:trailSubmission:sub-1',
      kind: 'trailSubmission',
      data,
      updatedAt: 1,
      _deleted: false,
    };
    const approved = { ...unreviewed, status: 'approved' as const, reviewedAt: 5, trailId: 't' };
    const master = { ...base, data: { ...data, review: approved }, updatedAt: 5 };
    const local = { ...base, data: { ...data, notes: 'Gate locked in winter.' }, updatedAt: 9 };
    const merged = resolveConflict(collectionDescriptors.records, { base, master, local });
    expect(merged.data).toMatchObject({ notes: 'Gate locked in winter.', review: approved });
  });
});

describe('trail details form', () => {
  it('says what is missing, then gives the stored fields', () => {
    expect(validateTrailDetails(emptyTrailDetails)).toEqual({
      name: 'Give the trail a name of at least 3 characters.',
      activities: 'Choose at least one activity.',
    });
    const window = {
      ...emptyTrailDetails,
      name: ' Bench Loop ',
      activities: ['atv' as const],
      season: 'window' as const,
      openFrom: '04-31',
      openUntil: '11-30',
    };
    expect(validateTrailDetails(window)).toEqual({
      openFrom: 'Enter the opening date as MM-DD, e.g. 04-01.',
    });
    expect(isMonthDay('02-29')).toBe(true);
    expect(trailDetailsFields({ ...window, openFrom: '04-01' })).toEqual({
      name: 'Bench Loop',
      activities: ['atv'],
      difficulty: null,
      season: { yearRound: false, openFrom: '04-01', openUntil: '11-30' },
      notes: null,
    });
  });
});
