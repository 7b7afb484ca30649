import { describe, expect, it } from 'vitest';
import { syncLimits } from '../../../schemas/sync-protocol.ts';
import { jsonLengthBound, splitPushRows } from '../../../src/lib/sync/push-batches.ts';

const limits = { maxRows: syncLimits.maxPushRows, maxBodyBytes: syncLimits.maxPushBodyBytes };
const row = (id: string, notes: string) => ({ newDocumentState: { id, notes, _deleted: false } });

describe('splitPushRows', () => {
  it('sends a batch of ordinary trips as one request', () => {
    const rows = Array.from({ length: syncLimits.maxPushRows }, (_, index) =>
      row(`trip-${index}`, 'Rode the Wolf Pen Gap loop.'),
    );
    expect(splitPushRows(rows, limits)).toEqual([rows]);
  });

  it('sends at most the rows the server takes in one request', () => {
    const rows = Array.from({ length: 1_200 }, (_, index) => row(`trip-${index}`, ''));
    const groups = splitPushRows(rows, limits);
    expect(groups.map((group) => group.length)).toEqual([500, 500, 200]);
    expect(groups.flat()).toEqual(rows);
  });

  it('cuts a batch of large documents into requests the server accepts, in order', () => {
    // 500 trips with 10,000-character notes of 3-byte characters: about 15 MB in one body.
    const notes = '\u2013'.repeat(10_000);
    const rows = Array.from({ length: syncLimits.maxPushRows }, (_, index) =>
      row(`trip-${index}`, notes),
    );
    const groups = splitPushRows(rows, limits);
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.flat()).toEqual(rows);
    for (const group of groups) {
      const bytes = Buffer.byteLength(JSON.stringify({ rows: group }), 'utf8');
      expect(bytes).toBeLessThanOrEqual(syncLimits.maxPushBodyBytes);
    }
  });

  it('gives a row larger than the limit a request of its own and no rows none', () => {
    const rows = [row('a', 'x'), row('b', 'y'.repeat(200)), row('c', 'z')];
    expect(splitPushRows(rows, { maxRows: 10, maxBodyBytes: 300 })).toEqual([
      [rows[0]],
      [rows[1]],
      [rows[2]],
    ]);
    expect(splitPushRows([], { maxRows: 10, maxBodyBytes: 300 })).toEqual([]);
  });
});

describe('jsonLengthBound', () => {
  const samples: unknown[] = [
    'Rode the Wolf Pen Gap loop.',
    'quote " backslash \\ newline \n tab \t',
    '\u2013 dash, \ud83d\ude00 emoji, lone \ud800 surrogate',
    '',
    0,
    -0.0000012345678901234567,
    -1.2345678901234567e-308,
    123456789012345680000,
    Number.MAX_VALUE,
    true,
    false,
    null,
    [1, 'two', null, [3, { four: 4 }]],
    { id: 'a', notes: null, bbox: [-94.1, 35.2, -94, 35.3], nested: { deep: ['x'] } },
    { when: new Date(0), skipped: undefined },
    { 'key "quoted"': 1, ключ: 'значение' },
  ];

  it('is never below the JSON length and exact for plain text', () => {
    for (const value of samples) {
      expect(jsonLengthBound(value)).toBeGreaterThanOrEqual(JSON.stringify(value).length);
    }
    expect(jsonLengthBound('Rode the Wolf Pen Gap loop.')).toBe(
      JSON.stringify('Rode the Wolf Pen Gap loop.').length,
    );
  });

  it('measures values nested past the walk exactly instead of recursing', () => {
    let nested: unknown = 'leaf';
    for (let level = 0; level < 1_000; level += 1) nested = [nested];
    expect(jsonLengthBound(nested)).toBeGreaterThanOrEqual(JSON.stringify(nested).length);
  });
});
